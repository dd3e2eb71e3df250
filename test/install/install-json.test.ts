// install and uninstall --json: one JSON object on stdout saying what was (or would be) written where, the diff as data.
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import t from 'tap'
import { installCommand, uninstallCommand } from '../../server/commands/install.js'
import { tempDir } from '../helper.js'
import { capture } from '../helpers/ops.js'

function setup (t: Parameters<typeof tempDir>[0]) {
  const dir = tempDir(t)
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: join(dir, 'home'), PWD: join(dir, 'repo'), SHELL: '/bin/sh', CLAUDE_CONFIG_DIR: join(dir, 'claude'), CODEX_HOME: join(dir, 'codex'), HOOKJUDGE_CONFIG: '/dev/null', HOOKJUDGE_PORT: '9' }
  const run = async (cmd: typeof installCommand, args: string[]) => {
    const c = capture(env)
    const code = await cmd([...args, '--json'], c.io)
    return { code, json: c.out() === '' ? undefined : JSON.parse(c.out()), out: c.out(), err: c.err() }
  }
  return { env, run, claude: join(env.CLAUDE_CONFIG_DIR, 'settings.json') }
}
const USER_FILE = JSON.stringify({ model: 'opus' }, null, 2) + '\n'

t.test('install --json: the file, the change as a diff, the backup, the entries, the notes; stdout holds nothing else', async t => {
  const s = setup(t)
  await mkdir(s.env.CLAUDE_CONFIG_DIR, { recursive: true })
  await writeFile(s.claude, USER_FILE)
  const dry = await s.run(installCommand, ['claude-code', '--hooks', 'commit', '--dry-run'])
  t.equal(dry.code, 0)
  t.match(dry.json, { command: 'install', ok: true, agent: 'claude-code', scope: 'user', path: s.claude, dryRun: true, changed: true, backup: null, deleted: false, transport: 'http' })
  t.match(dry.json.diff, /^--- .*settings\.json\n\+\+\+ .*settings\.json \(after hookjudge install\)\n@@ /)
  t.match(dry.json.entries, [{ event: 'Stop', native: 'Stop', hooks: ['commit'], transport: 'http', failSafe: false, handler: { type: 'http', url: 'http://127.0.0.1:9/judge' } }])
  t.match(dry.json.notes, [/no hookjudge daemon answers at http:\/\/127\.0\.0\.1:9/])
  t.equal(dry.out.trim().split('\n').length, 1, 'one line of JSON')
  t.equal(await readFile(s.claude, 'utf8'), USER_FILE, 'a dry run writes nothing')

  const real = await s.run(installCommand, ['claude-code', '--hooks', 'commit'])
  t.match(real.json, { ok: true, dryRun: false, changed: true, backup: `${s.claude}.hookjudge.bak`, diff: dry.json.diff })
  t.ok(existsSync(`${s.claude}.hookjudge.bak`))
  t.match(JSON.parse(await readFile(s.claude, 'utf8')).hooks.Stop[0].hooks[0], dry.json.entries[0].handler, 'the entry written is the one reported')
  t.match((await s.run(installCommand, ['claude-code', '--hooks', 'commit'])).json, { ok: true, changed: false, diff: '', backup: null }, 'already wired')
})

t.test('uninstall --json: how many entries came out, and the diff', async t => {
  const s = setup(t)
  await s.run(installCommand, ['codex', '--hooks', 'commit'])
  const dry = await s.run(uninstallCommand, ['codex', '--dry-run'])
  // The file install made holds nothing of the user's: its last entry out, it goes.
  t.match(dry.json, { command: 'uninstall', ok: true, agent: 'codex', dryRun: true, changed: true, removed: 1, deleted: true, notes: [] })
  t.match(dry.json.diff, /^--- .*hooks\.json\n/)
  const real = await s.run(uninstallCommand, ['codex'])
  t.match(real.json, { ok: true, changed: true, removed: 1, deleted: true, notes: [] }, 'a hooks file that is gone holds nothing to trust again')
  t.notOk(existsSync(s.env.CODEX_HOME), 'the folder install made, empty again, goes with it')
  t.match((await s.run(uninstallCommand, ['codex'])).json, { ok: true, changed: false, removed: 0 })
  // Copilot's file is hookjudge's own: taking the last entry out deletes it, and the JSON says so.
  await s.run(installCommand, ['copilot'])
  const copilot = join(s.env.HOME, '.copilot', 'hooks', 'hookjudge.json')
  t.ok(existsSync(copilot))
  t.match((await s.run(uninstallCommand, ['copilot'])).json, { ok: true, changed: true, deleted: true, path: copilot })
  t.notOk(existsSync(copilot))
  t.notOk(existsSync(join(s.env.HOME, '.copilot')), 'its hooks folder and the agent folder install made go too')
  // A folder holding anything else of the agent's stays.
  await s.run(installCommand, ['copilot'])
  await writeFile(join(s.env.HOME, '.copilot', 'config.json'), '{}\n')
  await s.run(uninstallCommand, ['copilot'])
  t.ok(existsSync(join(s.env.HOME, '.copilot', 'config.json')))
  t.notOk(existsSync(join(s.env.HOME, '.copilot', 'hooks')))
  // A folder the user made before install stays, empty or not: only what install created goes.
  await mkdir(s.env.CODEX_HOME, { recursive: true })
  await s.run(installCommand, ['codex', '--hooks', 'commit'])
  t.match((await s.run(uninstallCommand, ['codex'])).json, { deleted: true })
  t.ok(existsSync(s.env.CODEX_HOME), 'the user\'s own empty folder is not removed')
})

t.test('a file that must not be touched: ok false with the reason, exit 1, on stdout only', async t => {
  const s = setup(t)
  await mkdir(s.env.CLAUDE_CONFIG_DIR, { recursive: true })
  await writeFile(s.claude, '{ not json')
  const r = await s.run(installCommand, ['claude-code'])
  t.equal(r.code, 1)
  t.match(r.json, { command: 'install', ok: false, agent: 'claude-code', path: s.claude, error: /not valid JSON/ })
  t.equal(r.err, '')
  t.equal(await readFile(s.claude, 'utf8'), '{ not json')
})
