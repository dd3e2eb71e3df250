/** Hostile 1 MB inputs: the redactor must return (RE2 is linear; keyword floods hit the matcher budget). No timing asserts. */
import t from 'tap'
import { createRedactor } from '../../server/redact/redact.js'

const redact = createRedactor()
const MB = 1 << 20

let seed = 99
function base64ish (n: number): string {
  const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
  const out: string[] = []
  for (let i = 0; i < n; i++) {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0
    out.push(abc[seed >>> 26] ?? 'A')
  }
  return out.join('')
}

const cases: Array<[string, string]> = [
  ['a × 1 MB', 'a'.repeat(MB)],
  ['base64-ish × 1 MB, one line', base64ish(MB)],
  ['keyword flood: password= × 1 MB', 'password='.repeat(MB / 9)],
  ['one 1 MB value after a key', `token: ${'a1'.repeat(MB / 2)}`],
  ['AKIA then 1 MB of capitals', `AKIA${'A'.repeat(MB)}`],
  ['private key header then 1 MB of base64', `-----BEGIN PRIVATE KEY-----\n${'A'.repeat(MB)}`],
  ['URL prefix then 1 MB of user:pass pieces', `postgres://${'a:'.repeat(MB / 2)}`],
  ['mask marker flood', '[REDACTED:'.repeat(MB / 10)],
  ['mask marker flood, then a bracket and a secret', `${'[REDACTED:'.repeat(MB / 10)}] password=hunter2xyz`]
]

for (const [name, text] of cases) {
  t.test(name, async t => {
    const out = redact(text)
    t.type(out.text, 'string')
    t.type(out.counts, 'object')
  })
}

t.test('a flood of keywords with no secret comes back unchanged', async t => {
  const text = 'a'.repeat(MB)
  t.equal(redact(text).text, text)
})
