/** Completion claims in a final message, as typed spans: what the agent says is done, in its own voice, now; pure. */
import { CLAIM_PATTERNS, type ClaimType } from './claim-patterns.js'
import { CLAIM_SHAPES } from './claim-shapes.js'
import { PAIRS } from './claim-pairs.js'
import { PHRASES } from './claim-phrases.js'
import { IDIOMS } from './claim-idioms.js'
import { REGIONAL } from './claim-regional.js'
import { TEAM_IDIOMS } from './claim-team-idioms.js'
import { SUBJECT_SHAPES, subjectType } from './claim-subject.js'

// Each type's wordings, then its shapes: joined once, not per sentence.
const SHAPES = new Map(CLAIM_SHAPES)
const PAIR_RES = new Set(PAIRS.map(([, re]) => re))
const PATTERNS = CLAIM_PATTERNS.map(([type, ps]) => [type, [...ps, ...SHAPES.get(type) ?? [], ...[...SUBJECT_SHAPES, ...PHRASES, ...IDIOMS, ...TEAM_IDIOMS, ...REGIONAL, ...PAIRS].filter(([t]) => t === type).map(([, re]) => re)]] as const)

export type { ClaimType } from './claim-patterns.js'
export interface Claim {
  type: ClaimType
  /** the sentence that makes the claim, trimmed */
  text: string
  /** the part of the sentence between its turns (but, however, ;, —) where the claim's wording was found */
  clause?: string
}

const MAX_TEXT = 16 * 1024
const MAX_SPAN = 200
// Each pattern looks at one sentence: a longer one is cut, so no hostile text costs more than its length.
const MAX_SENTENCE = 2000

// Code and quotes are not the agent's claim: fenced blocks, blockquote lines, and text in double quotes. Inline code
// stays, its backticks dropped: "`npm test` passes" names the command it claims for.
// A fence opens a line and runs to the line that closes it (or to the end): backticks inside it (a commit message's
// `code`) do not close it.
const CODE = /^[ \t]{0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]{0,20000}?(?:^[ \t]{0,3}\1[`~]*[ \t]*$|(?![\s\S]))|```[^`]{0,20000}?```|~~~[^~]{0,20000}?~~~/gm
const TICKS = /`/g
const STAMP = /^\[?(?:\d{4}-\d{2}-\d{2}[T ])?\d{1,2}:\d{2}(?::\d{2})?(?:Z|\s?UTC)?\]?\s*(?:[-–—|:]\s*)?/
// A status table ("| pytest | 112 passed |", "| PyPI | released |"): each row read as one sentence of clauses, so a
// cell that says a check's outcome is read after the cell that names it.
// A task list: "- [x] Deployed" says it is done (the box is no word of the claim); "- [ ] Deploy" is still to do.
const CHECKED = /^[ \t]*(?:[-*+]|\d+[.)])?[ \t]*\[[xX✓✔]\]/gm
const UNCHECKED = /^[ \t]*(?:[-*+]|\d+[.)])?[ \t]*\[ \][^\n]*/gm
const TABLE_ROW = /^[ \t]*\|.*\|[ \t]*$/gm
// Single quotes too, opened and closed outside a word: "the bot said 'all tests passing'" (not "it's" or "don't").
const QUOTED = /^[ \t]{0,3}>[^\n]*$|"[^"\n]{1,300}"|“[^”\n]{1,300}”|‘[^’\n]{1,300}’|(?<![\p{L}\p{N}])'[^'\n]{1,200}'(?![\p{L}\p{N}])|「[^」\n]{1,300}」|『[^』\n]{1,300}』/gmu
// Sentences end at . ! ? 。 ！ ？ or a line break (bullets and headings are lines); a dot inside a word (v1.2, a.ts) does not,
// nor a package pattern's dots ("go test ./... passes", "bazel test //... is green").
const SENTENCE = /[^\n.!?。！？]+(?:(?:(?<=\/)\.\.\.(?=[ \t])|\.(?=\S))[^\n.!?。！？]*)*[.!?。！？]*/g
// What comes before the claim in its sentence that makes it no claim now: a plan, a condition, a request, a doubt.
const NOT_NOW_BEFORE = /\b(wenn|sobald|falls|nachdem|bevor|cuando|si|se|quando|une\s+fois|después\s+de|antes\s+de|avant\s+de|prima\s+di|dopo|werde|vamos\s+a|voy\s+a|je\s+vais|vou|agar|jab|zodra|wanneer|zal|gdy|kiedy|jeśli|jeżeli|zanim|będzie|setelah|nanti|akan|jika|kalau|apabila|nếu|sẽ|когда|если|буду|будет|eğer)(?![\wÀ-ɏ])|\b(will|won't|\w+['’]ll|(?:the\s+)?next\s+time|going to|gonna|once|if|when|whenever|after\s+(I|we|you)|before\s+(I|we|you|merging|wrapping|shipping)|until|unless|whether|need(s)? to|let me|let's|plan(ned)? to|about to|try to|trying to|make sure|ensure|expect(ed)?|hope|hoping|assuming|supposed to|(?:meant|intended|designed)\s+to|would|could|might|can you|please|todo(?=\s*:)|to do:|next step|next(?=\s*:)|(check|verify|confirm|test)\s+(that|whether|if)|you\s+want|you['’]re\s+looking\s+for|look\s+for|should\s+(?:end|finish|complete|exit|print|show|say|report|output|display|look)\s+(?:with|like|something)?)\b|^\W{0,4}(run|try|check|confirm|verify|make sure|go ahead and|wait\s+for)\b|(これから|次に|あとで|後で|予定|つもり|してから|確認して(ください|下さい)|たら[、,]|れば[、,]|なら[、,])|(?:是否|可以运行|请在|只要|确保|하면|되면|면\s)|(?:^|[，,。\s])等[^，,。]{1,40}(?:了|后|以后|之后)|如果|要是|一旦/i
// A purpose, an instruction or a condition right before the claim: "so it works", "as it builds", "verify everything works".
// A bare "so" after a comma gives a result ("it exited 0, so the refactor is green"), not a purpose.
const PURPOSE_BEFORE = /(?<![,;]\s{0,3})(?<!^\W{0,4})\bso\s+(\w+\s+){0,1}$|\b(so that|as(?!\s+[\w.#/-]*\d)|to make sure|in order to|verify|confirm|check|ensure|see if|test whether|after \w+ing|already|previously|earlier)\s+(\w+\s+){0,1}$|\b(?:para|per|pour)\s+(?:confirmar|verificar|comprobar|checar|garantir|asegurar|conferir|confermare|verificare|controllare|confirmer|vérifier)\s+(?:que|se|si|che)\s+(?:[\p{L}\w-]+\s+){0,2}$/iu
// What another source says, right before the claim ("laut ci: lint ✓", "according to the logs, tests pass"): a quote of it.
// A result from before this turn, said as such ("before your last message, the suite passed"): history, not a claim now.
// A section's title names what it holds: "**What I verified**", "How I tested it", "What I did not verify".
const TITLE_BEFORE = /^[\W_]{0,8}(?:what|how|where)\s+(?:(?:I|we)\s+(?:\w+\s+){0,2})?$/i
const EARLIER_BEFORE = /\b(before\s+(your|my|the|this)\s+(last|previous|latest)\b|earlier\s+(today|this\s+(week|morning))|in\s+(an?\s+|the\s+)?(earlier|previous|last)\s+(turn|session|run|message)|last\s+(week|time)|yesterday)/i
const SOURCE_BEFORE = /\b(laut|según|selon|according\s+to)\b[^,;.\n]{0,40}$|\b(?:github|gitlab|jenkins|ci|actions|buildkite)\s+(?:reports|shows|lists|marks)\b[^.;\n]{0,60}$|(?<!\bas\s)\b(?:you|they|the\s+user|he|she)\s+(?:said|mentioned|claimed|wrote|thought|told\s+me)\b[^.;\n]{0,60}$|\b(?:you|they)\s+(?:wanted|asked\s+for|requested)\s+(?:\S+\s+){0,4}$/i
const NEGATION_BEFORE = /\bno\s+$|(^|\s)(nie|niet|nog\s+niet|belum|tidak|chưa|không|не|ещё\s+не|henüz)\s+(\S+\s+){0,2}$|\bno\s+(está|están|es|son|fue|ha|han|he|lo|la|se)(\s+\S+){0,2}\s*$|\b(noch\s+nicht|todavía\s+no|pas\s+encore|non\s+ancora|ainda\s+não)\W+(\w+\W+){0,3}$|\b(not|never|nothing(?!\s+(?:else\s+)?(?:broke|breaks|failed|fails|regressed|is\s+red|failing|red)\b)|none|neither|nor|inte|inget|nicht|kein\w*|nunca|jamais|mai|não|non|no longer|yet to|haven['’]?t|hasn['’]?t|didn['’]?t|doesn['’]?t|don['’]?t|isn['’]?t|aren['’]?t|wasn['’]?t|weren['’]?t|cannot|can't|couldn['’]?t|won't|wouldn['’]?t|shouldn['’]?t|without|unable|failed to|fails to)[^\w,;]+(\w+[^\w,;]+){0,3}$|\brien\s+n['’]\S*\s+(?:(?:encore|jamais|pas|été)\s+)*$|\bn['’]$|\baucun(?:e|s|es)?\s[^.,;]{0,50}\bn['’](?:est|a|ont|sont)\s+(?:(?:été|encore)\s+)*$|\bne\s+\S+\s+(?:pas|jamais|plus|rien)\b[^.,;]{0,40}$|\b(?:nothing|none|neither)$|\bn['’](?:est|a|ont|sont|ai)\s+(?:(?:donc|toujours|vraiment|encore|même)\s+)?(?:pas|jamais|rien)\s+(?:encore\s+)?(?:été\s+)?$|(まだ|没有|还没|尚未|无法|不能|未能|아직)[^。\n]{0,10}$/i
// A negation carried over "or" to the claim: "I haven't run the unit tests or tried it on a device".
const NEGATED_OR = /(?:\bnot|\bnever|n['’]?t|\bnicht|\bkein\w*|\bno|\bnão|\bpas)\b[^.;:!?\n]{0,80}\s(?:or|nor|oder|noch|ou|ni|né)\s+$/i
// The same, in languages whose words \b cannot bound (Arabic, Hebrew, Persian, Hindi, Bengali, Greek, Thai) and some
// more with Latin letters: a condition, a plan or an instruction, and a negation a few words before the claim (Arabic's
// and Hebrew's "and" is a letter of the word it joins).
const L = '(?<![\\p{L}])'
const R = '(?![\\p{L}])'
const NOT_NOW_BEFORE_INTL = new RegExp(`${L}(?:و?(?:إذا|اذا|لو|عندما|قبل|تأكد|تأكّد|سوف|يجب|يرجى)|ו?(?:אם|כאשר|לפני|ודא|וודא|צריך)|اگر|وقتی|قبل\\s+از|مطمئن|خواهم|باید|لطفا|अगर|यदि|जब|पहले|चाहिए|যদি|যখন|আগে|αν|εάν|όταν|πριν|θα|πρέπει|ถ้า|หาก|เมื่อ|ก่อน|ต้อง|ha|amikor|mielőtt|majd|kell|jos|kun|ennen|varmista|pokud|když|jestli|před|budu|bude|ověř|innan|ska|se\\s+till|hvis|skal|sørg\\s+for|dacă|când|înainte|voi|trebuie)${R}|^\\W{0,4}om\\s`, 'iu')
const NEGATION_BEFORE_INTL = new RegExp(`${L}(?:لا|لم|لن|ليس|ليست|غير|לא|אין|טרם|نه|هنوز|नहीं|না|δεν|όχι|ไม่|ยังไม่|nem|nincs|ei|eivät|není|nejsou|inte|ej|ikke)${R}[^.,;!?\\n]{0,40}$`, 'iu')
const NOT_NOW_AFTER_INTL = /^\s*(?:ن(?:شد|می|کرد|بود|یست)|नहीं|নি|না|ไม่|后|之后|以后)/u

// A bare "no" after the claim negates it only at the clause's end ("pasan, ¿no?" aside): "limpo no NativeBridge" is "clean in".
const NOT_NOW_AFTER = /^\s*(nicht|no(?=\s*(?:[.!?,;]|$))|non|pas|não|niet|nie|inte|değil|nahi|nahin|nahīn)(?![\wÀ-ɏ])|^(?:[^.;,\n]|\.(?=\S)){0,40}\s(?:nicht|nichts|niet|niets|nahi|nahin|rien|nada|niente)\s*(?:[.!—–]|\s-\s|$)|^\s*werden(?![\wÀ-ɏ])|^\s*(?:\S+\s+){0,2}before\s+(?:the|my|this|your|that)\s+(?:edit|change|fix|commit|patch|refactor)\b|^[^.!?。\n→;—\uD83C-\uD83E✅✔✓]{0,40}\b(once(?=\s+(?:the|it|this|that|these|those|we|I|you|they|CI|[a-z]+ed)\b)|(?<!-)if|when|unless|until|yet|after\s+(I|we|you)|wenn|sobald|falls|cuando|si|se|quando|une\s+fois|zodra|wanneer|gdy|kiedy|jeśli|setelah|nếu|когда|если)\b|^[^。\n]{0,6}(ていません|ていない|ません|ない|なかった|ず[、。]|たら|ら[、,]|れば|予定|つもり|ことを示|かどうか|場合|지\s*않|지\s*못|하면|되면|는지|면\s|여부)/i
// "Fixed the crash when the list is empty": after a fix, "when" or "if" tells the bug's case, not a condition on the claim.
const NOT_NOW_AFTER_FIX = new RegExp(NOT_NOW_AFTER.source.replace('|(?<!-)if|when|', '|'), 'i')
/** Where a sentence changes course: "I couldn't run it, but the build succeeds" claims what follows the turn. */
// "The ratelimit tests pass, the full suite does not": a comma before a negated clause turns the sentence too.
export const CONTRAST = /\b(?:but|however|although|though|yet)\b|[;—–]|,(?=\s[^,;.!?\n]{1,60}\b(?:does|do|did|is|are|was|were|has|have|can)(?:\s+not|n['’]t)\b)|しかし|ただし|が、/i
const TURN = new RegExp(`^.*(?:${CONTRAST.source})`, 'i')

const EXPECTED_INSIDE = /\b(?:meant|supposed|intended|designed)\s+to\b|\b(?:must|(?:has|have|needs?)\s+to)\s+(?:be|stay|pass|build|compile)\b|\byou\s+want\b|\byou['’]re\s+looking\s+for\b|\bshould\s+(?:end|finish|complete|exit|print|show|say|report|output|display|look)\b/i
// A requirement, not a report: "both need to be clean before you open the PR", "lint must pass before merge".
const REQUIRED_BEFORE = /\b(?:must|(?:has|have|needs?)\s+to)\s+(?:\w+\s+){0,2}$/i
// A wording that spans its clause may hold the clause's negation: "los tests todavía no pasan", "die Tests sind nicht grün".
const NEGATED_INSIDE = /(?<![\p{L}])(?:todavía|aún|ainda|noch|nog|encore|still)\s+(?:no|not|nicht|niet|pas|não)(?![\p{L}])|(?<![\p{L}])(?:nicht|niet|değil|not|isn['’]?t|aren['’]?t|wasn['’]?t|weren['’]?t)(?![\p{L}])|(?<![\p{L}])(?:no|não|chưa|không|belum|tidak)\s+(?:pasan?|funciona|compila|passa|passam|pasaron|passou|qua|chạy|lulus|berhasil)(?![\p{L}])|(?<![\p{L}])не\s+(?:проход|прош|работа|собира)|(?<![\p{L}])(?:non|chưa)\s(?!-|ha\s+più|c['’]è\s+più|(?:segnala|riporta|trova|mostra)(?![\p{L}])|più\s+(?:errori|problemi|warning))|(?<![\p{L}])không\s+(?:được\s+)?(?:pass|chạy|build|compile|hoạt\s+động|push|commit|merge|deploy|fix|sửa|qua)(?![\p{L}])/iu
// "To ship it: `databricks bundle deploy -t prod`": what to do, not what was done.
const INSTRUCTION_LEAD = /^\W{0,4}to\s+(?:\w+\s+){0,3}\w+\s*:|\b(?:with|using|via|by\s+running)\s*:\s*$|^\W{0,4}give\s+\S+(?:\s+\S+){0,3}\s+a\s+(?:go|try|spin|run)\b|\bget\s+(?:\S+\s+){1,4}(?:green|passing)\b|\bcheck\s+(?:that\s+)?the\s+(?:last\s+)?(?:line|output|log|summary)\s+(?:says|shows|reads)\b/i
const CONDITION_LEAD = /^\W{0,4}(?:if|если|wenn|falls|jeśli|jeżeli|eğer|agar|nếu|jika|kalau|indien|mikäli)(?![\wÀ-ɏ])[^.;]{1,160}[—–]\s*$/i
const REPORTS_FAILURES = /\b[1-9][0-9]*\s+(?:(?:still|now|also|more)\s+)?(fail|fails|failed|failing|failures?|errors?)\b/i
// "5 of 6 packages build, only @acme/ui fails": a partial report, not a claim that the check passes.
const ALL_BUT = /\b(only|except|apart from|but)\b[^.\n]{0,40}\bfail(s|ed|ing)?\b|(만|だけ|只有|仅)[^。\n]{0,20}(실패|失败|失敗)/i

// A question mark inside an aside ("clean now (i think?") does not make the sentence a question.
const isQuestion = (s: string) => (/[?？]\s*$/.test(s) && !/\([^)]*$/.test(s)) || /(ですか|でしょうか|ますか|吗|까요)[。\s]*$/.test(s)

/** One prose sentence: masked (code, quotes and time stamps blanked) for reading, and the agent's own words for the record;
 * `code`, as long as `sentence`, has a mark where the sentence's character was inside inline `code`. */
export interface ProseSentence { sentence: string, own: string, code: string }

// An emoji that ends a sentence as decoration ("Leak's fixed 👌") ends it like a full stop, for the claims' wording; the
// marks that say an outcome stay, and the success words (outcome-words.ts) still read them all.
const DECOR_END = /(?:(?![✅✓✔❌✗✘⚠🟢🔴🟡])\p{Extended_Pictographic}\uFE0F?)+\s*$/u
const INLINE_CODE = /`[^`\n]{1,500}`/g
// Marks alternate from one code span to the next, so a claim spread over two ("`make test` → `ok`") is told from one inside one.
const MARKS = ['\u0001', '\u0002']
const SAID = /[^\s.,:;!?()[\]{}'"`*_#|>→–—-]/gu
/** Whether what the sentence's span [at, at + length) says lies inside one inline code span: a quoted output line or an
 * example ("a clean run ends with `All tests passed!`"), which is no claim. */
function inCode (p: ProseSentence, at: number, length: number): boolean {
  const said = p.code.slice(at, at + length).match(SAID) ?? []
  return said.length > 0 && said.every(c => c === said[0]) && MARKS.includes(said[0]!)
}

/** The prose sentences of a final message, code, quotes and questions left out. */
export function * proseSentences (text: string): Generator<ProseSentence> {
  const prose = text.slice(0, MAX_TEXT).replace(CODE, m => ' '.repeat(m.length)).replace(TICKS, ' ').replace(QUOTED, m => ' '.repeat(m.length))
    .replace(CHECKED, m => ' '.repeat(m.length)).replace(UNCHECKED, m => ' '.repeat(m.length))
    .replace(TABLE_ROW, row => row.replace(/^(\s*)\|/, '$1 ').replace(/\|(\s*)$/, ' $1').replace('|', ':').replace(/\|/g, ';'))
  // The same text with every character inside inline code (backticks aside) marked: what the reader sees is not what it quotes.
  let spans = 0
  const marks = text.slice(0, MAX_TEXT).replace(INLINE_CODE, m => ` ${m.slice(1, -1).replace(/\S/g, MARKS[spans++ % 2]!)} `)
  // A sentence does not end inside inline code ("If it ends with `All tests passed.`, it is fine to merge" is one sentence).
  const cuts = prose.split('')
  for (const c of text.slice(0, MAX_TEXT).matchAll(INLINE_CODE)) for (let i = c.index + 1; i < c.index + c[0].length - 1; i++) if (/[.!?。！？]/.test(cuts[i]!)) cuts[i] = '\u00b7'
  for (const m of cuts.join('').matchAll(SENTENCE)) {
    // A log line's time stamp ("13:06 Fixed.") is not part of what it says.
    const whole = prose.slice(m.index, m.index + m[0].length).trim()
    const trimmed = whole.slice(-MAX_SENTENCE)
    const sentence = trimmed.replace(STAMP, '')
    const start = m.index + m[0].length - m[0].trimStart().length + whole.length - sentence.length
    const code = marks.slice(start, start + sentence.length)
    // The record quotes the agent's own words: the same span of the unmasked text (masking keeps every length).
    const own = text.slice(m.index, m.index + m[0].length).trim().slice(-MAX_SENTENCE)
    if (sentence.length >= 2 && !isQuestion(sentence)) yield { sentence, own, code }
  }
}

/** Whether the words at [at, at + length) of the sentence claim `type` now: not planned, conditional, negated, a
 * purpose, another's words, history, or a report of failures. */
export function claimsNow (sentence: string, type: ClaimType, at: number, length: number): boolean {
  // "If CI with Redis is green — we can merge": the dash carries the condition on, it turns nothing.
  if (CONDITION_LEAD.test(sentence.slice(0, at)) || INSTRUCTION_LEAD.test(sentence)) return false
  const before = sentence.slice(0, at).replace(TURN, '')
  const after = sentence.slice(at + length)
  if (NOT_NOW_BEFORE.test(before) || NEGATION_BEFORE.test(before) || NEGATED_OR.test(before) || PURPOSE_BEFORE.test(before) || SOURCE_BEFORE.test(before) || EARLIER_BEFORE.test(before) || TITLE_BEFORE.test(sentence.slice(0, at)) || (type === 'fixed' ? NOT_NOW_AFTER_FIX : NOT_NOW_AFTER).test(after)) return false
  if (NOT_NOW_BEFORE_INTL.test(before) || NEGATION_BEFORE_INTL.test(before) || NOT_NOW_AFTER_INTL.test(after)) return false
  // "`mypy src` — you want `Success: no issues found`": what to expect, said inside the wording.
  if (EXPECTED_INSIDE.test(sentence.slice(at, at + length)) || NEGATED_INSIDE.test(sentence.slice(at, at + length)) || REQUIRED_BEFORE.test(before)) return false
  // "It builds a 90/10 label array": a test that builds something is no build.
  if (type === 'build' && /builds?$/i.test(sentence.slice(at, at + length)) && /^\s+(?:a|an|them|it|these|those|the|its|their|each|every)\s/i.test(after)) return false
  // "Reports::Churn now lives in app/reports/": a class lives in a folder; only a release is live.
  if (type === 'deployed' && /live$/i.test(sentence.slice(at, at + length)) && /^\s+(?:in|under|inside|within|alongside|next\s+to)\s+(?:(?:a|an)\s|(?:the\s+)?(?:\S*\/|\S+\s+(?:folder|directory|dir|module|package|namespace|file|crate|class|record)\b))/i.test(after)) return false
  // "CI passes `--strict`" passes a flag along.
  if (/pass(?:es|ed)?$/i.test(sentence.slice(at, at + length)) && /^\s*-{1,2}[A-Za-z]/.test(after)) return false
  // "`find()` now returns `WebElement` instead of `Any`" says what the change does, not that it was seen working.
  if (type === 'works' && /^[^.;\n]{0,80}\binstead\s+of\b/i.test(after)) return false
  // "`pint --test` passes": a flag named test is no test suite.
  if (type === 'tests' && /-$/.test(sentence.slice(0, at)) && /^tests?\b/i.test(sentence.slice(at, at + length))) return false
  // A report of failures is no claim of success: "63/124 passed; 49 failed".
  if (type === 'tests' && REPORTS_FAILURES.test(sentence)) return false
  // "ctest: 17/18" counts a failure: fewer passed than ran.
  const tally = /\b([0-9]{1,6})\s*\/\s*([0-9]{1,6})\b/.exec(sentence.slice(at, at + length))
  if (type === 'tests' && tally && Number(tally[1]) < Number(tally[2])) return false
  // "7 van de 9 checkout-tests slagen", "7 of 9 pass": some of them, said with the claim's words, in the agents' languages.
  const some = /\b([0-9]{1,6})\s+(?:of|out\s+of|van(?:\s+de)?|von|de|di|sur|из|z|av|af|dari)\s+([0-9]{1,6})\b/i.exec(sentence.slice(Math.max(0, at - 30), at + length))
  if (type === 'tests' && some && Number(some[1]) < Number(some[2])) return false
  return type === 'fixed' || type === 'works' || !ALL_BUT.test(sentence)
}

/** The clause of the sentence that holds position `at`: from the turn before it to the turn after it. */
const TURNS = new RegExp(CONTRAST.source, 'gi')
function clauseAt (sentence: string, at: number): string {
  let start = 0
  for (const m of sentence.matchAll(TURNS)) {
    if (m.index > at) return sentence.slice(start, m.index)
    start = m.index + m[0].length
  }
  return sentence.slice(start)
}

const spanOf = (own: string) => own.length > MAX_SPAN ? `${own.slice(0, MAX_SPAN)}…` : own

// A task list's checked item that is only a check's name ("- [x] lint", "- [x] commit & push") says that check is done.
const CHECKED_CHECK = /^[ \t]*(?:[-*+]|\d+[.)])?[ \t]*\[[xX✓✔]\][ \t]*(?:\*\*)?(lint(?:ing)?|format(?:ting)?|tests?|unit\s+tests|build|types?|type-?check(?:s|ing)?|deploy(?:ed|ment)?|release(?:d)?|commit(?:ted)?(?:\s*(?:&|and|\+|\/)\s*push(?:ed)?)?|push(?:ed)?)(?:\*\*)?[ \t]*$/gim
const CHECKED_TYPES: ReadonlyArray<readonly [RegExp, ClaimType]> = [[/^(?:lint|format)/i, 'lint'], [/^(?:unit\s+)?tests?$/i, 'tests'], [/^build/i, 'build'], [/^type/i, 'types'], [/^(?:deploy|release)/i, 'deployed'], [/^(?:commit|push)/i, 'committed']]
function checkedChecks (text: string): Claim[] {
  if (!/\[[xX✓✔]\]/.test(text)) return []
  return [...text.slice(0, MAX_TEXT).replace(CODE, m => ' '.repeat(m.length)).matchAll(CHECKED_CHECK)]
    .map(m => ({ type: CHECKED_TYPES.find(([re]) => re.test(m[1]!))![1], text: m[0].trim() }))
}

/** Every claim in the text, at most one per type and sentence, in order. */
export function findClaims (text: string): Claim[] {
  const out: Claim[] = checkedChecks(text)
  for (const prose of proseSentences(text)) {
    const p = { ...prose, sentence: prose.sentence.replace(DECOR_END, m => `.${' '.repeat(m.length - 1)}`) }
    const { sentence, own } = p
    for (const [type, patterns] of PATTERNS) {
      // Any wording of the type said now claims it: "todo verde en `go test`, 5/5" is one claim said twice.
      // The clause that holds the end of the wording: its verdict ("the listing — all tests pass").
      let at = -1
      if (patterns.some(re => {
        const hit = re.exec(sentence)
        at = hit ? hit.index + Math.max(hit[0].length - 1, 0) : -1
        if (hit === null) return false
        // A pair's outcome word inside code ("Tests: `41 passed`") is output quoted, not said.
        const outcome = PAIR_RES.has(re) ? /\S+$/.exec(hit[0])! : hit
        return !inCode(p, hit.index + (outcome === hit ? 0 : outcome.index), outcome[0].length) && claimsNow(sentence, type, hit.index, hit[0].length)
      })) {
        const said = subjectType(sentence, type)
        if (!out.some(c => c.type === said && c.text === spanOf(own))) out.push({ type: said, text: spanOf(own), clause: clauseAt(sentence, at) })
      }
    }
  }
  return out
}
