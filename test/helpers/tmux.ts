/** An interactive TUI (e.g. the real `claude`) in a detached tmux session of a fixed size: type into it, read its screen. */
//
// const tui = await startTmux(t, { argv: [CLAUDE_BIN], cwd, env: { HOME, … }, width: 120, height: 40 })
// await tui.waitFor(s => s.includes('❯'), 'the prompt', 20000)
// await tui.type('add the tests'); await tui.keys('Enter')
// await tui.close()                  // or leave it to t.teardown
//
// Each session gets its own tmux server (a socket in a throwaway dir, no config file), so nothing of the user's tmux is
// touched; close() (at t.teardown if not before) kills that server and waits for the program to exit: Claude Code writes
// to its config dir on its way out, and when only the server was waited for it recreated that dir after the test's
// temp-dir teardown (registered earlier, so run later: tap runs teardowns last-in first-out) had removed it. The
// program's env is built from scratch: PATH, TERM and opts.env (`env -i`), as test/helpers/agents.ts does for
// `claude -p`. The session stays after the program exits (remain-on-exit), so a crash shows on the screen instead of
// making every later capture fail.
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Teardown } from './agents.js'

const run = promisify(execFile)
export const TMUX_BIN = '/usr/bin/tmux'

export interface TmuxOptions {
  argv: string[]
  cwd: string
  env: Record<string, string>
  width?: number // default 120
  height?: number // default 40
}
export interface Tmux {
  /** The visible screen, plain text (no colours), one line per row. */
  screen: () => Promise<string>
  /** Types text literally (no key names are read from it). */
  type: (text: string) => Promise<void>
  /** Presses keys by tmux name: 'Enter', 'Escape', 'Down', 'C-c'. */
  keys: (...names: string[]) => Promise<void>
  /**
   * Polls the screen every pollMs until ready(screen) holds, then returns that screen. At the deadline it rejects
   * with what it waited for and the last screen seen.
   */
  waitFor: (ready: (screen: string) => boolean, what: string, timeoutMs: number, pollMs?: number) => Promise<string>
  /** Ends the program (tmux kill-server, then waits for it to exit; SIGKILL after 5 s). Also done at t.teardown. */
  close: () => Promise<void>
  /** Every screen waitFor saw that differed from the one before, with ms since start: what happened, in order. */
  history: Array<{ ms: number, screen: string }>
}

export async function startTmux (t: Teardown, opts: TmuxOptions): Promise<Tmux> {
  const dir = mkdtempSync(join(tmpdir(), 'hookjudge-tmux-'))
  const socket = join(dir, 'sock')
  const tmux = async (...args: string[]): Promise<string> => (await run(TMUX_BIN, ['-S', socket, ...args], { encoding: 'utf8' })).stdout
  let closed = false
  const close = async () => {
    if (closed) return
    closed = true
    const pid = Number((await tmux('display-message', '-p', '-t', 'tui', '#{pane_pid}').catch(() => '')).trim())
    await tmux('kill-server').catch(() => {}) // already gone
    // The program gets SIGHUP; wait until it is gone, so nothing it writes on its way out lands in removed dirs.
    if (pid > 0) await exited(pid, 5000)
    rmSync(dir, { recursive: true, force: true })
  }
  t.teardown(close)
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', TERM: 'xterm-256color', ...opts.env }
  const width = String(opts.width ?? 120)
  const height = String(opts.height ?? 40)
  await tmux('-f', '/dev/null', 'new-session', '-d', '-s', 'tui', '-x', width, '-y', height, '-c', opts.cwd,
    'env', '-i', ...Object.entries(env).map(([k, v]) => `${k}=${v}`), ...opts.argv,
    ';', 'set-option', '-w', '-t', 'tui', 'remain-on-exit', 'on')
  const started = Date.now()
  const history: Tmux['history'] = []
  const screen = async () => await tmux('capture-pane', '-p', '-t', 'tui')
  const observe = async () => {
    const s = await screen()
    if (history.at(-1)?.screen !== s) history.push({ ms: Date.now() - started, screen: s })
    return s
  }
  return {
    close,
    screen,
    type: async (text) => { await tmux('send-keys', '-t', 'tui', '-l', text) },
    keys: async (...names) => { await tmux('send-keys', '-t', 'tui', ...names) },
    history,
    waitFor: async (ready, what, timeoutMs, pollMs = 100) => {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const s = await observe()
        if (ready(s)) return s
        if (Date.now() >= deadline) throw new Error(`tmux: no ${what} within ${timeoutMs} ms; last screen:\n${s}`)
        await new Promise(resolve => setTimeout(resolve, pollMs))
      }
    }
  }
}

/** Polls until pid is gone; past ms, SIGKILLs it (it is the pane's program, which this helper started). */
async function exited (pid: number, ms: number): Promise<void> {
  const alive = () => { try { process.kill(pid, 0); return true } catch { return false } }
  const deadline = Date.now() + ms
  while (alive()) {
    if (Date.now() >= deadline) { try { process.kill(pid, 'SIGKILL') } catch { /* gone meanwhile */ } return }
    await new Promise(resolve => setTimeout(resolve, 50))
  }
}
