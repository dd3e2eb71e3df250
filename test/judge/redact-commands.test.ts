// Passwords on command lines (redis-cli -a, docker login -p, htpasswd -b, sshpass -p '…', SSHPASS=) and URL passwords
// holding an @: masked in the judge prompt and the decision log, while the look-alikes without a password stay.
import t, { type Test } from 'tap'
import { createRedactor } from '../../server/redact/redact.js'
import { commitVerdict, startFakeJudgeApi } from '../fixtures/fake-judge-api.js'
import { build, claudeStop, readDecisions, tempDir, testConfig } from '../helper.js'

const redact = createRedactor()
const PW = 'Tr0ub4dor-x9'

/** [text, the secret: all of it masked, nothing else] */
type Masked = [string, string]

function check (t: Test, kind: string, masked: Masked[], unchanged: string[]): void {
  for (const [text, secret] of masked) {
    const out = redact(text)
    t.strictSame(out, { text: text.replace(secret, `[REDACTED:${kind}]`), counts: { [kind]: 1 } }, `masked: ${text}`)
    t.strictSame(redact(out.text), { text: out.text, counts: {} }, `idempotent: ${text}`)
  }
  for (const text of unchanged) t.strictSame(redact(text), { text, counts: {} }, `unchanged: ${text}`)
}

t.test('redis-cli -a PASSWORD, and REDISCLI_AUTH=', async t => check(t, 'password', [
  [`redis-cli -a ${PW} ping`, PW],
  [`redis-cli -h cache.internal -p 6379 -a '${PW} x' --no-auth-warning`, `${PW} x`],
  [`REDISCLI_AUTH=${PW} redis-cli ping`, PW]
], ['redis-cli -h host', 'redis-cli -h cache.internal -p 6379 ping', 'Check it with redis-cli, then restart the worker.',
  'Run redis-cli -a followed by the password.']))

t.test('docker login -p PASSWORD', async t => check(t, 'password', [
  [`docker login -u me -p ${PW} registry.example.com`, PW],
  [`podman login registry.example.com -u me -p "${PW} x"`, `${PW} x`]
], ['docker login -u me', 'docker login -u me registry.example.com', 'docker login -u me --password-stdin < pw.txt',
  'docker run --rm -u 1000:1000 node:20 npm test', 'Run docker login first, then push the image.',
  'Then docker login -u me -p with the token.']))

t.test('htpasswd -b FILE USER PASSWORD, and -nb USER PASSWORD', async t => check(t, 'password', [
  [`htpasswd -b .htpasswd alice ${PW}`, PW],
  [`htpasswd -bcB -C 12 /etc/nginx/.htpasswd alice ${PW} && nginx -s reload`, PW],
  [`htpasswd -nb alice ${PW} > users`, PW],
  [`htpasswd -B -n -b alice ${PW}`, PW]
], ['htpasswd -c /etc/nginx/.htpasswd alice', 'htpasswd -nB alice > users', 'htpasswd asks for the password unless -b is given.',
  'Use htpasswd -b to pass it on the command line.', 'htpasswd -nb prints the line.']))

t.test('sshpass -p with a quoted password, and SSHPASS=', async t => check(t, 'password', [
  [`sshpass -p '${PW} x' ssh deploy@host uptime`, `${PW} x`],
  [`sshpass -p "${PW} x" scp a host:`, `${PW} x`],
  [`SSHPASS=${PW} sshpass -e ssh deploy@host`, PW],
  [`export SSHPASS='${PW}'`, PW]
], ['sshpass -e ssh deploy@host uptime', 'sshpass -f ~/.deploy-pw ssh host', 'export SSHPASS="$DEPLOY_PW"']))

t.test('a URL password holding @ is masked whole, and only the password', async t => check(t, 'url-password', [
  ['https://user:p@ss@host/', 'p@ss'],
  [`git clone https://bob:${PW}@x@github.com/org/repo`, `${PW}@x`],
  [`curl https://user:${PW}@api.example.com/v1?notify=ops@example.com`, PW]
], ['open http://localhost:8080/signup?email=ada@example.com to check', 'ssh://git@github.com/org/repo.git', 'mailto:ops@example.com']))

t.test('the judge prompt and the decision log carry none of them', async t => {
  const dir = tempDir(t)
  const api = await startFakeJudgeApi({ text: commitVerdict({ new_proposal: true }, 'r') })
  t.teardown(() => api.close())
  const { app } = await build(t, testConfig({ decisionLog: { enabled: true, dir } }, api.url))
  const secrets = ['Rd1s-pw-77', 'Dk-login-88', 'Ht-pw-99', 'quoted ssh 11', 'Env-ssh-22', 'p@ss@w0rd']
  const text = `Ran redis-cli -a ${secrets[0]} ping; docker login -u me -p ${secrets[1]}; htpasswd -b .htpasswd alice ${secrets[2]}; ` +
    `sshpass -p '${secrets[3]}' ssh host; SSHPASS=${secrets[4]} sshpass -e ssh host; git clone https://bob:${secrets[5]}@github.com/org/repo\n\n` +
    'All green. I\'ll commit and push to main now.'
  const res = await app.inject({ method: 'POST', url: '/judge/commit', payload: claudeStop(text) })
  t.equal(res.json().decision, 'block', 'the judge was asked')
  await app.close() // the decision log is flushed on close
  const prompt = JSON.stringify(api.requests.map(r => r.body))
  const records = readDecisions(dir)
  t.equal(records.length, 1, 'one decision recorded')
  const log = JSON.stringify(records)
  for (const s of secrets) {
    t.notOk(prompt.includes(s), `not in the prompt: ${s}`)
    t.notOk(log.includes(s), `not in the decision log: ${s}`)
  }
  t.match(prompt, /redis-cli -a \[REDACTED:password\]/)
  t.match(log, /redis-cli -a \[REDACTED:password\]/)
})
