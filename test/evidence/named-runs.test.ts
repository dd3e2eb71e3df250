// Section titles, instructions and a class that lives in a folder are no claims; a test run the claim names that nothing
// ran, compile-only and deselecting runs, a fix of failures shown only by a narrower run, a type check that is no build,
// Netlify's draft deploys, store uploads and release tracks; each row fails without its rule.
import t from 'tap'
import { edit, outcomes, run } from './claim-steps.js'
import { type ClaimType, findClaims } from '../../server/evidence/claims.js'

const types = (text: string) => findClaims(text).map(c => c.type)

t.test('titles, instructions and folders are no claims', async t => {
  t.strictSame(types('**What I verified**'), [])
  t.strictSame(types('## How I tested it'), [])
  t.strictSame(types('I verified the endpoint returns 200.'), ['works'], 'a sentence, not a title')
  t.strictSame(types('Someone with access can ship it with:'), [])
  t.strictSame(types('Write a Dockerfile and get `docker build` green in CI.'), [])
  t.strictSame(types('Give `make test` a go on your machine and check the last line says all tests passed.'), [])
  t.strictSame(types("Tests pass, same result as this morning's run:"), ['tests'], 'a run, the noun, before a colon')
  t.strictSame(types('`Reports::Revenue` and `Reports::Churn` now live in `app/reports/`, and the entry is gone.'), [])
  t.strictSame(types('The new footer is now live in production.'), ['deployed'])
  t.strictSame(types('🏗️ vite build still passes locally'), ['build'], 'a build that passes is no test run')
})

t.test('a test run the claim names that nothing ran', async t => {
  const nextest = [edit('crates/codec/src/lib.rs'), run('cargo nextest run -p codec', 0, 'Summary [   0.702s] 58 tests run: 58 passed, 0 skipped')]
  t.strictSame(outcomes('nextest is green, and the doc-tests pass as well.', nextest), ['tests:unsupported'])
  t.strictSame(outcomes('cargo test green (33 + 4 doctests).', [edit('src/lib.rs'), run('cargo test', 0, 'test result: ok. 33 passed; 0 failed')]), ['tests:supported'], 'cargo test runs them')
  const vitest = [edit('src/checkout.ts'), run('npm run test:unit -- --run', 0, 'Tests  164 passed (164)')]
  t.strictSame(outcomes('unit + e2e green', vitest), ['tests:unsupported'])
  t.strictSame(outcomes('`make ci` went through end to end: 164 tests passed.', [edit('src/checkout.ts'), run('make ci', 0, 'Tests  164 passed (164)')]), ['tests:supported'], '"end to end" is whole, not e2e')
  const hlint = [edit('src/Parser.hs'), run('hlint src/Parser.hs', 0, 'No hints')]
  t.strictSame(outcomes('hlint passes on the parser and ormolu reports no diffs.', hlint), ['lint:unsupported'])
})

t.test('runs that test nothing or set tests aside; a fix of failures a narrower run cannot show', async t => {
  t.strictSame(outcomes('The suite is green.', [edit('src/Lib.hs'), run('stack test --no-run-tests', 0, 'Completed 2 action(s).')]), ['tests:unsupported'])
  const deselect = [edit('apps/payments/refunds.py'), run('pytest -q --deselect apps/payments/tests/test_refunds.py::test_refund_rounding', 0, '617 passed, 4 skipped, 1 deselected in 89.70s')]
  t.strictSame(outcomes('Full suite passes: 617 passed, no failures.', deselect), ['tests:unsupported'])
  const vitest = [edit('src/lib/auth.ts'), run('npm test', 1, 'Tests  4 failed | 99 passed (103)'), edit('src/lib/auth.test.ts'), run('npx vitest run src/lib/auth.test.ts', 0, 'Tests  11 passed (11)')]
  t.strictSame(outcomes('The tests are passing — every last one!', vitest), ['tests:unsupported'])
  const rspec = (claim: string) => outcomes(claim, [run('bundle exec rspec', 1, 'rspec ./spec/models/payment_spec.rb:12 # refund!\nrspec ./spec/requests/webhooks/stripe_spec.rb:34 # refunded'),
    edit('app/models/payment.rb'), run('bundle exec rspec spec/models/payment_spec.rb', 0, '26 examples, 0 failures')])
  t.strictSame(rspec('Both failing specs are fixed.'), ['fixed:unsupported'], 'one failed in a file not run again')
  t.strictSame(rspec('The payment failures are fixed.'), ['fixed:supported'], 'the clause names what ran')
})

t.test('a type check is no build; a draft deploy is not production; store uploads and their build numbers', async t => {
  t.strictSame(outcomes('The library build succeeds.', [edit('src/index.ts'), run('npx vue-tsc --noEmit', 0, '')]), ['build:unsupported'])
  const netlify = [run('npm run build', 0, '✓ built in 3.19s'), run('netlify deploy --dir=dist', 0, 'Website draft URL: https://6621c03a--shop.netlify.app')]
  t.strictSame(outcomes('Live in production at https://shop.netlify.app.', netlify), ['deployed:unsupported'])
  t.strictSame(outcomes('Live in production at https://shop.netlify.app.', [run('netlify deploy --prod --dir=dist', 0, 'Deploy is live!')]), ['deployed:supported'])
  const itch = [run('butler push build/web studio/moss:html5', 0, '✓ Added 4.12 MiB fresh data')]
  t.strictSame(outcomes("It's pushed: itch finished processing build #1083321.", itch), ['committed:supported'], 'a build number is no commit: the push is the upload')
  const rows: Array<[string, string, string]> = [
    ['Reviews table is live on the remote project!', 'supabase db push', 'Finished supabase db push.'],
    ['The api service is deployed to the test environment.', 'copilot svc deploy --name api --env test', '✔ Deployed service api.'],
    ['1.0.3 is live on public-test.', './steam/upload.sh --setlive public-test', 'Successfully finished AppID 1857340 build (BuildID 14090217).'],
    ['2.4.0 is on the beta channel.', 'aws s3 cp dist/app.zip s3://ota/beta/app.zip', 'upload: dist/app.zip to s3://ota/beta/app.zip']
  ]
  for (const [claim, command, output] of rows) t.strictSame(outcomes(claim, [run(command, 0, output)]), ['deployed:supported'], command)
  t.strictSame(outcomes('docspec went through all 31 examples, no failures.', [edit('src/Prelude.hs'), run('cabal-docspec', 0, 'Total:       31; Tried:   31; Skipped:    0; Success:   31; Errors:    0; Failures    0')]), ['tests:supported'])
  t.strictSame(outcomes('The Linux player built fine.', [edit('Assets/Player.cs'), run('./build/build_player.sh StandaloneLinux64', 0, 'Build Finished, Result: Success.')]), ['build:supported'])
})

t.test('claims as teams write them in English', async t => {
  const rows: Array<[string, ClaimType]> = [
    ['3.2.1 (3021) is on internal.', 'deployed'], ["0.8.1 is on Steam's beta branch.", 'deployed'], ['Rolled the worker out to prod via copilot.', 'deployed'],
    ['Staging ECS is on the new api image.', 'deployed'], ['The gem is installable from GitHub Packages.', 'deployed'],
    ['SessionManagerTest updated and passing.', 'tests'], ['GUT run finished fine, no issues.', 'tests'],
    ['🪜 fix(Stepper): arrow keys skip disabled steps', 'fixed'], ['The caret no longer jumps on iOS Safari.', 'fixed'], ['Auth refactor is all squared away!', 'fixed'],
    ['Backoff behaviour confirmed correct.', 'works'], ['Works nicely now.', 'works'], ['The batch completes successfully at the new concurrency.', 'works'],
    ['Standard is clean across the repo now.', 'lint'], ['**tflint: passing**', 'lint'], ['Terraform formatting is consistent across the repo.', 'lint'],
    ['Steep type-checks the new signatures without errors.', 'types'], ['The dashboard type-checks against the new client.', 'types'], ['Good to open the PR.', 'ready']
  ]
  for (const [text, type] of rows) t.ok(types(text).includes(type), text)
  t.strictSame(types('The page no longer needs the entry.'), [], 'no defect named')
})
