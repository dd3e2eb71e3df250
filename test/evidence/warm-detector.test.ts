// The start-up warm-up reaches the claim detector's expressions: its samples hold claims in several languages.
import t from 'tap'
import { warmClaimDetector } from '../../server/evidence/warm-detector.js'

t.test('the warm-up samples make claims the detector finds', async t => {
  t.ok(warmClaimDetector() >= 5, 'each sample but the future one holds a claim')
})
