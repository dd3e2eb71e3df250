/** The Stop handler `install` writes for an agent and mode, run the way the agent runs it: how long it holds the turn. */
import { spawn } from 'node:child_process'
import { loadConfig } from '../server/config/config.js'
import { type Handler, hookEntries, type StopMode } from '../server/install/entries.js'
import { SHIM_PATH } from '../server/core/paths.js'

export type WaitAgent = 'claude-code' | 'codex'
export interface Mode { agent: WaitAgent, stop: StopMode }
/** What install writes by default, `install claude-code --stop async`, and Codex (always the shim, synchronous). */
export const MODES: Mode[] = [{ agent: 'claude-code', stop: 'sync' }, { agent: 'claude-code', stop: 'async' }, { agent: 'codex', stop: 'sync' }]

/** heldMs: the turn waited this long; doneMs: the handler finished (a background one: when a block would re-wake). */
export interface Ran { heldMs: number, doneMs: number, code: number | null }

/** The Stop entry `hookjudge install <agent> [--stop async]` writes for a daemon on `port`, with the shipped hooks. */
export function installedStop (mode: Mode, port: number): Handler {
  const config = loadConfig({ env: {}, file: '/dev/null' })
  const hooks = Object.values(config.hooks).filter(h => h.mode !== 'off')
  const entries = hookEntries({ agent: mode.agent, transport: mode.agent === 'claude-code' ? 'http' : 'shim', hooks, server: { ...config.server, port }, deadlineMs: config.judge.deadlineMs, shimPath: SHIM_PATH, stop: mode.stop })
  const stop = entries.find(e => e.event === 'Stop')
  if (!stop) throw new Error(`install ${mode.agent} wires no Stop hook`)
  return stop.handler
}

/** An http handler: Claude Code POSTs the input and waits for the answer (its ${VAR} headers filled from an env without them). */
async function post (h: Handler, body: string): Promise<Ran> {
  const started = performance.now()
  const headers = Object.fromEntries(Object.entries((h.headers ?? {}) as Record<string, string>).map(([k, v]) => [k, v.replace(/\$\{\w+\}/g, '')]))
  const res = await fetch(String(h.url), { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body })
  await res.arrayBuffer()
  const ms = performance.now() - started
  return { heldMs: ms, doneMs: ms, code: res.status }
}

/**
 * A command handler through a shell, the input on stdin. An asyncRewake one holds the turn only until it is running
 * (Claude Code starts it and ends the turn; its exit 2 re-wakes the model later): that is the 'spawn' event here.
 */
function command (h: Handler, body: string): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    let heldMs = NaN
    const child = spawn('sh', ['-c', String(h.command)], { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/' }, stdio: ['pipe', 'ignore', 'ignore'] })
    child.on('spawn', () => { heldMs = performance.now() - started })
    child.on('error', reject)
    child.on('close', code => {
      const doneMs = performance.now() - started
      resolve({ heldMs: h.asyncRewake === true ? heldMs : doneMs, doneMs, code })
    })
    // A shim that answers before reading all of its input closes the pipe: that is its answer, not an error here.
    child.stdin.on('error', () => {})
    child.stdin.end(body)
  })
}

export const runStop = (h: Handler, body: string): Promise<Ran> => h.type === 'http' ? post(h, body) : command(h, body)
