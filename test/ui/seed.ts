/** Test seeds for the review page: decision records written as the daemon writes them, in daily files. */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type DecisionRecord, sha256 } from '../../server/core/record.js'

export const XSS = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>'

/** A record as the daemon logs it; without `turn` unless given, like a line written before the pipeline. */
export function record (over: Partial<DecisionRecord> & { turn?: string } = {}): DecisionRecord {
  const text = over.text ?? 'Let me commit and push this now.'
  return {
    ts: '2026-12-01T10:00:00.000Z',
    hook: 'commit',
    agent: 'claude-code',
    event: 'Stop',
    sessionId: 'sess-1',
    decision: 'block',
    source: 'judge',
    wouldBlock: true,
    fields: { new_proposal: true, verification_reported: false },
    reason: 'proposes a commit without verification',
    backend: 'anthropic',
    model: 'claude-haiku-4-5',
    ms: 812.5,
    textSha256: sha256(text),
    textBytes: Buffer.byteLength(text),
    redactions: {},
    promptVersion: 'p1',
    ...over,
    text
  } as DecisionRecord
}

/** Writes the records to decisions-DAY.jsonl files by their ts, in the order given; returns the folder. */
export function seed (dir: string, records: DecisionRecord[]): string {
  mkdirSync(dir, { recursive: true })
  const byDay = new Map<string, string>()
  for (const r of records) byDay.set(r.ts.slice(0, 10), (byDay.get(r.ts.slice(0, 10)) ?? '') + JSON.stringify(r) + '\n')
  for (const [day, body] of byDay) writeFileSync(join(dir, `decisions-${day}.jsonl`), body, { mode: 0o600 })
  return dir
}

/** n records of one day, one minute apart, hooks alternating commit / scope-check, sources cycling. */
export function series (n: number, day = '2026-12-01'): DecisionRecord[] {
  const sources = ['judge', 'layer1', 'cache', 'fallback'] as const
  return Array.from({ length: n }, (_, i) => record({
    ts: new Date(Date.parse(`${day}T08:00:00.000Z`) + i * 60_000).toISOString(),
    hook: i % 2 === 0 ? 'commit' : 'scope-check',
    decision: i % 3 === 0 ? 'block' : 'allow',
    wouldBlock: i % 3 === 0,
    source: sources[i % 4],
    sessionId: `sess-${i % 5}`,
    text: `message number ${i}`
  }))
}
