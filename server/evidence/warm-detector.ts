/** Runs the claim detector once over sample replies at start, so that the first Stop does not pay its expressions' compile. */
import { findClaims } from './claims.js'
import { mayClaim } from './silent-failure.js'

// V8 compiles a regular expression on its first match, and the detector's alternations across ~30 languages take
// ~0.2–0.3 s to compile on this class of machine: without this the first Stop after a start waits that long.
const SAMPLES = [
  'All tests pass and the build is green; lint is clean and mypy reports no errors.',
  'Fixed the crash and verified it with ./repro.sh. Committed and pushed; deployed to production.',
  'テストが通りました。修正しました。',
  'I will run the tests next, once the build passes.',
  'Todos los tests pasan y el despliegue está hecho.',
  'Alle Tests sind grün, die Änderung ist committet.'
]

/** How many claims the samples held: a count of none would mean the samples no longer reach the expressions they warm. */
export function warmClaimDetector (): number {
  return SAMPLES.reduce((n, s) => n + (mayClaim(s) ? findClaims(s).length : 0), 0)
}
