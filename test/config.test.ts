// loadConfig: layering, env overrides, and one error naming every problem.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { loadConfig, mergeLayers } from '../server/config/config.js'
import { ConfigError } from '../server/core/errors.js'
import { tempDir } from './helper.js'

t.test('the shipped defaults load with all five hooks, compiled', async t => {
  const c = loadConfig({ env: {}, file: '/dev/null' })
  t.strictSame(Object.keys(c.hooks), ['commit', 'scope-check', 'scope-change', 'shallow-bugfix', 'bugfix-without-reproduction', 'unverified-claim', 'self-protect', 'dangerous-bash'])
  t.equal(c.server.host, '127.0.0.1')
  t.equal(c.server.port, 5834)
  t.equal(c.hooks.commit!.failMode, 'open')
  t.ok(Object.isFrozen(c))
})

t.test('layers: user file over defaults (maps merge, lists replace), env over both', async t => {
  const dir = tempDir(t)
  const file = join(dir, 'c.yaml')
  writeFileSync(file, 'server: { port: 7000 }\nhooks:\n  commit:\n    trigger: ["deploy"]\n')
  const c = loadConfig({ env: { HOOKJUDGE_HOST: '127.0.0.2', HOOKJUDGE_LOG_LEVEL: 'debug' }, file })
  t.equal(c.server.port, 7000)
  t.equal(c.server.host, '127.0.0.2')
  t.equal(c.log.level, 'debug')
  t.strictSame(c.hooks.commit!.trigger.sources, ['deploy'])
  t.ok(c.hooks.commit!.prompt.length > 100, 'unmentioned keys keep the default')
  t.equal(loadConfig({ env: { HOOKJUDGE_PORT: '6000' }, file }).server.port, 6000)
  t.equal(loadConfig({ env: { HOOKJUDGE_CONFIG: file } }).server.port, 7000, '$HOOKJUDGE_CONFIG is read')
  const xdg = tempDir(t)
  writeFileSync(join(tempDir(t), 'unused'), '')
  const { mkdirSync } = await import('node:fs')
  mkdirSync(join(xdg, 'hookjudge'))
  writeFileSync(join(xdg, 'hookjudge', 'config.yaml'), 'server: { port: 7100 }\n')
  t.equal(loadConfig({ env: { XDG_CONFIG_HOME: xdg } }).server.port, 7100, 'the XDG file is read when present')
})

t.test('a broken file names every problem at once', async t => {
  const dir = tempDir(t)
  const file = join(dir, 'bad.yaml')
  writeFileSync(file, [
    'server: { port: 99999 }',
    'judge: { backends: [nope], deadlineMs: fast }',
    'backends:',
    '  anthropic: { apiKey: sk-ant-secret-in-file }',
    'hooks:',
    '  commit:',
    '    trigger: ["(unclosed", "ok", "(?<=lookbehind)x"]',
    '    blockWhen: { all: [missing_field] }',
    '    mode: loud',
    '  scope-check: { failMode: safe }',
    'decisionLog: { enabled: "yes" }'
  ].join('\n'))
  const err = t.throws(() => loadConfig({ env: { HOOKJUDGE_PORT: 'abc' }, file })) as ConfigError
  t.type(err, ConfigError)
  const paths = err.problems.map(p => p.path)
  for (const p of ['decisionLog.enabled', 'server.port', 'judge.backends[0]', 'judge.deadlineMs', 'backends.anthropic.apiKey', 'hooks.commit.trigger[0]', 'hooks.commit.trigger[2]', 'hooks.commit.blockWhen.all[0]', 'hooks.commit.mode', 'hooks.scope-check.failMode', 'HOOKJUDGE_PORT']) {
    t.ok(paths.includes(p), `names ${p}`)
  }
  t.match(err.message, /hooks\.commit\.trigger\[0\]: expected a valid RE2 pattern in hook "commit", got "\(unclosed" \(.*missing closing \)/)
  t.match(err.message, /server\.port: expected an integer from 0 to 65535, got 99999/)
  t.notMatch(err.message, /sk-ant-secret-in-file/, 'a key put in the file is never echoed')
  t.match(err.message, new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} is invalid \\(\\d+ problems\\)`))
})

t.test('a misspelled hook name is one problem with a did-you-mean, not a list of what a new hook lacks', async t => {
  const file = join(tempDir(t), 'typo.yaml')
  writeFileSync(file, 'hooks:\n  comit: { mode: shadow }\n')
  const err = t.throws(() => loadConfig({ env: {}, file })) as ConfigError
  t.strictSame(err.problems.map(p => p.path), ['hooks.comit'])
  t.match(err.message, /hooks\.comit: expected the name of a configured hook \(did you mean `commit`\?\), or a new hook with its own event, prompt, feedback and blockWhen/)
})

t.test('unreadable and non-YAML files are problems too', async t => {
  t.throws(() => loadConfig({ env: {}, file: '/nonexistent/hookjudge.yaml' }), /\/nonexistent\/hookjudge\.yaml: expected a readable file, got ENOENT/)
  const dir = tempDir(t)
  writeFileSync(join(dir, 'x.yaml'), 'a: [1, 2\n')
  // The yaml library's whole message: line, column and the code frame under it.
  t.throws(() => loadConfig({ env: {}, file: join(dir, 'x.yaml') }), /x\.yaml: invalid YAML: Flow sequence in block collection must be sufficiently indented and end with a \] at line \d+, column \d+:\n\n {4}a: \[1, 2\n\n {4}\^/)
  writeFileSync(join(dir, 'y.yaml'), '- 1\n- 2\n')
  t.throws(() => loadConfig({ env: {}, file: join(dir, 'y.yaml') }), /expected a YAML map at the top/)
})

t.test('mergeLayers: maps merge key by key, lists and scalars replace', async t => {
  t.strictSame(mergeLayers({ a: { b: 1, c: [1, 2] }, d: 1 }, { a: { c: [3] }, d: 2 }), { a: { b: 1, c: [3] }, d: 2 })
  t.strictSame(mergeLayers({ a: 1 }, undefined), { a: 1 })
})

t.test('fingerprints change with anything that changes a verdict, and only then', async t => {
  const base = loadConfig({ env: {}, file: '/dev/null' }).hooks.commit!
  const withPrompt = loadConfig({ env: {}, file: '/dev/null', overrides: { hooks: { commit: { prompt: 'other' } } } }).hooks.commit!
  const withModel = loadConfig({ env: {}, file: '/dev/null', overrides: { backends: { anthropic: { model: 'other' } } } }).hooks.commit!
  const withFeedback = loadConfig({ env: {}, file: '/dev/null', overrides: { hooks: { commit: { feedback: 'other' } } } }).hooks.commit!
  t.not(withPrompt.fingerprint, base.fingerprint)
  t.not(withPrompt.promptVersion, base.promptVersion)
  t.not(withModel.fingerprint, base.fingerprint)
  t.equal(withFeedback.fingerprint, base.fingerprint, 'feedback text does not change a verdict')
})
