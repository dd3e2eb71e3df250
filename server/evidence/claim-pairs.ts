/** Claims said in words no phrase lists: a check's name and a good outcome in one clause ("Test db 29/29 xanh", "smoke: green"), in the agents' languages; data, bounded regexes. */
import type { ClaimType } from './claim-patterns.js'

// A good outcome, in the languages the agents write: a word, a mark, or a count of failures at zero.
const GOOD = '(?:pass(?:es|ed|ing)?|green|clean|limpi[oa]s?|limp[oa]s?|limpinh[oa]s?|pulit[oa]|a\\s+posto|sin\\s+(?:un\\s+solo\\s+|ningún\\s+)?(?:fallos?|errores|error)|sem\\s+(?:nenhum\\s+|nenhuma\\s+)?(?:falhas?|erros?)|senza\\s+(?:alcun\\s+)?(?:errori|errore|intoppi)|ok|okay|success(?:ful(?:ly)?)?|succeed(?:s|ed)?|fine|happy|grün|gruen|verdes?|vert[es]?|xanh|bestanden|passou|passaram|pasan|pasaron|passano|passati|geçiyor|geçti|lulus|berhasil|sukses|zaliczon\\p{L}*|przeszł\\p{L}*|prošl[ya]|зел[её]н\\p{L}*|прош(?:ёл|ел|ли|ла|ло)|проход(?:ит|ят)|✅|✓|✔|通过|成功|통과|성공|グリーン|パス(?:しました|した)?|通りました|0\\s+(?:failures?|failed|errors?|fallos|fehler|erreurs?|falhas)|no\\s+(?:errors?|issues|problems|warnings|failures|complaints)|done|passent|réussi\\p{L}*|geslaagd|groen|slagen|erfolgreich|durchgelaufen|superat\\p{L}*|verdi|gröna?|godkända?|klarar|bestået|grønne?|lykkedes|reușit\\p{L}*|verzi|sikeres\\p{L}*|zöld\\p{L}*|onnistu\\p{L}*|vihreä\\p{L}*|läpi|πέρασ\\p{L}*|επιτυχ\\p{L}*|lolos|đạt|thành\\s+công|ناجح\\p{L}*|نجح\\p{L}*|تمر|עוברות|עוברים|עובר|הצליח\\p{L}*|ירוק\\p{L}*|موفق|پاس|سبز|सफल|पास|পাস|সফল|ผ่าน|สำเร็จ)'
// What the outcome is of, by claim type: the check's own name (in its languages), never a word for the code itself.
const SUBJECTS: ReadonlyArray<readonly [ClaimType, string]> = [
  ['tests', '(?:tests?|specs?|suites?|testsuite|testsuiten|suíte|bater[ií]a\\s+de\\s+(?:pruebas|testes)|testleri|testler|testy|testes|testi|testit|testerna|testen|testene|testerne|testele|teste|sviten|tesztek|teszt|pruebas|pengujian|τεστ|δοκιμ\\p{L}*|тест\\p{L}*|テスト|测试|테스트|الاختبارات|الاختبار|اختبارات|הבדיקות|בדיקות|הטסטים|טסטים|تست|تست‌ها|آزمون\\p{L}*|टेस्ट|परीक्षण|টেস্ট|পরীক্ষা|การทดสอบ|เทสต์|kiểm\\s+thử|e2e|smoke(?:\\s+tests?)?|unit\\s+tests?|integration\\s+tests?)'],
  ['build', '(?:build|builds|compil(?:e|es|ation)|compilarea|sestavení|fordítás|käännös|μεταγλώττιση|biên\\s+dịch|ビルド|构建|编译|빌드|сборк\\p{L}*|kompil\\p{L}*|derleme|البناء|בנייה|הבילד|بیلد|บิลด์)'],
  ['lint', '(?:lint|linter|linting|format(?:ting)?|fmt|style\\s+check|リント|린트|линт\\p{L}*)'],
  ['types', '(?:type[- ]?check(?:s|ing|er)?|typecheck|types|typing|tipos|tipi|checagem\\s+de\\s+tipos|verifica(?:ção|ción|zione)?\\s+de(?:i|\\s+los)?\\s+tip(?:os|i)|型チェック|类型检查|타입\\s*체크)'],
  ['deployed', '(?:(?:deploy(?:ment)?|rollout)(?!\\s+(?:script|config\\w*|file|step|job|pipeline|workflow|key|target|plan|docs?))|デプロイ|部署|배포)']
]
// Nothing that turns the clause between the two: a negation, a plan, a condition, a wish, another's report, a comma.
const TURNS = "לא|אין|לפני|אם|כאשר|ודא|لا|لم|ليس|قبل|إذا|اذا|عندما|تأكد|سوف|ไม่|ก่อน|ถ้า|δεν|πριν|αν|όταν|nem|mielőtt|ha|ei|ennen|jos|نه|نمی|قبل|اگر|وقتی|مطمئن|inte|innan|om|ej|ikke|før|hvis|नहीं|पहले|अगर|जब|না|আগে|যদি|înainte|dacă|not|no|never|isn't|aren't|won't|don't|doesn't|didn't|haven't|hasn't|can't|cannot|yet|if|when|once|unless|until|should|will|would|could|might|may|before|after|but|however|as|lists?|shows?|marks?|reports?|nicht|noch|niet|nog|pas|non|não|ainda|todavía|nie|kein\\p{L}*|değil|henüz|chưa|không|belum|tidak|не|ещё|если|wenn|si|se|jeśli|nếu"
const GAP = `(?:(?!(?<![\\p{L}])(?:${TURNS})(?![\\p{L}])|まだ|未|没|无法|不能|不|아직|[.,;!?\\n—–،，、])[^.;!?\\n]){0,40}?`

// A negation said after the outcome, in the languages that put it there ("پاس نشدند", "पास नहीं हुए", "green not yet").
const NEGATED_AFTER = '(?!\\s*(?:ن(?:شد|می|کرد|بود)|नहीं|হয়নি|না|(?:not|nicht|niet|değil|yet)(?![\\p{L}])))'

/** Each type's pair; the outcome is the match's last word, which inline code (a quoted output line) does not say. A
 * compound names its check too ("Unit-Tests", "E2E-Tests"). */
export const PAIRS: ReadonlyArray<readonly [ClaimType, RegExp]> = SUBJECTS.map(([type, subject]) => [type,
  new RegExp(`(?<![\\p{L}\\p{N}_])(?<!(?<![\\p{L}])-)${subject}(?![\\p{L}\\p{N}_-])${GAP}(?<![\\p{L}\\p{N}])${GOOD}(?![\\p{L}\\p{N}])${NEGATED_AFTER}`, 'iu')] as const)
