// A count the claim quotes, printed by the run it reports: a pipe or an unknown runner hid nothing the claim did not read.
import t from 'tap'
import { edit, outcomes, run } from './claim-steps.js'
import { quotedCount } from '../../server/evidence/quoted-count.js'

t.test('which numbers are counts', async t => {
  const rows: Array<[string, string, number | undefined]> = [
    ['214/214 green', 'Ran 214 cases\nall good', 214],
    ['86 checks pass', '86 ok, 0 failed', 86],
    ['v0.9.0 passes 9 checks', 'ok 9', 9],
    ['v0.9.0 is out', 'published 0.9.0', undefined],
    ['ingress.yaml:18 is clean', 'checked 18 files', undefined],
    ['done in 6.9s: 318 tests', 'DONE 318 tests in 6.904s', 318],
    ['1 test passes', '1 passed', undefined],
    ['100% of 40 pass', '40 of 40, 2 failed', undefined],
    ['40 pass', '40 passed, 0 failed, 0 errors', 40]
  ]
  for (const [claim, tail, want] of rows) t.equal(quotedCount(claim, { command: 'runner', tail }), want, `${claim} / ${tail}`)
  t.equal(quotedCount('41 passed', { command: 'mypy src >/dev/null; echo "41 passed"', tail: '41 passed' }), undefined, 'a count the line itself writes')
})

t.test('a hidden status or an unknown runner whose last lines print the count the claim quotes', async t => {
  // Tools no vocabulary names, in output formats no pattern knows: only the quoted count ties the claim to the run.
  const backed: Array<[string, string, ReturnType<typeof run>]> = [
    ['a known runner behind a pipe', 'The suite is green: 86 checks.', run('make test 2>&1 | tail -n 2', 0, 'Ran 86 checks\nall good')],
    ['an unknown runner behind a pipe', 'All 57 conformance tests pass.', run('./tools/conform --all | tail -n 2', 0, 'conform: 57/57 OK\nbye')],
    ['an unknown runner, no pipe', 'Tests: 112 green.', run('zest run', 0, 'zest: 112 green, 0 red')]
  ]
  for (const [name, text, step] of backed) {
    const got = outcomes(text, [edit('src/a.c'), step])
    t.ok(got.length > 0 && got.every(o => !o.endsWith(':unsupported')), `${name}: ${got.join(', ')}`)
  }
  const unbacked: Array<[string, string, ReturnType<typeof run>]> = [
    ['a failure in the last lines', 'The suite is green: 86 checks.', run('make test 2>&1 | tail -n 2', 0, 'Ran 86 checks\n3 failed')],
    ['another count', 'The suite is green: 90 checks.', run('make test 2>&1 | tail -n 2', 0, 'Ran 86 checks\nall good')],
    ['the count echoed by the line', 'The suite is green: 86 checks.', run('make test >/dev/null 2>&1; echo "Ran 86 checks"', 0, 'Ran 86 checks')],
    ['a count shown by cat', 'All 57 conformance tests pass.', run('cat reports/conform.txt', 0, 'conform: 57/57 OK')]
  ]
  for (const [name, text, step] of unbacked) t.strictSame(outcomes(text, [edit('src/a.c'), step]), ['tests:unsupported'], name)
})
