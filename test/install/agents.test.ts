// install / uninstall for Gemini CLI, Copilot CLI, Cursor and Droid: their files, one entry per event, dry run, doctor, exact removal.
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { Readable, Writable } from 'node:stream'
import t from 'tap'
import { findWiring } from '../../server/commands/doctor-agents.js'
import { installCommand, uninstallCommand } from '../../server/commands/install.js'
import { SHIM_PATH } from '../../server/core/paths.js'
import { tempDir } from '../helper.js'

function setup (t: Parameters<typeof tempDir>[0]) {
  const dir = tempDir(t)
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: join(dir, 'home'), PWD: join(dir, 'repo'), SHELL: '/bin/sh', HOOKJUDGE_CONFIG: '/dev/null', HOOKJUDGE_PORT: '9', CLAUDE_CONFIG_DIR: join(dir, 'claude'), CODEX_HOME: join(dir, 'codex') }
  const run = async (cmd: typeof installCommand, args: string[]) => {
    let out = ''
    let err = ''
    const sink = (add: (s: string) => void) => new Writable({ write (c, _e, cb) { add(String(c)); cb() } })
    const code = await cmd(args, { env, cwd: env.PWD, stdin: Readable.from([]), stdout: sink(s => { out += s }), stderr: sink(s => { err += s }) })
    return { code, out, err }
  }
  return { dir, env, run }
}
const cmd = (flags: string) => `env HOOKJUDGE_URL=http://127.0.0.1:9 sh ${SHIM_PATH}${flags}`

const cases = [
  {
    agent: 'gemini',
    file: '.gemini/settings.json',
    user: { general: { vimMode: true }, hooks: { enabled: true, AfterAgent: [{ hooks: [{ type: 'command', command: 'mine' }] }] } },
    written: { AfterAgent: { type: 'command', command: cmd(' --agent=gemini'), name: 'hookjudge', timeout: 25000 }, BeforeTool: { type: 'command', command: cmd(' --fail-safe --agent=gemini'), name: 'hookjudge', timeout: 25000 } }
  },
  {
    agent: 'copilot',
    file: '.copilot/hooks/hookjudge.json',
    user: undefined,
    written: { agentStop: { type: 'command', bash: cmd(' --agent=copilot'), timeoutSec: 25 }, preToolUse: { type: 'command', bash: cmd(' --fail-safe --agent=copilot'), timeoutSec: 25 } }
  },
  {
    agent: 'cursor',
    file: '.cursor/hooks.json',
    user: { version: 1, hooks: { afterFileEdit: [{ command: './fmt.sh' }] } },
    written: { stop: { command: cmd(' --agent=cursor'), timeout: 25 }, preToolUse: { command: cmd(' --fail-safe --agent=cursor'), timeout: 25, failClosed: true } }
  },
  {
    agent: 'droid',
    file: '.factory/hooks.json',
    // Droid's hooks.json is the event map itself (0.225.2 ignores a "hooks" key there as an unknown event).
    user: { Stop: [{ hooks: [{ type: 'command', command: 'mine' }] }] },
    written: { Stop: { type: 'command', command: cmd(' --agent=droid'), timeout: 25 }, PreToolUse: { type: 'command', command: cmd(' --fail-safe --agent=droid'), timeout: 25 } }
  }
] as const

const config = 'hooks:\n  gate: { event: PreToolUse, trigger: [rm], fields: [danger], blockWhen: { all: [danger] }, prompt: p, feedback: f }\n'
const handlers = (doc: any, agent = '') => Object.fromEntries(Object.entries((agent === 'droid' ? doc : doc.hooks) ?? {}).filter(([, v]) => Array.isArray(v))
  .map(([e, list]: [string, any]) => [e, list.flatMap((g: any) => g.hooks ?? [g]).filter((h: any) => JSON.stringify(h).includes('hookjudge-hook'))]).filter(([, hs]) => hs.length > 0))

for (const c of cases) {
  t.test(`${c.agent}: dry run shows exactly the entries; install writes them once; doctor sees them; uninstall restores the file`, async t => {
    const s = setup(t)
    const path = join(s.env.HOME, c.file)
    const cfg = join(s.dir, 'c.yaml')
    await writeFile(cfg, config)
    const before = c.user === undefined ? undefined : JSON.stringify(c.user, null, 2) + '\n'
    if (before !== undefined) { await mkdir(join(path, '..'), { recursive: true }); await writeFile(path, before) }
    const args = [c.agent, '--config', cfg, '--hooks', 'commit,scope-check,gate']
    const dry = await s.run(installCommand, [...args, '--dry-run'])
    t.equal(dry.code, 0, dry.err)
    const added = dry.out.split('\n').filter(l => l.startsWith('+') && !l.startsWith('+++')).join('\n')
    for (const h of Object.values(c.written)) t.ok(added.includes(JSON.stringify(Object.values(h)[1]).slice(1, -1).replaceAll('\\\\', '\\\\')), `the diff adds ${JSON.stringify(h)}`)
    t.equal(existsSync(path) ? await readFile(path, 'utf8') : undefined, before, 'a dry run writes nothing')
    const r = await s.run(installCommand, args)
    t.equal(r.code, 0, r.err)
    t.match(r.out, /2 entries wired for /)
    t.strictSame(handlers(JSON.parse(await readFile(path, 'utf8')), c.agent), Object.fromEntries(Object.entries(c.written).map(([e, h]) => [e, [h]])))
    const bytes = await readFile(path, 'utf8')
    t.match((await s.run(installCommand, args)).out, /already wired \(nothing changed\)/)
    t.equal(await readFile(path, 'utf8'), bytes, 'idempotent')
    const wiring = findWiring(s.env, s.env.PWD).find(w => w.agent === c.agent)!
    t.strictSame(wiring.entries.map(e => [e.event, e.target]), Object.keys(c.written).map(e => [e, 'http://127.0.0.1:9']), 'doctor finds both entries and where they point')
    const un = await s.run(uninstallCommand, [c.agent])
    t.match(un.out, /2 hookjudge entries removed/)
    t.equal(existsSync(path) ? await readFile(path, 'utf8') : undefined, before, 'uninstall leaves the file as it was')
  })
}

t.test('Gemini has no SubagentStop, and --transport http is refused for the shim-only agents', async t => {
  const s = setup(t)
  const cfg = join(s.dir, 'c.yaml')
  await writeFile(cfg, 'hooks:\n  sub: { event: SubagentStop, trigger: [x], fields: [a], blockWhen: { all: [a] }, prompt: p, feedback: f }\n')
  const r = await s.run(installCommand, ['gemini', '--config', cfg, '--hooks', 'commit,sub'])
  t.match(r.out, /note: Gemini CLI has no SubagentStop event; sub not wired/)
  for (const agent of ['gemini', 'copilot', 'cursor', 'droid']) await t.rejects(s.run(installCommand, [agent, '--transport', 'http']), /no http hook hookjudge can reach/)
})

t.test('Droid: hooks kept in settings.json (no hooks.json) are edited there', async t => {
  const s = setup(t)
  const settings = join(s.env.HOME, '.factory', 'settings.json')
  await mkdir(join(s.env.HOME, '.factory'), { recursive: true })
  await writeFile(settings, '{"model":"x","hooks":{}}\n')
  t.equal((await s.run(installCommand, ['droid', '--hooks', 'commit'])).code, 0)
  t.notOk(existsSync(join(s.env.HOME, '.factory', 'hooks.json')), 'no hooks.json that would hide the settings hooks')
  t.match(JSON.parse(await readFile(settings, 'utf8')), { model: 'x', hooks: { Stop: [{ hooks: [{ command: cmd(' --agent=droid') }] }] } })
})

t.test('project scope: .gemini/, .github/hooks/, .cursor/ and .factory/ under the current directory', async t => {
  const s = setup(t)
  for (const [agent, file] of [['gemini', '.gemini/settings.json'], ['copilot', '.github/hooks/hookjudge.json'], ['cursor', '.cursor/hooks.json'], ['droid', '.factory/hooks.json']] as const) {
    const r = await s.run(installCommand, [agent, '--scope', 'project', '--hooks', 'commit'])
    t.equal(r.code, 0, r.err)
    t.ok(existsSync(join(s.env.PWD, file)), file)
  }
  t.notOk(existsSync(s.env.HOME), 'nothing written in the user\'s home')
})

t.test('a file that cannot be parsed is refused untouched', async t => {
  const s = setup(t)
  const path = join(s.env.HOME, '.cursor', 'hooks.json')
  await mkdir(join(path, '..'), { recursive: true })
  for (const bad of ['{"version":1,', '{"hooks":{"stop":["x"]}}']) {
    await writeFile(path, bad)
    const r = await s.run(installCommand, ['cursor'])
    t.equal(r.code, 1)
    t.match(r.err, /hooks\.json.*(not valid JSON|is not an object)/)
    t.equal(await readFile(path, 'utf8'), bad)
  }
})
