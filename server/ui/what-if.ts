/** What a config would decide on the labelled set, against what the judge decided then: fixed, broken or unchanged. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Config, HookPolicy } from '../config/config-schema.js'
import { loadConfig } from '../config/config.js'
import { ConfigError } from '../core/errors.js'
import type { Label } from '../eval/corpus.js'
import { evalTasks, runEval, unjudgeable } from '../eval/run.js'
import type { Env } from '../core/paths.js'
import type { Runtime } from '../core/runtime.js'
import type { LabelledRow } from './labels-corpus.js'

export type Change = 'fixed' | 'broken' | 'unchanged'
export interface ChangeRow { id: string, hook: string, label: Label, before: Label, after: Label, change: Change, source?: string }
export interface Tally { fixed: number, broken: number, unchanged: number, right: number, n: number }
export type WhatIf = { ok: true, hooks: Record<string, Tally>, changes: ChangeRow[], skippedHooks: string[] } | { ok: false, problems: string[] }

/** More labelled texts than this are not judged in one run: it would cost minutes and tokens for one click. */
export const MAX_LABELS = 500

export function changeOf (label: Label, before: Label, after: Label): Change {
  if (before !== label && after === label) return 'fixed'
  if (before === label && after !== label) return 'broken'
  return 'unchanged'
}

/** Judges every labelled text with the runtime's config through the eval path: all its labelled hooks in one request, as a live turn. */
export async function whatIf (rows: LabelledRow[], rt: Runtime): Promise<WhatIf> {
  const labelled = [...new Set(rows.flatMap(r => Object.keys(r.labels)))]
  const hooks = labelled.map(n => rt.config.hooks[n]).filter((h): h is HookPolicy => h !== undefined && h.mode !== 'off')
  const unready = unjudgeable(rt, hooks)
  if (unready.length > 0) return { ok: false, problems: unready }
  const tasks = evalTasks(rows, hooks).slice(0, MAX_LABELS)
  const outcomes = await runEval(tasks, { runtime: rt })
  const byId = new Map(rows.map(r => [r.id, r]))
  const tally: Record<string, Tally> = {}
  const changes: ChangeRow[] = []
  for (const o of outcomes) {
    // A fail-safe "ask" does not let the turn through: it counts as a block, as the judge's record does.
    const after: Label = o.got === 'allow' ? 'allow' : 'block'
    const before = byId.get(o.id)?.judged[o.hook] ?? after
    const change = changeOf(o.label, before, after)
    const t = (tally[o.hook] ??= { fixed: 0, broken: 0, unchanged: 0, right: 0, n: 0 })
    t[change]++
    t.n++
    if (after === o.label) t.right++
    changes.push({ id: o.id, hook: o.hook, label: o.label, before, after, change, source: o.source })
  }
  return { ok: true, hooks: tally, changes, skippedHooks: labelled.filter(n => !hooks.some(h => h.name === n)) }
}

/** A candidate config given as YAML text, loaded as the user file would be (over the shipped defaults, env on top). */
export async function loadCandidate (yaml: string, env: Env): Promise<{ config: Config } | { problems: string[] }> {
  const dir = await mkdtemp(join(tmpdir(), 'hookjudge-candidate-'))
  const path = join(dir, 'candidate.yaml')
  try {
    await writeFile(path, yaml, { mode: 0o600 })
    return { config: loadConfig({ env, file: path }) }
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err
    return { problems: err.problems.map(p => `${p.path.replace(path, 'candidate')}: expected ${p.expected}, got ${p.got}`) }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
