// install and doctor work in the process's own directory, not in the $PWD a parent process left behind.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { PACKAGE_ROOT, SHIM_PATH } from '../../server/core/paths.js'
import { tempDir, TSX_CHILD_ENV } from '../helper.js'
import { run } from '../helpers/run.js'

const CLI = join(PACKAGE_ROOT, 'server', 'cli.ts')
// Resolved here: the CLI runs from a directory with no node_modules of its own.
const TSX = import.meta.resolve('tsx')

function dirs (t: Parameters<typeof tempDir>[0]) {
  const root = tempDir(t)
  const here = join(root, 'here')
  const elsewhere = join(root, 'elsewhere')
  for (const d of [here, join(elsewhere, '.claude'), join(root, 'home')]) mkdirSync(d, { recursive: true })
  const env = { ...TSX_CHILD_ENV, PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: join(root, 'home'), SHELL: '/bin/sh', HOOKJUDGE_CONFIG: '/dev/null', HOOKJUDGE_PORT: '9', PWD: elsewhere }
  return { here, elsewhere, env }
}

t.test('install --scope project writes into the directory it runs in, whatever $PWD says', async t => {
  const d = dirs(t)
  const theirs = JSON.stringify({ hooks: {} }) + '\n'
  writeFileSync(join(d.elsewhere, '.claude', 'settings.json'), theirs)
  const res = await run('sh', ['-c', `cd "${d.here}" && PWD="${d.elsewhere}" exec node --import "${TSX}" "${CLI}" install claude-code --scope project --hooks commit`], d.env)
  t.equal(res.code, 0, res.stderr)
  t.ok(existsSync(join(d.here, '.claude', 'settings.json')), 'the hooks went into this project')
  t.match(readFileSync(join(d.here, '.claude', 'settings.json'), 'utf8'), /hookjudge-hook|\/judge"/)
  t.equal(readFileSync(join(d.elsewhere, '.claude', 'settings.json'), 'utf8'), theirs, 'the other project\'s settings are untouched')
})

t.test('doctor reads the project wiring of the directory it runs in', async t => {
  const d = dirs(t)
  const entry = { hooks: { Stop: [{ hooks: [{ type: 'command', command: `${SHIM_PATH} commit` }] }] } }
  writeFileSync(join(d.elsewhere, '.claude', 'settings.json'), JSON.stringify(entry))
  const res = await run('sh', ['-c', `cd "${d.here}" && PWD="${d.elsewhere}" exec node --import "${TSX}" "${CLI}" doctor --json`], d.env)
  const checks = JSON.parse(res.stdout).checks as Array<{ name: string, detail: string }>
  const claude = checks.find(c => c.name === 'claude-code')
  t.ok(claude, 'a claude-code check')
  t.notMatch(claude?.detail, new RegExp(d.elsewhere.replaceAll('/', '\\/')), 'the other project\'s settings are not read')
})
