/** A list that tests await instead of sleeping: waitFor resolves on the first item, present or to come, that matches. */
import type { DecisionLog } from '../../server/ops/decision-log.js'
import type { DecisionRecord } from '../../server/core/record.js'

export interface Arrivals<T> {
  items: T[]
  push (item: T): void
  /** The first item matching, or the count-th item when count is a number. */
  waitFor (match?: ((item: T) => boolean) | number): Promise<T>
}

export function arrivals<T> (): Arrivals<T> {
  const items: T[] = []
  const waiters: Array<{ test: (item: T, index: number) => boolean, resolve: (item: T) => void }> = []
  const asTest = (match: ((item: T) => boolean) | number | undefined) =>
    typeof match === 'number' ? (_: T, i: number) => i === match - 1 : (item: T) => match === undefined || match(item)
  return {
    items,
    push (item) {
      items.push(item)
      for (const w of [...waiters]) {
        if (w.test(item, items.length - 1)) { waiters.splice(waiters.indexOf(w), 1); w.resolve(item) }
      }
    },
    waitFor (match) {
      const test = asTest(match)
      const found = items.find((x, i) => test(x, i))
      if (found !== undefined) return Promise.resolve(found)
      return new Promise(resolve => waiters.push({ test, resolve }))
    }
  }
}

/** A decision log that keeps its records in memory and lets a test wait for the one written after an answer. */
export function recordingLog (): { decisionLog: DecisionLog, records: Arrivals<DecisionRecord> } {
  const records = arrivals<DecisionRecord>()
  return { decisionLog: { write: rs => { for (const r of rs) records.push(r) }, close: async () => {} }, records }
}
