/** The labelled corpus for `eval` (contract: {"id","text","labels":{"<hook>":"block"|"allow"}} per line); pure parsing. */
import { isMap } from '../core/is-map.js'
import type { TurnClass } from '../evidence/turn-class.js'
import { TURN_KINDS, type TurnKind } from '../evidence/turn-kind.js'

export type Label = 'block' | 'allow'
export interface CorpusRow {
  id: string
  text: string
  labels: Record<string, Label>
  /** The project's own corpora (labelling.md): the split by repository, the repository, the hooks whose topic appears. */
  /** test: an untouched split (corpus/test/), scored and never trained or tuned on (`train` refuses its rows). */
  split?: 'train' | 'validation' | 'test'
  repo?: string
  relevant?: string[]
  source?: 'real' | 'synthetic'
  /** What the message's turn did (server/evidence/turn-kind.ts), where its transcript was read: train's quiet-turn thresholds. */
  turn?: TurnKind
  /** The message's turn already committed or pushed (server/evidence/committed.ts): train's committed-turn thresholds. */
  committed?: boolean
  /** A canonical form (corpus/written/canonical.jsonl): train's threshold keeps every such positive, whatever the target. */
  must?: boolean
}

/** Every valid row, and one problem line per invalid one (blank lines are ignored; extra keys too). */
export function parseCorpus (jsonl: string): { rows: CorpusRow[], problems: string[] } {
  const rows: CorpusRow[] = []
  const problems: string[] = []
  const seen = new Set<string>()
  jsonl.split('\n').forEach((line, i) => {
    if (line.trim() === '') return
    const at = `line ${i + 1}`
    let v: unknown
    try {
      v = JSON.parse(line)
    } catch {
      problems.push(`${at}: not JSON`)
      return
    }
    if (!isMap(v)) { problems.push(`${at}: not a JSON object`); return }
    const { id, text, labels } = v
    if (typeof id !== 'string' || id === '') { problems.push(`${at}: "id" must be a non-empty string`); return }
    if (typeof text !== 'string') { problems.push(`${at} (${id}): "text" must be a string`); return }
    if (!isMap(labels)) { problems.push(`${at} (${id}): "labels" must be a map of hook → "block" | "allow"`); return }
    const bad = Object.entries(labels).find(([, l]) => l !== 'block' && l !== 'allow')
    if (bad) { problems.push(`${at} (${id}): label of "${bad[0]}" must be "block" or "allow"`); return }
    if (seen.has(id)) { problems.push(`${at}: duplicate id "${id}"`); return }
    seen.add(id)
    const { split, repo, relevant, source, turn, committed, must } = v
    rows.push({
      id,
      text,
      labels: labels as Record<string, Label>,
      ...(split === 'train' || split === 'validation' || split === 'test' ? { split } : {}),
      ...(typeof repo === 'string' ? { repo } : {}),
      ...(source === 'real' || source === 'synthetic' ? { source } : {}),
      ...((TURN_KINDS as readonly unknown[]).includes(turn) ? { turn: turn as TurnKind } : {}),
      ...(committed === true ? { committed } : {}),
      ...(must === true ? { must } : {}),
      ...(Array.isArray(relevant) ? { relevant: relevant.filter((h): h is string => typeof h === 'string') } : {})
    })
  })
  return { rows, problems }
}

/** Hook names the corpus labels, in first-seen order. */
export function labelledHooks (rows: CorpusRow[]): string[] {
  const out = new Set<string>()
  for (const r of rows) for (const h of Object.keys(r.labels)) out.add(h)
  return [...out]
}

/** The class of a row's turn, as its `turn` / `committed` recorded it, in server/evidence/turn-class.ts's order (absent
 * for written messages and turns not read): eval gives the row that evidence, as the live turn had it. */
export const rowTurnClass = (r: Pick<CorpusRow, 'turn' | 'committed'>): TurnClass | undefined =>
  r.turn === 'quiet' ? 'quiet' : r.committed === true ? 'committed' : r.turn === 'command' ? 'command' : undefined
