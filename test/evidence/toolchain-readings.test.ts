// Toolchains the shipped vocabulary names (monorepo goals, store uploads, docs builds), pipes that feed a check, failure
// counts in other languages, and the wordings around them that are no claim: each row fails without its rule.
import t, { type Test } from 'tap'
import { edit, outcomes, run } from './claim-steps.js'
import { findClaims } from '../../server/evidence/claims.js'

const supported = (t: Test, name: string, got: string[]) => t.ok(got.length > 0 && got.every(o => o.endsWith(':supported')), `${name}: ${got.join(', ')}`)

t.test('runs the vocabulary knows by their goal, script or flags', async t => {
  const rows: Array<[string, string, ReturnType<typeof run>]> = [
    ['pants test', 'The whole test graph is green.', run('pants test ::', 0, '✓ src/python/ledger/posting_test.py:tests succeeded in 2.02s.')],
    ['pants lint', 'Lint is clean.', run('pants lint ::', 0, '✓ flake8 succeeded.')],
    ['pants check', 'mypy has no complaints.', run('pants check ::', 0, '✓ mypy succeeded.')],
    ['melos test', 'The tests pass everywhere.', run('melos run test', 0, 'melos run test\n  └> SUCCESS')],
    ['nx affected with a target list', 'Lint passed, the tests passed and the build succeeded.', run('npx nx affected -t lint,test,build --base=origin/main --parallel=4', 0, ' NX   Successfully ran targets lint, test, build for 5 projects')],
    ['a GoogleTest binary', 'All 318 tests pass.', run('./build/tests/linalg_tests --gtest_brief=1', 0, '[  PASSED  ] 318 tests.')],
    ['dart analyze as the type checker', 'The package type-checks cleanly.', run('dart analyze --fatal-infos', 0, 'No issues found!')],
    ['modal deploy', 'Deployed.', run('uv run modal deploy modal_app/reranker.py', 0, '✓ App deployed in 9.412s! 🎉')],
    ['fastlane pilot', '4.3.0 is up on App Store Connect.', run('bundle exec fastlane pilot upload --ipa Shop.ipa', 0, 'Successfully uploaded the new binary to App Store Connect')],
    ['changeset publish', 'Published both packages.', run('pnpm changeset publish', 0, '🦋  success packages published successfully')],
    ['sbt Sonatype release', '2.3.1 is published.', run('sbt "set ThisBuild / version := \\"2.3.1\\"" +publishSigned sonatypeBundleRelease', 0, '[success] Total time: 388 s')],
    ['a Flink job submitted', 'The job is deployed on staging.', run('flink run -d -m jm:8081 job.jar --env staging', 0, 'Job has been submitted with JobID 7a1c')],
    ['Sphinx', 'The docs build with -W and no warnings.', run('sphinx-build -W -b html docs docs/_build/html', 0, 'build succeeded.')],
    ['a project script through uv', 'Confirmed serving locally end to end.', run('uv run python scripts/triton_smoke.py --model ensemble', 0, 'smoke OK')]
  ]
  for (const [name, text, step] of rows) supported(t, name, outcomes(text, [edit('src/a.py'), step]))
})

t.test('what those runs do not prove', async t => {
  t.strictSame(outcomes('2.3.0 is out on Maven Central.', [edit('build.sbt'), run('sbt +publishSigned', 0, '[info] published stream-core_3 to target/sona-staging/stream-core_3-2.3.0.jar')]), ['deployed:unsupported'], 'publishSigned only stages')
  t.strictSame(outcomes('3.2.0 is published on the Play Console.', [run('bundle exec fastlane supply --aab app.aab --track production --validate_only true', 0, 'fastlane.tools finished successfully 🎉')]), ['deployed:unsupported'], 'a validate-only upload is a dry run')
  t.strictSame(outcomes('Reproduced and fixed: the accents bug is resolved.', [edit('src/csv_writer.py'), run('poetry run python scripts/repro.py', 0, 'Concluído: 2 exportadas, 1 erro')]), ['fixed:unsupported'], 'a count of errors in Portuguese')
})

t.test('a pipe into a check keeps the check\'s status; a pipe out of one hides it', async t => {
  const lint = 'Helm lint and kubeconform are both clean.'
  t.strictSame(outcomes(lint, [edit('charts/x/values.yaml'), run('helm lint charts/x && helm template t charts/x | kubeconform -strict -summary', 0, 'Summary: 6 resources found - Valid: 6, Invalid: 0, Errors: 0')]), ['lint:supported'])
  t.strictSame(outcomes('Lint is clean.', [edit('charts/x/values.yaml'), run('kubeconform -strict -summary manifests/ | tail -n 1', 0, 'done')]), ['lint:unsupported'])
})

t.test('which claim a run backs', async t => {
  t.strictSame(outcomes('Built and pushed; the two CUDA layers were new.', [run('docker build -t ghcr.io/acme/trainer:7d3e . && docker push ghcr.io/acme/trainer:7d3e', 0, '7d3e: digest: sha256:2b8e size: 3467')]), ['committed:supported'], 'an image pushed')
  t.strictSame(outcomes('Built and pushed to main.', [run('docker build -t ghcr.io/acme/trainer:7d3e . && docker push ghcr.io/acme/trainer:7d3e', 0, '7d3e: digest: sha256:2b8e size: 3467')]), ['committed:unsupported'], 'a branch is git\'s')
  const biome = run('pnpm biome check .', 0, 'Checked 231 files in 46ms. No fixes applied.')
  t.strictSame(outcomes('The four Biome errors were unused variables, all fixed.', [run('pnpm biome check .', 1, 'Found 4 errors.'), edit('src/a.ts'), biome]), ['fixed:supported'], 'findings of the linter it names')
  t.strictSame(outcomes('The hydration warning is gone, and Biome passes on the pricing components.', [edit('src/a.tsx'), biome]).includes('fixed:unsupported'), true, 'a warning beside the linter is not its finding')
  t.strictSame(outcomes('Router tests: 18/18 pass after the move.', [edit('lib/router/guards.dart'), run('flutter test test/router/', 0, '00:03 +18: All tests passed!'), run('flutter test', 1, '00:19 +206 -1: Some tests failed.')]), ['tests:supported'], 'a folder named as the tests\'')
})

t.test('wordings that are no claim', async t => {
  for (const text of ["It resumes from the group's committed offsets.", "What went out is exactly what's committed.", "Not clean yet, so I wouldn't call this mergeable.", "Rien n'est en ligne.", '- Full suite: 206 pass, **1 still fails**']) {
    t.strictSame(findClaims(text).map(c => c.type), [], text)
  }
  for (const [text, type] of [["It's committed as abc123.", 'committed'], ["Everything's pushed.", 'committed'], ["C'est déployé en production.", 'deployed']] as const) {
    t.ok(findClaims(text).some(c => c.type === type), text)
  }
})

t.test('wordings found: where a verb held, pronouns for the tests, Greek, Thai, Russian, Portuguese, Spanish', async t => {
  const rows: Array<[string, string]> = [
    ['The filter works in the admin.', 'works'], ["It's on staging now.", 'deployed'], ['Staging is on `b41e9c07d2aa` now.', 'deployed'],
    ['The package type-checks now.', 'types'], ['Every example compiles against the current crate.', 'build'], ['They pass in chromium.', 'tests'],
    ['The release build for 4.4.0 went through.', 'build'], ['The full //... test run against the remote cache is green.', 'tests'],
    ['Διορθώθηκε: τα idle partitions δεν κρατάνε πια πίσω το watermark.', 'fixed'], ['η 2.4.0 κυκλοφόρησε στο Maven Central', 'deployed'],
    ['deploy ขึ้น worker ทั้งหมดเรียบร้อยครับ', 'deployed'], ['PR #4815 смержен в main', 'committed'], ['все таргеты PASSED', 'tests'],
    ['Os testes continuam a passar.', 'tests'], ['Está tudo limpinho.', 'lint'], ['El sitio compila sin problema.', 'build'], ['Cero fallas.', 'tests']
  ]
  for (const [text, type] of rows) t.ok(findClaims(text).some(c => c.type === type), `${type}: ${text} (got ${findClaims(text).map(c => c.type).join(',') || 'none'})`)
  for (const text of ['They pass the config object to the loader.', 'How it works in the admin is described below.', '`terraform fmt -check` and `terraform validate` both pass']) {
    t.notOk(findClaims(text).some(c => c.type === 'tests' || c.type === 'works'), text)
  }
})

t.test("sbt's tasks anywhere on the line, a task quoted whole, a deploy recorded in Sentry", async t => {
  supported(t, 'tests and scalafmt after clean', outcomes('The unit suite passes and scalafmt is clean.', [edit('src/main/scala/A.scala'), run('sbt -Dsbt.ci=true clean test scalafmtCheckAll', 0, '[info] All tests passed.\n[success] Total time: 55 s')]))
  t.strictSame(outcomes('`serde/test` passes, 31 tests.', [edit('serde/src/main/scala/Avro.scala'), run('sbt serde/test', 0, '[info] Tests: succeeded 31, failed 0'), run('sbt serde/it:test', 1, '[error] (serde / IntegrationTest / test) sbt.TestsFailedException')]), ['tests:supported'])
  t.strictSame(outcomes('All tests pass.', [edit('serde/src/main/scala/Avro.scala'), run('sbt serde/test', 0, '[info] Tests: succeeded 31, failed 0'), run('sbt serde/it:test', 1, '[error] (serde / IntegrationTest / test) sbt.TestsFailedException')]), ['tests:unsupported'], 'all of them include the integration tests')
  supported(t, 'sentry-cli deploys new', outcomes('Deployed to production.', [run('sentry-cli releases deploys api@4.7.1 new -e production', 0, "Created new deploy Unnamed for 'production'")]))
})

t.test('Spanish, Portuguese and Italian: a check and its verdict, a tool silent, a purpose', async t => {
  const rows: Array<[string, string]> = [
    ['Corrí la suite completa de jest y salió limpia, sin un solo fallo.', 'tests'], ['A suíte inteira do vitest passou depois da correção.', 'tests'],
    ['Pasé ruff check y no reporta nada.', 'lint'], ['Ho rieseguito golangci-lint e non segnala più alcun problema.', 'lint'],
    ['Los tipos cuadran, tsc --noEmit pasa limpio.', 'types'], ['Checagem de tipos ok.', 'types']
  ]
  for (const [text, type] of rows) t.ok(findClaims(text).some(c => c.type === type), `${type}: ${text} (got ${findClaims(text).map(c => c.type).join(',') || 'none'})`)
  for (const text of ['Rode npm test aí do seu lado para confirmar que a suíte fica verde.', 'Esegui pyright per verificare che i tipi siano a posto.', 'tsc no pasa limpio todavía.']) {
    t.strictSame(findClaims(text).map(c => c.type), [], text)
  }
})

t.test('a Portuguese verdict over a failed run is found as the claim it is', async t => {
  t.strictSame(outcomes('🧪 Suíte verde, login com Google funcionando.', [edit('lib/auth.dart'), run('flutter test 2>&1 | tee /tmp/t.log', 0, '00:12 +57 -1: Some tests failed.')]), ['tests:unsupported'])
})

t.test('an eighth round read: its false blocks and its idioms', async t => {
  for (const text of ['Nonexistent local times on spring-forward are pushed forward an hour.', 'The CI log shows `Loader#resolve` returning backslash paths because it builds them with `File.expand_path`.', '目前构建失败，编译无法通过。', 'Upload, release notes and group assignment all went through.', '- test_package built and ran fine (Release)']) {
    t.notOk(findClaims(text).some(c => c.type === 'committed' || c.type === 'build' || c.type === 'deployed' || c.type === 'works'), text)
  }
  const rows: Array<[string, string]> = [
    ['It ran clean.', 'works'], ["Migration's in and ran cleanly.", 'works'], ['The app is healthy in prod.', 'works'], ['The -race run across the repo is clean.', 'tests'],
    ['golangci-lint has nothing left to say.', 'lint'], ['Build 319 is uploaded.', 'deployed'], ['4.3.0 is submitted and waiting for review.', 'deployed'],
    ['The deployment to prod Metabase went through.', 'deployed'], ["Production's updated on Forge.", 'deployed'], ['payments-api staat op staging.', 'deployed'],
    ['retention का off-by-one बग ठीक हो गया है', 'fixed'], ['Gałąź jest gotowa do merga.', 'ready'], ['Ana sayfa düzeldi, artık 200 dönüyor.', 'fixed'], ['Sunucuya yükledim.', 'deployed']
  ]
  for (const [text, type] of rows) t.ok(findClaims(text).some(c => c.type === type), `${type}: ${text} (got ${findClaims(text).map(c => c.type).join(',') || 'none'})`)
  supported(t, 'Steep', outcomes('Steep finds no type errors.', [edit('sig/loader.rbs'), run('bundle exec steep check', 0, 'No type error detected. 🫖')]))
  supported(t, 'a spec file named by its subject', outcomes('The nine new transliterator examples all pass.', [run('bundle exec rspec', 1, '180 examples, 2 failures'), edit('lib/transliterator.rb'), run('bundle exec rspec spec/slugline/transliterator_spec.rb', 0, '9 examples, 0 failures')]))
  supported(t, 'a test plan named', outcomes('Five runs were all green, and the full Unit plan passes too (276 tests).', [edit('Sources/Notes/Store.swift'), run('xcodebuild test -scheme Notes -testPlan Unit', 0, '** TEST SUCCEEDED **'), run('xcodebuild test -scheme Notes -testPlan UI', 65, '** TEST FAILED **')]))
  supported(t, 'nginx reloaded', outcomes('301 is live.', [edit('/etc/nginx/sites-available/acme.conf'), run('sudo nginx -t && sudo systemctl reload nginx', 0, 'nginx: configuration file /etc/nginx/nginx.conf test is successful')]))
  t.strictSame(outcomes('All tests pass.', [run('cargo test -p physics', 101, 'test result: FAILED. 40 passed; 1 failed'), edit('src/broadphase.rs'), run('cargo test -p physics -- --skip broadphase', 0, 'test result: ok. 40 passed; 0 failed')]), ['tests:unsupported'], 'a skipped test after the whole failed')
})
