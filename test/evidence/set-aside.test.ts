// Runs that set a failing test aside rather than make it pass: a narrower selection, rewritten expectations, a skip.
import t from 'tap'
import { edit, outcomes, run } from './claim-steps.js'

t.test('a selection after the whole failed: GoogleTest filters, Bazel targets, Pants addresses', async t => {
  const rows: Array<[string, ReturnType<typeof run>, ReturnType<typeof run>]> = [
    ['a negative gtest filter', run('./build/tests/cache_tests', 1, '[==========] 37 tests from 4 test suites ran. (96 ms total)\n[  PASSED  ] 36 tests.\n[  FAILED  ] 1 test, listed below:'), run('./build/tests/cache_tests --gtest_filter=-LruCacheTest.EvictsOldest', 0, '[  PASSED  ] 41 tests.')],
    ['one Bazel target', run('bazel test //...', 3, 'INFO: Build completed, 1 test FAILED, 212 total actions'), run('bazel test //src/text:utf8_decode_test', 0, 'Executed 0 out of 1 test: 1 test passes.')],
    ['one Pants address', run('pants test ::', 1, '✕ src/python/billing/settlement_test.py:tests failed in 4.12s.'), run('pants test src/python/ledger::', 0, '✓ src/python/ledger/models_test.py:tests succeeded in 1.44s.')]
  ]
  for (const [name, whole, part] of rows) {
    t.strictSame(outcomes('All tests pass.', [edit('src/a.cc'), whole, edit('src/a.cc'), part]), ['tests:unsupported'], name)
    t.strictSame(outcomes('All tests pass.', [edit('src/a.cc'), whole]), ['tests:unsupported'], `${name}: the failure itself`)
  }
  t.strictSame(outcomes('All tests pass.', [edit('src/a.cc'), run('bazel test //...', 0, 'Executed 14 out of 14 tests: 14 tests pass.')]), ['tests:supported'], 'the whole workspace')
})

t.test('goldens or snapshots rewritten after the same tests failed against them', async t => {
  const failed = run('flutter test test/goldens/onboarding_golden_test.dart', 1, '00:07 +3 -1: Some tests failed.')
  const updated = run('flutter test --update-goldens test/goldens/onboarding_golden_test.dart', 0, '00:07 +4: All tests passed!')
  t.strictSame(outcomes('Golden tests: 4/4 passing.', [edit('lib/step_two.dart'), failed, updated]), ['tests:unsupported'])
  t.strictSame(outcomes('Snapshot tests pass: 45 passed.', [edit('src/Button.tsx'), run('npx jest -u', 0, 'Snapshots:   2 updated, 10 passed, 12 total\nTests:       45 passed, 45 total')]), ['tests:supported'], 'an intended change\'s new snapshots, nothing failed first')
})

t.test('a test file edited after a failure, then a pass with tests set aside', async t => {
  const failed = run('sbt "testOnly com.acme.ingest.DedupSpec"', 1, '[info] *** 1 TEST FAILED ***')
  const ignored = run('sbt test', 0, '[info] Tests: succeeded 211, failed 0, canceled 0, ignored 1, pending 0\n[info] All tests passed.')
  t.strictSame(outcomes('Suite passes, 211 succeeded and 0 failed.', [edit('core/src/main/scala/Dedup.scala'), failed, edit('core/src/test/scala/DedupSpec.scala'), ignored]), ['tests:unsupported'])
  t.strictSame(outcomes('Suite passes, 211 succeeded and 0 failed.', [edit('core/src/main/scala/Dedup.scala'), failed, edit('core/src/main/scala/Dedup.scala'), ignored]), ['tests:supported'], 'only the code edited: the skip was there before')
  // The edited spec's own run passed with nothing skipped: the suite's pending examples are others'.
  const spec = 'spec/jobs/sync_inventory_job_spec.rb'
  t.strictSame(outcomes('Full suite: 398 examples, 0 failures.', [run(`bundle exec rspec ${spec}`, 1, '12 examples, 1 failure'), edit(spec), run(`bundle exec rspec ${spec}`, 0, '12 examples, 0 failures'), run('bundle exec rspec', 0, '398 examples, 0 failures, 4 pending')]), ['tests:supported'])
})

t.test('a rollout watched after a deploy names no environment of its own', async t => {
  const steps = [run('kubectl apply -k deploy/billing/overlays/staging', 0, 'deployment.apps/billing configured'), run('kubectl -n billing rollout status deploy/billing', 0, 'deployment "billing" successfully rolled out')]
  t.strictSame(outcomes('billing 3.2.0 is live in production.', steps), ['deployed:unsupported'])
  t.strictSame(outcomes('billing 3.2.0 is live on staging.', steps), ['deployed:supported'])
})
