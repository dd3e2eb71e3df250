// Files a config names (the user file, a gitleaks rules file, Layer-1 models): regular files only, opened without
// blocking and size-capped, so a FIFO or a device is a config error that names it, at startup and on reload.
import { execFileSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { loadConfig } from '../server/config/config.js'
import { ConfigError } from '../server/core/errors.js'
import { PACKAGE_ROOT } from '../server/core/paths.js'
import { runBounded } from './helpers/bounded.js'
import { build, tempDir, testConfig, TSX_CHILD_ENV } from './helper.js'

const CLI = join(PACKAGE_ROOT, 'server', 'cli.ts')

function fifo (t: Parameters<typeof tempDir>[0]): string {
  const path = join(tempDir(t), 'pipe')
  execFileSync('mkfifo', [path])
  return path
}

const problemsOf = (fn: () => unknown): string[] => {
  try { fn() } catch (err) { if (err instanceof ConfigError) return err.problems.map(p => `${p.path}: ${p.expected} / ${p.got}`); throw err }
  return []
}

t.test('a FIFO as the config file, or as a model it names, stops `judge` at once with the reason', async t => {
  const dir = tempDir(t)
  const pipe = fifo(t)
  const cfg = join(dir, 'c.yaml')
  writeFileSync(cfg, `hooks:\n  commit: { layer1: { model: "${pipe}" } }\n`)
  for (const [name, file] of [['config file', pipe], ['model file', cfg]] as const) {
    const res = await runBounded(process.execPath, ['--import', 'tsx', CLI, 'judge', 'commit', '--config', file], { env: { ...TSX_CHILD_ENV, PATH: process.env.PATH, HOME: dir }, ms: 30000, stdin: 'I will push now.' })
    t.notOk(res.hung, `${name}: no wait for a writer`)
    t.equal(res.code, 1, name)
    t.match(res.stderr, /a FIFO/, `${name}: says what the path is`)
  }
})

t.test('devices and oversized files are refused by what they are, never read into memory', async t => {
  const dir = tempDir(t)
  const big = join(dir, 'big.json')
  writeFileSync(big, Buffer.alloc((2 << 20) + 1, 32))
  t.match(problemsOf(() => testConfig({ hooks: { commit: { layer1: { model: '/dev/zero' } } } })), [/hooks\.commit\.layer1\.model: .* \/ \/dev\/zero \(a character device\)/])
  t.match(problemsOf(() => testConfig({ hooks: { commit: { layer1: { model: big } } } })), [/hooks\.commit\.layer1\.model: .*larger than 2097152 bytes/])
  t.match(problemsOf(() => testConfig({ redaction: { gitleaksConfig: '/dev/zero' } })), [/redaction\.gitleaksConfig: .* \/ \/dev\/zero \(a character device\)/])
  t.match(problemsOf(() => loadConfig({ env: {}, file: '/dev/zero' })), [/\/dev\/zero: a readable file \/ a character device/])
  t.strictSame(problemsOf(() => loadConfig({ env: {}, file: '/dev/null' })), [], '/dev/null stays the empty user file')
})

t.test('a reload onto a config naming a FIFO is refused and the daemon keeps answering with the last good config', async t => {
  const dir = tempDir(t)
  const cfg = join(dir, 'c.yaml')
  writeFileSync(cfg, `hooks:\n  commit: { layer1: { model: "${fifo(t)}" } }\n`)
  const { app, reload, runtime } = await build(t, testConfig(), { load: () => loadConfig({ env: {}, file: cfg }) })
  const before = runtime().config
  t.match(reload(), { ok: false, problems: [/layer1\.model.*a FIFO/] })
  t.equal(runtime().config, before, 'the last good config stays')
  t.equal((await app.inject({ url: '/healthz' })).statusCode, 200)
})
