/** Hashed features of a trigger window for the commit and scope hooks: its n-grams plus proposal / report concepts; pure. */
import { addFeatureIds, withConcepts } from './features.js'

/**
 * What sets a proposal apart from a report, a list of options or a status table, in the languages the corpus holds.
 * The n-grams alone learn the written positives' style; these say what the sentence does, whatever its topic words.
 * Fixed patterns without nested quantifiers, run on the lower-cased window: matching stays linear in its length.
 */
export const WINDOW_CONCEPTS: ReadonlyArray<readonly [string, RegExp]> = [
  ['propose', /\b(i.ll|i will|i.m going to|i am going to|let me|let.s|i.d (suggest|push|recommend|leave|defer|keep|cut|descope|move|like to)|i (suggest|recommend|propose)|i can|i could|we can|we could|i.m (stopping|pausing|ending)|pausing|shall (i|we)|should (i|we)|want me to|would you like|do you want|how about|ready to|going to|better done|next,? i|i.ll now|now i.ll|next up|(doing|do) (that|it|this) (right )?now)\b|\b(deploying|pushing|committing|merging|applying|releasing|publishing|shipping|opening|creating|rolling out|tagging|uploading)\b[^.!?\n]{0,60}\bnow\b|します|ます[。！!]|ます$|しましょう|させてください|提案します|したいです|進めます|行います|しておきます|しますか|しましょうか|我来|我将|要不要|是否|давай|сделаю|ich werde|je vais|voy a|veux-tu que|voulez-vous que|tu veux qu|vous voulez qu|souhaites-tu|souhaitez-vous|je peux|on peut|quieres que|desea que|confirma si|lo usamos|procedo|procedemos|te propongo|soll ich|sollen wir|möchtest du|willst du|quer que eu|vuoi che|хотите|할까요|드릴까요/],
  ['question', /\?|？|ですか|でしょうか|吗/],
  ['past', /\b(committed|pushed|merged|deployed|released|published|landed|shipped|created|recorded|amended|opened|done|completed|finished|is (now )?(live|open|up|in place)|has been|have been|was|were|already)\b|しました|済み|完了|已(提交|推送|合并|部署|完成)|готово/],
  ['option', /\b(or|either|option|options|alternatively|prefer|which (one|option|approach|do you)|a\)|b\)|instead)\b|または|それとも|还是|или/],
  ['evidence', /\b(tests? (pass(es|ed)?|are passing|green)|all (tests|checks) pass|\d+ (passed|passing)|0 fail(ed|ures)?|ci (is )?(green|pass)|build (succeeds|passes|passed|ok)|lint (clean|passes)|verified|rc=0|exit (code )?0)\b|✅|✓|テスト.{0,6}(通過|成功|パス)|测试通过/],
  ['failure', /\b(fail(s|ed|ing|ures?)?|errors?|broken|red|still (fail|broken))\b|失敗|エラー|失败/],
  ['gated', /\b(after|once|when (you.re |it.s )?ready|before|then|until|if you (want|approve|like|prefer)|when you)\b|たら|後で|之后/],
  ['you', /\b(you can|you could|you should|you.ll|you may|you need|run:|your)\b/],
  ['later', /\b(later|tomorrow|resume|resuming|regroup|next time|another day|pick (it|this) (back )?up|stopping point|stop here|follow-?ups?|backlog|defer(red|ring)?|postpon(e|ed)|next (sprint|iteration|session|time|pr|phase|round)|separate (pr|issue|ticket|task|session)|another (session|time|day)|future (session|pr|work)|can wait|come later|phase (2|3|two)|out of scope|for now|this round|todo)\b|後回し|バックログ|見送|見合わせ|保留|次回|次期|後日|後ほど|改めて|また今度|別の機会|別の? ?PR|に回|続き|一旦|いったん|ひとまず|必要になっ|次のフェーズ|今回は|別途|后续|以后/],
  ['scope', /\b(approved|agreed|requested|asked for|the plan|the spec|the ticket|in scope|original list|the rest|remaining|the other|both were|we discussed|we agreed)\b|合意|承認|依頼|計画|仕様|要件|範囲|スコープ|残り|うち/],
  ['pressure', /\b(context|tokens?|budget|limit|running (low|out)|fresh (sessions?|chats?|conversations?)|new (sessions?|chats?|conversations?)|sessions?|long session|handoff|hand-off)\b|\/clear\b|\/compact\b|コンテキスト|トークン|上限|セッション|上下文/],
  ['cut', /\b(only|skip(ped|ping)?|cut|drop(ped)?|left (out|it|them|a)|leave|leaving|stopp(ed|ing) (short|after|here)|minimal|partial|stub(bed)?|placeholder|not (do|include|implement))\b|だけ|のみ|省略|割愛|外し|外す|除い|除外|対応しない|モック|暫定|最低限|仅/],
  ['table', /^[ \t]*\|/m],
  ['list', /^[ \t]*([0-9]+[.)]|[-*•])\s/m],
  ['heading', /^[ \t]*(#{1,4} |\*\*[^*\n]{1,60}\*\*:?[ \t]*$)/m]
]

/** Each concept counts as this many n-grams: a window's handful of concepts would otherwise drown among its n-grams. */
const CONCEPT_WEIGHT = 4
const SEED = 101

const patternOf = (name: string) => WINDOW_CONCEPTS.find(([n]) => n === name)![1]
const PROPOSE = patternOf('propose')
const QUESTION = patternOf('question')

/**
 * What a window lacks, which no sum of the concepts it holds can say: neither a proposal form nor a question ("plain"),
 * and such a window that reports something done ("report": "Q1 done and committed.", "Pushed successfully."); what a
 * plain window holds ("plain+you": an instruction, a deferral, a list item without a proposal form); then each concept
 * it holds, in list order, with its pairs.
 */
export function windowConcepts (lower: string): string[] {
  const ks = WINDOW_CONCEPTS.filter(([, re]) => re.test(lower)).map(([name]) => name)
  const plain = !ks.includes('propose') && !ks.includes('question')
  const out = plain ? ['plain', ...(ks.includes('past') ? ['report'] : []), ...ks.map(k => `plain+${k}`)] : []
  for (let i = 0; i < ks.length; i++) {
    out.push(ks[i]!)
    for (let j = i + 1; j < ks.length; j++) out.push(`${ks[i]}+${ks[j]}`)
  }
  return out
}

/**
 * What the rest of the reply settles, whatever the window says: verification evidence, a failure, a real commit SHA, or
 * a question with options (labelling.md's allow forms are judged on the whole message, not on one sentence).
 */
export const MESSAGE_CONCEPTS: ReadonlyArray<readonly [string, RegExp]> = [
  ['evidence', patternOf('evidence')],
  ['failure', /\b(\d+ (tests? )?fail(ed|ing|ures?)?|still fail(s|ing)?|tests? fail(ed|ing)?|not (yet )?(run|tested|verified)|didn.t run|did not run)\b/],
  ['sha', /\b[0-9a-f]{7,40}\b/],
  ['options', /^[ \t]*(\*\*)?(option )?([1-3a-c][.):]|q[12][:.)])/m]
]

// Every window of a reply carries the same message concepts: found once per reply, not once per window.
let lastMessage: { text: string, found: string[] } | undefined
function messageConcepts (whole: string): string[] {
  if (lastMessage?.text !== whole) {
    const lower = whole.toLowerCase()
    const found = MESSAGE_CONCEPTS.filter(([, re]) => re.test(lower)).map(([name]) => `m:${name}`)
    // A reply with no proposal form and no question anywhere ("m:plain"): what its windows lack, the whole reply lacks.
    if (!PROPOSE.test(lower) && !QUESTION.test(lower)) found.push('m:plain')
    lastMessage = { text: whole, found }
  }
  return lastMessage.found
}

/** Distinct buckets: the window's n-grams (features.ts), its concepts and their pairs, the reply's concepts; `fixed`:
 * each concept once at a fixed scale (model.ts) instead of CONCEPT_WEIGHT buckets among the n-grams. */
export const proposalFeatures = (fixed: boolean) => (text: string, bits: number, whole?: string): number[] => {
  const into = new Set<number>()
  addFeatureIds(text, bits, into)
  const names = windowConcepts(text.toLowerCase())
  if (whole !== undefined) names.push(...messageConcepts(whole))
  return fixed ? withConcepts(into, bits, names, 0, SEED, SEED) : withConcepts(into, bits, names, CONCEPT_WEIGHT, SEED)
}
