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
  return {
    run (work) {
      const p = new Promise<void>(resolve => defer(() => { try { work() } finally { resolve() } }))
      pending.add(p)
      p.then(() => pending.delete(p))
    },
    async settled () { await Promise.all(pending) }
  }
}
