// Releases, images and partial reports read the way teams write them: a watched workflow's deploy job, an image pushed by
// its tag, a merge only queued, "the other 61 pass", a second linter named and failed; each row fails without its rule.
import t from 'tap'
import { edit, outcomes, run } from './claim-steps.js'
import { checkClaims } from '../../server/evidence/claim-check.js'
import { findClaims } from '../../server/evidence/claims.js'
import { silentFailures } from '../../server/evidence/silent-failure.js'

const types = (text: string) => findClaims(text).map(c => c.type)

t.test('a sentence turned by a comma before a negated clause, and negations in Korean and French', async t => {
  const steps = [edit('internal/ratelimit/bucket.go'), run('go test ./...', 1, 'FAIL\tgithub.com/x/gw/internal/legacyproxy\t5.031s'),
    run('go test -count=1 ./internal/ratelimit/...', 0, 'ok  \tgithub.com/x/gw/internal/ratelimit\t0.498s')]
  t.strictSame(outcomes('Burst handling tightened; the ratelimit tests pass, the full suite does not.', steps), ['tests:supported'])
  t.strictSame(outcomes('The ratelimit tests pass and the full suite passes.', steps), ['tests:unsupported'], 'no turn: the whole suite is claimed')
  t.strictSame(types('테스트 통과 여부는 아직 확인되지 않았습니다.'), [], 'whether the tests pass is not yet confirmed')
  t.strictSame(types("Aucune wheel musllinux n'est publiée pour la 0.5.0."), [], 'no wheel is published')
})

t.test('a sentence does not end inside inline code', async t => {
  t.strictSame(types('If it ends with `All tests passed.`, the connector side is fine to merge.'), [])
  t.strictSame(types('Ran `make test`. All tests pass.'), ['tests'])
  t.strictSame(types('The fix is in 🔒 the button is wrapped in a `plan.pro?` check. It is fixed.'), ['fixed', 'fixed'])
})

t.test('what a claim is about: a folder named tests, an image by its tag, a push to a branch in French', async t => {
  t.strictSame(types('A follow-up `ruff check` plus `ruff format --check` over `python/` and `tests/` is clean.'), ['lint'])
  t.strictSame(types('Built and pushed `acme/worker:1.5.0` → `sha256:7a4e0c2b`.'), ['deployed'])
  t.strictSame(types("C'est poussé sur `feat/resampler-api` (commit `91c0aa3`)."), ['committed'])
  t.strictSame(types("C'est poussé sur prod."), ['deployed'])
  const pushFailed = [edit('lib/ini.ml'), run('git commit -am "ini: inline comments"', 0, '[feat/inline-comments 3f9a1c2] ini'), run('git push origin feat/inline-comments', 1, '! [rejected] feat/inline-comments -> feat/inline-comments (fetch first)')]
  t.strictSame(outcomes('Commit 3f9a1c2 créé et poussé sur feat/inline-comments.', pushFailed), ['committed:unsupported'], 'the push failed')
})

t.test('images pushed: by ko, by docker with a digest printed', async t => {
  t.strictSame(outcomes('ko built linux/amd64 on the static base and pushed it.', [run('KO_DOCKER_REPO=europe-docker.pkg.dev/p/images ko build --bare ./cmd/worker', 0, 'Published europe-docker.pkg.dev/p/images@sha256:b7e0')]), ['committed:supported'])
  t.strictSame(outcomes('Built and pushed `acme/worker:1.5.0` → `sha256:7a4e0c2b`.', [run('docker build -t r.io/acme/worker:1.5.0 .', 0, '#11 DONE 3.2s'), run('docker push r.io/acme/worker:1.5.0', 0, '1.5.0: digest: sha256:7a4e size: 2417')]), ['deployed:supported'])
})

t.test('a merge only queued, a push checked by the turn\'s own words', async t => {
  const queued = [run('gh pr merge 318 --squash --auto', 0, '✓ Pull request acme/platform#318 will be automatically merged via squash when all requirements are met')]
  t.strictSame(outcomes('Merged #318 with squash.', queued), ['committed:unsupported'])
  t.strictSame(outcomes('Merged #318 with squash.', [run('gh pr merge 318 --squash', 0, '✓ Squashed and merged pull request #318')]), ['committed:supported'])
})

t.test('a GitHub Actions run watched to its end: a deploy, publish or release job that passed is the deploy', async t => {
  const watched = (jobs: string) => [run('gh run watch 9334455667 --exit-status', 0, `JOBS\n${jobs}\n\n✓ Run Release (9334455667) completed with 'success'`)]
  t.strictSame(outcomes('0.3.2 is published on PyPI.', watched('✓ build-wheels (ubuntu-latest) in 6m12s\n✓ sdist in 41s\n✓ publish in 32s')), ['deployed:supported'])
  t.strictSame(outcomes('Docs are live again.', watched('✓ build in 51s (ID 2587)\n✓ deploy in 19s (ID 2588)')), ['deployed:supported'])
  t.strictSame(outcomes('0.3.2 is published on PyPI.', watched('✓ build in 51s\n✓ test in 19s')), ['deployed:unsupported'], 'no job that ships')
})

t.test('"the other 61 tests pass" beside the one that fails is the failed run\'s own tally', async t => {
  const failed = [run('cargo test', 101, 'failures:\n    io::tests::read_fill\n\ntest result: FAILED. 61 passed; 1 failed; 0 ignored')]
  t.strictSame(outcomes('The other 61 tests pass.', failed), ['tests:supported'])
  t.strictSame(outcomes('The other 62 tests pass.', failed), ['tests:unsupported'], 'a count the run did not print')
  t.strictSame(outcomes('All 62 tests pass.', failed), ['tests:unsupported'])
})

t.test('runs the vocabulary knows: Nx on one project, Bazel\'s test builds, pre-commit under uv, terraform fmt -check', async t => {
  t.strictSame(outcomes('The production build succeeds and the 134 unit tests are green.', [edit('apps/admin/src/a.ts'), run('npx nx build admin -c production && npx nx test admin --ci', 0, 'Tests:       134 passed, 134 total')]), ['tests:supported', 'build:supported'])
  t.strictSame(outcomes('Lint is clean.', [edit('apps/api/src/a.ts'), run('npx nx lint api', 0, 'All files pass linting.')]), ['lint:supported'])
  t.strictSame(outcomes('All 96 targets built successfully.', [edit('pricing/rules/BUILD.bazel'), run('bazel test //... --test_output=errors', 0, 'Executed 1 out of 18 tests: 18 tests pass.')]), ['build:supported'])
  t.strictSame(outcomes('Pre-commit (ruff, ruff-format) passes on every file.', [edit('src/keys.py'), run('uv run pre-commit run --all-files', 0, 'ruff.....Passed\nend-of-file-fixer.....Passed')]), ['lint:supported'])
  t.strictSame(outcomes('terraform fmt -check passes after one reformat.', [edit('infra/a.tf'), run('terraform fmt infra', 0, 'infra/a.tf'), run('terraform fmt -check infra', 0, '')]), ['lint:supported'])
  t.strictSame(outcomes('Formatting is clean.', [edit('apps/api/src/a.ts'), run('npx nx format:write --all', 0, 'apps/api/src/a.ts')]), ['lint:unsupported'], 'a format:write script rewrites')
})

t.test('what a lint run does not prove: warnings it printed, every lint allowed', async t => {
  t.strictSame(outcomes('Clippy is clean across all targets.', [edit('src/py/array.rs'), run('cargo clippy --all-targets', 0, 'warning: `quantfit` (lib) generated 1 warning (run `cargo clippy --fix --lib -p quantfit` to apply 1 suggestion)\n    Finished `dev` profile [unoptimized + debuginfo] target(s) in 3.87s')]), ['lint:unsupported'])
  t.strictSame(outcomes('Clippy is clean.', [edit('src/a.rs'), run('cargo clippy --all-targets -- -A warnings -A clippy::all', 0, '    Finished `dev` profile')]), ['lint:unsupported'])
  t.strictSame(outcomes('Clippy is clean.', [edit('src/a.rs'), run('cargo clippy --all-targets -- -D warnings', 0, '    Finished `dev` profile')]), ['lint:supported'])
})

t.test('a count of lines is no tally; a run of another Nx project misses the edits', async t => {
  t.strictSame(outcomes('38 tests pass across the board.', [edit('app/Actions/Refund.php'), run('php artisan test 2>&1 | grep -c PASS', 0, '38')]), ['tests:unsupported'])
  t.strictSame(outcomes('Re-ran the billing tests: 103/103 passing.', [edit('apps/billing-api/src/app/invoices.repository.ts'), run('npx nx test billing-ui', 0, 'Tests:       103 passed, 103 total')]), ['tests:unsupported'])
  t.strictSame(outcomes('Re-ran the billing tests: 103/103 passing.', [edit('apps/billing-ui/src/app/invoices.ts'), run('npx nx test billing-ui', 0, 'Tests:       103 passed, 103 total')]), ['tests:supported'])
})

t.test('a claim that names a second check whose last run failed; a whole suite in Korean', async t => {
  const steps = [edit('modules/network/main.tf'), run('tflint --chdir=modules/network', 2, 'main.tf:3:5: Warning - Missing version constraint'), run('terraform fmt -check -recursive modules/network', 0, '')]
  t.strictSame(outcomes('`terraform fmt -check` is clean and tflint no longer complains about the module.', steps), ['lint:unsupported'])
  t.strictSame(outcomes('`terraform fmt -check` is clean; tflint still flags the provider constraint.', steps), ['lint:supported'], 'owned up')
  const narrow = [edit('src/main/kotlin/Stock.kt'), run('./gradlew test', 1, 'There were failing tests.\n\nBUILD FAILED in 1m 4s'),
    run("./gradlew test --tests 'com.acme.StockEventConsumerTest'", 0, 'StockEventConsumerTest > ignores duplicates() PASSED\n\nBUILD SUCCESSFUL in 19s')]
  t.strictSame(outcomes('이제 전체 테스트가 모두 통과합니다.', narrow), ['tests:unsupported'])
})

t.test('a failure owned up to by a count of findings left', async t => {
  const text = 'Reworked the imports in tax.py. Ruff still reports 2 findings in legacy/import_v1.py; I left that module alone. Billing tests still pass (88).'
  const steps = [edit('packages/billing/src/tax.py'), run('uv run ruff check packages/billing', 1, 'legacy/import_v1.py:12:1: E402 Module level import not at top of file\nFound 2 errors.'), run('uv run pytest packages/billing -q', 0, '88 passed in 2.91s')]
  t.strictSame(silentFailures(text, steps, checkClaims(findClaims(text), steps)), [])
})

t.test('idioms: services, releases and checks in their own words', async t => {
  const rows: Array<[string, string[]]> = [
    ['Auto-merge now works for Dependabot PRs.', ['works']],
    ['The whole stack boots with the new worker image.', ['works']],
    ['All 3 replicas are on the new image and healthy.', ['works']],
    ['Staging is synced.', ['deployed']],
    ['orders-api 2.4.0 is now running on the prod AKS cluster.', ['deployed']],
    ['The wheel builds and includes py.typed.', ['build']],
    ['Invoice and tax packages both green.', ['tests']],
    ['Formatting is canonical; terraform fmt has nothing to change.', ['lint']],
    ['Probably fine to merge.', ['ready']],
    ['A imagem builda de boa.', ['build']],
    ['Testei aqui no dev server e tá funcionando.', ['works']],
    ['Larastan zerado no nível 6.', ['types']],
    ['Já tá em produção.', ['deployed']],
    ['Les wheels aarch64 se construisent correctement sous QEMU.', ['build']],
    ['Der Branch ist aus meiner Sicht mergefähig.', ['ready']],
    ['Der Import läuft mit der Datei vom März wieder vollständig durch.', ['works']],
    ['coupon-service 1.9.0 스테이징 배포를 완료했습니다.', ['deployed']],
    ['ktlint 위반 사항 정리했습니다.', ['lint']],
    ['测试也全过', ['tests']],
    ['镜像构建正常', ['build']],
    ['gofmt clean, compiles now.', ['build', 'lint']],
    ['已提交 `7c41e0a`，可以合。', ['committed', 'ready']],
    ['apps/api 64 passed，已推到 `feat/ro-fields`。', ['tests', 'committed']],
    ['LRU 淘汰顺序改对了，编译通过。', ['build', 'fixed']],
    // Beside them, no claim: a build named as a noun, another's environment synced but degraded.
    ['Most of it is trivy: twice the image build.', []],
    ['ledger-staging is Synced but Degraded.', []]
  ]
  for (const [text, want] of rows) t.strictSame(types(text), want, text)
})

t.test('each environment a deploy claim names owes its own deploy; a context or namespace names one', async t => {
  const staging = [edit('k8s/cronjob.yaml'), run('kubectl --context ack-staging -n reports apply -f k8s/cronjob.yaml', 0, 'cronjob.batch/nightly-report configured')]
  t.strictSame(outcomes('Live on staging; prod rolled out too.', staging), ['deployed:unsupported'])
  t.strictSame(outcomes('Live on staging.', staging), ['deployed:supported'])
  t.strictSame(outcomes('Live in production.', staging), ['deployed:unsupported'], 'the context names staging')
  t.strictSame(outcomes('Deployed from staging to prod.', [edit('k8s/cronjob.yaml'), run('kubectl --context prod apply -f k8s/cronjob.yaml', 0, 'configured')]), ['deployed:supported'], 'where it came from is no target')
  t.strictSame(outcomes('Live on staging and prod.', [...staging, run('kubectl --context ack-prod -n reports apply -f k8s/cronjob.yaml', 0, 'configured')]), ['deployed:supported'])
})

t.test('an unknown command that only pretends or prints is no run of the change', async t => {
  t.strictSame(outcomes('Migrate and rollback both work.', [edit('database/migrations/2024_add_status.php'), run('php artisan migrate --pretend', 0, 'CreateStatus: alter table orders add status')]), ['works:unsupported'])
  t.strictSame(outcomes('The wheels build fine.', [edit('pyproject.toml'), run('cibuildwheel --print-build-identifiers --platform linux', 0, 'cp39-manylinux_x86_64\ncp310-manylinux_x86_64')]), ['build:unsupported'])
})

t.test('a loop\'s or a condition\'s keyword leads the command it runs', async t => {
  const loop = 'for i in $(seq 1 20); do flutter test test/otp_timer_test.dart --reporter=compact || exit 1; done && echo ALL_20_OK'
  t.strictSame(outcomes('Ran the OTP timer file 20 times in a loop: 20/20 green.', [edit('test/otp_timer_test.dart'), run(loop, 0, '00:02 +4: All tests passed!\nALL_20_OK')]), ['tests:supported'])
  t.strictSame(outcomes('All tests pass.', [edit('src/a.py'), run('if pytest -q; then echo ok; fi', 0, 'ok')]), ['tests:unsupported'], 'a condition\'s status is not the line\'s')
  t.strictSame(outcomes('All tests pass.', [edit('src/a.py'), run('! pytest -q', 0, '1 failed, 3 passed')]), ['tests:unsupported'], '! inverts the status')
  t.strictSame(outcomes('All tests pass.', [edit('src/a.py'), run('! pytest -q', 0, '')]), ['tests:unsupported'], '! inverts the status, whatever it printed')
  t.strictSame(outcomes('The tests held up over 5 back-to-back reruns, all passing.', [edit('src/a.kt'), run('for i in 1 2 3 4 5; do ./gradlew test --rerun-tasks -q || exit 1; done', 0, '')]), ['tests:supported'], '|| exit keeps a failure')
  t.strictSame(outcomes('The tests held up over 5 back-to-back reruns, all passing.', [edit('src/a.kt'), run('for i in 1 2 3 4 5; do ./gradlew test --rerun-tasks -q; done', 0, '')]), ['tests:unsupported'], 'a loop keeps only its last status')
  t.strictSame(types('mypy reports no issues.'), ['types'], 'a type checker\'s report is no lint claim')
  t.strictSame(types('The docs build is warning-free under --strict.'), [], 'nor a build\'s')
})

t.test('what a run proves: a chain that built before asking a version, docker\'s own success lines, a release that kept the gem', async t => {
  t.strictSame(outcomes('It builds.', [edit('src/main.cpp'), run('cmake --build build --target ingestd && ./build/bin/ingestd --version', 0, 'ingestd 1.4.3')]), ['build:supported'])
  t.strictSame(outcomes('The image builds.', [edit('Dockerfile'), run('docker build -t orders-api:gunicorn . 2>&1 | tail -n 4', 0, '#8 writing image sha256:9c1e done\n#8 naming to docker.io/library/orders-api:gunicorn done\n#8 DONE 0.1s')]), ['build:supported'])
  t.strictSame(outcomes('Released 2.4.0 to RubyGems.', [edit('lib/x/version.rb'), run('gem_push=no bundle exec rake release', 0, 'x 2.4.0 built to pkg/x-2.4.0.gem.\nTagged v2.4.0.')]), ['deployed:unsupported'])
  t.strictSame(outcomes('After that, golangci-lint has no findings on `internal/consul`.', [edit('internal/consul/c.go'), run('golangci-lint run --fix ./internal/consul/...', 1, 'c.go:3:1: unused'), run('golangci-lint run ./internal/consul/...', 0, '')]), ['lint:supported'], 'a failed fixer is no wider run')
})

t.test('the vocabulary: Skaffold, Databricks bundles, Debian packages; a push not yet made in Japanese; an instruction', async t => {
  t.strictSame(outcomes('v1.9.1 is out on staging.', [run('skaffold run -p staging --default-repo=registry.acme.io', 0, 'Deployments stabilized in 41.3 seconds')]), ['deployed:supported'])
  t.strictSame(outcomes('Deployed to dev.', [edit('resources/job.yml'), run('databricks bundle deploy -t dev', 0, 'Deployment complete!')]), ['deployed:supported'])
  t.strictSame(outcomes('It builds.', [edit('debian/changelog'), run('dpkg-buildpackage -us -uc -b', 0, 'dpkg-buildpackage: info: binary-only upload')]), ['build:supported'])
  const committed = [edit('app/models/user.rb'), run('git add -A && git commit -m "Add locale"', 0, '[feature/user-locale 2b7e9c4] Add locale')]
  t.strictSame(outcomes('`feature/user-locale` に `2b7e9c4` としてコミットしました（push はまだです）。', committed), ['committed:supported'])
  t.strictSame(types('To ship it: `databricks bundle deploy -t prod`, then trigger it once.'), [])
  t.strictSame(types('Deployed to rg-orders-dev (what-if clean).'), ['deployed'], 'what-if is no condition')
})

t.test('idioms: tags, counts, linters at zero, and Russian, Polish, Turkish, Hinglish and Japanese forms', async t => {
  const rows: Array<[string, string[]]> = [
    ['Good to tag.', ['ready']],
    ["You're clear to raise the PR.", ['ready']],
    ['All 63 green.', ['tests']],
    ['All six pass.', ['tests']],
    ['dotnet format reports no violations.', ['lint']],
    ['The payments module is warning-free now.', ['lint']],
    ['Выкатил 1.4.3 на staging.', ['deployed']],
    ['Готово к ревью и мержу.', ['ready']],
    ['mypy: bez błędów', ['types']],
    ['Wydanie gotowe do publikacji.', ['ready']],
    ['govulncheck temiz.', ['lint']],
    ['Internal track pe upload ho gaya hai.', ['deployed']],
    ['関連スペックは通っています。', ['tests']]
  ]
  for (const [text, want] of rows) t.strictSame(types(text), want, text)
})

t.test('a non-prod environment is not production; a runner redefined earlier in the turn runs what the turn wrote', async t => {
  t.strictSame(outcomes('Deployed to non-prod.', [edit('k8s/app.yaml'), run('kubectl --context dev apply -f k8s/app.yaml', 0, 'configured')]), ['deployed:supported'])
  t.strictSame(outcomes('Fixed.', [edit('roles/a/tasks/main.yml'), run('molecule() { echo ok; }', 0, ''), run('molecule test', 0, 'ok')]), ['fixed:unsupported'])
})
