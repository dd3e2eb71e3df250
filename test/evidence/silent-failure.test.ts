// A message that speaks of success over a check that did not pass, in wording the claim patterns do not know.
import t from 'tap'
import { edit, run } from './claim-steps.js'
import { checkClaims } from '../../server/evidence/claim-check.js'
import { findClaims } from '../../server/evidence/claims.js'
import { mayClaim, namedFailures, silentFailures } from '../../server/evidence/silent-failure.js'
import { type Step } from '../../server/evidence/steps.js'

const silent = (text: string, steps: Step[]) => silentFailures(text, steps, checkClaims(findClaims(text), steps))

const MVN_FAILED = '[ERROR] Tests run: 34, Failures: 2, Errors: 0, Skipped: 1'

t.test('success said over a run that did not pass, the failure never mentioned: that check\'s claim, unsupported', async t => {
  const rows: Array<[string, Step[], string]> = [
    ['Reworked the explicit wait; the login journey holds up ✅.', [edit('src/test/java/Smoke.java'), run('mvn -q test -Dgroups=smoke || true', 0, MVN_FAILED)], 'tests'],
    ['The login flow holds up on staging ✅.', [edit(), run('npm test', 1, 'Tests: 1 failed, 40 passed')], 'tests'],
    ['👀 Watcher is up and everything it picked up is passing ✅', [edit(), run('npx jest --watch', undefined, 'Watching for file changes')], 'tests'],
    ['🧪 Tudo nos conformes, login com Google funcionando.', [edit('lib/auth.dart'), run('flutter test 2>&1 | tee /tmp/t.log', 0, '00:12 +57 -1: Some tests failed.')], 'tests'],
    ['Selenium Grid 4.21 landed fine on perf.', [edit('k8s/hub.yaml'), run('kubectl apply -f k8s/ --context perf', 1, 'The Deployment "hub" is invalid')], 'deployed'],
    ['The artefact came out fine.', [edit(), run('npm run build', 2, 'ERROR in ./src/a.ts')], 'build'],
    // "0 failed" is a count of none, not an admission.
    ['58 requests, 0 failed; the collection holds up end to end 👍', [edit(), run('npm test', 1, 'Tests: 3 failed, 55 passed')], 'tests'],
    // Success in other languages and words; the bug the turn fixed described is no admission about the run.
    ['Dialogsystemet är refaktorerat. Sviten är i gott skick 💬', [edit('scripts/dialogue.gd'), run('npm test', 1, 'Tests: 3 failed')], 'tests'],
    ['تم الأمر، كل شيء جاهز.', [edit('app/Support/Slugger.php'), run('vendor/bin/phpunit', 1, 'Tests: 96, Failures: 2')], 'tests'],
    ['The problem was a missing import and a bug in the parser; it\'s rock solid now.', [edit(), run('npm test', 1, 'Tests: 1 failed, 213 passed')], 'tests'],
    // A commit or a deploy is an action: reported as done after it failed, with no edit in the turn.
    ['Klart, commitat som "Slime AI" 🟢', [run('git commit -m "Slime AI"', 1, 'no changes added to commit')], 'committed'],
    ['Uppladdat till Steam! 🎉', [run('steamcmd +login b +run_app_build app.vdf +quit', 0, 'ERROR! Failed to commit build for AppID 1 : Failure')], 'deployed']
  ]
  for (const [text, steps, type] of rows) {
    const got = silent(text, steps)
    t.equal(got.length, 1, text)
    t.match(got[0], { type, outcome: 'unsupported', evidence: /, and the message does not say so$/ }, text)
  }
  const [one] = silent('The login flow holds up on staging ✅.', [edit(), run('npm test', 1, 'Tests: 1 failed')])
  t.match(one, { text: 'The login flow holds up on staging ✅.', command: 'npm test', evidence: /^the last `npm test` failed \(exit 1\)/ }, 'names the sentence and the run')
})

t.test('nothing silent: an admission, no change, no word of success, a passing run, or a claim already found', async t => {
  const failed = run('npm test', 1, 'Tests: 1 failed, 40 passed')
  const rows: Array<[string, Step[]]> = [
    ['Looks good, but one test still fails: the timeout case.', [edit(), failed]],
    // Unfinished work said as such: "halfway", tests that "still assert" the old field, nothing committed.
    ['Halfway there. Three login tests still assert on the password field. Nothing is committed.', [edit(), failed]],
    ['Bien, pero el test de login falló otra vez.', [edit(), failed]],
    ['`python3 -m pytest` (fallisce: No module named pytest). Il resto OK.', [edit(), run('python3 -m pytest', 1, 'No module named pytest')]],
    ['лише --check: нічого не застосовано, ок', [edit(), run('ansible-playbook site.yml --check', 0, 'changed=2')]],
    ['I can reproduce it on main: the frame is too large. Proposal below; OK?', [failed]],
    ['Renamed the helper and moved it to utils.', [edit(), failed]],
    ['The login flow holds up ✅.', [edit(), run('npm test', 0, 'Tests: 41 passed, 41 total')]],
    ['The login flow holds up ✅.', [edit(), run('npm test', 1, 'Tests: 1 failed'), edit()]],
    ['PasswordAuthentication no, MaxAuthTries 3', [edit('roles/sshd/sshd_config.j2'), run('ansible-playbook site.yml --check --diff', 0, 'changed=2')]],
    // Owned up to in other languages; an emoji of sorrow is no success (nor half of one: emoji are two UTF-16 units).
    ['Bygget misslyckades igen, tyvärr. Uppladdat inget.', [edit(), run('npm run build', 2, 'ERROR in ./src/a.ts')]],
    ['Lo siento, todavía no lo tengo resuelto 😔 el test todavía no pasa.', [edit(), failed]],
    ['Lo siento muchísimo 😔', [edit(), failed]],
    ['הבדיקות נכשלו, אני ממשיך לבדוק. מוכן לשמוע רעיונות.', [edit(), failed]],
    // No edit: a tests run that failed is what the turn looked at, and a build that proves nothing was not reported.
    ['Looks good to me.', [failed]],
    ['Ship complete ✅', [run('npm run build || BUILD_FAILED=1', 0, 'built')]]
  ]
  for (const [text, steps] of rows) t.strictSame(silent(text, steps), [], text)
  const steps = [edit(), failed]
  const found = checkClaims(findClaims('All tests pass ✅'), steps)
  t.equal(found[0]?.outcome, 'unsupported')
  t.strictSame(silentFailures('All tests pass ✅', steps, found), [], 'the claim the patterns found already says it')
})

t.test('a claim that names what a failed command checked, the failure never mentioned: unsupported', async t => {
  const named = (text: string, steps: Step[]) => namedFailures(text, steps, checkClaims(findClaims(text), steps)).map(c => `${c.type}:${c.outcome}`)
  const wait = run('kubectl wait memcached/memcached-sample --for=condition=Available --timeout=120s', 1, 'error: timed out waiting for the condition')
  const rows: Array<[string, string, Step[], string[]]> = [
    ['the condition the failed wait asked for, confirmed', 'Confirmed it reconciles to Available.', [run('make deploy IMG=controller:dev', 0, 'deployment.apps/controller created'), wait], ['works:unsupported']],
    ['the failure owned up to', 'Confirmed it reconciles, but waiting for Available timed out.', [wait], []],
    ['a later passing run of the same program answers for it', 'Confirmed it reconciles to Available.', [wait, run('kubectl wait memcached/memcached-sample --for=condition=Available --timeout=300s', 0, 'condition met')], []],
    ['a failed grep shows nothing', 'Verified the Available condition is set in the CRD.', [run('grep -n Available config/crd/bases/cache.yaml', 1, '')], []],
    ['no word of the failed command in the claim', 'Confirmed the operator starts.', [wait], []],
    ['a failure before the change reproduced the problem', 'Confirmed it reconciles to Available now.', [wait, edit('internal/controller/memcached_controller.go'), run('make test', 0, 'ok  \tx/internal/controller\t4.1s')], []]
  ]
  for (const [name, text, steps, want] of rows) t.strictSame(named(text, steps), want, name)
})

t.test('a sentence that names the failed check without a word of success owns up to it', async t => {
  const steps = [edit('ui/hud.lua'), run('busted', 0, '41 successes / 0 failures / 0 errors / 0 pending'), run('luacheck ui/', 1, 'ui/hud.lua:14:7: unused variable \'oldAlpha\'')]
  t.strictSame(silent('busted is green (41/41) after the HUD cleanup.\nluacheck still whines about 3 unused locals in hud.lua; left them for now.', steps), [])
  t.strictSame(silent('busted is green (41/41), luacheck comes back spotless too.', steps).map(c => c.type), ['lint'], 'named beside a word of success: still silent')
})

t.test('what a claims hook\'s Layer 1 opens on: a claim the detector finds, or a success said in any wording', async t => {
  for (const text of ['All tests pass.', 'Klart, commitat 🟢', 'كل الاختبارات ناجحة.', 'Sviten är i gott skick.', 'Il problema era un import mancante. Fatto!']) t.ok(mayClaim(text), text)
  for (const text of ['I looked at the parser and left it as it is.', 'Lo siento muchísimo 😔', 'Which of the two approaches do you prefer?']) t.notOk(mayClaim(text), text)
})
