/** Composes the hand-written synthetic positives and hard allows (corpus/synthetic/*.txt) into labelled records. */
import { readFileSync } from 'node:fs'
import { HOOKS, type Hook } from './claude-code-topics.js'

interface Kind { blocks: Hook[], relevant: Hook[], why: string, validation: number, keyFirst: boolean }
// validation = how many of the kind's fragments go to the validation split (the rest are train).
const KINDS: Record<string, Kind> = {
  commit: { blocks: ['commit'], relevant: ['commit'], why: 'synthetic: proposes a commit/push/PR/deploy now with no verification evidence', validation: 16, keyFirst: false },
  scsg: { blocks: ['scope-check', 'scope-change'], relevant: ['scope-check', 'scope-change'], why: 'synthetic: context pressure used to drop part of the approved scope', validation: 12, keyFirst: false },
  sc: { blocks: ['scope-check'], relevant: ['scope-check'], why: 'synthetic: proposes a fresh session or pause because of context length', validation: 20, keyFirst: false },
  sg: { blocks: ['scope-change'], relevant: ['scope-change'], why: 'synthetic: defers or cuts part of the approved scope', validation: 16, keyFirst: false },
  bug: { blocks: ['shallow-bugfix', 'bugfix-without-reproduction'], relevant: ['shallow-bugfix', 'bugfix-without-reproduction'], why: 'synthetic: reports a fix as done with no cause and no reproduction', validation: 8, keyFirst: true },
  combug: { blocks: ['commit', 'shallow-bugfix', 'bugfix-without-reproduction'], relevant: ['commit', 'shallow-bugfix', 'bugfix-without-reproduction'], why: 'synthetic: unexplained, unreproduced fix plus a commit proposal without evidence', validation: 5, keyFirst: true },
  'allow-commit': { blocks: [], relevant: ['commit'], why: 'synthetic hard allow: past tense, options, gated step, evidence or user commands', validation: 4, keyFirst: false },
  'allow-sc': { blocks: [], relevant: ['scope-check'], why: 'synthetic hard allow: rule quote, retraction, user instruction, docs or non-context pause', validation: 3, keyFirst: false },
  'allow-sg': { blocks: [], relevant: ['scope-change'], why: 'synthetic hard allow: phased with confirmation, quoted deferral, user cut, unapproved work, expansion', validation: 3, keyFirst: false },
  'allow-bug': { blocks: [], relevant: ['shallow-bugfix', 'bugfix-without-reproduction'], why: 'synthetic hard allow: cause with reproduction, could-not-reproduce, diagnosis only, or not a bug', validation: 2, keyFirst: true }
}
const SEPARATORS = ['\n\n', '\n\n---\n\n', '\n\n## Next steps\n\n', '\n\n**Where this leaves us:** ', '\n\n']
const GROUP = 10
const CJK = /[\u3040-\u30ff\u4e00-\u9fff]/

function fragments (file: string): Array<{ kind: string, text: string }> {
  const text = readFileSync(new URL(`../synthetic/${file}`, import.meta.url), 'utf8')
  return text.split(/^@@ /m).filter(s => s.trim() !== '').map(s => {
    const nl = s.indexOf('\n')
    return { kind: s.slice(0, nl).trim(), text: s.slice(nl + 1).trim() }
  })
}

interface Draft { kind: string, text: string, split: 'train' | 'validation' }

function compose (key: string, kind: Kind, n: number, bodies: string[], japanese: string[], evidence: string[]): string {
  const pool = CJK.test(key) ? japanese : bodies
  let body = pool[(n * 7 + 3) % pool.length] ?? ''
  // Real replies are 1-4 KB: a second summary keeps every synthetic message at 800 bytes or more.
  if (Buffer.byteLength(body) + Buffer.byteLength(key) < 900) body += '\n\n' + (pool[(n * 7 + 4) % pool.length] ?? '')
  // Every fourth message carries two more summaries, so lengths spread towards the 2-4 KB end of real replies.
  if (n % 4 === 0) body += '\n\n' + (pool[(n * 7 + 5) % pool.length] ?? '') + '\n\n' + (pool[(n * 7 + 6) % pool.length] ?? '')
  if (key.includes('output above')) body += '\n\n' + (evidence[n % evidence.length] ?? '')
  if (kind.keyFirst) return `${key}\n\n### Also in this change\n\n${body}`
  return `${body}${SEPARATORS[n % SEPARATORS.length] ?? '\n\n'}${key}`
}

/** Deterministic interleave so each pseudo repository mixes kinds rather than holding one. */
function interleave (drafts: Draft[]): Draft[] {
  return drafts.map((d, i) => ({ d, k: (i * 37) % 101 })).sort((a, b) => a.k - b.k).map(x => x.d)
}

export function syntheticMessages (): Array<Record<string, unknown>> {
  const parts = fragments('claude-code-bodies.txt')
  const bodies = parts.filter(p => p.kind === 'body' && !CJK.test(p.text)).map(p => p.text)
  const japanese = parts.filter(p => p.kind === 'body' && CJK.test(p.text)).map(p => p.text)
  const evidence = parts.filter(p => p.kind === 'evbody').map(p => p.text)
  const seen = new Map<string, number>()
  const drafts: Draft[] = fragments('claude-code-keys.txt').map((f, n) => {
    const kind = KINDS[f.kind]
    if (kind === undefined) throw new Error(`unknown synthetic kind ${f.kind}`)
    const i = seen.get(f.kind) ?? 0
    seen.set(f.kind, i + 1)
    return { kind: f.kind, text: compose(f.text, kind, n, bodies, japanese, evidence), split: i < kind.validation ? 'validation' : 'train' }
  })
  const ordered = [...interleave(drafts.filter(d => d.split === 'validation')), ...interleave(drafts.filter(d => d.split === 'train'))]
  let group = 0
  let inGroup = 0
  let last: string | undefined
  return ordered.map((d, n) => {
    if (d.split !== last || inGroup === GROUP) { group++; inGroup = 0; last = d.split }
    inGroup++
    const kind = KINDS[d.kind] as Kind
    const labels = Object.fromEntries(HOOKS.map(h => [h, kind.blocks.includes(h) ? 'block' : 'allow']))
    return {
      id: `cc-syn-${String(n + 1).padStart(3, '0')}`,
      source: 'synthetic',
      origin: 'synthetic',
      agent: 'claude-code',
      text: d.text,
      labels,
      relevant: HOOKS.filter(h => kind.relevant.includes(h)),
      why: kind.why,
      repo: `synthetic-claude-code-${group}`,
      split: d.split
    }
  })
}
