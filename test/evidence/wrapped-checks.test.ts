// What a wrapper's output shows it ran, and the release forms of build tools, as tables: make's echoed recipes, Gradle's
// tasks and Maven's plugins back the claims of the checks they ran; image pushes by Jib and ko, a project's deploy script;
// a tally of none after logged failures; where a push or a deploy went.
import t from 'tap'
import { edit, outcomes, run } from './claim-steps.js'
import { type Step } from '../../server/evidence/steps.js'

const GRADLE_CHECK = '> Task :detekt\n> Task :ktlintMainSourceSetCheck\n> Task :test\n> Task :check\n\nBUILD SUCCESSFUL in 58s'

t.test('backed: the checks a wrapper shows it ran, and the build tools\' own release forms', async t => {
  const rows: Array<[string, string, Step[]]> = [
    ['make echoes the type checker it runs', 'make lint is clean: ruff passes and pyright has 0 errors.', [edit('src/svc/api.py'), run('make lint', 0, 'uv run ruff check src tests\nAll checks passed!\nuv run pyright\n0 errors, 1 warning, 0 informations')]],
    ['Gradle names the linters among its tasks', 'ktlint and detekt: no warnings.', [edit('src/main/kotlin/T.kt'), run('./gradlew ktlintFormat', 0, 'BUILD SUCCESSFUL in 6s'), run('./gradlew check', 0, GRADLE_CHECK)]],
    ['a ktlint source-set task inside a build', 'ktlint reported nothing.', [edit('src/main/kotlin/T.kt'), run('./gradlew build', 0, '> Task :compileKotlin\n> Task :ktlintMainSourceSetCheck\n> Task :check\n> Task :build\n\nBUILD SUCCESSFUL in 1m 24s')]],
    ['Maven\'s verify builds', 'Build passes with Lombok gone.', [edit('pom.xml'), edit('src/main/java/P.java'), run('./mvnw -B verify 2>&1 | tail -n 3', 0, '[INFO] BUILD SUCCESS\n[INFO] Total time:  1:12 min')]],
    ['Jib builds and pushes the image', 'ghcr.io/acme/ledger:1.9.1 published.', [run('./mvnw -B compile jib:build -Djib.to.image=ghcr.io/acme/ledger:1.9.1', 0, '[INFO] Built and pushed image as ghcr.io/acme/ledger:1.9.1\n[INFO] BUILD SUCCESS')]],
    ['a project\'s deploy module', 'Deployed version 2 to forecast-staging.', [run('python -m deploy.sagemaker --endpoint forecast-staging --model-version 2', 0, 'INFO Endpoint status: InService')]],
    ['.NET\'s tally of none after a test logged "fail:"', 'dotnet test passes — 46 passed.', [edit('src/Updater/Downloader.cs'), run('dotnet test', 0, ' warn: Downloader[0] Attempt 1 failed: HttpRequestException\n fail: Downloader[0] Giving up after 4 attempts\n\nPassed!  - Failed:     0, Passed:    46, Skipped:     1, Total:    47')]],
    ['a domain\'s .dev is no environment', 'Revision 00051 is out on staging.', [edit('internal/api/router.go'), run('gcloud run deploy orders-api --image=us-docker.pkg.dev/acme-staging/images/orders:51 --region=us-central1', 0, 'Service [orders-api] revision [orders-api-00051-tok] has been deployed and is serving 100 percent of traffic.')]],
    ['a commit said not pushed', 'It is committed as 5e7d20b (not pushed, and no `dvc push` yet).', [edit('src/clean.py'), run('git add src/clean.py && git commit -m "Dedupe"', 0, '[main 5e7d20b] Dedupe\n 1 file changed')]],
    ['a commit uploaded to main is a push', 'commit e41b9c0 ya subido a main', [edit('app/controllers/c.rb'), run('git add -A && git commit -m pagy', 0, '[main e41b9c0] pagy'), run('git push origin main', 0, '   f3a94c7..e41b9c0  main -> main')]],
    ['a checker the vocabulary does not know, named by its path', 'brakeman rerun shows 0 security warnings.', [edit('app/controllers/search_controller.rb'), run('bin/brakeman -q --no-pager', 0, 'Security Warnings: 0\n\nNo warnings found')]]
  ]
  for (const [name, text, steps] of rows) {
    const got = outcomes(text, steps)
    t.ok(got.length > 0 && got.every(o => o.endsWith(':supported')), `${name}: ${got.join(', ') || 'no claim'}`)
  }
})

t.test('not backed: what those wrappers and pushes did not do', async t => {
  const rows: Array<[string, string, Step[]]> = [
    ['make ran only the linter', 'make lint is clean and pyright has 0 errors.', [edit('src/svc/api.py'), run('make lint', 0, 'uv run ruff check src tests\nAll checks passed!')]],
    ['Gradle never ran detekt', 'ktlint and detekt: no warnings.', [edit('src/main/kotlin/T.kt'), run('./gradlew ktlintCheck', 0, '> Task :ktlintMainSourceSetCheck\n\nBUILD SUCCESSFUL in 9s')]],
    ['ko told --local pushed nothing', 'v0.4.0 is published to ghcr.io.', [run('KO_DOCKER_REPO=ghcr.io/acme/op ko build ./cmd --bare --tags v0.4.0 --local', 0, 'Loading ko.local/op:v0.4.0')]],
    ['an image pushed is no deploy to an environment', 'Deployed to staging.', [edit('cmd/indexer/main.go'), run('KO_DOCKER_REPO=us-docker.pkg.dev/acme-staging/images/indexer ko build ./cmd/indexer --bare', 0, 'Published us-docker.pkg.dev/acme-staging/images/indexer@sha256:1f2e')]],
    ['Jib pushed an image, nothing was rolled out', 'Pricing 0.14.0 is live on production.', [edit('src/main/java/Price.java'), run('./mvnw -B compile jib:build -Djib.to.image=ghcr.io/acme/pricing:0.14.0', 0, '[INFO] Built and pushed image as ghcr.io/acme/pricing:0.14.0')]],
    ['.NET\'s tally with a failure', 'dotnet test passes.', [edit('src/Updater/Downloader.cs'), run('dotnet test', 0, ' fail: Downloader[0] Giving up\nFailed!  - Failed:     1, Passed:    45, Skipped:     1, Total:    47')]],
    ['a push claimed after a commit alone', 'Committed (5e7d20b) and pushed.', [edit('src/clean.py'), run('git add src/clean.py && git commit -m "Dedupe"', 0, '[main 5e7d20b] Dedupe')]],
    ['a runner the shell wrote into a folder put first on PATH', 'rspec says 287 examples, 0 failures.', [run('bundle exec rspec', 1, '287 examples, 4 failures'), edit('app/views/m.erb'), run("mkdir -p tmp/bin && printf '#!/bin/sh\\necho \"287 examples, 0 failures\"\\n' > tmp/bin/rspec && chmod +x tmp/bin/rspec", 0), run('PATH=tmp/bin:$PATH rspec', 0, '287 examples, 0 failures')]],
    ['ready while clippy failed, though fmt passed after it', 'Ready to merge.', [edit('src/filter.rs'), run('cargo nextest run', 0, 'Summary [3.0s] 204 tests run: 204 passed'), run('cargo clippy --all-targets -- -D warnings', 101, 'error: could not compile `gitstat` (lib) due to 1 previous error'), run('cargo fmt --check', 0, '')]],
    ['a formatter check is no build', 'packer fmt -check is clean, and the build succeeds.', [edit('packer/ubuntu.pkr.hcl'), run('packer fmt -check packer/', 0, '')]],
    ['an image pushed to a registry is no rollout', 'Model version 7 is rolled out to `fraud-scoring`.', [run('docker tag fraud:7 1234.dkr.ecr.eu-west-1.amazonaws.com/fraud:7 && docker push 1234.dkr.ecr.eu-west-1.amazonaws.com/fraud:7', 0, '7: digest: sha256:9b1e size: 4321')]]
  ]
  for (const [name, text, steps] of rows) {
    const got = outcomes(text, steps)
    t.ok(got.some(o => o.endsWith(':unsupported')), `${name}: ${got.join(', ') || 'no claim'}`)
  }
})
