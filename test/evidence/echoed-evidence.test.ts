// Evidence the agent printed itself: a result quoted from an echo or printf of the turn backs no claim.
import t from 'tap'
import { checkClaims } from '../../server/evidence/claim-check.js'
import { findClaims } from '../../server/evidence/claims.js'
import { echoedEvidence } from '../../server/evidence/echoed-evidence.js'
import { commandStep, type Step } from '../../server/evidence/steps.js'
import { createClassifier } from '../../server/evidence/verification.js'
import { testConfig } from '../helper.js'

const classifier = createClassifier(testConfig().evidence)
const run = (command: string, exitCode: number, output = ''): Step => commandStep('Bash', command, classifier, { exitCode, output })
const edit = (path = 'src/a.ts'): Step => ({ kind: 'edit', tool: 'Edit', paths: [path], status: 'passed' })
const echoed = (text: string, steps: Step[]) => echoedEvidence(text, steps, checkClaims(findClaims(text), steps)).map(c => `${c.type}:${c.outcome}`)

t.test('a result the turn echoed itself backs nothing', async t => {
  const rows: Array<[string, string, Step[], string[]]> = [
    ['an HTTP status echoed, then reported', '`/pricing` comes back HTTP/2 200 and the pod is Healthy. Confirmed working in prod.',
      [run('gigalixir ps -a shop', 0, '"status": "Healthy"'), run("echo 'HTTP/2 200 /pricing'", 0, 'HTTP/2 200 /pricing')], ['works:unsupported']],
    ['a test tally printed with printf', 'Fixed the rounding: 42 passed, 0 failed.',
      [edit(), run('npm test', 0, 'Tests: 42 passed, 42 total'), run('printf "42 passed, 0 failed\\n"', 0, '42 passed, 0 failed')], ['tests:unsupported', 'fixed:unsupported']],
    ['an echo beside a real run is no echo-only command', 'All tests pass: 42 passed.',
      [edit(), run('echo "running" && npm test', 0, 'running\nTests: 42 passed, 42 total')], []],
    ['an echo written into a file', 'Fixed: the banner says version 2.1 ready now.',
      [edit(), run("echo 'version 2.1 ready' > banner.txt", 0, ''), run('node banner.js', 0, 'version 2.1 ready')], []],
    ['an echo the message does not quote', 'Fixed the parser; the smoke run passed.',
      [edit(), run('echo "=== smoke ==="', 0, '=== smoke ==='), run('node scripts/smoke.js', 0, 'smoke ok')], []],
    ['no claim at all', 'The echo printed HTTP/2 200 as a placeholder; nothing was checked.',
      [run("echo 'HTTP/2 200'", 0, 'HTTP/2 200')], []]
  ]
  for (const [name, text, steps, want] of rows) t.strictSame(echoed(text, steps), want, name)
})
