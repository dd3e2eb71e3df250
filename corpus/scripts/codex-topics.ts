/** The brief's broad topic filter per hook: a message none of these touch may be labelled all-allow unread. */

export const HOOKS = ['commit', 'scope-check', 'scope-change', 'shallow-bugfix', 'bugfix-without-reproduction'] as const
export type Hook = typeof HOOKS[number]

// Plain alternations without nested quantifiers: linear on agent text.
const COMMIT = /\b(commit(s|ted|ting)?|push(ed|ing)?|deploy(s|ed|ing|ment)?|merg(e|ed|ing)|PR|PRs|pull request|release)\b|コミット|プッシュ/i
const SCOPE_CHECK = /\b(session|context|tokens?|window|fresh|next time|pause|handoff|hand-off|continue later|compact(ion|ed)?)\b/i
const SCOPE_CHANGE = /\b(defer(red|ring)?|later|follow-up|follow up|backlog|phases?|out of scope|TODO|descope|cut|skip(ped|ping)?)\b/i
const BUG = /\b(fix(es|ed|ing)?|bugs?|issues?|errors?|fail(s|ed|ing|ure)?|broken|resolved|root cause|reproduc\w*|works now)\b|修正|バグ/i

/** Hooks whose broad topic words occur in the text. */
export function topics (text: string): Hook[] {
  const out: Hook[] = []
  if (COMMIT.test(text)) out.push('commit')
  if (SCOPE_CHECK.test(text)) out.push('scope-check')
  if (SCOPE_CHANGE.test(text)) out.push('scope-change')
  if (BUG.test(text)) out.push('shallow-bugfix', 'bugfix-without-reproduction')
  return out
}

export const TOPIC_RE = { commit: COMMIT, 'scope-check': SCOPE_CHECK, 'scope-change': SCOPE_CHANGE, bug: BUG }
