// redaction.gitleaksConfig: the user's gitleaks TOML is read and compiled at load; its problems join the others.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { loadConfig } from '../server/config/config.js'
import { ConfigError } from '../server/core/errors.js'
import { tempDir } from './helper.js'

const RULE = '[[rules]]\nid = "acme-token"\nregex = \'\'\'acme_[a-z0-9]{24}\'\'\'\nkeywords = ["acme_"]\n'

t.test('a user rule (path relative to the user file) masks its token', async t => {
  const dir = tempDir(t)
  writeFileSync(join(dir, 'rules.toml'), RULE)
  writeFileSync(join(dir, 'config.yaml'), 'redaction: { gitleaksConfig: rules.toml }\n')
  const c = loadConfig({ env: {}, file: join(dir, 'config.yaml') })
  const out = c.redactor!('deploy key acme_' + 'k3j4h5g6f7d8s9a0q1w2e3r4 ok')
  t.strictSame(out.counts, { 'acme-token': 1 })
  t.notMatch(out.text, /k3j4h5g6f7d8s9a0q1w2e3r4/)
})

t.test('a missing or broken TOML is named next to every other problem', async t => {
  const dir = tempDir(t)
  writeFileSync(join(dir, 'bad.toml'), '[[rules]]\nid = "x"\nregex = \'\'\'(?<=a)b\'\'\'\n')
  writeFileSync(join(dir, 'config.yaml'), 'server: { port: -1 }\nredaction: { gitleaksConfig: bad.toml }\n')
  const err = t.throws(() => loadConfig({ env: {}, file: join(dir, 'config.yaml') })) as ConfigError
  t.type(err, ConfigError)
  t.ok(err.problems.some(p => p.path === 'server.port'))
  t.ok(err.problems.some(p => /rules\[0\]/.test(p.path)), err.message)
  writeFileSync(join(dir, 'config.yaml'), 'redaction: { gitleaksConfig: missing.toml }\n')
  t.throws(() => loadConfig({ env: {}, file: join(dir, 'config.yaml') }), /redaction\.gitleaksConfig: expected a readable gitleaks TOML file/)
})
