// shim/hookjudge-save-token under dash: the developer's token step of docs/team.md, from stdin to a private file the
// daemon's own token check accepts; anything that is not one token line is refused and writes nothing.
import { spawnSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { PACKAGE_ROOT } from '../../server/core/paths.js'
import { loadToken } from '../../server/guards/token.js'
import { tempDir } from '../helper.js'

const SCRIPT = join(PACKAGE_ROOT, 'shim', 'hookjudge-save-token')
const TOKEN = '5f0c'.repeat(16)
const save = (home: string, input: string, env: Record<string, string> = {}) =>
  spawnSync('dash', [SCRIPT], { input, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', HOME: home, ...env } })

t.test('a fresh laptop: the folder is made, the file is private and passes the token check', async t => {
  const home = tempDir(t)
  const res = save(home, `${TOKEN}\n`)
  const file = join(home, '.config', 'hookjudge', 'token')
  t.equal(res.status, 0, res.stderr)
  t.equal(res.stdout.trim(), file)
  t.equal(statSync(file).mode & 0o777, 0o600)
  t.equal(statSync(join(home, '.config', 'hookjudge')).mode & 0o777, 0o700)
  t.strictSame(loadToken(file), { token: TOKEN })
  t.equal(save(home, `${'a1'.repeat(16)}\r\n`).status, 0, 'a second token replaces the first (CRLF pasted)')
  t.strictSame(loadToken(file), { token: 'a1'.repeat(16) })
  const xdg = join(home, 'xdg')
  t.equal(save(home, TOKEN, { XDG_CONFIG_HOME: xdg }).stdout.trim(), join(xdg, 'hookjudge', 'token'), 'XDG_CONFIG_HOME is honoured')
})

t.test('what is not one token line is refused with one line, and nothing is written', async t => {
  const home = tempDir(t)
  for (const input of ['', 'short\n', `${TOKEN} extra\n`, `${'x'.repeat(600)}\n`]) {
    const res = save(home, input)
    t.equal(res.status, 1, JSON.stringify(input.slice(0, 20)))
    t.match(res.stderr, /^hookjudge-save-token: expected /)
    t.equal(res.stderr.trim().split('\n').length, 1)
  }
  t.notOk(existsSync(join(home, '.config', 'hookjudge', 'token')))
})
