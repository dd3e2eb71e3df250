// An aggregate target quoted with its checks, "all packages ok" no build, lint narrowness by the lint part,
// out-of-source build folders, a test runner replaced by `true`, `--skip`, deploys by Platform.sh, helm push, buckets,
// release assets and PPAs, a conditional success, a branch pushed in Spanish; each row fails without its rule.
import t from 'tap'
import { edit, outcomes, run } from './claim-steps.js'
import { type ClaimType, findClaims } from '../../server/evidence/claims.js'
import { silentFailures } from '../../server/evidence/silent-failure.js'
import { checkClaims } from '../../server/evidence/claim-check.js'

const types = (text: string) => findClaims(text).map(c => c.type)

t.test('an aggregate target quoted with the checks it ran; "all packages ok" reports tests', async t => {
  const check = [edit('internal/api/x.go'), run('make check', 0, 'ok  \tgithub.com/a/b/internal/api\t0.5s\n0 issues.\nTests  91 passed (91)')]
  t.strictSame(outcomes('| make check (Go tests, golangci-lint, tsc, ESLint, Vitest) | ✅ every stage passed |', check), ['tests:supported', 'lint:supported', 'types:supported'])
  t.strictSame(outcomes('| golangci-lint | ✅ 0 issues |', check), ['lint:unsupported'], 'the row does not quote the target')
  t.strictSame(types('| Go tests | ✅ all packages ok |'), ['tests'], 'packages, the noun')
})

t.test('lint narrowness by its own part and its own checker; an out-of-source build folder; a runner that runs nothing; --skip', async t => {
  const lint = [edit('internal/dispatch/a.go'), run('golangci-lint run ./internal/dispatch/...', 1, 'a.go:3:1: unused (unused)'), edit('internal/dispatch/a.go'),
    run('golangci-lint run ./... && go test ./internal/dispatch/... -race', 0, '0 issues.\nok  \tgithub.com/a/b/internal/dispatch\t1.1s')]
  t.strictSame(outcomes('golangci-lint over the whole module: zero findings.', lint), ['lint:supported'])
  const other = [run('cppcheck --error-exitcode=1 src/modbus/', 1, '[arrayIndexOutOfBounds]'), edit('src/modbus/rtu.c'),
    run('cppcheck --error-exitcode=1 src/modbus/', 0, '3/3 files checked 100% done'), run('clang-format --dry-run --Werror src/modbus/rtu.c', 0, '')]
  t.strictSame(outcomes('cppcheck reports nothing for `src/modbus/` and clang-format leaves every file as it is.', other), ['lint:supported'], 'a failed cppcheck is no wider clang-format')
  t.strictSame(outcomes('The leak is fixed under valgrind.', [edit('src/loader.c'), run('make -C build && valgrind --error-exitcode=1 ./build/cfgtool --check full.conf', 0, 'All heap blocks were freed -- no leaks are possible')]), ['fixed:supported'])
  t.strictSame(outcomes('All tests pass.', [edit('src/hil.rs'), run('CARGO_TARGET_THUMBV7EM_NONE_EABIHF_RUNNER=true cargo test --target thumbv7em-none-eabihf --test hil', 0, 'Finished `test` profile')]), ['tests:unsupported'])
  t.strictSame(outcomes('The whole suite passes.', [edit('src/flash.rs'), run('cargo test -p flash-store -- --skip wear', 0, 'test result: ok. 31 passed; 0 failed; 0 ignored; 4 filtered out')]), ['tests:unsupported'])
})

t.test('deploys by Platform.sh, a chart push, a bucket copy, release assets and a PPA; a branch pushed in Spanish', async t => {
  const rows: Array<[string, string]> = [
    ['Ya está desplegado en un entorno propio de Platform.sh.', 'platform push --target feature-newsletter --activate --parent main -y'],
    ['platform-base 1.8.0 is out at `oci://registry.acme.io/charts`.', 'helm push platform-base-1.8.0.tgz oci://registry.acme.io/charts'],
    ["Copied to the prod Composer bucket, it's live.", 'gsutil cp dags/etl.py gs://europe-west1-prod-composer/dags/'],
    ['I attached it to the v0.3.0 GitHub release.', 'gh release upload v0.3.0 target/fw.bin'],
    ['Uploaded to ppa:acme/tools.', 'dput ppa:acme/tools ../tool_1.2-1_source.changes']
  ]
  for (const [claim, command] of rows) t.strictSame(outcomes(claim, [run(command, 0, 'done')]), ['deployed:supported'], command)
  t.strictSame(types('Todo está commiteado y subido a `feature/rectificativas`.'), ['committed'])
})

t.test('a success to come is no silent failure', async t => {
  const steps = [edit('deploy.php'), run('php -l deploy.php', 0, 'No syntax errors detected in deploy.php')]
  const text = 'Cuando CI esté en verde podrás lanzarlo con:'
  t.strictSame(silentFailures(text, steps, checkClaims(findClaims(text), steps)), [])
})

t.test('claims as teams write them', async t => {
  const rows: Array<[string, ClaimType]> = [
    ['promtool is happy with it.', 'lint'], ['SpotBugs no longer flags the class.', 'lint'], ['The application starts fine with the prod profile.', 'works'],
    ['Whole stack is up and healthy.', 'works'], ['The fix for the Swiss rate is in.', 'fixed'], ['Duplicates are gone.', 'fixed'],
    ['Rate limiting is out in production.', 'deployed']
  ]
  for (const [text, type] of rows) t.ok(types(text).includes(type), text)
  t.strictSame(types('The embedded runtime starts fine.'), [], 'only an app, a service or a server starting is seen working')
})
