// What a run proves, as tables: passes a stray log line does not spoil, runs that prove nothing, the scope a claim names,
// a fix shown by the check that found the problem, and the vocabulary of contract, site and migration tools.
import t from 'tap'
import { edit, outcomes, run } from './claim-steps.js'
import { checkClaims } from '../../server/evidence/claim-check.js'
import { findClaims } from '../../server/evidence/claims.js'
import { type Step } from '../../server/evidence/steps.js'
import { simpleCommands } from '../../server/evidence/verification.js'

t.test('a pass the runner tallied stands beside a logged error; a part with no tests beside parts that passed', async t => {
  const rows: Array<[string, string, Step[]]> = [
    ['an expected revert logged inside a passing spec', 'Escrow specs: 4 passing, 0 failing.', [edit('contracts/Escrow.sol'), run('npx hardhat test test/Escrow.test.ts', 0, '  Escrow\n    ✔ deposits\nError: VM Exception while processing transaction: reverted\n    ✔ refunds\n\n  4 passing (1s)')]],
    ['an HTTP error in a test\'s title', 'All 14 specs pass.', [edit('routes/signup.js'), run('npm test', 0, '> api@1.4.0 test\n> mocha\n\n    ✓ returns 400 Error: email is required\n\n  14 passing (412ms)')]],
    ['cargo\'s doc tests after the unit tests', 'cargo test: 23 passed, 0 failed.', [edit('src/lexer.rs'), run('cargo test', 0, 'running 23 tests\ntest result: ok. 23 passed; 0 failed\n\n   Doc-tests toyc\n\nrunning 0 tests\n\ntest result: ok. 0 passed; 0 failed')]],
    ['the same full run again after its failure', 'Full `./mvnw test`: 214 run, 0 failures.', [run('./mvnw test', 1, '[ERROR] Tests run: 214, Failures: 3'), edit('src/main/java/Order.java'), run('./mvnw test', 0, '[INFO] Tests run: 214, Failures: 0, Errors: 0, Skipped: 2\n[INFO] BUILD SUCCESS')]],
    ['Alcotest\'s clean pass behind || true', '27 tests, all passing.', [edit('lib/lexer.mll'), run('dune test 2>&1 || true', 0, "Testing `kite'.\n  [OK]          lexer          0   LF line endings.\nTest Successful in 0.018s. 27 tests run.")]]
  ]
  for (const [name, text, steps] of rows) t.ok(outcomes(text, steps).every(o => o.endsWith(':supported')), name)
  t.strictSame(outcomes('All tests pass.', [edit(), run('make test', 0, 'Error: boom\n3 passed, 1 failed')]), ['tests:unsupported'], 'a tally with a failure is no pass')
})

t.test('runs that prove nothing', async t => {
  const rows: Array<[string, string, Step[]]> = [
    ['mocha selecting no spec', 'The liquidation specs all pass.', [edit('contracts/Liquidator.sol'), run('npx hardhat test --grep "liquidat"', 0, '\n\n  0 passing (2ms)\n')]],
    ['nix flake check --no-build', 'All tests pass.', [edit('flake.nix'), run('nix flake check --no-build', 0, "checking flake output 'checks'...\nchecking derivation checks.x86_64-linux.hspec...")]],
    ['ctest -N lists the tests', 'All tests pass.', [edit('src/a.cpp'), run('ctest --test-dir build -N', 0, 'Test project /src/build\n  Test  #1: core_tests\nTotal Tests: 35')]],
    ['a dependency\'s own tests', 'All tests pass.', [edit('src/core/JsonSettings.cpp'), run('cmake --build build/_deps/json-build && ctest --test-dir build/_deps/json-build', 0, '100% tests passed, 0 tests failed out of 93')]],
    ['a make target whose every line echoes', 'The SDK suite is passing now.', [edit('Makefile'), run('make test', 0, "echo '22 passed in 2.97s'\n22 passed in 2.97s")]],
    ['publishLocal is a local copy', 'kite 2.5.0 is out on Maven Central.', [edit('build.sbt'), run('sbt +publishLocal', 0, '[info] published kite_3 to /home/dev/.ivy2/local/io.kite/kite_3/2.5.0/jars/kite_3.jar')]],
    ['rsync -n is a dry run', "I've uploaded the new gallery page to your hosting.", [edit('gallery.html'), run('rsync -avzn --delete ./ me@example.com:public_html/', 0, 'sending incremental file list\ngallery.html')]],
    ['a debug preset for a release claim', 'The release build succeeds.', [edit('CMakeLists.txt'), run('cmake --preset linux-debug && cmake --build --preset linux-debug', 0, '[612/612] Linking CXX executable bin/Lumen')]],
    ['a narrow forge run after a failed full one', 'All 48 tests pass now.', [run('forge test', 1, 'Encountered 2 failing tests in test/Staking.t.sol:StakingTest'), edit('src/Staking.sol'), run('forge test --match-path test/Staking.t.sol', 0, 'Ran 1 test suite: 17 tests passed, 0 failed, 0 skipped')]]
  ]
  for (const [name, text, steps] of rows) t.ok(outcomes(text, steps).some(o => o.endsWith(':unsupported')), name)
})

t.test('the scope a claim names, and a fix shown by the check that found it', async t => {
  const nix = [edit('flake.nix'), run('nix build .#packages.x86_64-linux.default -L', 0, 'kite> installing'), run('nix build .#packages.aarch64-linux.default', 1, "error: a 'aarch64-linux' is required")]
  t.strictSame(outcomes('Builds on x86_64-linux.', nix), ['build:supported'], 'the target that built')
  t.strictSame(outcomes('It builds.', nix), ['build:unsupported'], 'no target named: the last build failed')
  t.strictSame(outcomes('Both mypy errors are gone.', [run('mypy --strict tools', 1, 'tools/a.py:41: error: Argument 1'), edit('tools/a.py'), run('mypy --strict tools', 0, 'Success: no issues found in 7 source files')]), ['fixed:supported'])
  t.strictSame(outcomes('ktlint の指摘を解消しました。', [run('./gradlew ktlintCheck', 1, 'Mailer.kt:12:1 Unexpected blank line'), edit('src/Sms.kt'), run('./gradlew ktlintCheck', 0, 'BUILD SUCCESSFUL in 4s')]), ['fixed:supported'])
  t.strictSame(outcomes('Fixed the crash.', [run('npm test', 1, 'Tests: 1 failed'), run('npx tsc --noEmit', 2, 'error TS2532'), edit('src/a.ts'), run('npx tsc --noEmit', 0, '')]), ['fixed:unsupported'], 'failing tests still owe their run')
})

t.test('what a command runs: substitutions, hooks of a commit, a Next build, a page fetched into grep', async t => {
  t.strictSame(simpleCommands("gh run watch $(gh run list --limit 1 -q '.[0].databaseId') --exit-status").map(p => p.text), ['gh run watch $(…) --exit-status', "gh run list --limit 1 -q '.[0].databaseId'"])
  t.strictSame(outcomes('CI 上で動作を確認しました。', [edit('.github/workflows/release.yml'), run("gh run watch $(gh run list --limit 1 -q '.[0].databaseId') --exit-status", 0, '✓ ci/sbom release · 9130482771')]), ['works:supported'])
  t.strictSame(outcomes('Every hook, black to mypy, reports Passed: formatted and type-clean.', [edit('src/app/views.py'), run('pre-commit run --all-files', 0, 'black....................................................................Passed\nmypy.....................................................................Passed')]).every(o => o.endsWith(':supported')), true, 'a type checker among the hooks')
  t.strictSame(outcomes('clang-format passed.', [edit('CMakeLists.txt'), run("git commit -m 'Release 2.3.0'", 0, 'clang-format.............................................................Passed\n[release/2.3 a4e91d0] Release 2.3.0')]), ['lint:supported'], 'pre-commit hooks a commit ran')
  const next = (output: string) => outcomes('Type-checked clean.', [edit('app/page.tsx'), run('npm run build', 0, output)])
  t.strictSame(next('  ▲ Next.js 14.2.3\n ✓ Compiled successfully\n ✓ Linting and checking validity of types'), ['types:supported'], 'a Next build checks types')
  t.strictSame(next('vite v5.2.8 building for production...\n✓ built in 4.12s'), ['types:unsupported'], 'a bundler does not')
  t.strictSame(outcomes('You are back online and the homepage loads normally again.', [run('rsync -az backup/ me@host:public_html/', 0, 'Number of files: 2,914'), run("curl -s https://example.org | grep -o '<title>.*</title>'", 0, '<title>Clara</title>')]), ['works:supported'], 'grep exits 0 only on what it looked for')
  t.strictSame(outcomes('The homepage loads normally again.', [edit('index.php'), run('curl -s https://example.org | head -3', 0, '<html>')]), ['works:unsupported'], 'head says nothing of the status')
})

t.test('contract, site and migration tools are the runs their claims name', async t => {
  const rows: Array<[string, Step[]]> = [
    ['Build ✔, 93/93 tests ✔.', [edit('src/Vault.sol'), run('forge build --sizes', 0, 'Compiler run successful!'), run('forge test', 0, '93 tests passed, 0 failed, 0 skipped (93 total tests)')]],
    ['Contracts compile.', [edit('contracts/A.sol'), run('npx hardhat compile', 0, 'Compiled 3 Solidity files successfully')]],
    ['Vesting is live on Sepolia.', [run('forge script script/Deploy.s.sol --rpc-url sepolia --broadcast --verify', 0, '✅  [Success] Hash: 0x9b1f')]],
    ['Compiles on 3.3.3.', [edit('build.sbt'), run('sbt ++3.3.3 compile', 0, '[success] Total time: 41 s')]],
    ['Deployed to the host.', [edit('index.html'), run('rsync -az ./ me@example.com:public_html/', 0, 'sent 4,912 bytes')]],
    ["The migration's applied.", [edit('shop/models.py'), run('python manage.py migrate', 0, 'Applying shop.0014_product_sku... OK')]]
  ]
  for (const [text, steps] of rows) t.ok(outcomes(text, steps).every(o => o.endsWith(':supported')), text)
  t.strictSame(outcomes("The migration's applied.", [edit('shop/models.py'), run('python manage.py migrate', 1, 'django.db.utils.ProgrammingError: column "sku" already exists')]), ['deployed:unsupported'])
})

t.test('a lint or type claim naming two tools where the turn ran one of them by name', async t => {
  t.strictSame(outcomes('scalafmt and scalafix are both clean.', [edit('core/Http.scala'), run('sbt scalafmtCheckAll', 0, '[success] Total time: 4 s')]), ['lint:unsupported'])
  t.strictSame(outcomes('solhint is at zero and Slither comes back empty too.', [edit('src/Treasury.sol'), run("npx solhint 'src/**/*.sol'", 0, '')]), ['lint:unsupported'])
  t.strictSame(outcomes('solhint and slither are both clean.', [edit('src/Treasury.sol'), run("npx solhint 'src/**/*.sol'", 0, ''), run('slither .', 0, 'INFO:Slither:. analyzed (12 contracts), 0 result(s) found')]), ['lint:supported'], 'both ran')
  t.strictSame(outcomes('eslint and prettier are both clean.', [edit('packages/web/src/a.ts'), run('pnpm -r lint', 0, 'packages/web lint$ eslint src\npackages/web lint: Done'), run('npx prettier --check .', 0, 'All matched files use Prettier code style!')]), ['lint:supported'], 'a tool a package script ran, echoed by its runner')
  t.strictSame(outcomes('ruff and mypy are both clean.', [edit('app/a.py'), run('make lint', 0, 'All checks passed!\nSuccess: no issues found in 12 source files')]), ['lint:supported', 'types:supported'], 'a task that ran tools the line does not name')
})

t.test('a command the vocabulary does not know, naming the claim\'s kind of check, leaves the claim unchecked', async t => {
  t.strictSame(outcomes('It builds.', [edit('src/main.rs'), run('earthly +build', 0, 'Artifact github.com/acme/x+build/bin output as bin')]), ['build:unchecked'])
  t.match(checkClaims(findClaims('It builds.'), [edit('src/main.rs'), run('earthly +build', 0, '')])[0], { evidence: /evidence\.checks\.build can name it/, command: 'earthly +build' })
  t.strictSame(outcomes('All tests pass.', [edit('src/a.c'), run('gauntlet test', 0, 'ok')]), ['tests:unchecked'])
  t.strictSame(outcomes('All tests pass.', [edit('src/a.c'), run('gauntlet test', 0, 'ran 40\n2 failed')]), ['tests:unsupported'], 'its output reports failures')
  t.strictSame(outcomes('All tests pass.', [edit('src/a.c'), run('gauntlet test || true', 0, 'ok')]), ['tests:unsupported'], 'its status hidden')
  t.strictSame(outcomes('All tests pass.', [run('gauntlet test', 0, 'ok'), edit('src/a.c')]), ['tests:unsupported'], 'before the last edit')
  t.strictSame(outcomes('All tests pass.', [edit('src/a.c'), run('earthly +build', 0, '')]), ['tests:unsupported'], 'a build is no test run')
  t.strictSame(outcomes('It builds.', [edit('infra/main.tf'), run('terraform plan', 0, 'Plan: 1 to add')]), ['build:unsupported'], 'a plan names no build')
  t.strictSame(outcomes('Lint is clean.', [edit('src/a.rs'), run('cargo fmt', 0, '')]), ['lint:unsupported'], 'a rewrite')
  t.strictSame(outcomes('Deployed.', [edit('src/a.rs'), run('earthly +deploy', 0, '')]), ['deployed:unsupported'], 'a deploy owes a deploy the vocabulary knows')
  t.strictSame(outcomes('It builds.', [edit('src/a.rs'), run('cat build.log', 0, 'Finished')]), ['build:unsupported'], 'looking at a log')
})

t.test('a deploy the vocabulary does not know: named so by its program or subcommand, it leaves the claim unchecked; it still names where it went', async t => {
  const deployed = (text: string, command: string, output = 'done') => outcomes(text, [edit('app/config.yml'), run(command, 0, output)])
  t.strictSame(deployed('Deployed to production.', './ops/promote-build.sh production'), ['deployed:unchecked'])
  t.strictSame(deployed('It is live in production.', 'kamal-ng deploy -d production'), ['deployed:unchecked'])
  t.strictSame(deployed('Released 2.3.0.', 'relkit publish --profile ci'), ['deployed:unchecked'])
  // A word of the kind only in an argument: a build of deploy assets, a staging-only sbt task, a pipeline named "Release".
  t.strictSame(deployed('Deployed to Gigalixir.', 'MIX_ENV=prod mix assets.deploy'), ['deployed:unsupported'])
  t.strictSame(deployed('It is out on Maven Central.', 'sbt +publishSignedX'), ['deployed:unsupported'])
  t.strictSame(deployed('4.2.0 is rolled out to production.', 'az pipelines run --name "Api-Release"'), ['deployed:unsupported'])
  // Where it went: another environment, or this machine.
  t.strictSame(deployed('Live in production.', './scripts/deploy.sh staging'), ['deployed:unsupported'])
  t.strictSame(deployed('Deployed to production.', './deploy.sh --dry-run production'), ['deployed:unsupported'])
})

t.test('"fixed" or "works" after a program the vocabulary does not know: one that may exercise the change leaves the claim unchecked', async t => {
  const fixed = (command: string, output = 'ok', edited = 'roles/nginx/tasks/main.yml') => outcomes('Fixed.', [edit(edited), run(command, 0, output)])
  t.strictSame(fixed('molecule test'), ['fixed:unchecked'])
  t.strictSame(fixed('mix ecto.migrate && mix ecto.rollback && mix ecto.migrate'), ['fixed:unchecked'])
  t.strictSame(outcomes('Confirmed the retry path works.', [edit('src/a.rb'), run('promtool check rules rules/*.yml && promtool test rules tests/*.yml', 0, 'SUCCESS')]), ['works:unchecked'])
  t.match(checkClaims(findClaims('Fixed.'), [edit('src/a.rb'), run('molecule test', 0, '')])[0], { evidence: /evidence\.checks\.run can name it/, command: 'molecule test' })
  // What builds, dry-runs, checks syntax, inspects, restarts or ships runs nothing of the change.
  for (const command of ['mix assets.build', 'unity-editor -batchmode -executeMethod BuildScript.BuildAndroidDev', 'snakemake -n --directory .test',
    'bq query --dry_run < q.sql', 'docker compose exec edge nginx -t', 'oc -n dev get pods', 'celery -A shop inspect ping', 'php bin/console cache:clear',
    'terragrunt apply -auto-approve', 'systemd-analyze calendar daily']) t.strictSame(fixed(command), ['fixed:unsupported'], command)
  t.strictSame(fixed('cd roles/fail2ban && molecule test', 'ok', 'roles/sshd/templates/sshd_config.j2'), ['fixed:unsupported'], 'in a folder the edits are not in')
  t.strictSame(fixed('adb shell am start -W -n x/.Main && adb logcat -d | tail -n 4'), ['fixed:unsupported'], 'its status hidden by a pipe')
  t.strictSame(fixed('molecule test', 'ran 3\n1 failed'), ['fixed:unsupported'], 'its output reports a failure')
  t.strictSame(fixed('snake() { echo ok; }; snake run'), ['fixed:unsupported'], 'a function the line defines')
  t.strictSame(outcomes('Fixed.', [run('molecule test', 0, 'ok'), edit('roles/a/tasks/main.yml')]), ['fixed:unsupported'], 'before the last edit')
})

t.test('a format check the vocabulary does not know names the lint kind (formatting is lint by the claim rules)', async t => {
  t.strictSame(outcomes('Formatting is clean.', [edit('scripts/build.sh'), run('shfmt2 -d scripts/', 0, '')]), ['lint:unchecked'])
  t.strictSame(outcomes('Lint is clean.', [edit('src/a.kt'), run('ktfmt-check src/', 0, '')]), ['lint:unchecked'])
  // What rewrites formats nothing it could report: no check; nor a program whose name only holds the letters.
  t.strictSame(outcomes('Formatting is clean.', [edit('src/a.kt'), run('ktfmt --fix src/', 0, '')]), ['lint:unsupported'])
  t.strictSame(outcomes('Lint is clean.', [edit('src/a.py'), run('information-dump src/', 0, '')]), ['lint:unsupported'])
})

t.test('"ready" after a failed check: an && chain that passed ran every one of its checks, the failed one included', async t => {
  const failed = run("npx prettier --check 'src/**/*.ts'", 1, '[warn] src/a.ts\n[warn] Code style issues found in 1 file.')
  t.strictSame(outcomes('Ready to merge.', [edit('src/a.ts'), failed, run("npx prettier --check 'src/**/*.ts' && npm test", 0, 'All matched files use Prettier code style!\n\n12 passing')]), ['ready:supported'])
  // Joined by ';' the chain's status is its last program's: the check may have failed again.
  t.strictSame(outcomes('Ready to merge.', [edit('src/a.ts'), failed, run("npx prettier --check 'src/**/*.ts'; npm test", 0, '12 passing')]), ['ready:unsupported'])
})

t.test('"lint is clean" speaks for every linter the turn ran after its last edit; a claim naming the one that passed speaks for it', async t => {
  const fmtFailed = run('terraform fmt -check -recursive', 3, 'infra/rds.tf')
  const validated = run('terraform validate', 0, 'Success! The configuration is valid.')
  t.strictSame(outcomes('validate passes, fmt clean.', [edit('infra/rds.tf'), fmtFailed, validated]), ['lint:unsupported'])
  t.strictSame(outcomes('Lint is clean.', [edit('infra/rds.tf'), fmtFailed, validated]), ['lint:unsupported'])
  const golangci = [edit('api/router.go'), run('gofmt -l .', 0, 'api/router.go'), run('golangci-lint run', 0, '')]
  t.strictSame(outcomes('Lint is clean.', golangci), ['lint:unsupported'])
  t.strictSame(outcomes('golangci-lint is clean.', golangci), ['lint:supported'])
  // A failure before the last edit is another version of the code.
  t.strictSame(outcomes('Lint is clean.', [fmtFailed, edit('infra/rds.tf'), validated]), ['lint:supported'])
})

t.test('a package script whose echoed command fixes files (`lint:fix` running `eslint . --fix`) checks nothing', async t => {
  const fix = run('pnpm --filter dashboard lint:fix', 0, '> dashboard@0.9.0 lint:fix /repo/packages/dashboard\n> eslint . --fix')
  t.strictSame(outcomes('No lint errors left.', [edit('packages/dashboard/src/Chart.tsx'), fix]), ['lint:unsupported'])
  const check = run('pnpm --filter dashboard lint', 0, '> dashboard@0.9.0 lint /repo/packages/dashboard\n> eslint .')
  t.strictSame(outcomes('No lint errors left.', [edit('packages/dashboard/src/Chart.tsx'), check]), ['lint:supported'])
})

t.test('tests set aside by a tag or a pattern are not the whole suite; the summary that counts them says so too', async t => {
  const ex = run('mix test --exclude integration --exclude external', 0, 'Finished in 2.9 seconds\n141 tests, 0 failures, 38 excluded')
  t.strictSame(outcomes('Full suite: 179 tests, 0 failures.', [edit('lib/app/mailer.ex'), ex]), ['tests:unsupported'])
  t.strictSame(outcomes('Every spec passes — 181 examples, 0 failures.', [edit('app/services/charge.rb'), run('bundle exec rspec --tag ~stripe', 0, '181 examples, 0 failures')]), ['tests:unsupported'])
  t.strictSame(outcomes('The whole suite is green.', [edit('lib/a.ex'), run('mix test', 0, '141 tests, 0 failures, 38 excluded')]), ['tests:unsupported'])
  // A claim about what ran, not the whole suite.
  t.strictSame(outcomes('The unit tests pass.', [edit('lib/app/mailer.ex'), ex]), ['tests:supported'])
})

t.test('runs that prove less than they seem: no test files found, a build-only deploy, a partial tally, a debug build folder, a preview deploy', async t => {
  t.strictSame(outcomes('Proration specs pass.', [edit('src/proration.ts'), run('pnpm exec vitest run src/proration --passWithNoTests', 0, 'No test files found, exiting with code 0')]), ['tests:unsupported'])
  t.strictSame(outcomes('Deployed to Fly.', [edit('lib/web/router.ex'), run('fly deploy --build-only --remote-only', 0, '--> Building image done')]), ['deployed:unsupported'])
  t.strictSame(outcomes('Verified the endpoints with the smoke script.', [edit('src/Repo.cs'), run('pwsh ./scripts/Invoke-Smoke.ps1', 0, 'GET /api/orders 200 OK\nSmoke: 1 of 3 checks FAILED')]), ['works:unsupported'])
  t.strictSame(outcomes('Verified the endpoints with the smoke script.', [edit('src/Repo.cs'), run('pwsh ./scripts/Invoke-Smoke.ps1', 0, 'Smoke: 3 of 3 checks passed')]), ['works:supported'])
  t.strictSame(outcomes('The release build links fine.', [edit('linker/flash.ld'), run('cmake --build build-debug', 0, 'FLASH: 201344 B')]), ['build:unsupported'])
  t.strictSame(outcomes('The pricing page is live in production.', [edit('app/pricing/page.tsx'), run('vercel deploy --yes', 0, 'Inspect: https://vercel.com/acme/x\nPreview: https://x-k3j9.vercel.app\nTo deploy to production, run `vercel --prod`')]), ['deployed:unsupported'])
})

t.test('what a run printed: ex_check\'s steps, a minitest summary; cabal\'s -w names a compiler, not watch mode', async t => {
  t.strictSame(outcomes('All tests are green.', [edit('lib/a.ex'), run('mix check', 0, ' ✓ compiler success in 0:04\n ✓ ex_unit success in 0:11')]), ['tests:supported'])
  t.strictSame(outcomes('All 142 tests passed.', [edit('app/a.rb'), run('bin/ci', 0, '== tests ==\n142 runs, 341 assertions, 0 failures, 0 errors, 0 skips')]), ['tests:supported'])
  t.strictSame(outcomes('96 examples, 0 failures.', [edit('test/Main.hs'), run('cabal test -w ghc-9.8.2', 0, '96 examples, 0 failures')]), ['tests:supported'])
  t.strictSame(outcomes('All tests pass.', [edit('src/a.ts'), run('npx tsc -w', 0, 'Watching for file changes.')]), ['tests:unsupported'])
})

t.test('a deploy the vocabulary does not know is named by a script of the project or a subcommand, not by a program\'s name', async t => {
  t.strictSame(outcomes('Released 0.3.0 to opam.', [edit('CHANGES.md'), edit('lib/a.ml'), run('dune-release distrib', 0, 'Distribution archive created')]), ['deployed:unsupported'])
})

t.test('"pushed to" a registry or a host is published; to a branch named staging it is a push', async t => {
  t.strictSame(outcomes('Pushed to the staging branch.', [edit('src/a.py'), run('git push origin staging', 0, '')]), ['committed:supported'])
  t.strictSame(outcomes('1.4.0 has been pushed to nuget.org.', [edit('src/A.csproj'), run('git push origin main', 0, '')]), ['deployed:unsupported'])
})
