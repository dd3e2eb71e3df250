// install --url / --token-file: the hooks point at a team's daemon and carry this developer's token via the shim.
import { chmodSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable, Writable } from 'node:stream'
import t from 'tap'
import { installCommand } from '../../server/commands/install.js'
import { UsageError } from '../../server/commands/args.js'
import { tempDir } from '../helper.js'

function setup (t: Parameters<typeof tempDir>[0]) {
  const dir = tempDir(t)
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: join(dir, 'home'), PWD: dir, SHELL: '/bin/sh', CLAUDE_CONFIG_DIR: join(dir, 'claude'), CODEX_HOME: join(dir, 'codex'), HOOKJUDGE_CONFIG: '/dev/null', HOOKJUDGE_PORT: '9' }
  const token = join(dir, 'my-token')
  writeFileSync(token, 'c3'.repeat(20) + '\n')
  chmodSync(token, 0o600)
  const run = async (args: string[]) => {
    let out = ''
    const sink = new Writable({ write (c, _e, cb) { out += String(c); cb() } })
    const code = await installCommand(args, { env, stdin: Readable.from([]), stdout: sink, stderr: new Writable({ write (_c, _e, cb) { cb() } }) })
    return { code, out }
  }
  return { dir, env, token, run }
}

t.test('Claude Code: every hook through the shim with HOOKJUDGE_URL and HOOKJUDGE_TOKEN_FILE, never the token', async t => {
  const s = setup(t)
  const r = await s.run(['claude-code', '--url', 'https://judge.team.example', '--token-file', 'my-token'])
  t.equal(r.code, 0)
  t.match(r.out, /note: using the shim, since the hooks send a bearer token \(--token-file, or server\.tokenFile\)/)
  t.match(r.out, /note: the daemon at https:\/\/judge\.team\.example did not answer \/healthz \(.+\); check the URL with your team/)
  t.notMatch(r.out, /hookjudge serve/, 'no daemon is to be started on the laptop')
  const settings = await readFile(join(s.env.CLAUDE_CONFIG_DIR, 'settings.json'), 'utf8')
  const commands = [...settings.matchAll(/"command": "([^"]+)"/g)].map(m => m[1]!)
  t.ok(commands.length > 0)
  for (const c of commands) {
    t.match(c, /^env HOOKJUDGE_URL=https:\/\/judge\.team\.example HOOKJUDGE_TOKEN_FILE=\S+my-token /)
  }
  t.notMatch(settings, /c3c3c3/, 'the token is not in the settings file')
  t.notMatch(settings, /"type": "http"/)
})

t.test('bad flags are usage errors: plain http off this machine, paths in the URL, a token file others can read', async t => {
  const s = setup(t)
  await t.rejects(s.run(['codex', '--url', 'http://judge.team.example']), new UsageError('--url to another machine must be https:// (the token and the agent\'s text cross the network)'))
  await t.rejects(s.run(['codex', '--url', 'https://judge.team.example/judge']), /no credentials, path, query or fragment/)
  await t.rejects(s.run(['codex', '--url', 'judge.team.example']), /--url takes the daemon's base URL/)
  chmodSync(s.token, 0o644)
  await t.rejects(s.run(['codex', '--token-file', s.token]), /--token-file: expected a token file only its owner can read/)
  t.equal((await s.run(['codex', '--url', 'http://127.0.0.1:7000', '--dry-run'])).code, 0, 'plain http on loopback is fine')
})
