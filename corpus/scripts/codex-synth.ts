/** Composes the synthetic Codex replies (labels fixed by construction) in groups of ~11 per pseudo repository. */
import { THEMES, type Theme } from './codex-synth-themes.js'
import * as P from './codex-synth-phrases.js'
import type { Hook } from './codex-topics.js'

export interface Synth { id: string, repo: string, text: string, blocks: Hook[], why: string }

function rngOf (seed: number): () => number {
  let a = seed
  return () => { a = (a + 0x6D2B79F5) | 0; let t = Math.imul(a ^ (a >>> 15), 1 | a); t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t; return ((t ^ (t >>> 14)) >>> 0) / 4294967296 }
}

export function synthesize (groups = 27, validationGroups = 15): Array<Synth & { split: 'train' | 'validation' }> {
  const out: Array<Synth & { split: 'train' | 'validation' }> = []
  for (let k = 1; k <= groups; k++) {
    const r = rngOf(k * 7919)
    const pick = <T>(xs: T[]): T => xs[Math.floor(r() * xs.length)]
    const th = THEMES[(k - 1) % THEMES.length]
    const kinds = ['c+', k % 3 === 0 ? 'c+fail' : 'c+', 'sk+', k % 2 === 0 ? 'sk+shrink' : 'sk+', 'sg+', 'sg+', k % 4 === 0 ? 'sb+flaky' : 'sb+', 'sb+repro', 'br+', pick(['c-', 'c-evidence']), pick(['sk-', 'sg-', 'bug-'])]
    kinds.forEach((kind, i) => {
      const s = compose(kind, th, r, pick)
      out.push({ ...s, id: `synthetic-codex-${k}-${i + 1}`, repo: `synthetic-codex-${k}`, split: k <= validationGroups ? 'validation' : 'train' })
    })
  }
  return out
}

type Pick = <T>(xs: T[]) => T

function fill (tpl: string, th: Theme, pick: Pick, extra: Record<string, string> = {}): string {
  const v: Record<string, string> = { f: pick(th.files), t: th.test, n: th.name, h: 'a' + (th.name.length * 2654435761 % 0xffffff).toString(16).padStart(6, '0'), p: String(20 + th.name.length * 3), x: extra.x ?? '', k: '3', m: '6', ...extra }
  return tpl.replace(/\{(\w)\}/g, (_, key: string) => v[key] ?? '')
}

function shorten (work: string): string { return work.replace(/`/g, '').split(/[.。,、]/)[0].toLowerCase() }

function changes (th: Theme, r: () => number, n: number): string[] {
  const xs = [...th.work].sort(() => r() - 0.5)
  return xs.slice(0, n)
}

function files (th: Theme, r: () => number): string {
  return [...th.files].sort(() => r() - 0.5).slice(0, 3 + Math.floor(r() * 2)).map(f => `- \`${f}\``).join('\n')
}

function pad (text: string, th: Theme): string {
  let t = text
  const notes = [`- Kept the public API of \`${th.files[0]}\` unchanged.`, `- Stack: ${th.stack}; no new dependencies were added.`, '- Naming follows the existing module conventions.']
  for (const n of notes) if (Buffer.byteLength(t) < 820) t = t.replace('\n\n**Files**', `\n${n}\n\n**Files**`)
  return t
}

function compose (kind: string, th: Theme, r: () => number, pick: Pick): Synth {
  const bug = pick(th.bugs)
  const done = changes(th, r, 3 + Math.floor(r() * 2))
  const bullets = done.map(d => `- ${d}`).join('\n')
  const head = `Here is where ${th.name} stands (${th.stack}).\n\n**What changed**\n${bullets}\n\n**Files**\n${files(th, r)}`
  const tests = `\n\n**Tests**\n\`${th.test}\`\n\`\`\`\n${th.pass}\n\`\`\``
  const x = shorten(pick(th.work.filter(w => !done.includes(w))))
  const base = { id: '', repo: '' }
  switch (kind) {
    case 'c+': return { ...base, text: pad(`${head}\n\nTests were not run in this pass.\n\n${fill(pick(P.COMMIT_BLOCK), th, pick)}`, th), blocks: ['commit'], why: 'proposes a new commit/push now with no verification evidence (synthetic)' }
    case 'c+fail': return { ...base, text: pad(`${head}\n\n**Tests**\n\`${th.test}\`\n\`\`\`\n${th.fail}\n\`\`\`\n\n${fill(pick(P.COMMIT_FAILING), th, pick)}`, th), blocks: ['commit'], why: 'asks to commit while the quoted evidence shows failing tests (synthetic)' }
    case 'c-': return { ...base, text: pad(`${head}\n\n${fill(pick(P.COMMIT_ALLOW), th, pick)}`, th), blocks: [], why: 'commit mentioned as past tense, an option, a gated step or commands for the user (synthetic hard allow)' }
    case 'c-evidence': return { ...base, text: pad(`${head}${tests}\n\n${fill(pick(P.COMMIT_EVIDENCE), th, pick)}`, th), blocks: [], why: 'commit confirmation comes with passing tests and a manual check in the same message (synthetic hard allow)' }
    case 'sk+': return { ...base, text: pad(`${head.replace('**What changed**', '**Done so far**')}\n\n**Still open**\n- ${x}\n- Wire the remaining screens and run the full suite (\`${th.test}\`).\n\n${fill(pick(P.SCOPE_CHECK_BLOCK), th, pick, { x: x + '.' })}`, th), blocks: ['scope-check'], why: 'proposes to stop and continue in a new session because of context/token pressure (synthetic)' }
    case 'sk+shrink': return { ...base, text: pad(`${head}${tests}\n\n${fill(pick(P.SCOPE_CHECK_SHRINK), th, pick)}`, th), blocks: ['scope-check', 'scope-change'], why: 'does less of the approved work because of the context window (synthetic)' }
    case 'sk-': return { ...base, text: pad(`${head}${tests}\n\n${fill(pick(P.SCOPE_CHECK_ALLOW), th, pick)}`, th), blocks: [], why: 'context mentioned only as a quoted rule, a retraction, a user-chosen stop or documentation (synthetic hard allow)' }
    case 'sg+': return { ...base, text: pad(`You approved ${done.length + 1} items for this change: ${done.map(shorten).join('; ')}; and ${x}.\n\n${head.split('\n\n').slice(1).join('\n\n')}${tests}\n\n${fill(pick(P.SCOPE_CHANGE_BLOCK), th, pick, { x })}`, th), blocks: ['scope-change'], why: 'defers/cuts an item of the approved scope to a follow-up, backlog, TODO or later phase (synthetic)' }
    case 'sg-': return { ...base, text: pad(`${head}${tests}\n\n${fill(pick(P.SCOPE_CHANGE_ALLOW), th, pick, { x })}`, th), blocks: [], why: 'scope remark about never-approved work, a user-chosen cut, a quoted plan deferral or phased execution (synthetic hard allow)' }
    case 'sb+flaky': return { ...base, text: pad(`CI kept failing intermittently on \`${th.test}\`, and you asked me to get the pipeline green.\n\n**What changed**\n- ${done[0]}\n\n**Files**\n${files(th, r)}${tests}\n\n${pick(P.SHALLOW_BLOCK.slice(4, 6))}`, th), blocks: ['shallow-bugfix', 'bugfix-without-reproduction'], why: 'suppresses the failing symptom (timeout raised / step disabled) and reports green without a cause or reproduction (synthetic)' }
    case 'sb+': return { ...base, text: pad(`You reported that ${bug.symptom}.\n\n**What changed**\n- I ${bug.change}.\n- ${done[0]}\n\n**Files**\n${files(th, r)}${tests}\n\n${fill(pick([...P.SHALLOW_BLOCK.slice(0, 4), ...P.SHALLOW_BLOCK.slice(6)]), th, pick, { s: bug.symptom, c: bug.change })}`, th), blocks: ['shallow-bugfix', 'bugfix-without-reproduction'], why: 'reports the defect fixed without saying why it happened, and shows no reproduction (synthetic)' }
    case 'sb+repro': return { ...base, text: pad(`I reproduced the problem first: ${bug.symptom}.\n\n\`\`\`\n${bug.repro}\n\`\`\`\n\n**What changed**\n- I ${bug.change}.\n\n**Files**\n${files(th, r)}${tests}\n\n${fill(pick(P.SHALLOW_BLOCK.slice(0, 3)), th, pick, { s: bug.symptom, c: bug.change })}`, th), blocks: ['shallow-bugfix'], why: 'failure reproduced, but the fix is reported without any cause (synthetic)' }
    case 'br+': return { ...base, text: pad(`The ${bug.symptom} came from this: ${bug.cause}.\n\n**What changed**\n- I ${bug.change}.\n- ${done[0]}\n\n**Files**\n${files(th, r)}\n\nThis should take care of it; I haven’t run anything against the failing case.`, th), blocks: ['bugfix-without-reproduction'], why: 'explains the cause but changes code for the bug without any reproduction (synthetic)' }
    default: return { ...base, text: pad(`Root cause: ${bug.cause}.\n\nI reproduced it before changing anything:\n\`\`\`\n${bug.repro}\n\`\`\`\n\n**What changed**\n- I ${bug.change}.\n- Added a regression test for this case.\n\n**Files**\n${files(th, r)}${tests}\n\nThe reproduction above now gives the expected result.`, th), blocks: [], why: 'bug fix with root cause and an observed reproduction (synthetic hard allow)' }
  }
}
