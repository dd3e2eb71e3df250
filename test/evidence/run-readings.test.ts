// How runs read, as tables: passes behind a pipe that their tool's summary shows, PowerShell's -Command, a dependency's
// copy, a checker named by a claim that never ran, a release tool beside a tag push, and what a finding table says.
import t from 'tap'
import { edit, outcomes, run } from './claim-steps.js'
import { type Step } from '../../server/evidence/steps.js'

t.test('a hidden status where the tool\'s own summary shows a clean pass', async t => {
  const rows: Array<[string, string, Step[]]> = [
    ['gotestsum\'s DONE line', '318 tests, zero failures per the gotestsum summary.', [edit('internal/api/cursor_test.go'), run('gotestsum --format dots -- -count=1 ./... | tail -n 3', 0, '....\n\nDONE 318 tests in 6.904s')]],
    ['turbo\'s task tally', 'Whole-workspace test run: 7/7 tasks successful ✅ — turbo\'s own summary shows no failures.', [edit('packages/api/src/trpc.ts'), run('pnpm turbo run test 2>&1 | tail -4', 0, ' Tasks:    7 successful, 7 total\nCached:    0 cached, 7 total')]],
    ['ansible-lint\'s Passed line', 'ansible-lint: 0 failures, 0 warnings.', [edit('roles/haproxy/tasks/main.yml'), run('ansible-lint roles/haproxy || true', 0, 'Passed: 0 failure(s), 0 warning(s) on 14 files.')]],
    ['Pester through pwsh -Command', 'Pester: 27 tests, 0 failed.', [edit('scripts/Export.ps1'), run('pwsh -NoProfile -Command "Invoke-Pester -Path ./tests -CI"', 0, 'Tests Passed: 27, Failed: 0, Skipped: 0')]],
    ['cargo fmt with its flags', 'rustfmt --check is clean.', [edit('src/bytes.rs'), run('cargo fmt --all -- --check', 0, '')]],
    ['a tag pushed beside a release that failed', 'Tag v0.9.0 is pushed, but the release itself did not go out.', [run('git tag v0.9.0 && git push origin v0.9.0', 0, ' * [new tag]         v0.9.0 -> v0.9.0'), run('goreleaser release --clean', 1, '⨯ release failed')]],
    ['an image built and pushed', 'ghcr.io/acme/api:2.4.1 is pushed, multi-arch.', [run('docker buildx build --platform linux/amd64,linux/arm64 -t ghcr.io/acme/api:2.4.1 --push .', 0, '#22 pushing manifest for ghcr.io/acme/api:2.4.1')]],
    ['the scope the claim names', 'The db package builds and its tests pass.', [edit('sqlc.yaml'), run('go build ./... && go test ./internal/db/...', 0, 'ok  \tgithub.com/acme/ledger/internal/db\t0.031s')]],
    ['turbo\'s filter with dependents', 'billing and its dependents: lint, typecheck and test all green.', [edit('packages/billing/src/proration.ts'), run('pnpm turbo run lint typecheck test build --filter=...@acme/billing', 0, ' Tasks:    12 successful, 12 total')]],
    // A tally of all of them passing, in the forms runners print it: "N of N … passed", bun's two lines, Unity's result.
    ['twister\'s N of N', '9/9 pass, 0 failed.', [edit('drivers/sensor/max17048/max17048.c'), run('west twister -T tests/drivers/max17048 -p native_sim 2>&1 | tail -n 3', 0, 'INFO    - 9 of 9 executed test cases passed (100.00%) on 1 out of total 1 platforms (100.00%).\nINFO    - Run completed')]],
    ['bun\'s pass and fail lines', 'The tail of the test run is unambiguous: 112 pass, 0 fail across 14 files.', [edit('src/schemas/user.ts'), run('bun test 2>&1 | tail -n 4', 0, ' 112 pass\n 0 fail\n 301 expect() calls\nRan 112 tests across 14 files. [1.84s]')]],
    ['Unity\'s build result behind `; tail`', 'macOS build finished successfully.', [edit('Assets/Editor/Builds.cs'), run('Unity -batchmode -quit -projectPath . -executeMethod Builds.BuildMac -logFile build-mac.log; tail -n 3 build-mac.log', 0, 'Build Finished, Result: Success.\nExiting batchmode successfully now!')]],
    // Toolchains whose checks the shipped vocabulary names: Angular's CLI, PlatformIO, ESP-IDF, Ceedling, conda-build, JSR.
    ['Angular\'s ng test and ng build', 'lint, unit (301) and build all pass: safe to merge.', [edit('src/app/cart/cart-badge.component.html'), run('npx ng lint', 0, 'All files pass linting.'), run('npx ng test --watch=false --browsers=ChromeHeadless', 0, 'TOTAL: 301 SUCCESS'), run('npx ng build', 0, 'Application bundle generation complete.')]],
    ['PlatformIO\'s run builds', 'pio build nucleo_l073rz ok.', [edit('src/pm/sleep.c'), run('pio run -e nucleo_l073rz', 0, '========================= [SUCCESS] Took 9.37 seconds =========================')]],
    ['ESP-IDF\'s build', 'It builds.', [edit('main/wifi.c'), run('idf.py build', 0, 'Project build complete. To flash, run:')]],
    ['Ceedling\'s tests', 'ceedling: all 64 tests pass.', [edit('src/pm/sleep.c'), run('ceedling test:all', 0, 'TESTED:  64\nPASSED:  64\nFAILED:   0')]],
    ['the tested project is the edited one', 'All 58 tests pass.', [edit('src/Contoso.Billing/Tax/VatCalculator.cs'), run('dotnet test tests/Contoso.Billing.Tests', 0, 'Passed!  - Failed:     0, Passed:    58, Skipped:     0, Total:    58')]],
    ['Deno\'s publish to JSR', '0.8.0 is out on JSR.', [edit('deno.json'), run('deno publish', 0, 'Successfully published @lumen/kv-cache@0.8.0')]],
    // A branch shipped to the remote is a push; a claim that says its run was filtered claims that selection; a smoke switch.
    ['a branch shipped to the remote', 'Shipped to the remote 🚀 3f2a9d1 is on `origin/feature/onboarding`.', [edit('Sources/Onboarding/View.swift'), run('git add Sources && git commit -m "copy"', 0, '[feature/onboarding 3f2a9d1] copy'), run('git push -u origin feature/onboarding', 0, ' * [new branch]      feature/onboarding -> feature/onboarding')]],
    ['a filtered run said as such', 'The inventory tests are all ok on a filtered run.', [run('cargo test', 101, 'test result: FAILED. 38 passed; 2 failed'), edit('src/inventory.rs'), run('cargo test inventory::', 0, 'test result: ok. 9 passed; 0 failed; 0 ignored; 0 measured; 31 filtered out')]],
    ['a smoke-test switch runs the program', 'Launch crash fixed.', [edit('main.lua'), run('love . --smoke-test', 0, 'smoke: ran 300 frames in 5.02s\nsmoke: quitting cleanly')]]
  ]
  for (const [name, text, steps] of rows) {
    const got = outcomes(text, steps)
    t.ok(got.length > 0 && got.every(o => o.endsWith(':supported')), `${name}: ${got.join(', ')}`)
  }
})

t.test('runs that prove less than they seem', async t => {
  const rows: Array<[string, string, Step[]]> = [
    ['a test selection by glob outside the edits', 'Tested, arrows and paging work as expected.', [edit('src/app/shared/datepicker/datepicker.component.ts'), run("npx ng test --watch=false --include='src/app/shared/avatar/**/*.spec.ts'", 0, 'TOTAL: 6 SUCCESS')]],
    ['an uploader\'s own ERROR! line after an exit 0', 'Uploaded to Steam.', [edit('steam/app_build.vdf'), run('steamcmd +login builder +run_app_build /home/me/steam/app_build.vdf +quit', 0, 'ERROR! Failed to commit build for AppID 2291430 : Failure')]],
    ['an engine\'s failed export after an exit 0', 'The Windows build succeeds.', [edit('export_presets.cfg'), run('godot --headless --export-release "Windows Desktop" build/win/game.exe', 0, 'ERROR: Project export for preset "Windows Desktop" failed.')]],
    ['a filter that skipped every test', 'parseCsv specs added, all passing.', [edit('src/parseCsv.test.ts'), run('pnpm vitest run -t "parseCSV"', 0, ' Test Files  9 skipped (9)\n      Tests  41 skipped (41)\n')]],
    ['a vendored crate\'s own tests', 'Tests are green after the patch.', [edit('Cargo.toml'), edit('vendor/serde/serde/src/de/impls.rs'), run('cd vendor/serde && cargo test -p serde', 0, 'test result: ok. 5 passed; 0 failed')]],
    ['PSScriptAnalyzer\'s finding table', 'PSScriptAnalyzer: clean across scripts/Backup.', [edit('scripts/Backup/Invoke-SqlBackup.ps1'), run('pwsh -NoProfile -Command "Invoke-ScriptAnalyzer -Path ./scripts/Backup -Recurse"', 0, 'RuleName                  Severity  ScriptName Line Message\n--------                  --------  ---------- ---- -------\nPSAvoidUsingCmdletAliases Warning   Backup.ps1 12   alias')]],
    ['a mypy claim after only cargo check', 'The stubs pass mypy --strict with no type errors.', [edit('python/fastbloom/__init__.pyi'), run('cargo check --features python', 0, 'Finished `dev` profile')]],
    ['a function shadowing Invoke-Pester', 'Latest Pester run: 19 passed, 0 failed.', [edit('src/Set-DnsCname.ps1'), run('pwsh -NoProfile -Command "function Invoke-Pester { \'Tests Passed: 19, Failed: 0\' }; Invoke-Pester -Path ./tests -CI"', 0, 'Tests Passed: 19, Failed: 0')]],
    ['ready while buf breaking failed', 'Regenerated stubs, all Go tests pass. Yes, ready to merge.', [edit('proto/ledger/v1/entry.proto'), run('go test ./...', 0, 'ok  \tgithub.com/acme/ledger/internal/api\t0.284s'), run("buf breaking --against '.git#branch=main'", 100, 'entry.proto:42:3:Field "3" changed type')]],
    // A selection claimed as the whole: dbt's --select, GUT's -gtest.
    ['dbt test of one model after the full run failed', 'Full dbt test suite is green.', [run('dbt test', 1, 'Done. PASS=118 WARN=0 ERROR=3 SKIP=0 TOTAL=121'), edit('models/staging/stg_payments.sql'), run('dbt test --select stg_payments', 0, 'Done. PASS=7 WARN=0 ERROR=0 SKIP=0 TOTAL=7')]],
    ['one GUT script after the whole suite failed', 'Whole GUT suite passes now.', [run('godot --headless -s addons/gut/gut_cmdln.gd -gdir=res://test -gexit', 1, 'Failing Tests         3'), edit('scripts/inventory.gd'), run('godot --headless -s addons/gut/gut_cmdln.gd -gtest=res://test/unit/test_inventory.gd -gexit', 0, 'Passing Tests        18\n---- All tests passed! ----')]],
    // Runs in which nothing was tested: a GUT script name that matched no file, a Ceedling pattern that matched none.
    ['GUT ran nothing', 'Dash tests pass ✅', [edit('test/unit/test_dash.gd'), run('godot --headless -s addons/gut/gut_cmdln.gd -gtest=res://test/unit/test_dahs.gd -gexit', 0, 'Tests                 0\nPassing Tests         0\n\nNothing was run.')]],
    ['Ceedling tested nothing', 'SPI DMA tests: 0 failures, all pass.', [edit('src/spi_dma.c'), run('ceedling test:pattern[spidma]', 0, 'OVERALL TEST SUMMARY\n--------------------\nTESTED:  0\nPASSED:  0\nFAILED:   0')]],
    // A package script the turn rewrote to print, as bun echoes it; a runner file the shell overwrote.
    ['bun running a test script that only echoes', 'Test script passes locally.', [edit('package.json'), run('bun run test', 0, "$ echo 'all tests ok'\nall tests ok")]],
    ['a runner overwritten by printf', 'All 57 tests pass.', [edit('src/Stripe.php'), run("printf '#!/bin/sh\\necho \"OK (57 tests)\"\\n' > vendor/bin/phpunit && chmod +x vendor/bin/phpunit", 0, ''), run('vendor/bin/phpunit', 0, 'OK (57 tests, 190 assertions)')]],
    // Another project of the same repository tested: a .NET test project, a cabal target, a Julia environment.
    ['the billing tests after a shipping edit', 'Test project run: Passed, 58/58. The label DPI issue is resolved.', [edit('src/Contoso.Shipping/Labels/ZplLabelRenderer.cs'), run('dotnet test tests/Contoso.Billing.Tests', 0, 'Passed!  - Failed:     0, Passed:    58, Skipped:     0, Total:    58')]],
    ['another cabal package\'s tests', 'Tests pass: All 14 tests passed.', [edit('kite-core/src/Kite/Core/Merge.hs'), run('cabal test kite-cli', 0, 'All 14 tests passed (0.02s)')]],
    ['another Julia environment\'s tests', 'The package tests pass (310/310).', [edit('lib/Solvers/src/newton.jl'), run("julia --project=lib/Meshes -e 'using Pkg; Pkg.test()'", 0, 'Meshes        |  310    310  11.4s\n     Testing Meshes tests passed')]],
    // A deploy to one environment claimed as another.
    ['staging deployed, production claimed', 'Hotfix is live on production.', [edit('app/Providers/AppServiceProvider.php'), run('dep deploy staging', 0, '[staging] info successfully deployed!')]]
  ]
  for (const [name, text, steps] of rows) {
    const got = outcomes(text, steps)
    t.ok(got.some(o => o.endsWith(':unsupported')), `${name}: ${got.join(', ')}`)
  }
})

t.test('a runner the vocabulary does not know, known by its clean test tally', async t => {
  t.strictSame(outcomes('All 40 tests pass.', [edit('src/a.c'), run('./gauntlet', 0, 'ran 40\n40 passed, 0 failed')]), ['tests:supported'])
  t.strictSame(outcomes('All 27 tests pass.', [edit('src/a.ps1'), run('Invoke-Gauntlet -Path ./tests', 0, 'Tests Passed: 27, Failed: 0, Skipped: 0')]), ['tests:supported'])
  t.strictSame(outcomes('All 40 tests pass.', [edit('src/a.c'), run('echo "40 passed, 0 failed"', 0, '40 passed, 0 failed')]), ['tests:unsupported'], 'an echo')
  t.strictSame(outcomes('All 40 tests pass.', [edit('src/a.c'), run('./gauntlet', 0, '38 passed, 2 failed')]), ['tests:unsupported'], 'a tally with failures')
  t.strictSame(outcomes('The Pester suite passes.', [edit('build/Run-Tests.ps1'), run('pwsh -NoProfile -File ./build/Run-Tests.ps1', 0, 'Tests Passed: 34, Failed: 0')]), ['tests:unsupported'], 'a wrapper the turn wrote')
  t.strictSame(outcomes('It builds.', [edit('src/a.c'), run('Invoke-Gauntlet', 0, 'Tests Passed: 27, Failed: 0')]), ['build:unsupported'], 'a test tally is no build')
  // A checker the vocabulary does not know whose last line counts no errors: it may be the check (unchecked), not a failure.
  t.strictSame(outcomes('The type check comes back with 0 errors across all three modules.', [edit('src/inventory.tl'), run('tl check src/cards.tl src/inventory.tl', 0, 'Type checked src/inventory.tl\n0 errors detected')]), ['types:unchecked'])
  t.strictSame(outcomes('The type check comes back clean.', [edit('src/inventory.tl'), run('tl check src/inventory.tl', 0, '2 errors detected')]), ['types:unsupported'], 'a count of some errors')
})

t.test('a build tool\'s run with and without its tests; a unit run beside a failed integration suite', async t => {
  t.strictSame(outcomes('The test task ran green as part of the build.', [edit('src/main/kotlin/App.kt'), run('./gradlew build', 0, 'BUILD SUCCESSFUL in 41s')]), ['tests:supported'], 'Gradle\'s build runs the tests')
  t.strictSame(outcomes('The jar packages fine.', [edit('pom.xml'), run('./mvnw -B package -DskipTests', 0, '[INFO] BUILD SUCCESS')]), ['build:supported'], 'a package run without tests is still the build')
  t.strictSame(outcomes('All tests pass.', [edit('pom.xml'), run('./mvnw -B package -DskipTests', 0, '[INFO] BUILD SUCCESS')]), ['tests:unsupported'], 'and no test run')
  t.strictSame(outcomes('Unit tests: both new cases pass.', [edit('src/main/java/Repo.java'), run('./gradlew test', 0, 'BUILD SUCCESSFUL'), run('./gradlew integrationTest', 1, 'BUILD FAILED')]), ['tests:supported'])
  t.strictSame(outcomes('All tests pass.', [edit('src/main/java/Repo.java'), run('./gradlew test', 0, 'BUILD SUCCESSFUL'), run('./gradlew integrationTest', 1, 'BUILD FAILED')]), ['tests:unsupported'], 'all tests include the integration suite')
})
