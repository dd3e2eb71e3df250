// The claim detector on wordings in the agents' other languages and plain-language reports, and the forms beside them that
// are no claim (the detector opens the hook's Layer 1 itself: server/pipeline/layer1-stage.ts).
import t, { type Test } from 'tap'
import { findClaims } from '../../server/evidence/claims.js'

const types = (text: string) => findClaims(text).map(c => c.type)
/** Each row's text holds claims of these types. */
function claimed (t: Test, rows: Array<[string, string[]]>): void {
  for (const [text, want] of rows) t.strictSame(types(text), want, text)
}

t.test('claims in Spanish, Portuguese, French, German, Korean and Japanese, and in plain words', async t => {
  const rows: Array<[string, string[]]> = [
    ['Rodei os testes do plugin e todos passaram.', ['tests']],
    ['Conferi: os 4 arquivos de teste foram executados, 0 falhas.', ['tests']],
    ['La suite está en buen estado.', ['tests']],
    ['全テストが通ることを確認しました。', ['tests', 'works']],
    ['既存のテストスイートは健全な状態です。', ['tests']],
    ['The new test passes along with the rest of the highlighter tests.', ['tests']],
    ['I ran the automated checks afterwards and everything passed.', ['tests']],
    ['Options vault: 41/41 on forge test.', ['tests']],
    ['nix flake check: all checks pass, including the new one.', ['tests']],
    ['El build de Vue pasa.', ['build']],
    ['La build Release avec LTO passe sans erreur.', ['build']],
    ['The assembly builds: target/kite-assembly.jar.', ['build']],
    ['Ya no hay errores de TypeScript.', ['types']],
    ['타입 체크도 깔끔합니다.', ['types']],
    ['The SDK headers now pass the clang-format check.', ['lint']],
    ['The plugin now passes the WordPress coding standards check.', ['lint']],
    ["solhint's at zero problems now.", ['lint']],
    ['Slither comes back empty too.', ['lint']],
    ['The code checker has no complaints left.', ['lint']],
    ['Arreglé el N+1 del admin.', ['fixed']],
    ['Corrigi o erro do carrinho.', ['fixed']],
    ['Der Absturz ist jetzt behoben.', ['fixed']],
    ['Started the server and confirmed /healthz responds with 200.', ['works']],
    ['Geprüft: `kite log --since 2024-01-01` zeigt nur die neueren Einträge.', ['works']],
    ['O checkout está funcionando normalmente.', ['works']],
    ['I opened it and checked it loads properly, images included.', ['works']],
    ['The Our Work page is up on the site.', ['deployed']],
    ["I've uploaded the new gallery page to your hosting.", ['deployed']],
    ["The migration's applied on local Postgres.", ['deployed']],
    ['devnet 배포 끝났어요.', ['deployed']],
    ['The footer links are saved in the project history.', ['committed']],
    ['Damit ist der PR mergebereit.', ['ready']],
    ['Safe to switch on.', ['ready']],
    ['Automatizační testy prošly.', ['tests']],
    ['Test EditMode eseguiti: 0 fallimenti, tutto verde.', ['tests']],
    ['TokenHolderTest still green.', ['tests']],
    ['Los tests de Android pasan.', ['tests']],
    ['Editor zkompiloval bez chyb.', ['build']],
    ['The production bundle is in a perfectly healthy state.', ['build']],
    ['svelte-check läuft jetzt ohne Typfehler durch.', ['types']],
    ['目前 mypy 严格模式在 solvers 包上已无报错。', ['types']],
    ['PSScriptAnalyzer ne remonte plus aucun avertissement sur le module.', ['lint']],
    ['Softlock je pryč.', ['fixed']],
    ['Opraveno.', ['fixed']],
    ['בדקתי על ה-DualSense: הרטט עובד כמו שצריך.', ['works']],
    ['Build wrzucony na Steama.', ['deployed']],
    ['Internal track updated with 3.8.1 (412).', ['deployed']],
    ['La migration AddInvoiceDueDateIndex est appliquée sur la base de recette.', ['deployed']],
    ['Remapování je zacommitnuté na `feature/rebind`.', ['committed']],
    ['Todo listo.', ['ready']]
  ]
  claimed(t, rows)
})

t.test('the forms beside them that are no claim', async t => {
  t.strictSame(types("Le problème n'est donc pas résolu."), [], 'French negation with an adverb between')
  t.strictSame(types("I haven't sent anything to Vercel yet — it'll turn green there the next time the project is pushed."), [], 'a later push')
  t.strictSame(types('2. `poetry run pytest` でテストが通ることを確認'), [], 'an instruction to confirm the tests pass')
  t.strictSame(types('なのでテストが通るかはまだ確認できていません。'), [], 'whether the tests pass is not yet confirmed')
  t.strictSame(types('O checkout não está funcionando.'), [], 'negated in Portuguese')
  t.notOk(types('`pint --test` passes, so formatting is consistent.').includes('tests'), 'a flag named test is no test suite')
})

t.test('a check said by its exit or its state, uploads to a track, and Russian, Polish, Vietnamese and Spanish forms', async t => {
  const rows: Array<[string, string[]]> = [
    ['Local run is green ✅ — pytest exits 0.', ['tests']],
    ['Back to green; the test command finishes without a non-zero exit.', ['tests']],
    ["There's nothing left for it to complain about.", ['lint']],
    ['The format gate is satisfied now.', ['lint']],
    ['Uploaded to the internal track.', ['deployed']],
    ['Release sent to the qa-team group on Firebase App Distribution.', ['deployed']],
    ['Both applied in prod.', ['deployed']],
    ['Base AMI rebuilt with the CIS L1 role.', ['build']],
    ['La solución compila en Release con el nuevo SDK.', ['build']],
    ['Регрессия устранена.', ['fixed']],
    ['Форматирование в порядке, clippy по `io` чистый.', ['lint']],
    ['mypy na scripts/ przechodzi bez błędów.', ['types']],
    ['NetworkPolicies w prod-eu zaaplikowane.', ['deployed']],
    ['Test db 29/29 xanh.', ['tests']],
    ['La PR está lista para revisión y merge.', ['done', 'ready']]
  ]
  claimed(t, rows)
  t.strictSame(types('Nic nie jest zaaplikowane.'), [], 'negated in Polish')
  t.strictSame(types('Если CI с Redis будет зелёным — можно мержить.'), [], 'a condition carried over a dash')
  t.strictSame(types('Par sach bataun toh mypy abhi clean nahi hai.'), [], 'negated in Hinglish')
  t.strictSame(types('Gedeployed heb ik nog niet — er staat een migratie klaar.'), [], 'not yet, in Dutch')
  t.strictSame(types('It builds a 90/10 imbalanced label array and checks both folds.'), [], 'a test that builds something')
  t.strictSame(types('2. `uv run mypy src` — you want `Success: no issues found`'), [], 'what to expect')
  t.strictSame(types('- `make lint` → should end with `Passed: 0 failure(s)`'), [], 'what the output should end with')
})

t.test('a check\'s name and a good outcome in one clause, in words no phrase lists', async t => {
  const rows: Array<[string, string[]]> = [
    ['Sur l’ensemble de la solution, les 212 tests sont au vert.', ['tests']],
    ['Smoke tests: all okay.', ['tests']],
    ['Die Integrationstests: bestanden, die Unit tests auch bestanden.', ['tests']],
    ['Birim testleri geçiyor.', ['tests']],
    ['Сборка зелёная.', ['build']],
    ['Formatting: okay across the repo.', ['lint']],
    // The same pair in more of the languages developers write in, in their own order and script.
    ['كل الاختبارات ناجحة.', ['tests']],
    ['כל הבדיקות עוברות.', ['tests']],
    ['Οι δοκιμές πέρασαν.', ['tests']],
    ['A tesztek zöldek.', ['tests']],
    ['Testit menevät läpi.', ['tests']],
    ['Testerna är gröna.', ['tests']],
    ['تست‌ها پاس شدند.', ['tests']],
    ['Tous les specs Cypress passent.', ['tests']]
  ]
  claimed(t, rows)
  for (const text of ['Die Tests sind noch nicht grün.', 'Tests: `41 passed`.', 'gh pr checks lists lint and docs as successful.', 'Wait for tests to pass.', 'Los tests todavía no pasan.',
    // Negated, conditional or an instruction, before or (Persian, Hindi) after the outcome.
    'الاختبارات لم تنجح بعد.', 'على جهازك: شغّل `php artisan test`، وتأكد أن كل الاختبارات تمر قبل الدمج.', 'הבדיקות לא עוברות עדיין.',
    'Αν οι δοκιμές πέρασαν, θα κάνω merge.', 'A tesztek nem zöldek.', 'Jos testit ovat vihreitä, mergetään.', 'Testerna är inte gröna.',
    'تست‌ها پاس نشدند.', 'टेस्ट पास नहीं हुए।']) {
    t.strictSame(types(text), [], text)
  }
})
