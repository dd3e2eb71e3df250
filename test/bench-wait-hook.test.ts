// The wait bench runs the Stop handler `hookjudge install` writes for each mode: Claude Code's native http hook by
// default, the shim in the background (asyncRewake) with --stop async, Codex's shim otherwise; all at the bench daemon.
import t from 'tap'
import { installedStop, MODES } from '../bench/wait-hook.js'

t.test('each mode gets the Stop handler install writes, pointed at the daemon', async t => {
  t.same(MODES.map(m => `${m.agent} ${m.stop}`), ['claude-code sync', 'claude-code async', 'codex sync'])
  const [sync, async, codex] = MODES.map(m => installedStop(m, 41234))
  t.equal(sync!.type, 'http')
  t.equal(sync!.url, 'http://127.0.0.1:41234/judge')
  t.equal(async!.type, 'command')
  t.equal(async!.asyncRewake, true)
  t.match(String(async!.command), /^env HOOKJUDGE_URL=http:\/\/127\.0\.0\.1:41234 sh \S+\/shim\/hookjudge-hook --rewake$/)
  t.equal(codex!.type, 'command')
  t.equal(codex!.asyncRewake, undefined, 'Codex waits for its hooks')
  t.match(String(codex!.command), /^env HOOKJUDGE_URL=http:\/\/127\.0\.0\.1:41234 sh \S+\/shim\/hookjudge-hook --agent=codex$/)
})
