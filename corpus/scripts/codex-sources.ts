/** Writes corpus/sources-codex.md: every repository the Codex half used, with commits, paths, messages and split. */
import { readFileSync, writeFileSync } from 'node:fs'
import { HOOKS } from './codex-topics.js'

const rows = readFileSync(new URL('../codex.jsonl', import.meta.url), 'utf8').split('\n').filter(Boolean).map(l => JSON.parse(l)).filter(r => r.source === 'real')
interface Entry { split: string, n: number, commits: Set<string>, paths: Map<string, Set<string>>, pos: Record<string, number> }
const by = new Map<string, Entry>()
for (const r of rows) {
  const m = /^(.+?)@([0-9a-f]{40}):(.+)#L\d+$/.exec(r.origin)
  const [, , sha = '', path = ''] = m ?? []
  if (m === null) throw new Error(`bad origin ${r.origin}`)
  const e: Entry = by.get(r.repo) ?? { split: r.split, n: 0, commits: new Set(), paths: new Map(), pos: {} }
  e.n++
  e.commits.add(sha)
  const dir = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '.'
  const files = e.paths.get(dir) ?? new Set<string>()
  files.add(path.slice(path.lastIndexOf('/') + 1))
  e.paths.set(dir, files)
  for (const h of HOOKS) if (r.labels[h] === 'block') e.pos[h] = (e.pos[h] ?? 0) + 1
  by.set(r.repo, e)
}
const short: Record<string, string> = { commit: 'commit', 'scope-check': 'scope-check', 'scope-change': 'scope-change', 'shallow-bugfix': 'shallow', 'bugfix-without-reproduction': 'no-repro' }
const lines = ['# Sources of the Codex half (corpus/codex.jsonl)', '', 'Real Codex CLI rollouts committed to public GitHub repositories (mostly `.codex/sessions/**/rollout-*.jsonl`, also `dev_history/*.jsonl`), fetched as snapshots and read from git history (the newest commit that added or changed each file). One message = the last agent message of a turn (`task_complete.last_agent_message`, else the turn\'s last assistant `output_text` / `agent_message`), redacted, de-duplicated; repositories with more than 150 messages were sampled evenly to 150. No reserved source of labelling.md was used; `.codex/auth.json` and other credential files were never read.', '', `${by.size} repositories, ${rows.length} real messages.`, '', '| repository | split | messages | block labels | commits | paths (files) |', '|---|---|---|---|---|---|']
for (const [repo, e] of [...by].sort((a, b) => a[0].localeCompare(b[0]))) {
  const pos = Object.entries(e.pos).map(([h, n]) => `${short[h]} ${n}`).join(', ') || '—'
  const paths = [...e.paths].map(([d, f]) => `\`${d}/\` (${f.size}: ${[...f].slice(0, 3).join(', ')}${f.size > 3 ? ', …' : ''})`).join('; ')
  lines.push(`| ${repo} | ${e.split} | ${e.n} | ${pos} | ${[...e.commits].join(', ')} | ${paths} |`)
}
lines.push('', 'Every record\'s `origin` field names its exact repository, commit, path and line.', '',
  '## How the labels were made', '',
  '- Every real message that the brief\'s broad topic filter touches (`codex-topics.ts`) was read and judged by hand against labelling.md; the judgements are in `corpus/codex-labels.txt` (one line per message with any block, or a notable allow) and `codex-build.ts` turns them into records. Messages without topic words are all-allow with why "no hook topic (filter)".',
  '- `relevant` = the blocked hooks plus the hooks whose broad topic words occur, so it is deliberately over-inclusive (words such as "error", "session", "later" count).',
  '- bugfix-without-reproduction was applied strictly: a fix derived from the user\'s pasted error or from reading code, with only a green run afterwards, is a block; an agent-observed failure, an explicit "I reproduced", or a red test first is an allow.',
  '- Synthetic records (`codex-synth*.ts`) are composed from hand-written project themes and closing sentences, labelled by construction, 11 per pseudo repository `synthetic-codex-<k>`; groups 1–15 are validation, 16–27 train. Allows reuse the positives\' scaffolding so the scaffold carries no label.',
  '- Split by repository: the validation repositories are listed in `codex-split.ts`.', '')
writeFileSync(new URL('../sources-codex.md', import.meta.url), lines.join('\n'))
console.log(`${by.size} repositories`)
