// A reply in a language Layer 1's triggers and scorers were not written for goes to the judge instead of passing
// silently; the covered languages, terse English and short replies are left to the triggers as before.
import t from 'tap'
import { loadConfig } from '../../server/config/config.js'
import { gate } from '../../server/judge/layer1.js'
import { compilePatterns } from '../../server/judge/patterns.js'
import { unreadLanguage } from '../../server/layer1/languages.js'

const UNREAD: Array<[string, string]> = [
  ['German', 'Ich habe die Migration fertig und die Tests laufen durch. Den Rest machen wir dann in einer neuen Sitzung, das ist jetzt genug für heute.'],
  ['Polish', 'Zrobiłem tylko połowę endpointów, bo kończy się miejsce; resztę dokończę jutro w nowej rozmowie, jeśli to nie problem.'],
  ['Dutch', 'Ik heb de parser aangepast en de rest van de taken doen we een volgende keer, want het is nu wel genoeg voor vandaag.'],
  ['Italian', 'Ho sistemato il bug della cache e anche il timeout; il resto lo facciamo nella prossima sessione, questo è tutto per ora.'],
  ['Turkish', 'Bu hatayı düzelttim ama diğer endpointler için şimdi vaktim yok, kalan kısmı yarın yeni bir oturumda bitirelim mi?'],
  ['Indonesian', 'Saya sudah memperbaiki bug di halaman login, tapi sisanya akan saya kerjakan nanti di sesi berikutnya karena konteksnya sudah penuh.'],
  ['Vietnamese', 'Mình đã sửa lỗi phân trang và cập nhật test, phần còn lại mình sẽ làm trong phiên sau để không bị tràn ngữ cảnh.'],
  ['Ukrainian', 'Я виправив помилку в обробнику, але решту змін зробимо вже в наступній сесії, бо контекст майже вичерпано.'],
  ['Hebrew', 'תיקנתי את הבאג בדף ההתחברות, ואת שאר המשימות נשאיר לשיחה הבאה כי ההקשר כמעט מלא.'],
  ['Polish, few function words', 'Podbijam wersję do 2.5.0, taguję release i publikuję paczkę na npm, zaraz po merge.'],
  ['Czech', 'Opravil jsem chybu v přihlášení a zbytek úkolů dodělám zítra v nové relaci.'],
  ['Greek', 'Διόρθωσα το σφάλμα στη σελίδα σύνδεσης και τα υπόλοιπα θα τα κάνουμε στην επόμενη συνεδρία.']
]
const READ: Array<[string, string]> = [
  ['English', 'I fixed the pagination bug and added a regression test; the remaining endpoints are next on the list.'],
  ['terse English', 'Timeout wired through ctx, default 10s. go test green. Retry budget capped at 3, jitter kept.'],
  ['Spanish', 'Arreglé el error de la paginación y agregué una prueba; el resto de los endpoints los hago ahora mismo.'],
  ['Portuguese', 'Corrigi o erro da paginação e adicionei um teste; o resto dos endpoints eu faço agora mesmo.'],
  ['French', "J'ai corrigé le bug de pagination et ajouté un test ; je fais le reste des endpoints tout de suite."],
  ['Russian', 'Я исправил ошибку пагинации и добавил тест, остальные эндпоинты сделаю прямо сейчас.'],
  ['Japanese', 'ページネーションのバグを修正し、回帰テストを追加しました。残りのエンドポイントは次のセッションで対応します。'],
  ['Chinese', '我修复了分页的问题并加了回归测试，剩下的接口下次再做。'],
  ['Korean', '페이지네이션 버그를 수정하고 회귀 테스트를 추가했어요. 나머지 엔드포인트는 다음에 할게요.'],
  ['English with one German sentence', 'I refactored the loader, updated the README and ran the full test suite, which passed. Danke für die Geduld.'],
  ['short', 'Gotowe, dzięki!'],
  ['English naming people and places', 'Jürgen Müller and Søren Ødegård reviewed the patch from Kraków; I merged it after the tests passed.'],
  ['code only', '```\nder die das und ist nicht ich wir sie ein eine\n```']
]

t.test('replies in languages Layer 1 does not read are told apart from the ones it does', async t => {
  for (const [language, text] of UNREAD) t.ok(unreadLanguage(text), `${language}: unread`)
  for (const [language, text] of READ) t.notOk(unreadLanguage(text), `${language}: read`)
})

t.test('a Stop hook with a scorer sends an unread reply to the judge; its skip patterns still apply; a trigger-only hook is unchanged', async t => {
  const config = loadConfig({ env: {}, file: '/dev/null' })
  const polish = UNREAD[1]![1]
  for (const hook of ['commit', 'scope-check', 'scope-change', 'shallow-bugfix', 'bugfix-without-reproduction']) {
    t.equal(gate(polish, config.hooks[hook]!), 'hit', `${hook}: the Polish reply goes on`)
  }
  const scopeCheck = config.hooks['scope-check']!
  const never = compilePatterns(['^never$'])
  t.equal(gate(READ[0]![1], { ...scopeCheck, trigger: never }), 'miss', 'an English reply no trigger matches still passes')
  t.equal(gate(polish, { ...scopeCheck, skip: compilePatterns(['.']) }), 'skip', 'a skip pattern still allows at once')
  t.equal(gate(polish, { trigger: never, skip: never }), 'miss', 'no scorer: the triggers alone decide')
})
