/** The built-in rule table, written from each vendor's documented token format (gitleaks consulted, not copied). */
import { isPlaceholder, isReference, isTokenLike } from './entropy.js'
import { RE2JS } from 're2js'
import { COMMAND_RULES } from './command-rules.js'
import type { RuleSpec } from './redact-rule.js'

const r = String.raw
// Explicit edges instead of \b: a key glued to Japanese text (キーはAKIA…です) must still have one.
const L = r`(?:^|[^A-Za-z0-9_+/-])`
const QUOTES = '"\'`「'
const real = (v: string): boolean => !isPlaceholder(v)
/** Keywords for two-word keys however they are joined: aws_secret, aws-secret, aws.secret, aws secret. */
const sep = (...pairs: string[][]): string[] => pairs.flatMap(([a, b]) => ['_', '-', '.', ' '].map(j => `${a ?? ''}${j}${b ?? ''}`))

function tok (kind: string, keywords: string[], regex: string, entropy = 3, accept = real): RuleSpec {
  // A regex that opens with the L edge can only match where its keyword starts a word.
  return { kind, keywords, regex, entropy, accept, lineLocal: true, edge: regex.startsWith(L) }
}

// Assignments: KEY<op>VALUE in code, env files, YAML/JSON, prose (は/を, full-width ：＝), CLI flags and XML elements.
const SUFFIX = r`(?:[_.-]?(?:value|plain(?:text)?|raw|str(?:ing)?|confirm(?:ation)?|again|key|base|secret|token|[0-9]))*`
const CLOSE = r`(?:\\?["'])?\]?`
const OPS = r`(?:=|:=|:|=>|\?=|：|＝|は|を)`
const VCH = r`[A-Za-z0-9!#$%*+\-./:=?@^_|~]`
const END = r`(?:[\s,;)}\]<>&\\]|[^\x00-\x7f]|$)`
// Unquoted, a value needs a digit or symbol: `password = req.body.password` is code, not a secret.
const VALUE = r`(?:\\?"(${VCH}+)\\?"|'(${VCH}+)'|\x60(${VCH}+)\x60|「(${VCH}+)」|(${VCH}*[0-9!#$%*+/:=?@^|~]${VCH}*)${END})`

function assign (kind: string, keywords: string[], core: string, min: number, token: boolean): RuleSpec {
  const keyed = r`(?:${core})${SUFFIX}${CLOSE}[ \t]{0,3}${OPS}[ \t]{0,3}${VALUE}`
  const flag = r`(?:^|\s)--?(?:[a-z0-9]+-)*(?:${core})(?:=|[ \t]+)${VALUE}`
  const xml = r`<[a-z0-9_.:-]*(?:${core})${SUFFIX}>(${VCH}+)</`
  const accept = (v: string, before: string): boolean =>
    v.length >= min && !isPlaceholder(v) && (QUOTES.includes(before) || !isReference(v)) && (!token || isTokenLike(v))
  return { kind, keywords, regex: r`(?i)${keyed}|${flag}|${xml}`, accept, lineLocal: true }
}

const PORT_THEN_PATH = RE2JS.compile(r`[0-9]{1,5}(?:[/?#].*)?`)
const AWS_OP = r`${CLOSE}(?:[ \t]*\[[^\]\r\n]{0,12}\])?[ \t]{0,3}(?:=|:=|:|=>|\||：|＝)[ \t]{0,3}(?:\\?["'\x60])?`
const AWS40 = r`([A-Za-z0-9/+]{40})(?:[^A-Za-z0-9/+=]|$)`
const BEGIN = r`-----BEGIN[ A-Z0-9_-]{0,40}PRIVATE KEY(?: BLOCK)?-----`

/** Token formats with a recognisable shape; they outrank everything else on overlap. */
export const TOKEN_RULES: readonly RuleSpec[] = [
  {
    kind: 'private-key',
    keywords: ['private key'],
    entropy: 0,
    accept: real,
    // A whole PEM block, or (output cut short) the base64 lines after BEGIN.
    regex: r`${BEGIN}(?:([\s\S]{16,}?)-----END[ A-Z0-9_-]{0,40}PRIVATE KEY(?: BLOCK)?-----|((?:[A-Za-z0-9+/=\s]|\\[nr])+))`
  },
  tok('aws-access-key', ['akia', 'asia', 'abia', 'acca', 'a3t'], r`${L}((?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16})(?:[^A-Za-z0-9_]|$)`),
  tok('aws-secret', ['akia', 'asia'], r`${L}(?:AKIA|ASIA)[A-Z2-7]{16}[ \t,;:|'"=]{1,8}${AWS40}`, 3.5),
  tok('aws-secret', [...sep(['aws', 'secret'], ['secret', 'access']), 'secretaccess', 'シークレットアクセスキー'],
    r`(?i)(?:(?:aws[ _.-]?)?secret[ _.-]?access[ _.-]?key|aws[ _.-]?secret(?:[ _.-]?key)?|シークレットアクセスキー)${AWS_OP}${AWS40}`, 3.5),
  tok('aws-session-token', [...sep(['session', 'token'], ['security', 'token']), 'sessiontoken'],
    r`(?i)(?:aws[ _.-]?(?:session|security)[ _.-]?token|(?-i:SessionToken))${AWS_OP}([A-Za-z0-9/+=]{60,})`, 3.5),
  // STS tokens open with a fixed protobuf header, so they are caught even without a key.
  tok('aws-session-token', ['iqojb3jpz2lux2', 'fwogzxivyxdz', 'fqogzxivyxdz'], r`${L}((?:IQoJb3JpZ2luX2|FwoGZXIvYXdz|FQoGZXIvYXdz)[A-Za-z0-9/+=]{40,})`, 3.5),
  tok('github-pat', ['ghp_', 'github_pat_'], r`(ghp_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{40,})`),
  tok('github-token', ['gho_', 'ghu_', 'ghs_', 'ghr_'], r`(gh[ousr]_[A-Za-z0-9]{30,})`),
  tok('anthropic-key', ['sk-ant-'], r`(sk-ant-[A-Za-z0-9_-]{20,})`),
  tok('openai-key', ['sk-'], r`${L}(sk-(?:(?:proj|svcacct|admin|None)-[A-Za-z0-9_-]{20,}|[A-Za-z0-9]{32,}))`),
  tok('slack-token', ['xox', 'xapp-'], r`(xox[abposer]-[A-Za-z0-9-]{10,}|xoxe\.xox[bp]-[A-Za-z0-9-]{10,}|xapp-[0-9]-[A-Za-z0-9-]{10,})`, 2.5,
    (v) => real(v) && [...v].some(c => c >= '0' && c <= '9')),
  tok('slack-webhook', ['hooks.slack.com'], r`hooks\.slack\.com/(?:services|workflows|triggers)/([A-Za-z0-9+/_-]{20,})`),
  tok('google-api-key', ['aiza'], r`${L}(AIza[A-Za-z0-9_-]{35})`, 3.5),
  tok('google-oauth', ['gocspx-', 'ya29.'], r`(GOCSPX-[A-Za-z0-9_-]{20,}|ya29\.[A-Za-z0-9_-]{20,})`),
  tok('stripe-key', ['sk_test', 'sk_live', 'sk_prod', 'rk_test', 'rk_live', 'rk_prod', 'whsec_'],
    r`${L}((?:sk|rk)_(?:test|live|prod)_[A-Za-z0-9]{10,}|whsec_[A-Za-z0-9]{20,})`),
  tok('jwt', ['eyj'], r`${L}(eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*)`),
  tok('gitlab-token', ['glpat-', 'gldt-', 'glptt-', 'glrt-', 'glsoat-', 'glcbt-', 'glft-', 'glimt-', 'glagent-'],
    r`(gl(?:pat|dt|ptt|rt|soat|cbt|ft|imt|agent)-[A-Za-z0-9_-]{20,})`),
  tok('npm-token', ['npm_'], r`(npm_[A-Za-z0-9]{36})`),
  tok('huggingface-token', ['hf_'], r`${L}(hf_[A-Za-z0-9]{30,})`),
  tok('sendgrid-key', ['sg.'], r`(SG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,})`),
  tok('twilio-key', ['sk'], r`${L}(SK[0-9a-fA-F]{32})(?:[^A-Za-z0-9]|$)`),
  tok('digitalocean-token', ['dop_v1_', 'doo_v1_', 'dor_v1_'], r`(do[opr]_v1_[a-f0-9]{64})`),
  tok('pypi-token', ['pypi-ageichlwas5vcmc'], r`(pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,})`),
  tok('shopify-token', ['shpat_', 'shpca_', 'shppa_', 'shpss_'], r`(shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32})`),
  tok('vault-token', ['hvs.', 'hvb.'], r`(hv[sb]\.[A-Za-z0-9_-]{90,})`),
  tok('databricks-token', ['dapi'], r`${L}(dapi[a-f0-9]{32}(?:-[0-9])?)`),
  tok('age-key', ['age-secret-key-1'], r`(AGE-SECRET-KEY-1[0-9A-Z]{58})`),
  tok('telegram-token', [':aa'], r`(?:^|[^0-9])([0-9]{8,10}:AA[A-Za-z0-9_-]{33})`),
  tok('azure-storage-key', ['accountkey='], r`(?i)AccountKey=([A-Za-z0-9+/]{40,}={0,2})`),
  tok('groq-key', ['gsk_'], r`(gsk_[A-Za-z0-9]{40,})`),
  tok('xai-key', ['xai-'], r`${L}(xai-[A-Za-z0-9]{60,})`),
  tok('linear-key', ['lin_api_'], r`(lin_api_[A-Za-z0-9]{40})`),
  tok('postman-key', ['pmak-'], r`(PMAK-[a-f0-9]{24}-[a-f0-9]{34})`),
  tok('doppler-token', ['dp.'], r`(dp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,})`),
  tok('sentry-token', ['sntryu_', 'sntrys_'], r`(sntry[us]_[A-Za-z0-9_=+/]{40,})`),
  tok('atlassian-token', ['atatt3'], r`${L}(ATATT3[A-Za-z0-9_=-]{100,})`),
  tok('onepassword-token', ['ops_'], r`(ops_eyJ[A-Za-z0-9+/]{100,}={0,3})`),
  tok('mailgun-key', ['key-'], r`${L}(key-[a-f0-9]{32})(?:[^A-Za-z0-9]|$)`),
  // Raw #, ?, / and @ are not allowed in a URL password, but people write them: past the user's `:`, up to the last `@`
  // before a host (an @ after a /, ? or # is in the path or query). `host:8080/path?mail=a@b` is a port and a path.
  tok('url-password', ['://'], r`(?i)[a-z][a-z0-9+.-]*://[^\s:/?#@'"\x60<>]*:([^\s'"\x60<>@]+(?:@[^\s'"\x60<>@/?#]*)*)@[^\s/?#@'"\x60<>]`, 0,
    (v) => real(v) && !PORT_THEN_PATH.testExact(v))
]

/** Keyed values whose format says nothing; they rank below the user's rules. */
export const GENERIC_RULES: readonly RuleSpec[] = [
  {
    kind: 'token',
    keywords: ['authorization', 'bearer'],
    lineLocal: true,
    accept: (v) => !isPlaceholder(v) && isTokenLike(v),
    regex: r`(?i)(?:^|[^a-z0-9])(?:(?:proxy-)?authorization(?:\\?["'])?[ \t]*[:=][ \t]*\\?["']?(?:bearer|basic|token|bot|digest|apikey)?|bearer)[ \t]+([A-Za-z0-9._~+/=-]{8,})`
  },
  ...COMMAND_RULES,
  // SSHPASS and REDISCLI_AUTH: the environment twins of sshpass -p and redis-cli -a.
  assign('password', ['pass', 'pwd', 'rediscli_auth', 'パスワード', '暗証番号', 'パスフレーズ'],
    r`passw(?:or)?d|passwort|passphrase|sshpass|rediscli_auth|(?:^|[^a-z])(?:pass|pwd)|パスワード|暗証番号|パスフレーズ`, 4, false),
  assign('token', ['token', 'bearer', 'トークン'], r`token|bearer|トークン`, 8, true),
  assign('generic-secret', ['secret', 'key', 'credential', 'シークレット', 'キー', '秘密鍵'],
    r`secret|api[ _.-]?key|apikey|(?:access|private|auth|signing|encryption|master)[_.-]?key|credentials?|シークレット|APIキー|秘密鍵|認証キー|アクセスキー`,
    8, true)
]
