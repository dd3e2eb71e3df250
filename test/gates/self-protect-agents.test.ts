// Self-protection guards the files `install` writes for Gemini, Copilot, Cursor and Droid, user and project scope: an
// edit or an rm of one is denied in every agent's input shape, through the real app; reading it and other files pass.
import { mkdirSync, realpathSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { Readable, Writable } from 'node:stream'
import t, { type Test } from 'tap'
import { installCommand } from '../../server/commands/install.js'
import { SHAPES } from '../agents/tool-shapes.js'
import { build, TEST_ENV, tempDir, testConfig } from '../helper.js'
import { recordingLog } from '../helpers/arrivals.js'

const root = realpathSync(tempDir(t, 'hookjudge-selfprotect-agents-'))
const home = join(root, 'home')
const project = join(root, 'project')
mkdirSync(join(project, 'src'), { recursive: true })
// Droid's user hooks kept in settings.json (no hooks.json): install writes there, so that is the file to guard.
mkdirSync(join(home, '.factory'), { recursive: true })
writeFileSync(join(home, '.factory', 'settings.json'), '{"model":"x","hooks":{}}\n')

const installEnv = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, PWD: project, SHELL: '/bin/sh', HOOKJUDGE_CONFIG: '/dev/null', HOOKJUDGE_PORT: '9' }
const sink = (add: (s: string) => void) => new Writable({ write (c, _e, cb) { add(String(c)); cb() } })

/** The file the real `install` wrote for this agent and scope. */
async function install (agent: string, scope: 'user' | 'project'): Promise<string> {
  let out = ''
  let err = ''
  const code = await installCommand([agent, '--scope', scope, '--hooks', 'commit', '--json'],
    { env: installEnv, cwd: project, stdin: Readable.from([]), stdout: sink(s => { out += s }), stderr: sink(s => { err += s }) })
  if (code !== 0) throw new Error(`install ${agent} --scope ${scope}: ${err}`)
  return (JSON.parse(out) as { path: string }).path
}

const SETTINGS = /^hookjudge self-protection: this call would change or remove the agent settings holding hookjudge's hook entries/
const DENIED = { status: 200, decision: 'deny', source: 'guard', rule: 'self-protect' }

/** The real app as the agents' daemon: send(agent, input) answers with the decision and the record's source and rule. */
async function daemon (t: Test) {
  const { decisionLog, records } = recordingLog()
  const { app } = await build(t, testConfig({ hooks: { 'dangerous-bash': { mode: 'off' } } }), { decisionLog, env: { ...TEST_ENV, HOME: home } })
  return async (as: string, body: object) => {
    const earlier = new Set(records.items)
    const res = await app.inject({ method: 'POST', url: `/judge?agent=${as}`, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } })
    const decision = res.headers['x-hookjudge-decision']
    const record = decision === 'deny' ? await records.waitFor(r => !earlier.has(r) && r.rule !== undefined) : undefined
    return { status: res.statusCode, json: res.json(), decision, source: record?.source, rule: record?.rule }
  }
}

for (const agent of ['gemini', 'copilot', 'cursor', 'droid'] as const) {
  t.test(`${agent}: its installed hook files cannot be edited or removed, in any agent's shape; reads pass`, async t => {
    const send = await daemon(t)
    const own = SHAPES.find(s => s.agent === agent)!
    const files = [await install(agent, 'user'), await install(agent, 'project')]
    t.same(files.map(f => f.startsWith(project + '/')), [false, true], 'one file in the home, one in the project')
    for (const file of files) {
      // As a model would spell it: from the project, or from ~.
      const spelled = file.startsWith(project + '/') ? relative(project, file) : `~/${relative(home, file)}`
      for (const a of SHAPES) {
        for (const [what, shape] of [['an edit', a.edit(file)], ['rm -f', a.shell(`rm -f ${spelled}`)]] as const) {
          const r = await send(a.agent, shape(project))
          t.match(r, DENIED, `${what} of ${spelled}, ${a.agent}'s shape: denied`)
          t.match(r.json, a.answer('deny', SETTINGS), `${what} of ${spelled}, ${a.agent}'s shape: in its own words`)
          t.ok(JSON.stringify(r.json).includes(file), 'the reason names the file')
        }
      }
      for (const a of [own, SHAPES[0]!]) {
        t.match(await send(a.agent, a.shell(`cat ${spelled}`)(project)), { status: 200, decision: 'allow' }, `cat ${spelled}, ${a.agent}'s shape: allowed`)
      }
    }
    t.match(await send(agent, own.edit(join(project, 'src', 'app.ts'))(project)), { status: 200, decision: 'allow' }, 'an edit of an unrelated file')
    t.match(await send(agent, own.shell('rm -f src/old.ts notes.txt')(project)), { status: 200, decision: 'allow' }, 'an rm of unrelated files')
  })
}

t.test('removing the folder that holds a hook file, or hiding Droid\'s settings.json hooks behind a new hooks.json', async t => {
  const send = await daemon(t)
  await install('copilot', 'project')
  await install('droid', 'user')
  const [copilot, droid] = [SHAPES.find(s => s.agent === 'copilot')!, SHAPES.find(s => s.agent === 'droid')!]
  t.match(await send('copilot', copilot.shell('rm -rf .github/hooks')(project)), DENIED, 'rm -rf of Copilot\'s project hooks folder')
  const hide = await send('droid', droid.edit(join(home, '.factory', 'hooks.json'))(project))
  t.match(hide, DENIED, 'creating ~/.factory/hooks.json while the entries sit in settings.json')
  t.match(hide.json, droid.answer('deny', /which would hide those in .*settings\.json/))
  t.match(await send('droid', droid.edit(join(project, '.github', 'workflows', 'ci.yml'))(project)), { decision: 'allow' }, 'a file beside them')
})
