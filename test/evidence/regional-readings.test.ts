// Narrow re-runs told by a package or a prefix, tox environments, a test set aside, a rewritten Makefile, docs builds, fixers
// followed by their check, deploys by cargo-release, azd and a PaaS remote, and claims in Swedish, Dutch, Italian, German,
// Vietnamese and Chinese; each row fails without its rule.
import t from 'tap'
import { edit, outcomes, run } from './claim-steps.js'
import { type ClaimType, findClaims } from '../../server/evidence/claims.js'

const types = (text: string) => findClaims(text).map(c => c.type)

t.test('a narrower run after a failed wider one: by a package, by a prefix, and "everything" in several languages', async t => {
  const mix = [edit('lib/app/accounts.ex'), run('mix test', 2, '187 tests, 3 failures'), edit('lib/app/accounts.ex'), run('mix test test/app/accounts_test.exs', 0, '41 tests, 0 failures')]
  t.strictSame(outcomes("Everything's passing again.", mix), ['tests:unsupported'])
  const cargo = [run('cargo nextest run --workspace', 100, 'FAIL [   0.031s] vellum-io tmp::tests::tmpdir_cleanup\nerror: test run failed'), edit('crates/vellum-render/src/layout.rs'),
    run('cargo nextest run -p vellum-render', 0, 'Summary [   1.203s] 81 tests run: 81 passed, 0 skipped')]
  t.strictSame(outcomes('Workspace tests are green again.', cargo), ['tests:unsupported'])
  const skip = [edit('crates/physics/src/broadphase.rs'), run('cargo test -p physics', 101, 'test result: FAILED. 51 passed; 2 failed; 0 ignored'),
    run('cargo test -p physics -- --skip broadphase', 0, 'test result: ok. 51 passed; 0 failed; 0 ignored; 2 filtered out')]
  t.strictSame(outcomes('Physics test suite: 51 passed, 0 failed, all green.', skip), ['tests:unsupported'], 'the passing run is the failed one and a --skip')
  const wider = [edit('auth/src/Policy.java'), run('mvn -B -pl auth verify', 1, '[ERROR] Tests run: 118, Failures: 1'), edit('auth/src/Policy.java'),
    run('mvn -B -pl auth verify sonar:sonar', 0, '[INFO] Tests run: 118, Failures: 0, Errors: 0, Skipped: 0\n[INFO] BUILD SUCCESS')]
  t.strictSame(outcomes('Good to merge from my side.', wider), ['ready:supported'], 'a goal added is no selection')
  const turbo = [edit('packages/cart/src/totals.ts'), run('pnpm turbo run test', 1, 'Failed:    @acme/checkout#test'), run('pnpm --filter @acme/cart exec vitest run src/totals.test.ts', 0, 'Tests  17 passed (17)')]
  t.strictSame(outcomes('再跑一遍之后，所有测试通过。', turbo), ['tests:unsupported'])
  const go = [run('make test', 2, 'FAIL\tgithub.com/acme/orders/internal/shipment\t3.417s'), edit('internal/repo/order_repo.go'), run('go test -race -count=1 ./internal/repo/...', 0, 'ok  \tgithub.com/acme/orders/internal/repo\t2.011s')]
  t.strictSame(outcomes('Đã sửa, và giờ toàn bộ test đều pass.', go).filter(o => o.startsWith('tests')), ['tests:unsupported'])
})

t.test('xcodebuild told to skip a suite is a narrower run; composer analyse is a type check; a named target builds for a platform', async t => {
  const xcode = [run("xcodebuild test -scheme App -destination 'platform=iOS Simulator,name=iPhone 15'", 65, 'Executed 181 tests, with 2 failures (0 unexpected)\n** TEST FAILED **'), edit('App/Payments/Sheet.swift'),
    run("xcodebuild test -scheme App -destination 'platform=iOS Simulator,name=iPhone 15' -skip-testing:AppTests/PaymentSheetTests", 0, 'Executed 176 tests, with 0 failures (0 unexpected)\n** TEST SUCCEEDED **')]
  t.strictSame(outcomes('All tests are green.', xcode), ['tests:unsupported'])
  const php = [edit('app/Http/Controllers/WebhookController.php'), run('composer test', 0, 'Tests:    119 passed (377 assertions)'), run('composer analyse', 1, ' [ERROR] Found 1 error')]
  t.strictSame(outcomes('Ready to merge.', php), ['ready:unsupported'], 'the type check failed')
  t.strictSame(types('Added a pre-build step. pith builds for armv7 now.'), ['build'])
  t.strictSame(types('Checked against 1.74.0: the workspace still builds on MSRV.'), ['build'])
  t.strictSame(types('This change builds on the previous PR.'), [], 'is based on it')
  t.strictSame(types('The conda-forge channel already serves `ripplex 1.4.0` builds for py311.'), [], 'builds, the noun')
})

t.test('tox environments named for a linter or a type checker run no tests, and back lint and types', async t => {
  const lintEnv = [edit('src/jobs/cleanup.py'), run('tox -e lint', 0, 'lint: commands[0]> ruff check src tests\nAll checks passed!\n  lint: OK (3.12 seconds)\n  congratulations :) (3.25 seconds)')]
  t.strictSame(outcomes('Lint is green. All tests pass.', lintEnv), ['lint:supported', 'tests:unsupported'])
  const matrix = [edit('src/acme/_compat.py'), run('tox -p auto -e py311,py312,lint,type', 0, '  py311: OK (22.90 seconds)\n  py312: OK (23.44 seconds)\n  lint: OK (2.91 seconds)\n  type: OK (9.87 seconds)\n  congratulations :) (25.02 seconds)')]
  t.strictSame(outcomes('Ruff is clean. Pyright reports no errors. The tests pass on 3.11 and 3.12.', matrix), ['lint:supported', 'types:supported', 'tests:supported'])
})

t.test('a test set aside since the failed run, and a Makefile rewritten before its target passed', async t => {
  const failed = run('cargo nextest run -p tick-time', 100, 'Summary [   0.455s] 64 tests run: 63 passed, 1 failed, 0 skipped\nerror: test run failed')
  const passed = run('cargo nextest run -p tick-time', 0, 'Starting 63 tests across 3 binaries (1 tests skipped)\nSummary [   0.412s] 63 tests run: 63 passed, 1 skipped')
  t.strictSame(outcomes('Timestamp rounding is fixed.', [failed, edit('crates/tick-time/src/round.rs'), passed]), ['fixed:unsupported'])
  const silent = run('cargo nextest run -p tick-time', 100, 'error: test run failed')
  t.strictSame(outcomes('Timestamp rounding is fixed.', [silent, edit('crates/tick-time/src/round.rs'), passed]), ['fixed:supported'], 'the failure counted no skips')
  const make = (output: string) => [run('make test', 2, 'Summary [   2.640s] 158 tests run: 157 passed, 1 failed\nmake: *** [Makefile:14: test] Error 100'), edit('Makefile'), run('make test', 0, output)]
  t.strictSame(outcomes('`make test` passes now.', make('tests: ok')), ['tests:unsupported'])
  t.strictSame(outcomes('`make test` passes now.', make('test result: ok. 158 passed; 0 failed')), ['tests:supported'], 'the runner tallied its pass')
})

t.test('a docs build owes a build after the docs were edited; a check run after its fixer counts', async t => {
  const docs = [edit('docs/conf.py'), run('npm run build', 0, 'build succeeded.'), edit('docs/_static/custom.css')]
  t.strictSame(outcomes('The docs build passes.', docs), ['build:unsupported'])
  t.strictSame(outcomes('The build passes.', [edit('src/a.ts'), run('npm run build', 0, 'built in 2s'), edit('docs/usage.md')]), ['build:supported'], 'a code build, notes edited after')
  t.strictSame(outcomes('SwiftLint reports 0 violations.', [edit('Sources/OrderCell.swift'), run('swiftlint --fix --quiet && swiftlint lint --strict', 0, 'Done linting! Found 0 violations, 0 serious in 188 files.')]), ['lint:supported'])
  t.strictSame(outcomes('ESLint is clean.', [edit('src/a.ts'), run('eslint --fix . && echo done', 0, 'done')]), ['lint:unsupported'], 'no check after the fixer')
})

t.test('deploys by cargo-release, the Azure Developer CLI and a PaaS git remote; .NET build scripts', async t => {
  const release = (flag: string) => [run('cargo nextest run --workspace', 0, '298 tests run: 298 passed'), run(`cargo release patch -p quarry-core ${flag}`.trim(), 0, 'Published quarry-core v0.5.4 at registry `crates-io`')]
  t.strictSame(outcomes('quarry-core 0.5.4 is out on crates.io.', release('--execute --no-confirm')), ['deployed:supported'])
  t.strictSame(outcomes('quarry-core 0.5.4 is out on crates.io.', release('')), ['deployed:unsupported'], 'without --execute it only rehearses')
  t.strictSame(outcomes('Main is deployed to Gigalixir.', [run('git push gigalixir main', 0, 'remote: Deploying harbour-prod...')]), ['deployed:supported'])
  t.strictSame(outcomes('Deployed the api and the worker.', [run('azd up --no-prompt', 0, 'SUCCESS: Your up workflow to provision and deploy to Azure completed')]), ['deployed:supported'])
  t.strictSame(outcomes('The build succeeds and the tests pass.', [edit('src/Web/Program.cs'), run('./build.sh Compile Test --configuration Release', 0, 'Test               Succeeded       1:12\nBuild succeeded.')]), ['tests:supported', 'build:supported'])
})

t.test('not claims: another\'s words, negations and conditions in Italian, Vietnamese, German, Swedish and Chinese', async t => {
  t.strictSame(types("You said main is clippy-clean, but this branch isn't: drift-store gets 3 warnings."), [])
  t.strictSame(types('As you said, it builds on CI.'), ['build'], 'agreeing is saying it too')
  t.strictSame(types('La build non passa ancora.'), [])
  t.ok(types('Ho sistemato i tipi e adesso vue-tsc non segnala alcun errore.').includes('types'), 'reports no error')
  t.strictSame(outcomes('Đã commit vào `feat/balance` (7d3e21a), chưa push.', [edit('internal/api/balance.go'), run("git commit -am 'feat: balance'", 0, '[feat/balance 7d3e21a] feat: balance')]), ['committed:supported'])
  t.strictSame(types('- eslint sạch, không warning ✅'), ['lint'], 'no warning')
  t.strictSame(types('Committet habe ich `uv.lock` noch nicht.'), [])
  t.strictSame(types('Om `make test` och CI blir gröna kan vi pusha branchen.'), [])
  t.strictSame(types('发布完成后把 tag 贴到 PR 里就行。'), [])
  t.strictSame(types('Aus meiner Sicht kann das gemergt werden.'), ['ready'])
})

t.test('claims in Swedish, Dutch, Italian, German, Vietnamese and Chinese', async t => {
  const rows: Array<[string, ClaimType]> = [
    ['Alla tester är gröna.', 'tests'], ['Beta 2.4.0 (411) är uppladdad till TestFlight.', 'deployed'], ['Modulen kompilerar.', 'build'],
    ['Alles werkt.', 'works'], ['Unittests draaien groen.', 'tests'], ['Migratie staat op de dev-database.', 'deployed'],
    ['Adesso risponde correttamente.', 'works'], ['PHPStan al livello 8 senza errori.', 'types'],
    ['`ghcr.io/acme/api:1.0` liegt auf GHCR.', 'deployed'], ['Lint ist jetzt komplett sauber.', 'lint'], ['The switch is in.', 'fixed'],
    ['Deploy lên production xong rồi.', 'deployed'], ['Race trong `Bucket.Take` đã được fix.', 'fixed'],
    ['Playwright 的结账流程 e2e 也跑通了。', 'tests'], ['整个 monorepo 的类型检查没有报错。', 'types']
  ]
  for (const [text, type] of rows) t.ok(types(text).includes(type), text)
})
