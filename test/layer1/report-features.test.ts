// The bug-fix hooks' features: report concepts in every language the corpus holds, their pairs, the hashed ids, and a
// model file that names its feature set (scored with it, refused when it names an unknown one).
import t from 'tap'
import { FEATURES, parseModel, scorerFrom } from '../../server/layer1/model.js'
import { modelFile } from '../../train/model-file.js'
import { conceptTokens } from '../../server/layer1/report-features.js'

// The feature sets the shipped bug-fix models name (model.ts).
const splitReportFeatureIds = FEATURES['report-split']
const strongSplitReportFeatureIds = FEATURES['report-strong-split']

const concepts = (text: string) => conceptTokens(text.toLowerCase()).filter(c => !c.includes('+'))

t.test('each concept is found in the languages of the corpus, and not in ordinary text', async t => {
  const cases: Array<[string, string[]]> = [
    ['fix', ['Fixed: the form resets now.', '修正しました。', '已修复登录问题。', 'Исправил дефолт.', 'Der Pfad ist behoben.', 'Le bug est corrigé.', 'Lo arreglé.', '버그를 수정했습니다.']],
    ['cause', ['The root cause was a stale key.', 'This happened because the cache never expired.', '原因は丸め処理でした。', '问题是因为超时导致的。', 'Причина в кэше.', 'Die Ursache war der Pfad.']],
    ['defect', ['The upload crashes on large files.', 'It does not render on Safari.', 'バグがありました。', '报错了。', 'Ошибка в парсере.', 'Ein Fehler im Parser.']],
    ['change', ['I changed the default.', 'It now uses UTC.', '変更しました。', '已修改配置。', 'Я изменил конфиг.', 'Ich habe es angepasst.']],
    ['works', ['It should work now.', 'Please refresh the page.', '正常に表示されます。', 'Теперь всё работает.']],
    ['user', ['You reported that the list jumps.', 'Good catch!', 'ご指摘の件です。']],
    ['repro', ['I reproduced it first.', 'A failing test shows it.', '再現しました。', '已复现。']]
  ]
  for (const [name, texts] of cases) {
    for (const text of texts) t.ok(concepts(text).includes(name), `${name}: ${text}`)
  }
  const ordinary = 'Here is the summary of the repository: a Fastify daemon, a POSIX sh shim and a config folder.'
  for (const name of ['fix', 'cause', 'defect', 'works', 'user', 'repro', 'test', 'commit']) t.notOk(concepts(ordinary).includes(name), `${name}: not in an ordinary description`)
})

t.test('concept pairs: a defect with a change is its own feature', async t => {
  const found = conceptTokens('the upload crashed; i changed the buffer size.')
  t.ok(found.includes('defect'))
  t.ok(found.includes('change'))
  t.ok(found.includes('defect+change'))
  t.strictSame(conceptTokens('nothing here.'), [])
})

const TEXT = 'Fixed! The cache key was stale, so I changed `cacheKey()` to include the locale.'
const free = (ids: number[]) => ids.filter(id => id >= 0)
const pinned = (ids: number[]) => ids.filter(id => id < 0)

t.test('report features: distinct buckets in range, the same for the same text, concepts weigh in', async t => {
  const ids = strongSplitReportFeatureIds(TEXT, 12)
  t.equal(new Set(free(ids)).size, free(ids).length, 'distinct')
  t.ok(free(ids).every(id => Number.isInteger(id) && id < 1 << 12), 'inside 2^bits')
  t.strictSame(strongSplitReportFeatureIds(TEXT, 12), ids, 'the same text gives the same ids')
  t.strictSame(strongSplitReportFeatureIds(`${TEXT} `, 12).sort(), [...ids].sort(), 'trailing space: same words, same concepts')
  t.ok(strongSplitReportFeatureIds(TEXT, 15).some(id => id >= 1 << 12), 'another size hashes again')
  t.equal(strongSplitReportFeatureIds('alpha beta gamma', 15).length, 3, 'a reply with no concept has its words only')
  t.ok(free(strongSplitReportFeatureIds('fixed alpha', 15)).length > 8, 'each concept counts as several features among the words')
})

t.test('shallow-bugfix weighs each concept among the words too; the fixed-scale ids are the same', async t => {
  const split = splitReportFeatureIds(TEXT, 15)
  const strong = strongSplitReportFeatureIds(TEXT, 15)
  t.ok(free(split).every(id => strong.includes(id)), 'every word bucket is kept')
  const concepts = conceptTokens(TEXT.toLowerCase()).length
  t.ok(free(strong).length - free(split).length > 14 * concepts, `about 16 more buckets for each of the ${concepts} concepts`)
  t.strictSame(pinned(strong), pinned(split), 'the same fixed-scale ids')
  t.strictSame(splitReportFeatureIds(TEXT, 15), split, 'asking for one set after the other changes neither')
})

t.test('a model file names its feature set; scored with it; an unknown one is refused', async t => {
  const bits = 10
  const w = new Float64Array(1 << bits)
  for (const id of strongSplitReportFeatureIds('fixed', bits)) if (id >= 0) w[id] = 1
  const file = modelFile('shallow-bugfix', 'topic', bits, w, -2, 0.5, undefined, 'report-strong-split')
  t.equal(file.features, 'report-strong-split')
  const scorer = scorerFrom(parseModel(JSON.parse(JSON.stringify(file))))
  t.ok(scorer.score('Fixed.') > scorer.score('Hello there.'), 'the report features drive the score')
  const plain = modelFile('commit', 'window', bits, w, 0, 0.5)
  t.notOk('features' in plain, 'the n-gram default is not written')
  t.throws(() => parseModel({ ...file, features: 'bert' }), /features is not one of ngrams, report-split, report-strong-split, proposal, proposal-split/)
  t.throws(() => parseModel({ ...file, features: 'report' }), /features is not one of/, 'a set no shipped model uses any more is named as unknown')
})

t.test('splitReportFeatureIds (bugfix-without-reproduction): the words, then each concept once at a fixed scale', async t => {
  const text = 'Fixed! The cache key was stale, so I changed `cacheKey()` to include the locale.'
  const ids = splitReportFeatureIds(text, 15)
  const words = ids.filter(id => id >= 0)
  const fixed = ids.filter(id => id < 0)
  t.strictSame(ids, [...words, ...fixed], 'the words, then the fixed-scale ids')
  t.equal(words.length, new Set(text.toLowerCase().match(/[a-z0-9']+/g)).size, 'one bucket per distinct word, no concept copies among them')
  t.equal(fixed.length, conceptTokens(text.toLowerCase()).length, 'one id per concept and concept pair')
  t.ok(fixed.every(id => -id - 1 < 1 << 15), 'a fixed-scale id −(b + 1) names a bucket b inside 2^bits')
  // A model that weighs one concept only: its score must not fall as the reply grows, as it would among the words.
  const bits = 12
  const w = new Float64Array(1 << bits)
  for (const id of splitReportFeatureIds('fixed', bits)) if (id < 0) w[-id - 1] = 4
  const scorer = scorerFrom(parseModel(JSON.parse(JSON.stringify(modelFile('bugfix-without-reproduction', 'topic', bits, w, -1, 0.5, undefined, 'report-split')))))
  const long = `Fixed. ${Array.from({ length: 300 }, (_, i) => `word${i}`).join(' ')}`
  t.ok(Math.abs(scorer.score('Fixed.') - scorer.score(long)) < 1e-9, 'the concept weighs the same in a short and a long reply')
  const copies = new Float64Array(1 << bits)
  for (const id of strongSplitReportFeatureIds('fixed', bits)) if (id >= 0) copies[id] = 1
  const diluted = scorerFrom(modelFile('shallow-bugfix', 'topic', bits, copies, -1, 0.5, undefined, 'report-strong-split'))
  t.ok(diluted.score('Fixed.') - diluted.score(long) > 0.2, 'where concept copies among the words are drowned by them')
})
