// The claim detector as tables: each type's claim forms in English and Japanese, and the forms that are no claim
// (plan, condition, negation, question, quote, code).
import t from 'tap'
import { findClaims } from '../../server/evidence/claims.js'

const types = (text: string) => findClaims(text).map(c => c.type)

const CLAIMS: Array<[string, string]> = [
  ['All tests pass.', 'tests'], ["The suite's green.", 'tests'], ['48 passing.', 'tests'], ['Tests: 48/48', 'tests'],
  ['No test failures.', 'tests'], ['✅ All 212 tests passing', 'tests'], ['The unit tests are now passing.', 'tests'],
  ['テストはすべて通りました。', 'tests'], ['全テストがパスしました。', 'tests'],
  ['It builds cleanly.', 'build'], ['The release build succeeds.', 'build'], ['Build: OK', 'build'], ['ビルド成功です。', 'build'],
  ['Lint is clean.', 'lint'], ['Clippy is clean.', 'lint'], ['No eslint errors.', 'lint'], ['リントもエラーなしです。', 'lint'],
  ['Types check.', 'types'], ['mypy is clean.', 'types'], ['tsc passes.', 'types'], ['No type errors.', 'types'], ['型チェックも通っています。', 'types'],
  ['Fixed.', 'fixed'], ["That's fixed.", 'fixed'], ['The crash is gone.', 'fixed'], ['I fixed the parser.', 'fixed'], ['修正しました。', 'fixed'], ['直りました。', 'fixed'],
  ['Verified.', 'works'], ['Confirmed: the endpoint returns 200.', 'works'], ['It works now.', 'works'], ['動作確認済みです。', 'works'],
  ['Done.', 'done'], ['The migration is complete.', 'done'], ['実装が完了しました。', 'done'],
  ['Deployed.', 'deployed'], ['This is live.', 'deployed'], ['Rolled out to all regions.', 'deployed'], ['Published v1.4.0 to npm; it is live.', 'deployed'], ['デプロイ完了しました。', 'deployed'],
  ['Committed and pushed to main.', 'committed'], ['The change is committed.', 'committed'], ['コミットしました。', 'committed'],
  ['Ready to merge.', 'ready'], ['This is safe to ship.', 'ready'], ['マージ可能です。', 'ready'],
  ['With that corrected, the whole suite of 88 is green.', 'tests'], ['The STAR image is built at containers/star.sif.', 'build'], ['Das noarch-Paket ist gebaut.', 'build'],
  ['Style-wise the workflow is in good shape.', 'lint'], ['zero lint errors left in @acme/checkout', 'lint'], ['Stylelint sin errores', 'lint'],
  ['no TS errors, zero `any` left', 'types'], ['vue-tsc sin errores de tipos', 'types'], ['That resolves the fastp channel mismatch.', 'fixed'],
  ['| Build | passing ✅ |', 'build'], ['| Branch | pushed ✅ |', 'committed'], ['gradle assembleDebug succeeded.', 'build'], ['tsc no longer complains.', 'types'],
  ['srb tc reports no errors.', 'types'], ['Plugged the connection leak in the pool.', 'fixed'], ['The crash has been taken care of.', 'fixed'],
  ['Output matches expected.csv byte for byte.', 'works'], ['Helm upgrade finished for release web.', 'deployed'], ['The docs site was redeployed.', 'deployed'],
  ['git push ok; the remote is at 4e7d2b1.', 'committed'], ['Cleared for merge.', 'ready'],
  ['- [x] lint', 'lint'], ['- [x] commit & push', 'committed'], ['* [x] **deploy**', 'deployed'], ['**Types:** no errors', 'types'], ['**Deploy:** done (fly deploy)', 'deployed'],
  ['Pushed the new image to ECR.', 'deployed'], ['The prettier --check run passes.', 'lint'],
  ['eslint --max-warnings 0 reports nothing now.', 'lint'], ['gofmt -l prints nothing.', 'lint'], ['mypy --strict exits 0.', 'types'], ['The race is dead.', 'fixed'],
  ['No more segfaults on startup.', 'fixed'], ['Works locally and in the staging container.', 'works'], ['The CLI prints the expected summary.', 'works'],
  ['The new ReplicaSet is serving traffic.', 'deployed'], ['The app has been redeployed.', 'deployed'], ['Rebased and force-pushed the branch.', 'committed'],
  ['This one is merge-ready.', 'ready'], ['Ready to land.', 'ready'], ['Ya compila sin errores.', 'build'], ['Ho corretto il bug del login.', 'fixed'],
  ['Hice commit de los cambios.', 'committed'], ['La nuova versione è online.', 'deployed'], ['用例现在也过了，没有失败项。', 'tests'], ['生产环境部署完毕。', 'deployed'],
  ['The module type-checks under pyright strict.', 'types'], ['flake8 ne signale plus rien sur src/ingest/.', 'lint'],
  ['Checked it end to end.', 'works'], ['App starts cleanly.', 'works'], ['/actuator/health/readiness returns UP locally', 'works'], ['Applied it locally and it went through fine.', 'works'],
  ['tá funcionando certinho', 'works'], ['Applied to dev.', 'deployed'], ['Applied the security group changes to staging.', 'deployed'], ['L\'endpoint est en ligne.', 'deployed'],
  ['Staging slot of func-orders is updated with the new retry policy.', 'deployed'], ['The new runner AMI is built.', 'build'], ['Le paquet se construit de nouveau.', 'build'],
  ['Upgrade committed to the current branch.', 'committed'], ['já subi pro main', 'committed'], ['No breakage.', 'tests'], ['Nothing else broke: 87 passed, 0 failed.', 'tests'],
  ['All 64 still pass after the refactor.', 'tests'], ['tá tudo passando, inclusive os testes novos', 'tests'], ['Spotless check passes now.', 'lint'], ['`cargo deny check` 全部通过', 'lint'],
  ['o golangci-lint tá limpinho também', 'lint'], ['后来又修了一个 off-by-one', 'fixed'], ["Leak's fixed 👌", 'fixed'],
  ['`tsc --noEmit` ist sauber.', 'types'], ['Die Jest-Tests laufen durch.', 'tests'], ['pytest -q tests/ passes.', 'tests'],
  ['Works with the GRCh38.p14 config.', 'works'], ['I submitted it as 4417021 and confirmed the array handles all 96 samples.', 'works'],
  ['Re-ran the reproducer from #233 and it now parses to the right config.', 'works'], ['The importer now skips blank rows as expected.', 'works'],
  ['임포트 오류를 수정했으며, 이제 DAG가 정상적으로 로드됩니다.', 'fixed'], ['이제 DAG가 정상적으로 로드됩니다.', 'works'], ['타입 검사도 문제없이 통과합니다.', 'types'],
  ['sqlfluff 위반 사항은 모두 해소되었습니다.', 'lint'], ['내부 레지스트리에 푸시하였으므로 태그를 바꾸시면 됩니다.', 'committed'], ['`sbt +package` completes successfully for both Scala versions.', 'build'],
  ['Bumped the tag and rolled it out to staging.', 'deployed'], ['Закомічено в main.', 'committed'], ['kustomize build проходить без помилок.', 'build'], ['Застосовано на staging.', 'deployed'],
  ['make test completes without error.', 'tests'], ['The envtest job is back to green.', 'tests'], ['Регресій немає.', 'tests'], ['Plugin type-checks.', 'types'],
  ['The types check out everywhere, including the page.', 'types'], ['De race is weg.', 'fixed'], ['Werkt in de browser.', 'works'], ['De module laadt zoals verwacht.', 'works'],
  ['Release build goes through with SDK 34.', 'build'], ['Build do player iOS compila sem erros.', 'build'], ['Archive still works with the new plugin.', 'works'],
  ['SwiftLint limpo no NativeBridge.', 'lint'], ['Roslyn analyzers are clean.', 'lint'], ['2.0.1 is on the internal track.', 'deployed'], ['Uploaded to Steam.', 'deployed'],
  ['2.0.1 enviado pro grupo qa no App Distribution.', 'deployed'], ['Commit feito em feature/water-foam.', 'committed'], ['PR liberado para merge.', 'ready'],
  ['עשיתי commit (e41b7d2) ודחפתי ל-main.', 'committed'], ['Выкатил на staging.', 'deployed'], ['תיקנתי את שתי שגיאות ה-TS.', 'fixed'], ['עכשיו tsc עובר בלי שגיאות.', 'types'],
  ['The suite ran clean under manage.py test (412 tests).', 'tests'], ['The four new tests in tests/test_verify.py pass.', 'tests'], ['По линтеру замечаний нет.', 'lint'],
  ['PR можно мержить.', 'ready'], ['Bumped express to 4.20.0, which resolves CVE-2024-43796.', 'fixed'],
  ['varcall 2.1.0 is on quay.io now.', 'deployed'], ['seqtrim 0.9.2 ist damit auf Bioconda verfügbar.', 'deployed'], ['retry-lite 1.2.0 is on Hackage now.', 'deployed'],
  ["I couldn't reproduce it locally, but the build succeeds.", 'build'],
  ['- passes locally', 'tests'], ['full suite: 38 tests, none failing.', 'tests'], ['- bats: 9/9 ok', 'tests'], ['- compiles with clang + LTO', 'build'],
  ['- gofmt: clean', 'lint'], ['- fmt check passes', 'lint'], ['- dialyzer passes', 'types'], ['The flag behaves as expected.', 'works'],
  ['- applied to prod, 1 added', 'deployed'], ['1.9.0 is on staging.', 'deployed'], ['tok 0.4.0 released.', 'deployed'], ['crates.io has it.', 'deployed'],
  ['committed on main: `ledger: add typespecs`', 'committed'], ['- 71be0c4 committed, pushed to main', 'committed'], ['- commit landed on main', 'committed'],
  ['✅ Committed on `feature/audit-logs`', 'committed'], ['- Production deploy done', 'deployed'], ['- `./verify.sh` → OK, verified', 'works'],
  ['- 测试全部通过', 'tests'], ['编译通过。', 'build'], ['静态分析无问题。', 'lint'], ['修复了头像缓存失效的问题。', 'fixed'], ['已验证。', 'works'],
  ['已部署到生产环境。', 'deployed'], ['已推送到 `fix/neg-qty`', 'committed'], ['可以合并。', 'ready'],
  ['테스트 모두 통과했습니다.', 'tests'], ['- 빌드 성공', 'build'], ['- 린트 문제 없음', 'lint'], ['버그를 수정했습니다.', 'fixed'],
  ['배포 완료.', 'deployed'], ['커밋했습니다.', 'committed'], ['- 머지해도 됨', 'ready'],
  // After a field's label; a fix said with the bug's case ("when …"); test groups and counts named otherwise.
  ['**Summary** — Fixed the panic in `next` when a frame is cut off mid-header.', 'fixed'], ['Resolution: fixed in 2.3', 'fixed'],
  ['Testing: verified locally that the new nav renders.', 'works'], ['Fixed the crash when the list is empty.', 'fixed'],
  ['The reproducer now parses to `Right` as expected.', 'works'], ['TestEvictOnExpire passes now, and the whole module is green again.', 'tests'],
  ['smoke group is green ✅', 'tests'], ['All login scenarios pass on staging.', 'tests'], ['58 requests, 131 assertions, 0 failed.', 'tests'],
  ['le typage passe sous mypy --strict, aucune erreur', 'types'], ['| mypy | 无类型错误 |', 'types'], ['clippy geeft geen waarschuwingen.', 'lint'],
  ['Dialyzer has nothing left to say.', 'types'], ['Commit 8be01d4 ✔ e pushed pra origin/feat/RANK-19.', 'committed'], ['Tudo pronto pra merge.', 'ready'],
  ['PR #212 merged, branch deleted.', 'committed'], ['Todo verde en go test ./..., 5/5 paquetes ok.', 'tests'], ['- `.#ociImage` builds with the new toolchain.', 'build'],
  ['- Upgraded in the ops cluster — release is at revision 9.', 'deployed'], ['- yamllint läuft jetzt ohne Fehler durch.', 'lint'],
  ['- actionlint has no more findings on `release.yml`.', 'lint'], ['- pyright のエラーは 0 件になりました。', 'types'],
  ['The NPE is gone.', 'fixed'], ['The 404s are gone.', 'fixed'], ['ktlint 现在没有报错了。', 'lint'], ["The upgrade didn't break any tests.", 'tests'],
  ['- Tests run: 311, Failures: 0', 'tests'],
  ["ci's happy", 'tests'], ['tests are all happy now 🎉', 'tests'], ['Die Tests sind grün.', 'tests'], ['Las pruebas pasan.', 'tests'], ['lint ✅', 'lint'],
  ['Build: erfolgreich', 'build'], ['mypy is happy', 'types'], ['Bug behoben.', 'fixed'], ['Ya funciona.', 'works'], ['Desplegado en producción.', 'deployed'],
  ['Gepusht.', 'committed'], ['Listo para merge.', 'ready'], ['rollout went through', 'deployed'],
  ['should be all sorted — mypy is clean now (i think? pretty sure)', 'types'], ['187 tests, all good', 'tests'], ['types check out 👌', 'types'],
  ['zero tsc errors in charts', 'types'], ['zero regressions, nothing red anywhere', 'tests'], ['race is gone', 'fixed'], ['ran go test with -race and it came back ok', 'tests'],
  ['The module type-checks cleanly now.', 'types'], ['No mypy complaints about the new signatures.', 'types'], ['本番環境へのデプロイも完了しております。', 'deployed'],
  ['1.14.0 は本番環境で稼働中です。', 'deployed'], ['`origin/main` へのプッシュは完了しています。', 'committed'], ['I squash-merged #412 into `main`.', 'committed'],
  ['The NullPointerException on rotation is gone.', 'fixed'], ['The test command exited 0, so the refactor is green.', 'tests'], ["everything's green again", 'tests'],
  ['el ci está en verde ✅', 'tests'], ['commit ho gaya, push bhi kar diya', 'committed'], ['null deref solve ho gaya', 'fixed'], ['pricing page shipped to prod', 'deployed'],
  ['ya está limpio de lint 👌', 'lint'], ['credo --strict clean for billing', 'lint'], ['The build is in a healthy place after the migration.', 'build'],
  ['Nothing has regressed in the three modules.', 'tests'], ['image built & pushed', 'committed'], ['`ghcr.io/acme/worker:1.8.2` is up on ghcr', 'deployed'],
  ['prove -lr t/ runs clean.', 'tests'], ['The kaocha run came back green.', 'tests'], ['cargo test comes back with 0 failed.', 'tests'],
  ['Everything in the test suite is passing now.', 'tests'], ['The whole solution builds with 0 warnings.', 'build'], ['The solution builds, and I left the rest alone.', 'build'],
  ['luacheck is clean, zero warnings across src.', 'lint'], ['ruff has no remaining complaints.', 'lint'], ["It's rolled out to both prod web hosts.", 'deployed'],
  ['fastenv 1.3.0 is on PyPI.', 'deployed'], ['Numeric literals with underscores lex correctly now.', 'works'], ['This is ready for the 0.9 release.', 'ready'],
  ["Testy przechodzą (52/52), więc PR jest gotowy do merge'a.", 'tests'], ["PR jest gotowy do merge'a.", 'ready'], ['formatowanie jest czyste', 'lint'],
  ['De build loopt goed door.', 'build'], ['Het is gecommit op main.', 'committed'], ['De tests zijn groen.', 'tests'], ['Opgelost.', 'fixed'],
  ["prod stack'te artık canlı", 'deployed'], ["Acme.Core 2.1.0 NuGet'e yayınlandı", 'deployed'], ['Hata düzeltildi.', 'fixed'], ['testler geçiyor', 'tests'],
  ['Semua tes lulus.', 'tests'], ['Bug sudah diperbaiki.', 'fixed'], ['Đã deploy lên production.', 'deployed'], ['Баг исправлен.', 'fixed'],
  ['Renewal loop exits on cancel; no more orphan goroutines.', 'fixed'], ['- go test ./... piped through tail, all packages ok', 'tests'],
  ['**api 1.8.0 är deployad till prod.**', 'deployed'], ['Indexet är ute i staging.', 'deployed'], ['cargo-deny är grönt igen.', 'lint'], ['- suite completa verde', 'tests'],
  ['Buggen är fixad.', 'fixed'], ['Redo att mergas.', 'ready'],
  ['image built + pushed, staging is on 1.8.0 now 🚀', 'deployed'], ['replicas → 6 in prod, rolled out 👌', 'deployed'], ['- compila sin errores', 'build'],
  ['0 fallos 🙌', 'tests'], ["yep main's green 🟢", 'tests'], ["so the rebase didn't break anything", 'works'], ['alle tests laufen durch', 'tests'],
  ['CSV-Export ist fertig.', 'done'], ['The iOS framework links and the Android AAR assembles fine.', 'build'],
  ['Rien ne casse : la suite complète passe.', 'tests'], ['mypy est propre sur src/.', 'types'], ['go vet reports nothing.', 'lint'],
  ['- build 通过，没问题', 'build'], ['- 型エラーもゼロです', 'types'], ['関連テストを実行して失敗は0件でした。', 'tests'], ['テストは問題ありません。', 'tests'],
  ['change は commit 済み', 'committed'], ['既存の挙動にデグレはなく', 'works'], ['CI モードでテスト回して green です', 'tests'], ['snapshot の件は片付きました', 'fixed'],
  ['本番にも apply 済みです', 'deployed'], ['php artisan test もグリーン', 'tests'], ['ship できる状態です', 'ready'], ['mypy --strict も通っています', 'types'], ['docker build 成功しています', 'build'],
  ['Проверка типов tsc проходит, ошибок типов нет.', 'types'], ['- [x] Commitado', 'committed'], ['Déploiement mis à jour', 'deployed'],
  ['Compiles without warnings, and I verified that a 503 gets retried.', 'works'], ['No coding-standard violations left', 'lint'],
  // A status table's row, the check named in one cell and its outcome in the next.
  ['| PyPI | released |', 'deployed'], ['| wheel + sdist | build cleanly |', 'build'], ['| pytest | 112 passed |', 'tests'],
  ['- mypy --strict: no issues', 'types'], ['eslint: 0 problems', 'lint'], ['Ingest module: ruff reports nothing now.', 'lint'],
  ["6/6 drift tests pass, and it's committed (`fix: clip PSI bins`).", 'committed'], ['- [x] committed to `feat/drift-monitor`', 'committed'],
  ['Checkpoint-1200 is up on the Hub under `acme/churn`.', 'deployed'], ['All 96 expectations pass.', 'tests'], ['py310/py311/py312 all building and passing', 'tests'],
  // Log lines with a time stamp, and what an incident channel says.
  ['13:06 Fixed.', 'fixed'], ['11:49 confirmed: /readyz flips to 503 during drain', 'works'], ['17:21 Задеплоєно.', 'deployed'],
  ['12:40 branch pushed, PR link in thread', 'committed'], ['10:13 pods healthy, checkout verified ✅', 'works'],
  ['prod param group applied, max_connections=800 live', 'deployed'], ['18:03 rollout complete, 3/3 replicas Ready ✅', 'deployed'],
  ['10:45 shellcheck: 0 issues across scripts/ → ping me if the gate still trips', 'lint'], ['role works on the stage bookworm fleet ✔', 'works'],
  ['新配置已经部署到 staging 了。', 'deployed'],
  // JIRA-comment fields.
  ['Checkstyle: 0 violations now, Jenkins should go back to stable.', 'lint'], ['No more type mismatches in the mapping layer.', 'types'],
  ['Verified in: admin-api unit tests, 133 green.', 'tests'], ['Ready for the sprint release.', 'ready'], ['Gateway compiles, and the rest is unchanged.', 'build'],
  ['detekt has nothing to say about the new file.', 'lint'], ['Getestet – die Test-Suite ist grün.', 'tests'],
  // A checker that "reports nothing" reports a clean run; a types claim after a tests claim in one sentence.
  ['mypy reports nothing now for app/.', 'types'], ['eslint flagged nothing in the new hooks.', 'lint'],
  ['Spun up the emulators and verified the new token lands in Firestore ✨', 'works'], ['Builds and works on device (I think 😅)', 'build'],
  ['Works on the simulator.', 'works'], ['Checked it on the sim — looks right in dark mode now 👌', 'works'], ['Types check out 👍', 'types'],
  ['Label DPI issue resolved for the 300 dpi printers.', 'fixed'], ['The full test project passes again.', 'tests'],
  ['MSBuild compiles the whole solution in Release with no errors.', 'build'], ['No TypeScript type errors.', 'types'],
  ['The portal loads normally again.', 'works'], ['The code style is clean now.', 'lint'],
  // "No regressions" says the tests pass, in any of the agents' languages.
  ['No regression, everything else behaves as before.', 'tests'], ['Sin regresiones en el resto del módulo.', 'tests'], ['Aucune régression.', 'tests'],
  ['Keine Regressionen im Export.', 'tests'], ['Tidak ada regresi di model lain.', 'tests'], ['Suite theek hai, koi regression nahi dikha.', 'tests'],
  ['对照 main 没有回归。', 'tests'], ['リグレッションもなく、安定しています。', 'tests'], ['회귀 없음.', 'tests'], ['Регрессий нет, всё стабильно.', 'tests'],
  ['Brak regresji w pozostałych modułach.', 'tests'], ['Geen regressies gevonden.', 'tests'],
  // Swedish, Vietnamese, Czech, Italian, Indonesian, Ukrainian, Hebrew; infrastructure's words; a pushed package is published.
  ['Prod-releasen bygger utan problem.', 'build'], ['credo har inget att klaga på längre.', 'lint'], ['pushat till `fix/tenant-migration`.', 'committed'],
  ['N+1-problemet är löst.', 'fixed'], ['Đã squash merge #412 vào main.', 'committed'], ['ktlint giờ cũng sạch rồi.', 'lint'],
  ['Đã upload AAB lên track internal trên Play Console.', 'deployed'], ['La correzione è stata committata sul branch.', 'committed'],
  ['Build prošel.', 'build'], ['Kompiluje se bez jediného warningu.', 'build'], ['Ověřeno na stendu.', 'works'], ['Rilis 0.4.0 sudah keluar di opam.', 'deployed'],
  ['Виправлено.', 'fixed'], ['השינוי חי בפרוד.', 'deployed'], ['molecule ירוק כולל idempotence.', 'tests'],
  ['The whole Billing solution is green again.', 'tests'], ['Twister on native_sim: 17/17 cases pass.', 'tests'], ['All 214 targets compile.', 'build'],
  ['`OnboardingFlowTest` passes.', 'tests'], ['The identity and composition laws hold under quickcheck-classes.', 'tests'],
  ['I ran it under Core Tools and it purged the expired rows as expected.', 'works'], ['The health check passes.', 'works'],
  ['ansible-lint has no objections either.', 'lint'], ['Molecule passes.', 'tests'], ['The new cipher list is on every web node.', 'deployed'],
  ['`/healthz` answers 200.', 'works'], ['Contoso.Common 1.4.0 has been pushed to nuget.org.', 'deployed'], ['Pushed to Cloudflare, version 5f0c2e1a is active.', 'deployed'],
  // A requirement met earlier in the sentence is no requirement of the claim.
  ['I had to fix the build; it compiles now.', 'build'], ['The tests needed to be updated; they pass now.', 'tests']
]

const NOT_CLAIMS = [
  'Once the health check passes we can flip DNS.', 'Once the laws hold we can merge.', 'Det är inte löst än.',
  // A requirement, not a report.
  '`make lint` (ruff + mypy) — both need to be clean before you open the PR.', 'Lint must be clean before merge.', 'The build has to pass on CI first.',
  'There is no regression test for this path yet.', 'I haven\'t checked for regressions.', 'I\'ll make sure there are no regressions before merging.',
  'pytest found nothing to run in that folder.', 'Builds are slow on CI.', 'I still need to build and verify the fix.', 'cargo builds the binary into target/.',
  'The deploy script is fine as it is.', 'Die Tests sind noch nicht grün.', 'No funciona todavía.', 'Wenn die Tests grün sind, merge ich.',
  'The tests should be green after this.', 'The build step stays as it was.',
  'todavía no lo apliqué, así que no está desplegado.',
  '6개 중 5개 패키지는 빌드 통과, `@acme/ui`만 실패', 'Five of six packages build; only @acme/ui fails.', '测试还没通过。', '测试通过了吗？',
  '테스트가 통과하지 않았습니다.', '빌드 성공하면 머지할게요.',
  "I'll confirm the suite passes before wrapping up.", 'Once the tests pass, we can merge.', 'If CI is green we can ship it.',
  'Not verified yet.', 'The tests do not pass yet.', 'Does it build for you?', 'You said "it works on staging".',
  '> All tests pass', 'Run `npm test` and check that all tests pass.', '```\nAll tests pass\n```', 'I have not deployed it.',
  'Next I will deploy to production.', 'まだ確認できていません。', 'これからテストを実行して、通ることを確認します。', 'テストは通りましたか？',
  'Can you confirm it works on your machine?', 'Please make sure the build succeeds before merging.', 'Renamed the helper and updated the docs.',
  'The build failed with 3 errors.', 'We need to make sure all tests pass.',
  'Once it is on staging I will tell you.', 'Is 1.9.0 released yet?', "I haven't pushed to main.",
  'agar ci green aata hai toh merge kar dena',
  "I haven't touched anything else and nothing is committed.", 'Testy nie przechodzą jeszcze.', 'De tests slagen niet.', 'Tes belum lulus.',
  'Zodra de tests groen zijn, merge ik.', 'Setelah tes lulus, saya akan merge.', 'Testerna är inte gröna än.',
  'laut ci: lint/unit/typecheck ✓, e2e läuft noch', 'Before your last message, the integration suite passed against Postgres 14.',
  'The values are escaped once in the final join and the fix is described below.', 'La sérialisation passe désormais par orjson.',
  'ログの「BUILD SUCCESSFUL」はコンパイルが通ったことを示すだけで、実行時の問題までは見ていません。', 'テストはまだ通っていません。',
  '| check | result |', '| step | owner |\n|---|---|\n| deploy | you, after review |', 'The prod param group is not applied yet.',
  'The prod config will be applied tonight.', '19:05 NOT deployed — helm upgrade runs in the 22:00 window',
  'Next step: fixed by bumping the pin.', 'TODO: deployed to staging', 'It will be fixed when we merge #12.',
  '`BasePage.find()` now returns `WebElement` instead of `Any`.', "Rien n'est vérifié pour l'instant.", "Ce n'est pas encore vérifié.", 'The script builds with care.', 'The other 52 passed before the edit; run the full suite before merging.', '等 Jenkins 上的规格跑绿了，就可以合并。',
  'Behoben ist das also noch nicht.', 'CI passes `--strict`, so an unresolved package fails the job.', 'The payments lineage does not pass: 29 of 31 tests succeed, 2 fail.', 'Of 31 tests, 29 succeed and 2 fail.', 'The job script now loads FastQC through the module system.',
  'the full suite still isnt green tho', 'it doesnt build yet', 'Committet ist noch nichts.', 'Getaggt oder veröffentlicht habe ich nichts.',
  '`make test` — should finish with every test passing.', 'Nog niet groen: 7 van de 9 checkout-tests slagen.', '- I haven\'t run the unit tests or tried it on a device.', "I haven't applied anything to prod.", 'The UI is built with React.', 'I applied the patch to the parser.', "The bot commented 'all tests passing' on an older commit.", 'The fixture is meant to make the suite pass offline.', 'Confirm the compactor picked it up with kubectl logs.',
  "Each job carries a key that's checked in KV before running.", 'Antes de terminar, pasaré eslint.', 'Next: run pytest to confirm the suite still passes.', 'The new test is meant to pass on an empty string.', 'The previous release is still serving traffic.',
  'I left it in Ready for QA sign-off.', '- [ ] deploy', '- [x] write the migration', 'テストがすべて通ったら、PR を出してください。', '你可以运行 npm test 确认一下所有测试是否都通过。',
  '只要镜像能构建成功，就可以进入下一步。', 'CI 가 통과하면 머지 가능합니다.', '테스트가 모두 통과하는지는 아직 확인하지 못했습니다.', 'The deploy config is fine.', '7 of 9 tests pass.', 'The build-script is fine.', 'Paste this:\n\n```markdown\n- retry on `TransientDataAccessException`\n\n- [x] All tests pass\n```'
]

t.test('each claim type is found in its forms', async t => {
  for (const [text, type] of CLAIMS) t.ok(types(text).includes(type as never), `${type}: ${text} (got ${types(text).join(',') || 'none'})`)
})

t.test('a release build is a build, not a deploy', async t => {
  t.strictSame(types('Release build ✔'), ['build'])
})

t.test('plans, conditions, negations, questions, quotes and code are no claim', async t => {
  for (const text of NOT_CLAIMS) t.strictSame(types(text), [], text)
})

t.test('several claims in one message, each with its sentence', async t => {
  const found = findClaims('## Summary\n- Fixed the race in `pool.ts`.\n- All 31 tests pass.\n\nI will open the PR next.')
  t.strictSame(found, [{ type: 'fixed', text: '- Fixed the race in `pool.ts`.', clause: '- Fixed the race in  pool.ts .' }, { type: 'tests', text: '- All 31 tests pass.', clause: '- All 31 tests pass.' }])
  t.strictSame(types('Settings tests pass (8) and the types check out too.'), ['tests', 'types'])
})

t.test("a package pattern's dots end no sentence: the claim after `./...` or `//...` is read with its command", async t => {
  // Each claim keeps the clause its wording was found in: what a narrow run is weighed against.
  t.strictSame(findClaims('- fixed; go test ./... passes'), [{ type: 'tests', text: '- fixed; go test ./... passes', clause: ' go test ./... passes' }, { type: 'fixed', text: '- fixed; go test ./... passes', clause: '- fixed' }])
  t.strictSame(types('bazel test //... is green on main'), ['tests'])
  t.strictSame(types('Ran it... Tests pass.'), ['tests'], 'an ellipsis still ends a sentence')
  t.strictSame(findClaims('I ran go test ./... and then stopped. Not verified.').map(c => c.type), [], 'no claim borrowed across the dots')
})

t.test('a claim said inside one inline code span is a quote of output or an example; one spread over code and prose is said', async t => {
  for (const text of ['A clean run ends with `00:08 +4: All tests passed!`; a mismatch prints a diff.', 'The banner reads `Deployed to production`.', 'Tests: `41 passed`.']) {
    t.strictSame(types(text), [], text)
  }
  for (const [text, type] of [['`npm test` passes', 'tests'], ['`make test` → `ok`', 'tests'], ['13:06 `go test ./...` ✅', 'tests'], ['- `pytest`: 41 passed', 'tests']] as const) {
    t.ok(types(text).includes(type), `${type}: ${text}`)
  }
})

t.test('the whole state said green, a build that works again, a one-word "Live!", "release-ready"', async t => {
  for (const [text, type] of [["We're green on the branch.", 'tests'], ['Still green.', 'tests'], ['Green across the board.', 'tests'], ['The flake builds now.', 'build'],
    ['Live!', 'deployed'], ['Release-ready.', 'ready']] as const) t.ok(types(text).includes(type), `${type}: ${text}`)
  for (const text of ['The CI builds now run in parallel.', "Once we're green, I'll merge.", 'Is everything green?', 'It goes live tomorrow.', 'Not release-ready yet.',
    'ruff: All checks passed!']) t.notOk(types(text).includes('tests'), text)
  t.strictSame(types('Not release-ready yet.'), [])
})

t.test('hostile text costs its length, not more', async t => {
  const long = 'but '.repeat(4000) + 'a'.repeat(8000) + '`'.repeat(3000) + '"'.repeat(3000)
  t.strictSame(findClaims(long), [])
  t.ok(findClaims(`${'x '.repeat(5000)}All tests pass.`).length === 1)
})

t.test('a check reported by its command, and the terse forms', async t => {
  const rows: Array<[string, string]> = [['- go test ./...: green', 'tests'], ['npm test ✓', 'tests'], ['**Tests:** `make test` ✅ green', 'tests'], ['vitest: 10/10.', 'tests'],
    ['mvn verify: green.', 'tests'], ['tsc ✓', 'types'], ['eslint: clean', 'lint'], ['npm run build: ok', 'build'], ['Date bug fixed.', 'fixed'], ['Fix is in.', 'fixed'],
    ['Graceful shutdown works — SIGTERM drains requests.', 'works'], ['Built and deployed.', 'deployed'], ['Tests green, change committed.', 'committed'], ['No regressions.', 'tests']]
  for (const [text, type] of rows) t.ok(types(text).includes(type as never), `${type}: ${text} (got ${types(text).join(',') || 'none'})`)
  for (const text of ['The CSV export is not fixed yet.', 'Run make test: it should be green.', 'Is the npm test ✓ for you?']) t.strictSame(types(text), [], text)
})

t.test('what real sessions say that is no claim of success', async t => {
  for (const text of ['**Pushed back on one (Important #5):**', '## 🚀 How It Works', 'The path is now $HOME so it works on both machines.',
    'Wait for it to complete — the first run takes a few minutes as it builds the image.', 'After confirming it works, re-enable validation.',
    'Start with bypass mode, verify everything works, then re-enable it.', '問題を確認しました。', 'Overall: 63/124 passed (51%); 12 partial; 49 failed.',
    '- Built dedicated issuance UI primitives with accessible grid buttons.', 'Q3 is already done and committed (commit `680de7f`).']) {
    t.strictSame(types(text), [], text)
  }
  for (const [text, type] of [['Built and tested.', 'build'], ['Pushed to main.', 'committed'], ['動作確認しました。', 'works'], ['Built.', 'build']] as const) {
    t.ok(types(text).includes(type), `${type}: ${text}`)
  }
})

t.test('a claim takes the type of the tool it names', async t => {
  t.strictSame(types('mypy meldet jetzt keine Fehler mehr im ingestion-Modul.'), ['types'], 'German, a generic "no errors" about mypy')
  t.strictSame(types('mypy ne signale plus aucune erreur.'), ['types'], 'French')
  t.strictSame(types('pyright: 0 error — semua tipe sudah bersih.'), ['types'], 'a count of none after the tool')
  t.strictSame(types('clippy の警告はゼロです。'), ['lint'], 'Japanese: the finding, then none')
  t.strictSame(types('golangci-lint 指摘ゼロになりました。'), ['lint'], 'Japanese: findings none')
  t.strictSame(types('ESLint passes now with zero problems.'), ['lint'])
  t.strictSame(types('pytest: 0 errors, 41 passed.'), ['tests'], 'a test runner keeps its type')
  t.strictSame(types('mypy still reports 3 errors in the ingestion module.'), [], 'a count of findings is no claim')
})

t.test('not claims: nothing done, a negation in French, the user\'s request restated, a tally with failures', async t => {
  t.strictSame(types('Nothing\'s pushed or deployed — it is just the local tag.'), [])
  t.strictSame(types('Je ne prétends pas que le démarrage fonctionne.'), [])
  t.strictSame(types('Rien n\'est encore vérifié.'), [])
  t.strictSame(types('You wanted the API ready to go out on Fly, so I rewrote the Dockerfile.'), [])
  t.strictSame(types('ctest: 17/18, test_can_filter fails on the 29-bit mask.'), [])
  t.strictSame(types('ctest: 18/18.'), ['tests'], 'a full tally still is')
  t.strictSame(types('So types are clean too.'), ['types'], '"So" opening a sentence draws a result, not a purpose')
  t.strictSame(types('nothing broke, 187 tests, all good'), ['tests'], '"nothing broke" says all is well')
})

t.test('claims said by what the checked thing did, and in the agents\' other languages', async t => {
  const rows: Array<[string, string[]]> = [
    ['212 tests, nothing broke.', ['tests']],
    ['Whole tree passes.', ['tests']],
    ['OK (301 tests, 812 assertions) after the importer change.', ['tests']],
    ['auth_test green with the new stubs.', ['tests']],
    ['Still builds for nucleo_h743zi.', ['build']],
    ['Release build for thumbv7em goes through.', ['build']],
    ['The production assets precompile without a hitch now.', ['build']],
    ['Container boots and `/health` answers 200.', ['works']],
    ['Checkout e2e flow verified in Playwright.', ['works']],
    ['0.4.2 is up on itch on the html5 channel.', ['deployed']],
    ['pricing page live on vercel', ['deployed']],
    ['1.6.0 rolled out to the sensor fleet.', ['deployed']],
    ['Production is updated!', ['deployed']],
    ['Apply complete! Resources: 3 added, 0 changed, 0 destroyed.', ['deployed']],
    ['migration committed', ['committed']],
    ['The off-by-one has been corrected.', ['fixed']],
    ['Watchdog resets are GONE.', ['fixed']],
    ['Ready for the frontend team.', ['ready']],
    ['El proyecto compila sin errores ni warnings.', ['build']],
    ['La nouvelle configuration est déployée en production.', ['deployed']],
    ['Deploy feito em staging.', ['deployed']],
    ['todos pasan', ['tests']],
    ['全部通过。', ['tests']],
    ['main にプッシュしておきました。', ['committed']],
    ['relay-staging에 적용 완료', ['deployed']]
  ]
  for (const [text, want] of rows) t.strictSame(types(text), want, text)
  t.strictSame(types('The old `customers-v3` hardcode is gone.'), [], 'a thing removed is no bug fixed')
  t.strictSame(types('Once it is up on staging, I will tell you.'), [], 'still a condition')
})

t.test('a task list: a checked item is said, an unchecked one is still to do', async t => {
  t.strictSame(findClaims('- [x] Committed the `.rubocop.yml` change\n- [ ] Pushed to origin').map(c => c.type), ['committed'])
  t.strictSame(findClaims('1. [x] Released 0.4.2 on crates.io').map(c => c.type), ['deployed'])
  t.strictSame(findClaims('- [ ] Deployed to staging').map(c => c.type), [])
})

t.test('an emoji ends the stretch a condition is looked for in', async t => {
  t.strictSame(types('ESLint passes now with zero problems 🎉 Sorry if the diff is noisy, happy to split it if that helps.'), ['lint'])
  t.strictSame(types('Everything type-checks (should be fine).'), ['types'])
})

t.test('a named type checker or linter said to be clean, in its own words', async t => {
  const rows: Array<[string, string[]]> = [
    ['Steep is passing with the new signatures.', ['types']],
    ['Pint passes on the whole PR.', ['lint']],
    ['bootloader is cppcheck-clean', ['lint']],
    ['flake8 no longer reports anything for `src/viz`.', ['lint']],
    ['php-cs-fixer reports clean.', ['lint']],
    ['Keine Lint-Fehler mehr.', ['lint']],
    ['PHPStan è pulito.', ['types']],
    ['Rubocop теперь чистый.', ['lint']],
    ['The netcode rollback works and is frame-perfect.', ['works']]
  ]
  for (const [text, want] of rows) t.strictSame(types(text), want, text)
  t.strictSame(types('PHPStan is not clean yet: 3 errors in src/Dto.'), [], 'negated')
})
