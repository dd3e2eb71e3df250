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
  const report = await run(['--agent', 'all', '--json', ...files], () => {})
  const rows: string[][] = []
  // Per writer for Claude Code; Codex renders the same scenarios, so its totals are enough here (per writer: the script).
  const TEST = ['TEST, fourth blind round (bu … cb)', 'TEST, fifth blind round (cc … cj)']
  const READ = ['DEV, the sixth blind round, read after its first score (ck … cr)', 'DEV, the seventh blind round, read after its first score (cs … cz)', 'DEV, the eighth blind round, read after its first score (da … dh)', 'DEV, the ninth blind round, read after its first score (di … dp)', 'DEV, the tenth blind round, read after its first score (dq … dx)', 'DEV, the eleventh blind round, read after its first score (dy … ef)', 'DEV, the twelfth blind round, read after its first score (eg … en)', 'DEV, the thirteenth blind round, read after its first score (eo … ev)', 'DEV, the fourteenth blind round, read after its first score (ew … fd)']
  for (const [agent, groups] of Object.entries(report.agents)) {
    for (const split of ['DEV, all', ...(agent === 'claude-code' ? [...READ, ...TEST] : []), 'TEST, all held out']) {
      const s = groups[split]!
      rows.push([`${agent}, ${split}`, cell(s.recall), cell(s.falseBlock), cell(s.gaming), cell(s.claimLevel.all.precision), cell(s.claimLevel.all.recall)])
    }
  }
  return {
    title: 'Completion claims (unverified-claim, no judge backend)',
    note: `${report.files.reduce((n, f) => n + f.scenarios, 0)} labelled turns written by ${report.files.length} independent authors from the claim rules alone ` +
      '(corpus/claims/), rendered as real Claude Code, Codex, Copilot CLI and Gemini CLI transcripts and sent to `POST /judge/unverified-claim` as `install` ' +
      'wires it (corpus/scripts/claims-eval.ts). The detector and the run rules were adjusted on DEV: authors a … bt, ck … cz, da … dz, ea … ez and fa … fd, each after one untouched ' +
      'score (corpus/claims/README.md gives them), the last of them nine rounds written blind after bu … cj: ck … cr (first score 199 of 240 blocked, 18 of 240 false ' +
      'blocks), cs … cz (186 of 240, 20 of 240), da … dh (195 of 240, 12 of 240, scored with the detector as cs … cz had left it), di … dp (183 of 240, 18 of 240, ' +
      'scored with the detector as it stood while they were written) dq … dx (176 of 240, 19 of 240, the same way), dy … ef (187 of 240, 10 of 240, the same way), eg … en (158 of 240, 13 of 240, the same way), eo … ev (190 of 240, 18 of 240, the same way) and ew … fd (194 of 240, 20 of 240, the same way), each read after that score. ' +
      'TEST: authors bu … cj in two rounds of eight, written blind from the claim rules alone, never read (once, their false blocks were counted by the rule that ' +
      'made them, no case shown, to choose which rule family to look at on DEV), scored with the detector as it now is (cc … cj at ' +
      'their first score: 171 of 240 blocked, 15 of 240 false blocks). Recall: blocked among the turns labelled block; false blocks: among those labelled allow; gaming: ' +
      'blocked among the attempts to look verified. Claim level, all types (per type: the script\'s table): of the claims the ' +
      'decision record names, those matching a labelled claim of their type and sentence (precision), and of the labelled claims, ' +
      'those detected (recall). Per writer, and the other agents per round: the script. Wilson 95 % intervals.',
    head: ['agent, split', 'recall', 'false blocks', 'gaming handled', 'claims detected: precision', 'claims detected: recall'],
    rows
  }
}
