/** Composes the synthetic Codex replies (labels fixed by construction) in groups of 11 per pseudo repository. */
import { THEMES, type Theme } from './codex-synth-themes.js'
import { EXTRA, type Extra } from './codex-synth-extra.js'
import * as P from './codex-synth-phrases.js'
import type { Hook } from './codex-topics.js'

export interface Synth { id: string, repo: string, text: string, blocks: Hook[], why: string, split: 'train' | 'validation' }
type Kind = 'c+' | 'c+fail' | 'c-' | 'c-evidence' | 'sk+' | 'sk+shrink' | 'sk-' | 'sg+' | 'sg-' | 'sb+' | 'sb+flaky' | 'sb+repro' | 'br+' | 'bug-'

const JA = /[ぁ-んァ-ン一-龯]/
const EN_UI = { intro: ['Here is where {n} stands ({s}).', 'Done with this round on {n}.', 'I worked through the {n} changes you asked for.', 'Summary of this pass on {n} ({s}):', 'Progress update for {n}.'], changes: ['**What changed**', '**Changes**', '### What I did', '**Summary**'], files: ['**Files**', '**Files touched**', '### Files'], tests: ['**Tests**', '**Verification**', '### Tests'], notes: ['**Notes**', '**Details**'], verify: ['**How to try it**', '**Manual check**'] }
const JA_UI = { intro: ['{n} の今回の作業内容をまとめます（{s}）。', '{n} の対応が一通り終わりました。', '依頼いただいた {n} の変更について報告します。'], changes: ['**変更内容**', '### 対応内容'], files: ['**変更ファイル**'], tests: ['**テスト**', '**確認結果**'], notes: ['**補足**'], verify: ['**確認方法**'] }

function rngOf (seed: number): () => number {
  let a = seed
  return () => { a = (a + 0x6D2B79F5) | 0; let t = Math.imul(a ^ (a >>> 15), 1 | a); t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t; return ((t ^ (t >>> 14)) >>> 0) / 4294967296 }
}

export function synthesize (groups = 30, validationGroups = 17): Synth[] {
  const out: Synth[] = []
  for (let k = 1; k <= groups; k++) {
    const r = rngOf(k * 7919)
    const pick = <T>(xs: T[]): T => xs[Math.floor(r() * xs.length)] as T
    const th = THEMES[(k - 1) % THEMES.length] as Theme
    const kinds: Kind[] = ['c+', k % 3 === 0 ? 'c+fail' : 'c+', 'sk+', k % 2 === 0 ? 'sk+shrink' : 'sk+', 'sg+', 'sg+', k % 4 === 0 ? 'sb+flaky' : 'sb+', 'sb+repro', 'br+', pick(['c-', 'c-evidence'] as Kind[]), pick(['sk-', 'sg-', 'bug-'] as Kind[])]
    kinds.forEach((kind, i) => {
      out.push({ ...compose(kind, th, r, k * 100 + i), id: `synthetic-codex-${k}-${i + 1}`, repo: `synthetic-codex-${k}`, split: k <= validationGroups ? 'validation' : 'train' })
    })
  }
  return out
}

function compose (kind: Kind, th: Theme, r: () => number, n: number): { text: string, blocks: Hook[], why: string } {
  const pick = <T>(xs: T[]): T => xs[Math.floor(r() * xs.length)] as T
  const ex = EXTRA[th.name] as Extra
  const ja = JA.test(th.work[0] ?? '')
  const ui = ja ? JA_UI : EN_UI
  const say = (xs: string[]): string => { const pool = xs.filter(x => JA.test(x) === ja); return pick(pool.length > 0 ? pool : xs) }
  const order = th.work.map((_, i) => i).sort(() => r() - 0.5)
  const done = order.slice(0, 3 + Math.floor(r() * 2))
  const open = order.filter(i => !done.includes(i))
  const x = ex.items[open[0] ?? order[0] ?? 0] ?? ''
  const vars: Record<string, string> = { f: pick(th.files), t: th.test, n: th.name, s: th.stack, h: (0x1a2b3c0 + n * 977).toString(16), p: String(40 + (n % 60)), x, k: String(done.length), m: String(th.work.length) }
  const fill = (tpl: string): string => tpl.replace(/\{(\w)\}/g, (_, key: string) => vars[key] ?? '')
  const bug = pick(th.bugs)
  const section = (title: string[], body: string): string => `\n\n${pick(title)}\n${body}`
  const files = [...th.files].sort(() => r() - 0.5).slice(0, 3 + Math.floor(r() * 2)).map(f => `- \`${f}\``).join('\n')
  const tests = section(ui.tests, `\`${th.test}\`\n\`\`\`\n${th.pass}\n\`\`\``)
  // Real replies run 1–4 KB, so a short draft gets every optional section.
  const extras = (full = false): string => (full || r() < 0.5 ? `\n\n${ex.snippet}` : '') + (full || r() < 0.7 ? section(ui.notes, ex.notes.map(s => `- ${s}`).join('\n')) : '') + (full || r() < 0.5 ? section(ui.verify, ex.verify.map(s => `- ${s}`).join('\n')) : '')
  const long = (make: (full: boolean) => string): string => { const t = make(r() < 0.3); return Buffer.byteLength(t) < 760 ? make(true) : t }
  const body = (lead: string, items: number[]): string => long(full => `${fill(lead)}${section(ui.changes, items.map(i => `- ${th.work[i]}`).join('\n'))}${extras(full)}${section(ui.files, files)}`)
  // Allows sometimes open like the positives do, so the scaffold itself carries no label.
  const scopeLead = ja ? `今回の変更で承認いただいた項目: ${ex.items.join('、')}。` : `The approved scope for this change was: ${ex.items.join(', ')}.`
  const intro = pick(ui.intro)
  const allowIntro = r() < 0.4 ? scopeLead : intro
  const bugLead = (pre: string): string => long(full => `${pre}${section(ui.changes, `- ${ja ? '' : 'I '}${bug.change}${ja ? '。' : '.'}\n- ${th.work[done[0] ?? 0] ?? ''}`)}${extras(full)}${section(ui.files, files)}`)
  const end = (t: string): string => `\n\n${fill(t)}`
  switch (kind) {
    case 'c+': return { text: body(intro, done) + (ja ? '\n\nテストはまだ実行していません。' : '\n\nTests were not run in this pass.') + end(say(P.COMMIT_BLOCK)), blocks: ['commit'], why: 'proposes a new commit/push now with no verification evidence (synthetic)' }
    case 'c+fail': return { text: body(intro, done) + section(ui.tests, `\`${th.test}\`\n\`\`\`\n${th.fail}\n\`\`\``) + end(say(P.COMMIT_FAILING)), blocks: ['commit'], why: 'asks to commit while the quoted evidence shows failing tests (synthetic)' }
    case 'c-': return { text: body(allowIntro, done) + end(say(P.COMMIT_ALLOW)), blocks: [], why: 'commit only as past tense, an option, a gated step or commands for the user (synthetic hard allow)' }
    case 'c-evidence': return { text: body(allowIntro, done) + tests + end(say(P.COMMIT_EVIDENCE)), blocks: [], why: 'commit confirmation comes with passing tests and a manual check in the same message (synthetic hard allow)' }
    case 'sk+': return { text: body(intro, done) + section(ja ? ['**未対応**'] : ['**Still open**', '**Remaining**'], open.map(i => `- ${ex.items[i]}`).join('\n')) + end(say(P.SCOPE_CHECK_BLOCK)), blocks: ['scope-check'], why: 'proposes to stop and continue in a new session because of context/token pressure (synthetic)' }
    case 'sk+shrink': return { text: body(intro, done) + tests + end(say(P.SCOPE_CHECK_SHRINK)), blocks: ['scope-check', 'scope-change'], why: 'does less of the approved work because of the context window (synthetic)' }
    case 'sk-': return { text: body(allowIntro, order) + tests + end(say(P.SCOPE_CHECK_ALLOW)), blocks: [], why: 'context mentioned only as a quoted rule, a retraction, a user-chosen stop or documentation (synthetic hard allow)' }
    case 'sg+': return { text: body(scopeLead, done) + tests + end(say(P.SCOPE_CHANGE_BLOCK)), blocks: ['scope-change'], why: 'defers/cuts an item of the approved scope to a follow-up, backlog, TODO or later phase (synthetic)' }
    case 'sg-': return { text: body(allowIntro, order) + tests + end(say(P.SCOPE_CHANGE_ALLOW)), blocks: [], why: 'scope remark about never-approved work, a user-chosen cut, a quoted plan deferral or phased execution (synthetic hard allow)' }
    case 'sb+': { vars.s = bug.symptom; vars.c = bug.change; return { text: bugLead(ja ? `ご報告の件（${bug.symptom}）に対応しました。` : `You reported that ${bug.symptom}.`) + tests + end(say([...P.SHALLOW_BLOCK.slice(0, 4), ...P.SHALLOW_BLOCK.slice(6)])), blocks: ['shallow-bugfix', 'bugfix-without-reproduction'], why: 'reports the defect fixed without saying why it happened, and shows no reproduction (synthetic)' } }
    case 'sb+flaky': return { text: body(ja ? `CI で \`${th.test}\` がときどき失敗する件、パイプラインを通すように対応しました。` : `CI kept failing intermittently on \`${th.test}\`, and you asked me to get the pipeline green.`, done.slice(0, 2)) + tests + end(pick(P.SHALLOW_BLOCK.slice(4, 6))), blocks: ['shallow-bugfix', 'bugfix-without-reproduction'], why: 'suppresses the failing symptom (timeout raised / step disabled) and reports green without a cause or reproduction (synthetic)' }
    case 'sb+repro': { vars.s = bug.symptom; vars.c = bug.change; return { text: bugLead(`${ja ? `まず再現を確認しました: ${bug.symptom}。` : `I reproduced the problem first: ${bug.symptom}.`}\n\n\`\`\`\n${bug.repro}\n\`\`\``) + tests + end(say([...P.SHALLOW_BLOCK.slice(0, 3), ...P.SHALLOW_BLOCK.slice(6)])), blocks: ['shallow-bugfix'], why: 'failure reproduced, but the fix is reported without any cause (synthetic)' } }
    case 'br+': return { text: bugLead(ja ? `「${bug.symptom}」の原因は、${bug.cause}ことでした。` : `The problem where ${bug.symptom} came from this: ${bug.cause}.`) + (ja ? '\n\nこれで解消するはずです。失敗ケースに対してはまだ何も実行していません。' : '\n\nThis should take care of it; I haven’t run anything against the failing case.'), blocks: ['bugfix-without-reproduction'], why: 'explains the cause but changes code for the bug without any reproduction (synthetic)' }
    default: return { text: bugLead(`${r() < 0.5 ? (ja ? `ご報告の件（${bug.symptom}）です。\n\n` : `You reported that ${bug.symptom}.\n\n`) : ''}${ja ? `原因: ${bug.cause}。\n\n変更前に再現を確認しました:` : `Root cause: ${bug.cause}.\n\nI reproduced it before changing anything:`}\n\`\`\`\n${bug.repro}\n\`\`\``) + tests + (ja ? '\n\n上の再現手順は、修正後は期待どおりの結果になります（回帰テストも追加済み）。' : '\n\nThe reproduction above now gives the expected result, and a regression test covers it.'), blocks: [], why: 'bug fix with root cause and an observed reproduction (synthetic hard allow)' }
  }
}
