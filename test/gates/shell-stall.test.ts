// No PreToolUse command stalls the daemon: body-limit-sized hostile shell shapes leave the event loop free for /healthz.
import { monitorEventLoopDelay } from 'node:perf_hooks'
import t from 'tap'
import { shellEffects } from '../../server/approvals/shell-effects.js'
import { build, testConfig } from '../helper.js'

const BODY_LIMIT = 256 * 1024
const fill = (head: string, unit: string, tail = '') => head + unit.repeat(Math.floor((BODY_LIMIT - 400 - head.length - tail.length) / unit.length)) + tail
// The shapes that blocked the loop for seconds (digits, a long brace list) and others a regex scanner backtracks on.
const SHAPES: Array<[string, string]> = [
  ['digits', fill('echo ', '1')],
  ['brace list', fill('rm {', ',', '}')],
  ['brace pairs', fill('rm ', '{a,b}')],
  ['fd redirections', fill('echo ', '2>')],
  ['open substitutions', fill('echo ', '$(')],
  ['open double quote', fill('echo "', '$')],
  ['question-mark glob', fill('rm /', '?')],
  ['many globs', fill('rm', ' /t*?')]
]

t.test('each shape at the body limit: the gate answers and the event loop never blocks for long', async t => {
  const { app } = await build(t, testConfig({ server: { bodyLimit: BODY_LIMIT } }))
  const base = await app.listen({ host: '127.0.0.1', port: 0 })
  const delay = monitorEventLoopDelay({ resolution: 5 })
  for (const [name, command] of SHAPES) {
    const body = JSON.stringify({
      session_id: 's', transcript_path: '/nonexistent/t.jsonl', cwd: '/tmp', hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, tool_use_id: 'toolu_1'
    })
    t.ok(body.length <= BODY_LIMIT && body.length > BODY_LIMIT - 1024, `${name}: the body is at the limit (${body.length})`)
    delay.reset()
    delay.enable()
    const judged = fetch(`${base}/judge/self-protect`, { method: 'POST', body, headers: { 'content-type': 'application/json' } })
    const health = await fetch(`${base}/healthz`)
    const res = await judged
    delay.disable()
    t.equal(health.status, 200, `${name}: /healthz answers meanwhile`)
    t.equal(res.status, 200, `${name}: the gate answers`)
    await res.text()
    // Event-loop delay, not wall time: what a concurrent /healthz would have waited. Regex scanning blocked 24.8 s here.
    const maxMs = delay.max / 1e6
    t.ok(maxMs < 1000, `${name}: the loop was blocked at most ${maxMs.toFixed(1)} ms`)
  }
})

t.test('the scanner still reads what the regexes read, and more', async t => {
  t.strictSame(shellEffects('echo "$(rm -rf ~/x)"'), { writes: [], removes: ['~/x'], stopsHookjudge: false }, 'a substitution inside quotes')
  t.strictSame(shellEffects('if true; then rm a; fi'), { writes: [], removes: ['a'], stopsHookjudge: false }, 'a command after a keyword')
  t.strictSame(shellEffects("bash -c 'rm -f b' && eval 'mv c d'"), { writes: [], removes: ['b', 'c', 'd'], stopsHookjudge: false }, 'scripts of sh -c and eval')
  t.strictSame(shellEffects('cat <<\'EOF\' > notes.md\ndon\'t\nEOF\nrm -rf e'), { writes: ['notes.md'], removes: ['e'], stopsHookjudge: false }, 'a quoted here-document is data; the line after it is a command')
  t.strictSame(shellEffects('cat <<EOF\n$(rm f)\nEOF'), { writes: [], removes: ['f'], stopsHookjudge: false }, 'an unquoted here-document runs its substitutions')
  t.strictSame(shellEffects('echo x >&2; echo y 2>&1 >&- ; echo z &>all; ls # rm g'), { writes: ['all'], removes: [], stopsHookjudge: false }, 'descriptor duplications and comments')
  t.strictSame(shellEffects('echo a#b > "q w" 2>err'), { writes: ['q w', 'err'], removes: [], stopsHookjudge: false }, 'a # inside a word, quoted targets, an fd prefix')
  t.strictSame(shellEffects('A=1 B="2 3" sudo -E rm -- h'), { writes: [], removes: ['h'], stopsHookjudge: false })
})
