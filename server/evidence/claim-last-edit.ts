/** The edit a claim's run must come after: the last change to code (notes after a run change nothing it checked), or for a docs build any edit; pure. */
import type { Claim } from './claims.js'
import { isProsePath } from './exempt.js'
import type { Step } from './steps.js'

// A changelog line or a README written after a run changes nothing the run checked; a failed edit changed nothing at all.
export const lastCodeEdit = (steps: Step[]) => steps.findLastIndex(s => s.kind === 'edit' && s.status !== 'error' && !s.paths.every(isProsePath))

// "The docs build passes" is about the docs: an edit of them after the build is an edit after the check.
const DOCS_BUILD = /\b(?:docs?|documentation|sphinx|mkdocs|docusaurus)\b[^.;\n]{0,30}\bbuild|\bbuild\w*\s+(?:of\s+)?(?:the\s+)?(?:docs?|documentation)\b/i

export const lastEditFor = (claim: Claim, steps: Step[]): number => claim.type === 'build' && DOCS_BUILD.test(claim.clause ?? claim.text)
  ? steps.findLastIndex(s => s.kind === 'edit' && s.status !== 'error')
  : lastCodeEdit(steps)
