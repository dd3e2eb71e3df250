/** Work done after a hook's answer is sent (decision records, metrics, the verdict line): off the answer's path, awaited on close. */

/** Schedules work to run once the current answer is on its way; setImmediate by default, a test's own otherwise. */
export type Defer = (work: () => void) => void

export interface AfterReply {
  run (work: () => void): void
  /** Resolves once every piece of work queued so far has run (close waits for it, so no record is lost). */
  settled (): Promise<void>
}

export function createAfterReply (defer: Defer = setImmediate): AfterReply {
  const pending = new Set<Promise<void>>()
  // The work queued in one turn of the event loop runs in one deferred batch, not one callback per answer: the
  // decision log then writes the batch's records at once.
  let batch: (() => void)[] = []
  const runBatch = () => {
    const jobs = batch
    batch = []
    // One failing piece of work does not cost the rest of the batch theirs; it still surfaces, as it did alone.
    let failed: { err: unknown } | undefined
    for (const job of jobs) { try { job() } catch (err) { failed ??= { err } } }
    if (failed) throw failed.err
  }
  return {
    run (work) {
      const p = new Promise<void>(resolve => {
        if (batch.length === 0) defer(runBatch)
        batch.push(() => { try { work() } finally { resolve() } })
      })
      pending.add(p)
      p.then(() => pending.delete(p))
    },
    async settled () { await Promise.all(pending) }
  }
}
