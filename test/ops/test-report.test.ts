// npm test's reporter (scripts/test-report.mjs): a line per file, a failed file's failed assertions with their
// diagnostics, and tap's own summary line kept for CI.
import { Readable } from 'node:stream'
import t from 'tap'
// @ts-expect-error: a plain ES module tap loads by path; it has no types.
import FileReporter, { failures } from '../../scripts/test-report.mjs'

const TAP = [
  'TAP version 14',
  '# Subtest: test/a.test.ts',
  '    ok 1 - fine',
  '    1..1',
  'ok 1 - test/a.test.ts # time=1234.5ms',
  '',
  '# Subtest: test/b.test.ts',
  '    # Subtest: the case',
  '        ok 1 - fine',
  '        not ok 2 - one is two',
  '          ---',
  '          diff: "-2 +1"',
  '          ...',
  '        1..2',
  '    not ok 1 - the case # time=3ms',
  '      ---',
  '      at: { lineNumber: 2 }',
  '      ...',
  '    1..1',
  'not ok 2 - test/b.test.ts # time=70ms',
  '# { total: 3, pass: 2, fail: 1 }',
  '# time=2705.725ms'
].join('\n') + '\n'

t.test('a line per file, failures in full, the summary kept', async t => {
  const out: string[] = []
  // Split mid-line: a chunk boundary must not cut a line in two.
  const r = Readable.from([TAP.slice(0, 50), TAP.slice(50)]).pipe(new FileReporter())
  for await (const c of r) out.push(String(c))
  const text = out.join('')
  t.match(text, /^ok {6}1\.2s {2}test\/a\.test\.ts\nFAIL {4}0\.1s {2}test\/b\.test\.ts\n/)
  t.match(text, /not ok 2 - one is two\n\s+---\n\s+diff: "-2 \+1"\n\s+\.\.\./)
  t.notMatch(text, /ok 1 - fine/, 'passing assertions are not printed')
  t.match(text, /\n2 files, 1 failed: test\/b\.test\.ts\n# \{ total: 3, pass: 2, fail: 1 \}\n$/)
})

t.test('failures: each not-ok line with the YAML block under it, nothing else', async t => {
  t.strictSame(failures(['  ok 1 - a', '  not ok 2 - b', '    ---', '    x: 1', '    ...', '  ok 3 - c']), ['  not ok 2 - b', '    ---', '    x: 1', '    ...'])
})
