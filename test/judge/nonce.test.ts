// Nonces come from a pooled CSPRNG fill: across refills every one is 96 fresh bits, never handed out twice.
import t from 'tap'
import { newNonce } from '../../server/judge/wrap.js'

t.test('a thousand nonces (several refills of the pool): 24 hex digits each, all distinct', async t => {
  const seen = new Set<string>()
  for (let i = 0; i < 1000; i++) {
    const n = newNonce()
    if (!/^[0-9a-f]{24}$/.test(n)) { t.fail(`nonce ${i} is ${n}`); return }
    seen.add(n)
  }
  t.equal(seen.size, 1000)
})
