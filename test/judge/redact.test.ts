/** Redactor: recall and counts over the positive corpus, no false redaction over hard negatives, idempotence. */
import t from 'tap'
import { createRedactor } from '../../server/redact/redact.js'
import { POSITIVES, type Positive } from './redact-corpus.js'
import { NEGATIVES } from './redact-negatives.js'

const redact = createRedactor()

/** Caught: every secret value gone, every kept key still there. */
function caught (p: Positive, out: string): boolean {
  return p.secrets.every(s => !out.includes(s)) && p.keep.every(k => out.includes(k))
}

t.test('corpus size', async t => {
  t.ok(POSITIVES.length >= 60, `${POSITIVES.length} positives`)
  t.ok(NEGATIVES.length >= 45, `${NEGATIVES.length} hard negatives`)
})

t.test('positives', async t => {
  for (const p of POSITIVES) {
    t.test(p.name, async t => {
      const { text, counts } = redact(p.text)
      t.ok(caught(p, text), 'secret masked, key kept')
      t.same(counts, p.counts, 'counts per kind')
      t.match(text, /\[REDACTED:[a-z0-9-]+\]/, 'mask present')
    })
  }
})

t.test('recall over positives is at least 95%', async t => {
  const hits = POSITIVES.filter(p => caught(p, redact(p.text).text)).length
  const recall = hits / POSITIVES.length
  t.ok(recall >= 0.95, `recall ${hits}/${POSITIVES.length} = ${recall.toFixed(3)}`)
})

t.test('hard negatives', async t => {
  for (const n of NEGATIVES) {
    t.test(n.name, async t => {
      const { text, counts } = redact(n.text)
      t.equal(text, n.text, 'unchanged')
      t.same(counts, {}, 'nothing counted')
    })
  }
})

t.test('idempotence: redacting twice equals once', async t => {
  for (const c of [...POSITIVES, ...NEGATIVES]) {
    t.test(c.name, async t => {
      const once = redact(c.text)
      const twice = redact(once.text)
      t.equal(twice.text, once.text)
      t.same(twice.counts, {})
    })
  }
})

t.test('several secrets in one message are counted per kind', async t => {
  const joined = POSITIVES.slice(0, 12).map(p => p.text).join('\n\nand then\n\n')
  const { text, counts } = redact(joined)
  const want: Record<string, number> = {}
  for (const p of POSITIVES.slice(0, 12)) for (const [k, n] of Object.entries(p.counts)) want[k] = (want[k] ?? 0) + n
  t.same(counts, want)
  for (const p of POSITIVES.slice(0, 12)) for (const s of p.secrets) t.notOk(text.includes(s), `${p.name} masked`)
})

t.test('empty and secret-free text come back as they are', async t => {
  t.same(redact(''), { text: '', counts: {} })
  const plain = 'The quick brown fox jumps over the lazy dog.\n'.repeat(100)
  t.equal(redact(plain).text, plain)
})
