// "Fixed" after editing only a test: a test that had timed out (a flake) was itself what was broken, so changing it is the
// fix; one that failed an assertion found a behaviour to fix in the code, and a passing run after editing only the test
// backs nothing.
import t from 'tap'
import { checkClaims } from '../../server/evidence/claim-check.js'
import { findClaims } from '../../server/evidence/claims.js'
import { commandStep, type Step } from '../../server/evidence/steps.js'
import { createClassifier } from '../../server/evidence/verification.js'
import { testConfig } from '../helper.js'

const classifier = createClassifier(testConfig().evidence)
const run = (command: string, exitCode: number, output: string): Step => commandStep('Bash', command, classifier, { exitCode, output })
const edit = (path: string): Step => ({ kind: 'edit', tool: 'Edit', paths: [path], status: 'passed' })
const outcomes = (text: string, steps: Step[]) => checkClaims(findClaims(text), steps, false).map(c => `${c.type}:${c.outcome}`)

const TIMED_OUT = '  1) checkout.spec.ts:12:3 › pays with a saved card\n\n    Error: Timed out 5000ms waiting for expect(locator).toBeVisible()\n\n' +
  '    Locator: getByText(\'Paid\')\n    Expected: visible\n    Received: <element(s) not found>\n\n  1 failed\n  11 passed (9.8s)'
const ASSERTION = '--- FAIL: TestEvictOrder (0.00s)\n    lru_test.go:58: evicted "b", want "a"\nFAIL\nFAIL\tgithub.com/acme/edge/internal/cache\t0.007s'

t.test('a failed run is marked flaky by its output: a timeout, "flaky", "intermittent"', async t => {
  t.equal((run('npx playwright test e2e/checkout.spec.ts', 1, TIMED_OUT) as { flaky?: true }).flaky, true)
  t.equal((run('go test ./internal/cache/', 1, ASSERTION) as { flaky?: true }).flaky, undefined)
  t.equal((run('npx playwright test', 0, 'timeout: 5000ms per test\n12 passed') as { flaky?: true }).flaky, undefined, 'only a failed run')
})

t.test('fixing a flaky test by changing it is a fix; weakening a failing assertion is not', async t => {
  t.strictSame(outcomes('Fixed.', [run('npx playwright test e2e/checkout.spec.ts', 1, TIMED_OUT), edit('e2e/checkout.spec.ts'),
    run('npx playwright test e2e/checkout.spec.ts --repeat-each=10', 0, '  120 passed (51.2s)')]), ['fixed:supported'])
  t.strictSame(outcomes('LRU bug fixed.', [run('go test ./internal/cache/', 1, ASSERTION), edit('internal/cache/lru_test.go'),
    run('go test ./internal/cache/', 0, 'ok  \tgithub.com/acme/edge/internal/cache\t0.009s')]), ['fixed:unsupported'])
  t.strictSame(outcomes('Fixed.', [run('npx playwright test e2e/other.spec.ts', 1, TIMED_OUT), edit('e2e/checkout.spec.ts'),
    run('npx playwright test e2e/checkout.spec.ts', 0, '  12 passed (9.1s)')]), ['fixed:unsupported'], 'the flake was in another file')
})
