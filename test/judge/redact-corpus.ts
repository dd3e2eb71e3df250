/** Redaction corpus, positives: text, the secret values that must go, the keys that must stay, counts per kind. */
import { akia, ALNUM, asia, awsSecret, B32, B64, DIG, HEX, j, jwt, pemBody, PK, pw, rnd, sts, UP, URLSAFE } from './redact-fakes.js'

export interface Positive { name: string, text: string, secrets: string[], keep: string[], counts: Record<string, number> }

function pos (name: string, key: string, secret: string, kind: string, after = ''): Positive {
  return { name, text: `${key}${secret}${after}`, secrets: [secret], keep: key === '' ? [] : [key], counts: { [kind]: 1 } }
}

const a1 = akia()
const s1 = awsSecret()
const a2 = asia()
const s2 = awsSecret()
const t2 = sts()
const a3 = akia()
const s3 = awsSecret()
const pemRsa = pemBody(12)
const exampleKey = j('AKIAIOSF', 'ODNN7EXAMPLE')

export const POSITIVES: Positive[] = [
  pos('AWS access key in env', 'export AWS_ACCESS_KEY_ID=', akia(), 'aws-access-key'),
  pos('AWS temporary key in JSON', '{"AccessKeyId": "', asia(), 'aws-access-key', '"}'),
  pos('AWS key glued to Japanese', 'キーは', exampleKey, 'aws-access-key', 'です'),
  pos('AWS documented example key (redacted too)', 'Use ', exampleKey, 'aws-access-key', ' in the docs'),
  pos('AWS secret in env', 'AWS_SECRET_ACCESS_KEY=', awsSecret(), 'aws-secret'),
  pos('AWS example secret', 'aws_secret_access_key = ', j('wJalrXUtnFEMI/K7MDENG/', 'bPxRfiCYEXAMPLEKEY'), 'aws-secret'),
  pos('AWS secret from aws configure', 'AWS Secret Access Key [None]: ', awsSecret(), 'aws-secret'),
  pos('AWS secret glued to Japanese', 'シークレットアクセスキー：', awsSecret(), 'aws-secret', 'です'),
  {
    name: 'AWS credentials file',
    text: `[default]\naws_access_key_id = ${a1}\naws_secret_access_key = ${s1}\nregion = eu-west-1`,
    secrets: [a1, s1],
    keep: ['aws_access_key_id = ', 'aws_secret_access_key = ', 'region = eu-west-1'],
    counts: { 'aws-access-key': 1, 'aws-secret': 1 }
  },
  {
    name: 'AWS STS JSON output',
    text: `{"Credentials": {"AccessKeyId": "${a2}", "SecretAccessKey": "${s2}", "SessionToken": "${t2}", "Expiration": "2025-01-01T00:00:00Z"}}`,
    secrets: [a2, s2, t2],
    keep: ['"SecretAccessKey": "', '"SessionToken": "'],
    counts: { 'aws-access-key': 1, 'aws-secret': 1, 'aws-session-token': 1 }
  },
  {
    name: 'AWS credentials.csv',
    text: `User name,Password,Access key ID,Secret access key\nci-bot,,${a3},${s3}`,
    secrets: [a3, s3],
    keep: ['ci-bot,,'],
    counts: { 'aws-access-key': 1, 'aws-secret': 1 }
  },
  pos('AWS session token in env', 'AWS_SESSION_TOKEN=', j('FwoGZXIvYXdz', 'E', rnd(200, B64)), 'aws-session-token'),
  pos('AWS session token glued to Japanese', 'セッショントークンは', sts(), 'aws-session-token', 'です'),
  pos('GitHub classic PAT', 'GITHUB_TOKEN=', j('gh', 'p_', rnd(36, ALNUM)), 'github-pat'),
  pos('GitHub fine-grained PAT in clone URL', 'git clone https://x-access-token:', j('github', '_pat_', '11A', rnd(19, ALNUM), '_', rnd(59, ALNUM)), 'github-pat', '@github.com/org/repo'),
  pos('GitHub OAuth token in JSON', '{"oauth_token": "', j('gh', 'o_', rnd(36, ALNUM)), 'github-token', '"}'),
  pos('GitHub app token glued to Japanese', 'トークン：', j('gh', 's_', rnd(36, ALNUM)), 'github-token', 'を使う'),
  pos('GitHub PAT in curl header', 'curl -H "Authorization: token ', j('gh', 'p_', rnd(36, ALNUM)), 'github-pat', '" https://api.github.com/user'),
  pos('OpenAI project key', 'OPENAI_API_KEY=', j('sk-', 'proj-', rnd(74, URLSAFE), 'T3Blbk', 'FJ', rnd(74, URLSAFE)), 'openai-key'),
  pos('OpenAI legacy key in Python', 'openai.api_key = "', j('sk-', rnd(20, ALNUM), 'T3Blbk', 'FJ', rnd(20, ALNUM)), 'openai-key', '"'),
  pos('OpenAI key glued to Japanese', 'APIキーは', j('sk-', 'proj-', rnd(60, URLSAFE)), 'openai-key', 'です'),
  pos('OpenAI service account key', 'key: ', j('sk-', 'svcacct-', rnd(80, URLSAFE)), 'openai-key'),
  pos('Anthropic key in env', 'ANTHROPIC_API_KEY=', j('sk-', 'ant-api03-', rnd(93, URLSAFE), 'AA'), 'anthropic-key'),
  pos('Anthropic key in curl header', 'curl https://api.anthropic.com/v1/messages -H "x-api-key: ', j('sk-', 'ant-api03-', rnd(93, URLSAFE), 'AA'), 'anthropic-key', '"'),
  pos('Anthropic admin key', 'admin: ', j('sk-', 'ant-admin01-', rnd(93, URLSAFE), 'AA'), 'anthropic-key'),
  pos('Slack bot token', 'SLACK_BOT_TOKEN=', j('xo', 'xb-', rnd(12, DIG), '-', rnd(13, DIG), '-', rnd(24, ALNUM)), 'slack-token'),
  pos('Slack user token', 'slack: ', j('xo', 'xp-', rnd(12, DIG), '-', rnd(12, DIG), '-', rnd(13, DIG), '-', rnd(32, HEX)), 'slack-token'),
  pos('Slack app token', 'app_level=', j('xa', 'pp-1-A', rnd(10, UP + DIG), '-', rnd(13, DIG), '-', rnd(64, HEX)), 'slack-token'),
  pos('Slack webhook URL', 'curl -X POST https://hooks.slack.com/services/', j('T', rnd(10, UP + DIG), '/B', rnd(10, UP + DIG), '/', rnd(24, ALNUM)), 'slack-webhook'),
  pos('Google API key in firebase config', 'const firebaseConfig = { apiKey: "', j('AI', 'za', 'Sy', rnd(33, URLSAFE)), 'google-api-key', '" }'),
  pos('Google API key glued to Japanese', 'GoogleのAPIキーは', j('AI', 'za', 'Sy', rnd(33, URLSAFE)), 'google-api-key', 'です'),
  pos('Google OAuth client secret', '"client_secret": "', j('GOC', 'SPX-', rnd(28, URLSAFE)), 'google-oauth', '"'),
  pos('Stripe live key', 'STRIPE_SECRET_KEY=', j('sk', '_live_', rnd(24, ALNUM)), 'stripe-key'),
  pos('Stripe test key in code', "stripe.api_key = '", j('sk', '_test_', rnd(24, ALNUM)), 'stripe-key', "'"),
  pos('Stripe restricted key', 'restricted: ', j('rk', '_live_', rnd(24, ALNUM)), 'stripe-key'),
  pos('Stripe webhook secret', 'STRIPE_WEBHOOK_SECRET=', j('wh', 'sec_', rnd(32, ALNUM)), 'stripe-key'),
  pos('RSA private key block', `-----BEGIN RSA ${PK}-----\n`, pemRsa, 'private-key', `\n-----END RSA ${PK}-----\n`),
  pos('OpenSSH private key block', `$ cat ~/.ssh/id_ed25519\n-----BEGIN OPENSSH ${PK}-----\n`, pemBody(5), 'private-key', `\n-----END OPENSSH ${PK}-----`),
  pos('EC private key block', `-----BEGIN EC ${PK}-----\n`, pemBody(3), 'private-key', `\n-----END EC ${PK}-----`),
  pos('PGP private key block', `-----BEGIN PGP ${PK} BLOCK-----\n\n`, pemBody(6), 'private-key', `\n-----END PGP ${PK} BLOCK-----`),
  pos('Private key escaped in service-account JSON', `{"type": "service_account", "private_key": "-----BEGIN ${PK}-----\\n`,
    rnd(64, B64) + '\\n' + rnd(64, B64), 'private-key', `\\n-----END ${PK}-----\\n", "client_email": "svc@proj.iam.gserviceaccount.com"}`),
  pos('Private key cut short', `head -5 key.pem\n-----BEGIN ${PK}-----\n`, pemBody(4), 'private-key'),
  pos('JWT bearer header', 'Authorization: Bearer ', jwt(), 'jwt'),
  pos('JWT in cookie', 'Cookie: session=', jwt(), 'jwt', '; theme=dark'),
  pos('JWT in JSON', '{"id_token": "', jwt(), 'jwt', '"}'),
  pos('postgres URL password', 'DATABASE_URL=postgres://app:', pw(), 'url-password', '@db.internal:5432/prod'),
  pos('mysql URL password', 'mysql://root:', pw(), 'url-password', '@localhost:3306/app'),
  pos('redis URL password without user', 'REDIS_URL=redis://:', pw(), 'url-password', '@cache:6379/0'),
  pos('mongodb+srv URL password', 'mongodb+srv://admin:', pw(), 'url-password', '@cluster0.ab1cd.mongodb.net/test'),
  pos('https URL password', 'git remote add deploy https://deploy:', pw(), 'url-password', '@git.example.com/org/repo.git'),
  pos('URL password glued to Japanese', '接続先はpostgres://admin:', pw(), 'url-password', '@db.internal:5432/appです'),
  pos('amqp URL password', 'amqp://guest:', pw(), 'url-password', '@rabbit:5672/'),
  pos('URL password with a raw #', 'mysql://root:', j('p#', pw()), 'url-password', '@db'),
  pos('URL password with a raw ? and /', 'DATABASE_URL=postgres://app:', j(pw(), '?x/', pw()), 'url-password', '@db.internal:5432/prod'),
  pos('curl -u user:pass', 'curl -u alice:', pw(), 'password', ' https://api.example.com/v1'),
  pos('curl --user=user:pass', 'curl -sS --user=deploy:', pw(), 'password', ' https://ci.example.com'),
  pos('sshpass -p', 'sshpass -p ', pw(), 'password', ' ssh -o StrictHostKeyChecking=no root@10.0.0.5'),
  pos('sshpass -p quoted', "sshpass -p '", pw(), 'password', "' scp build.tgz host:/srv"),
  pos('mysql -pPASS', 'mysql -h db -u root -p', pw(), 'password', ' app < dump.sql'),
  pos('mysqldump -p glued', 'mysqldump -uroot -p', pw(), 'password', ' --all-databases > all.sql'),
  pos('password in .env', 'DB_PASSWORD=', pw(), 'password'),
  pos('password in YAML', 'password: "', pw(), 'password', '"'),
  pos('password in JSON', '{"username": "admin", "password": "', pw(), 'password', '"}'),
  pos('password in Python', "password = '", pw(), 'password', "'"),
  pos('パスワード with colon', 'パスワード: ', 'hunter2xyz', 'password'),
  pos('パスワード with は, glued', 'パスワードは', 'hunter2xyz', 'password', 'です'),
  pos('パスワード with full-width colon', 'パスワード：', pw(), 'password'),
  pos('暗証番号 assignment', '暗証番号=', '48213579', 'password'),
  pos('password CLI flag with =', 'mysql -u root --password=', pw(), 'password', ' app'),
  pos('password CLI flag with space', 'pg_dump --db-password ', pw(), 'password', ' -h db'),
  pos('PGPASSWORD env prefix', 'PGPASSWORD=', pw(), 'password', ' psql -h db -U app'),
  pos('password in XML', '<password>', pw(), 'password', '</password>'),
  pos('password in connection string', 'Server=db;Database=app;User Id=sa;Password=', pw(), 'password', ';'),
  pos('password in Java properties', 'spring.datasource.password=', pw(), 'password'),
  pos('password in escaped JSON', '"{\\"password\\": \\"', pw(), 'password', '\\"}"'),
  pos('token in YAML', 'token: ', rnd(32, ALNUM), 'token'),
  pos('トークン assignment', 'トークン: ', rnd(32, ALNUM), 'token'),
  pos('access_token in JSON', '{"access_token": "', rnd(40, URLSAFE) + '9', 'token', '", "expires_in": 3600}'),
  pos('X-Auth-Token header', 'X-Auth-Token: ', rnd(36, HEX), 'token'),
  pos('Basic auth header', 'Authorization: Basic ', Buffer.from(`deploy:${pw()}`).toString('base64'), 'token'),
  pos('client_secret assignment', 'client_secret = "', rnd(32, ALNUM), 'generic-secret', '"'),
  pos('api_key hex assignment', 'api_key: ', rnd(32, HEX), 'generic-secret'),
  pos('シークレット assignment', 'シークレット：', rnd(32, ALNUM), 'generic-secret'),
  pos('APIキー assignment', 'APIキー=', rnd(32, ALNUM), 'generic-secret'),
  pos('Django SECRET_KEY', 'SECRET_KEY = "', j('django-insecure-', rnd(40, ALNUM)), 'generic-secret', '"'),
  pos('npm token', '//registry.npmjs.org/:_authToken=', j('np', 'm_', rnd(36, ALNUM)), 'npm-token'),
  pos('GitLab PAT', 'GITLAB_TOKEN=', j('gl', 'pat-', rnd(20, URLSAFE)), 'gitlab-token'),
  pos('Hugging Face token', 'HF_TOKEN=', j('h', 'f_', rnd(34, ALNUM)), 'huggingface-token'),
  pos('SendGrid key', 'SENDGRID_API_KEY=', j('S', 'G.', rnd(22, URLSAFE), '.', rnd(43, URLSAFE)), 'sendgrid-key'),
  pos('DigitalOcean token', 'DIGITALOCEAN_TOKEN=', j('do', 'p_v1_', rnd(64, HEX)), 'digitalocean-token'),
  pos('Telegram bot token in URL', 'https://api.telegram.org/bot', j('123456789:A', 'A', rnd(33, URLSAFE)), 'telegram-token', '/sendMessage'),
  pos('Azure storage account key', 'DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=', j(rnd(86, B64), '=='), 'azure-storage-key', ';EndpointSuffix=core.windows.net'),
  pos('Shopify token', 'SHOPIFY_ACCESS_TOKEN=', j('shp', 'at_', rnd(32, HEX)), 'shopify-token'),
  pos('Vault token', 'VAULT_TOKEN=', j('hv', 's.', rnd(95, URLSAFE)), 'vault-token'),
  pos('Databricks token', 'DATABRICKS_TOKEN=', j('da', 'pi', rnd(32, HEX)), 'databricks-token'),
  pos('age secret key', '# created: 2024-06-01\n', j('AGE-SECRET', '-KEY-1', rnd(58, B32)), 'age-key'),
  pos('PyPI upload token', 'password = ', j('pypi-AgEIcHlwaS5vcmc', rnd(70, URLSAFE)), 'pypi-token'),
  pos('Groq key', 'GROQ_API_KEY=', j('gs', 'k_', rnd(52, ALNUM)), 'groq-key')
]
