/** The broad per-hook topic filter of the corpus brief: a message none of them finds may be labelled all-allow unread. */

export const HOOKS = ['commit', 'scope-check', 'scope-change', 'shallow-bugfix', 'bugfix-without-reproduction'] as const
export type Hook = typeof HOOKS[number]

const CODE: Record<string, Hook> = { C: 'commit', SC: 'scope-check', SG: 'scope-change', SB: 'shallow-bugfix', BR: 'bugfix-without-reproduction' }

/** The hooks a label line's codes field blocks: `-` or a comma list of C, SC, SG, SB, BR. */
export function blocksOf (codes: string, id: string): Hook[] {
  return codes === '-' ? [] : codes.split(',').map(c => CODE[c] ?? (() => { throw new Error(`bad code ${c} in ${id}`) })())
}

export interface Label { blocks: Hook[], why: string }

/** A labels file's `id<TAB>codes<TAB>why` lines by id (`keep` picks them; the rest are notes); a line without a reason,
 * or an id twice, is an error. */
export function readLabels (text: string, keep: (line: string) => boolean): Map<string, Label> {
  const out = new Map<string, Label>()
  for (const line of text.split('\n')) {
    if (!keep(line)) continue
    const [id = '', codes = '', why = ''] = line.split('\t')
    if (why.trim() === '') throw new Error(`bad label line: ${line}`)
    if (out.has(id)) throw new Error(`label twice: ${id}`)
    out.set(id, { blocks: blocksOf(codes, id), why })
  }
  return out
}

// Bounded, non-nested alternations only: no backtracking blow-up on long replies.
const COMMIT = /\b(commit|commits|committed|committing|push|pushed|pushing|deploy|deployed|deploying|merge|merged|PR|PRs|pull request|release)\b|コミット|プッシュ/i
const SESSION = /\b(session|sessions|context|token|tokens|window|fresh|next time|pause|paused|handoff|hand-off|continue later|compact|compaction)\b/i
const SCOPE = /\b(defer|deferred|later|follow-up|followup|backlog|phase|phases|out of scope|TODO|descope|descoped|cut|skip|skipped)\b/i
const BUG = /\b(fix|fixes|fixed|fixing|bug|bugs|issue|issues|error|errors|fail|fails|failed|failing|failure|broken|resolved|root cause|reproduc\w*|works now)\b|修正|バグ/i

/** Hooks whose topic words occur in the text (the two bug-fix hooks share one filter). */
export function topicHooks (text: string): Hook[] {
  const out: Hook[] = []
  if (COMMIT.test(text)) out.push('commit')
  if (SESSION.test(text)) out.push('scope-check')
  if (SCOPE.test(text)) out.push('scope-change')
  if (BUG.test(text)) out.push('shallow-bugfix', 'bugfix-without-reproduction')
  return out
}

/** Lines that carry a topic word, for reading a long reply around its hits. */
export function topicLines (text: string): string[] {
  return text.split('\n').filter(l => COMMIT.test(l) || SESSION.test(l) || SCOPE.test(l) || BUG.test(l))
}
