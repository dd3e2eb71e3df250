/** Output of the operations verbs: colour only on a terminal without NO_COLOR, and the one JSON envelope of --json. */
import type { Io } from './args.js'

export type Tone = 'ok' | 'fail' | 'warn' | 'dim' | 'bold'
const CODES: Record<Tone, [number, number]> = { ok: [32, 39], fail: [31, 39], warn: [33, 39], dim: [2, 22], bold: [1, 22] }

/** https://no-color.org: a NO_COLOR that is present and not empty turns colour off. */
export function painter (io: Io): (tone: Tone, text: string) => string {
  const on = !io.env.NO_COLOR && (io.stdout as { isTTY?: boolean }).isTTY === true
  return (tone, text) => on ? `\x1b[${CODES[tone][0]}m${text}\x1b[${CODES[tone][1]}m` : text
}

export function writeJson (io: Io, command: string, ok: boolean, data: Record<string, unknown>): void {
  io.stdout.write(JSON.stringify({ command, ok, ...data }) + '\n')
}

export function formatUptime (seconds: number): string {
  const d = Math.floor(seconds / 86400)
  const h = Math.floor(seconds % 86400 / 3600)
  const m = Math.floor(seconds % 3600 / 60)
  if (d > 0) return `${d}d ${h}h`
  if (h > 0) return `${h}h ${String(m).padStart(2, '0')}m`
  return m > 0 ? `${m}m ${seconds % 60}s` : `${seconds}s`
}

export const percent = (x: number | null) => x === null ? 'n/a' : `${(x * 100).toFixed(1)}%`
export const millis = (x: number | null) => x === null ? 'n/a' : x < 10 ? `${x.toFixed(1)} ms` : `${Math.round(x)} ms`
