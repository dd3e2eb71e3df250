/** A one-line progress bar for long CLI runs; draws only when the stream is a terminal, so pipes and logs stay clean. */
import type { Writable } from 'node:stream'

export interface Progress { tick (): void, done (): void }

const WIDTH = 30
const NONE: Progress = { tick: () => {}, done: () => {} }

export function createProgress (stream: Writable, total: number, label: string): Progress {
  if ((stream as Writable & { isTTY?: boolean }).isTTY !== true || total === 0) return NONE
  let count = 0
  let drawn = 0
  const draw = () => {
    const filled = Math.round(WIDTH * count / total)
    stream.write(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${count}/${total}`)
    drawn = performance.now()
  }
  draw()
  return {
    tick () {
      count++
      // Redraw at most ten times a second: a terminal write per message would slow a fast Layer-1 run.
      if (count === total || performance.now() - drawn > 100) draw()
    },
    done () { stream.write('\r\x1b[K') }
  }
}
