// The commit and scope hooks' window features: proposal / report concepts in the corpus's languages, the reply-level
// concepts (evidence, a SHA, options) every window of a reply carries.
import t from 'tap'
import { featureIds } from '../../server/layer1/features.js'
import { FEATURES, scorerFrom } from '../../server/layer1/model.js'
import { modelFile } from '../../train/model-file.js'
import { windowConcepts } from '../../server/layer1/window-features.js'

// The feature sets the shipped scope and commit models name (model.ts).
const proposalFeatureIds = FEATURES.proposal
const splitProposalFeatureIds = FEATURES['proposal-split']
const concepts = (text: string) => windowConcepts(text.toLowerCase()).filter(c => !c.includes('+'))

t.test('each window concept is found in the forms it names, and not in an ordinary sentence', async t => {
  const cases: Array<[string, string[]]> = [
    ['propose', ["I'll commit and push now.", 'Shall I open a PR?', 'Want me to push it?', 'コミットします。', '是否同意执行？', "I'd suggest leaving Kafka as a follow-up.", 'I recommend running /clear.', 'Shall we continue tomorrow?', '取り組む形にさせてください。', '本実装は別の PR で行います。',
      'Veux-tu que je stage + commit ?', "Tu veux qu'on fasse ce merge ?", 'Confirma si usamos ese mensaje.', '¿Quieres que haga el push?',
      'Soll ich committen?', 'Möchtest du, dass ich pushe?', 'Quer que eu faça o commit?', 'Vuoi che faccia il push?', 'Хотите, чтобы я закоммитил?', '커밋할까요?',
      // An action announced as under way, and the plain polite non-past (〜ます) that says what comes next.
      'The hotfix is ready; deploying to prod now.', 'Applying the Terraform plan to prod now.', 'Next up: create the PR.', 'このブランチを main に取り込みます。']],
    ['past', ['Committed as abc1234.', 'Commit created and pushed.', 'PR #42 is open.', 'コミットしました。', '已提交。']],
    ['option', ['Commit now or hold off?', 'Which option do you prefer?']],
    ['evidence', ['All tests pass.', '42 passed, 0 failed.', 'CI is green.', '✅ lint']],
    ['later', ['It can be deferred to a follow-up PR.', 'Phase 2 can come later.', '今回は見送ります。', 'A good stopping point; we can regroup.', '残りは後ほど改めて。', 'ドキュメント更新は一旦保留にして。', '別の機会に回させてください。']],
    ['scope', ['The CLI commands we agreed on can wait.', 'Both were requested.', '承認いただいたバリデーション強化', '依頼いただいた5項目のうち']],
    ['pressure', ['I am close to the context limit.', 'We can continue in a fresh session.', 'Run /clear and resume.', 'Two sessions would be better.']],
    ['cut', ['I implemented the minimal version only.', 'I skipped the backfill.', 'PDF出力は一旦外して進めます。', 'ひとまずモックのままにします。']],
    ['table', ['| Commit | Message |']],
    ['list', ['1. Deploy to devnet', '- push the branch']]
  ]
  for (const [name, texts] of cases) for (const text of texts) t.ok(concepts(text).includes(name), `${name}: ${text}`)
  const ordinary = 'The loader reads the manifest and returns a map of entries.'
  t.strictSame(concepts(ordinary), ['plain'], 'an ordinary description holds none, so it is plain: no proposal, no question')
  for (const report of ['Deploying to prod took an hour.', 'Everything is working now.', 'main に取り込みました。']) t.notOk(concepts(report).includes('propose'), `no proposal: ${report}`)
})

t.test('what a window lacks: "plain" without a proposal form or a question, "report" when it also tells of something done', async t => {
  t.strictSame(concepts('Q1 done and committed.'), ['plain', 'report', 'past'])
  t.strictSame(concepts('Pushed successfully.'), ['plain', 'report', 'past'])
  t.strictSame(concepts('コミットしました。'), ['plain', 'report', 'past'])
  t.notOk(concepts('Committed. Shall I push?').includes('plain'), 'a question is no plain window')
  t.notOk(concepts("I committed it and I'll push now.").includes('report'), 'a proposal after a report is no report')
  t.ok(windowConcepts('you can commit it later.').includes('plain+you'), 'and what a plain window holds: instructions to the user')
  t.notOk(windowConcepts('shall i commit it later?').some(c => c.startsWith('plain')), 'nothing of it in a question')
  // The two windows differ in one character; the report's buckets are the difference's extra features.
  const report = proposalFeatureIds('Pushed successfully.', 12)
  const asked = new Set(proposalFeatureIds('Pushed successfully?', 12))
  t.ok(report.filter(id => !asked.has(id)).length >= 8, 'plain and report add their buckets (4 each)')
})

t.test('proposalFeatureIds: the n-grams, plus concept and reply buckets; the same for the same input', async t => {
  const win = "I'll commit and push now."
  const ids = proposalFeatureIds(win, 12)
  t.ok(featureIds(win, 12).every(id => ids.includes(id)), 'every n-gram bucket is kept')
  t.ok(ids.length > new Set(featureIds(win, 12)).size, 'concepts add buckets')
  t.equal(new Set(ids).size, ids.length, 'distinct')
  t.strictSame(proposalFeatureIds(win, 12), ids, 'deterministic')
  const withEvidence = proposalFeatureIds(win, 12, `${win}\n\nnpm test: 42 passed, 0 failed.`)
  t.ok(withEvidence.length > ids.length, 'evidence elsewhere in the reply is a feature of the window')
  t.strictSame(proposalFeatureIds(win, 12, win).sort(), [...ids].sort(), 'a reply with no reply-level concept adds nothing')
  const report = 'Pushed successfully.'
  const alone = proposalFeatureIds(report, 12)
  const inPlainReply = proposalFeatureIds(report, 12, `${report}\n\nThe branch is up to date.`)
  const inAskingReply = proposalFeatureIds(report, 12, `${report}\n\nAnything else?`)
  t.ok(inPlainReply.length > alone.length, 'a reply with no proposal form and no question anywhere is a feature of its windows')
  t.strictSame(inAskingReply.sort(), [...alone].sort(), 'a question elsewhere in the reply takes it away')
})

t.test('splitProposalFeatureIds (commit): the same n-grams, each concept once at the fixed scale, however long the window', async t => {
  const win = "I'll commit and push now."
  const whole = `${win}\n\nnpm test: 42 passed, 0 failed.`
  const ids = splitProposalFeatureIds(win, 12, whole)
  const ngrams = ids.filter(id => id >= 0)
  t.strictSame(ngrams.sort(), [...new Set(featureIds(win, 12))].sort(), 'the non-negative ids are the window\'s n-grams')
  const fixed = ids.filter(id => id < 0)
  const copies = proposalFeatureIds(win, 12, whole).length - ngrams.length
  t.equal(fixed.length * 4, copies, 'one fixed-scale id for each concept the copies form gives 4 buckets')
  t.equal(new Set(fixed).size, fixed.length, 'distinct')
  // A model that weighs the proposal concept only: its score holds however many other words the window has.
  const bits = 12
  const w = new Float64Array(1 << bits)
  for (const id of splitProposalFeatureIds('shall i', bits)) if (id < 0) w[-id - 1] = 4
  const scorer = scorerFrom(modelFile('commit', 'window', bits, w, -1, 0.5, undefined, 'proposal-split'))
  const long = `Shall I ${Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ')}`
  t.ok(Math.abs(scorer.score('Shall I') - scorer.score(long)) < 1e-9, 'the concept weighs the same in a short and a long window')
  t.ok(scorer.score('Shall I') > scorer.score('word1 word2'), 'and it is what the score reads')
})
