// hookjudge tokens: a team daemon's people changed by the tokens file's own user (no root, no editor): add prints a new
// token once, revoke deletes the line, and the running daemon reloads so the change holds at once.
import { spawn } from 'node:child_process'
import { chmodSync, chownSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import t from 'tap'
import { loadConfig } from '../../server/config/config.js'
import { tokensCommand } from '../../server/commands/tokens.js'
import { build, tempDir, TSX_CHILD_ENV } from '../helper.js'
import { capture } from '../helpers/ops.js'

const ALICE = 'a1'.repeat(16)

async function teamDaemon (t: Parameters<typeof tempDir>[0]) {
  const dir = tempDir(t)
  const tokens = join(dir, 'tokens')
  writeFileSync(tokens, `# the team\nalice ${ALICE} review\n`, { mode: 0o600 })
  const file = join(dir, 'daemon.yaml')
  writeFileSync(file, `server: { tokensFile: "${tokens}" }\ndecisionLog: { enabled: false }\n`)
  const load = () => loadConfig({ env: {}, file })
  const { app } = await build(t, load(), { load })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const port = (app.server.address() as AddressInfo).port
  writeFileSync(file, `server: { tokensFile: "${tokens}", port: ${port} }\ndecisionLog: { enabled: false }\n`)
  const run = async (...args: string[]) => {
    const c = capture({ HOME: dir })
    return { code: await tokensCommand([...args, '--config', file], c.io), out: c.out(), err: c.err() }
  }
  const status = async (token: string) => (await fetch(`http://127.0.0.1:${port}/status`, { headers: { authorization: `Bearer ${token}` } })).status
  return { tokens, run, status }
}

t.test('add prints a new token once and the running daemon takes it; revoke ends it at once', async t => {
  const d = await teamDaemon(t)
  const added = await d.run('add', 'bob')
  t.equal(added.code, 0)
  t.match(added.out, /reloaded its tokens: the change holds now/)
  const bob = /bob's token \(shown once\): ([0-9a-f]{64})/.exec(added.out)?.[1]
  t.ok(bob, 'the token is printed')
  t.equal(await d.status(bob!), 200, 'Bob is let in without a restart')
  t.match(readFileSync(d.tokens, 'utf8'), /^# the team\nalice a1a1\S+ review\nbob [0-9a-f]{64}\n$/, 'the comment and Alice\'s line are kept')
  t.equal(statSync(d.tokens).mode & 0o777, 0o600)
  t.strictSame((await d.run('list')).out, 'alice  review\nbob\n', 'list shows names and grants, never a token')
  const good = readFileSync(d.tokens, 'utf8')
  writeFileSync(d.tokens, good + 'bad line with too many words here\n', { mode: 0o600 })
  const refused = await d.run('list')
  t.equal(refused.code, 1, 'a file the daemons refuse is not listed as if it held')
  t.match(refused.err, /the daemons refuse .* as it is \(they keep the tokens they had\): server\.tokensFile line 4/)
  writeFileSync(d.tokens, good, { mode: 0o600 })
  const revoked = await d.run('revoke', 'bob')
  t.equal(revoked.code, 0)
  t.match(revoked.out, /bob revoked/)
  t.equal(await d.status(bob!), 401, 'Bob\'s token is refused right after')
  t.equal(await d.status(ALICE), 200)
})

t.test('mistakes are named and change nothing', async t => {
  const d = await teamDaemon(t)
  const before = readFileSync(d.tokens, 'utf8')
  t.match(await d.run('revoke', 'alcie'), { code: 1, err: /no alcie in .* \(did you mean alice\?\); people: alice/ })
  t.match(await d.run('revoke', 'alice'), { code: 1, err: /alice is the last person .* add someone first/ })
  t.match(await d.run('add', 'alice'), { code: 1, err: /alice is already in/ })
  await t.rejects(d.run('add', 'bob smith'), /a name of letters, digits/)
  await t.rejects(d.run('drop', 'alice'), /tokens takes list, add NAME or revoke NAME, not "drop"$/)
  await t.rejects(d.run('revok', 'alice'), /tokens takes list, add NAME or revoke NAME, not "revok"; did you mean "revoke"\?$/)
  t.equal(readFileSync(d.tokens, 'utf8'), before)
})

t.test('no daemon running: the file changes and the verb says when it takes effect', async t => {
  const dir = tempDir(t)
  const tokens = join(dir, 'tokens')
  const file = join(dir, 'cli.yaml')
  writeFileSync(file, `server: { tokensFile: "${tokens}", port: 1 }\n`)
  const c = capture({ HOME: dir })
  t.equal(await tokensCommand(['add', 'rita', '--review', '--config', file], c.io), 0)
  t.match(c.out(), /no daemon confirmed it \(ECONNREFUSED\); every daemon that reads this file follows it and takes the change within a second/)
  t.match(readFileSync(tokens, 'utf8'), /^rita [0-9a-f]{64} review\n$/, 'a missing file is created, 0600')
  t.equal(statSync(tokens).mode & 0o777, 0o600)
})

t.test('--json: the people as data, and an added token in a field a script can take', async t => {
  const d = await teamDaemon(t)
  t.match(JSON.parse((await d.run('list', '--json')).out), { command: 'tokens', ok: true, people: [{ name: 'alice', review: true }] })
  const added = JSON.parse((await d.run('add', 'bob', '--json')).out)
  t.match(added, { command: 'tokens', ok: true, action: 'add', name: 'bob', review: false, token: /^[0-9a-f]{64}$/, reloaded: true })
  t.equal(await d.status(added.token), 200)
  t.match(JSON.parse((await d.run('revoke', 'bob', '--json')).out), { action: 'revoke', name: 'bob', reloaded: true })
})

t.test('no tokensFile in the config: the message names the file read and the key to add', async t => {
  const dir = tempDir(t)
  const file = join(dir, 'cli.yaml')
  writeFileSync(file, 'judge: { deadlineMs: 2000 }\n')
  await t.rejects(tokensCommand(['list', '--config', file], capture({ HOME: dir }).io), new RegExp(`no server\\.tokensFile in ${file}: .*add \`server: \\{ tokensFile: /etc/hookjudge/tokens \\}\``))
  await t.rejects(tokensCommand(['list'], capture({ HOME: dir }).io), /no server\.tokensFile in the config \(no file of yours was found; --config FILE names one\)/)
})

t.test('--file names the tokens file itself, without a config', async t => {
  const dir = tempDir(t)
  const c = capture({ HOME: dir, PWD: dir })
  t.equal(await tokensCommand(['add', 'dana', '--file', 'team-tokens'], c.io), 0)
  t.match(readFileSync(join(dir, 'team-tokens'), 'utf8'), /^dana [0-9a-f]{64}\n$/, 'a relative path is taken from the working directory')
  const listed = capture({ HOME: dir, PWD: dir })
  t.equal(await tokensCommand(['list', '--file', join(dir, 'team-tokens')], listed.io), 0)
  t.equal(listed.out(), 'dana\n')
})

t.test('the daemon at the configured address does not read this tokens file: the verb neither reloads it nor claims it took the change', async t => {
  const { app } = await build(t, loadConfig({ env: {}, file: '/dev/null', overrides: { decisionLog: { enabled: false } } }))
  await app.listen({ port: 0, host: '127.0.0.1' })
  const dir = tempDir(t)
  const tokens = join(dir, 'tokens')
  const file = join(dir, 'cli.yaml')
  writeFileSync(file, `server: { tokensFile: "${tokens}", port: ${(app.server.address() as AddressInfo).port} }\n`)
  const c = capture({ HOME: dir })
  t.equal(await tokensCommand(['add', 'erin', '--config', file], c.io), 0)
  t.match(c.out(), /no daemon confirmed it \(the daemon at http:\/\/127\.0\.0\.1:\d+ reads no tokens file, not .*tokens, so it was not asked to reload; point --config/)
  t.notMatch(c.out(), /the change holds now/)
  const status = (await app.inject({ method: 'GET', url: '/status' })).json()
  t.same(status.reloads, { ok: 0, error: 0, last: null }, 'the unrelated daemon was not reloaded')
})

t.test('in a folder the daemon user cannot write (root\'s /etc/hookjudge), revoke rewrites the file itself', async t => {
  const dir = tempDir(t)
  const folder = join(dir, 'etc')
  const home = join(dir, 'home')
  mkdirSync(folder)
  mkdirSync(home, { mode: 0o777 })
  const tokens = join(folder, 'tokens')
  const bob = 'b2'.repeat(16)
  writeFileSync(tokens, `alice ${ALICE}\nbob ${bob}\n`, { mode: 0o600 })
  const config = join(dir, 'cli.yaml')
  writeFileSync(config, `server: { tokensFile: "${tokens}", port: 1 }\n`)
  // As root the verb runs as another user who owns the file but not its folder; otherwise the folder is made read-only.
  const root = process.getuid?.() === 0
  if (root) {
    chmodSync(dir, 0o755)
    chownSync(tokens, 65534, 65534)
    chmodSync(home, 0o777)
  } else chmodSync(folder, 0o500)
  t.teardown(() => chmodSync(folder, 0o755))
  const cli = new URL('../../server/cli.ts', import.meta.url).pathname
  const verb = async (...args: string[]) => {
    const child = spawn(process.execPath, ['--import', 'tsx', cli, 'tokens', ...args, '--config', config],
      { env: { ...TSX_CHILD_ENV, PATH: process.env.PATH ?? '', HOME: home }, cwd: new URL('../..', import.meta.url).pathname, ...(root ? { uid: 65534, gid: 65534 } : {}) })
    let err = ''
    child.stderr.on('data', (b: Buffer) => { err += b })
    return { code: await new Promise(resolve => child.on('close', resolve)), err: () => err }
  }
  const revoked = await verb('revoke', 'bob')
  t.equal(revoked.code, 0, revoked.err())
  t.equal(readFileSync(tokens, 'utf8'), `alice ${ALICE}\n`, 'bob\'s line is gone')
  t.strictSame(readdirSync(folder), ['tokens'], 'no file left beside it')
  t.equal(statSync(tokens).mode & 0o777, 0o600, 'still private')
  // Someone who cannot read the file is told whose it is to run the verb as.
  if (root) chownSync(tokens, 0, 0)
  else chmodSync(tokens, 0o000)
  const refused = await verb('list')
  t.equal(refused.code, 1)
  t.match(refused.err(), /EACCES: run it as the file's owner \(the daemon's user/)
})

t.test('a config naming another tokens file is a restart away: the daemon keeps the file it started with, and says so', async t => {
  const dir = tempDir(t)
  const [a, b] = [join(dir, 'tokens-a'), join(dir, 'tokens-b')]
  const BOB = 'b2'.repeat(16)
  writeFileSync(a, `alice ${ALICE}\n`, { mode: 0o600 })
  writeFileSync(b, `bob ${BOB}\n`, { mode: 0o600 })
  const file = join(dir, 'daemon.yaml')
  writeFileSync(file, `server: { tokensFile: "${a}" }\ndecisionLog: { enabled: false }\n`)
  const load = () => loadConfig({ env: {}, file })
  const { app } = await build(t, load(), { load })
  writeFileSync(file, `server: { tokensFile: "${b}" }\ndecisionLog: { enabled: false }\n`)
  const reloaded = await app.inject({ method: 'POST', url: '/reload', headers: { authorization: `Bearer ${ALICE}` } })
  t.match(reloaded.json(), { ok: true, changes: ['server settings changed (server.tokensFile): restart to apply them'] })
  const status = await app.inject({ url: '/status', headers: { authorization: `Bearer ${ALICE}` } })
  t.equal(status.json().tokensFile, a, '/status names the file in force, not the one the config names now')
  t.equal((await app.inject({ url: '/status', headers: { authorization: `Bearer ${BOB}` } })).statusCode, 401, 'the other file\'s people are not let in')
})
