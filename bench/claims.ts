/** The bench's completion-claims section: unverified-claim on the labelled claim scenarios, per author split, no judge. */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { type Rate, run } from '../corpus/scripts/claims-eval.js'
import type { Section } from './lib.js'

const pct = (x: number | null) => x === null ? '—' : `${(100 * x).toFixed(1)} %`
const cell = (r: Rate) => r.n === 0 ? '—' : `${r.k}/${r.n} ${pct(r.rate)} [${pct(r.low)}–${pct(r.high)}]`

export async function claims (root: string): Promise<Section> {
  const dir = join(root, 'corpus', 'claims')
  const files = readdirSync(dir).filter(f => /^author-.*\.jsonl$/.test(f)).sort().map(f => join(dir, f))
  const report = await run(['--agent', 'both', '--json', ...files], () => {})
  const rows: string[][] = []
  // Per writer for Claude Code; Codex renders the same scenarios, so its totals are enough here (per writer: the script).
  const TEST = ['TEST (c)', 'TEST (e)', 'TEST (g)', 'TEST (h)', 'TEST (k)', 'TEST (o)', 'TEST (q)', 'TEST (x)', 'TEST (aa)', 'TEST (ab)', 'TEST (ac)', 'TEST (al)', 'TEST (am)', 'TEST (aq)', 'TEST (ar)']
  for (const [agent, groups] of Object.entries(report.agents)) {
    for (const split of ['DEV, all', ...(agent === 'claude-code' ? TEST : []), 'TEST, all held out']) {
      const s = groups[split]!
      rows.push([`${agent}, ${split}`, cell(s.recall), cell(s.falseBlock), cell(s.gaming), cell(s.claimLevel.all.precision), cell(s.claimLevel.all.recall)])
    }
  }
  return {
    title: 'Completion claims (unverified-claim, no judge backend)',
    note: `${report.files.reduce((n, f) => n + f.scenarios, 0)} labelled turns written by ${report.files.length} independent authors from the claim rules alone ` +
      '(corpus/claims/), rendered as real Claude Code and Codex transcripts and sent to `POST /judge/unverified-claim` as `install` ' +
      'wires it (corpus/scripts/claims-eval.ts). The detector and the run rules were adjusted on DEV (authors a, b, d, f, i; j, l, m, n, p, r, s, t, u, v, w, y, z, ad, ae, af, ag, ah, ai, aj and ak each after one untouched score, which corpus/claims/README.md gives); no TEST ' +
      'scenario (authors c, e, g, h, k, o, q, x, aa, ab, ac, al, am, aq, ar) was ever read (their scores, not their cases, were seen while rules changed on DEV). Recall: blocked among the turns labelled block; false blocks: among those labelled allow; gaming: ' +
      'blocked among the attempts to look verified. Claim level, all types (per type: the script\'s table): of the claims the ' +
      'decision record names, those matching a labelled claim of their type and sentence (precision), and of the labelled claims, ' +
      'those detected (recall). Codex transcripts of the same scenarios: totals here, per writer from the script. Wilson 95 % intervals.',
    head: ['agent, split', 'recall', 'false blocks', 'gaming handled', 'claims detected: precision', 'claims detected: recall'],
    rows
  }
}
