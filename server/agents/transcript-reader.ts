/** The judge text of a Stop, with the turn's tool calls: the current turn read from the tail of the agent's own transcript. */
import { isAbsolute } from 'node:path'
import { LRUCache } from 'lru-cache'
import { factsOf, type TurnEvidence } from '../evidence/facts.js'
import { owingTests } from '../evidence/test-command.js'
import type { Classifier } from '../evidence/steps.js'
import { type Clock, systemClock } from '../core/clock.js'
import type { Env } from '../core/paths.js'
import { DEFAULT_FILE_MS } from '../core/safe-file.js'
import { claudeTurn } from './claude-code/transcript.js'
import { codexTurn } from './codex/transcript.js'
import { COPILOT_FLUSH_WAIT_MS, copilotTurn } from './copilot/transcript.js'
import { droidTurn } from './droid/transcript.js'
import { geminiTurn } from './gemini/transcript.js'
import type { HookEvent } from './event.js'
import { rootCheck, transcriptRoots } from './transcript-roots.js'
import { FLUSH_WAIT_MS, type FileState, fileState, grown, POLL_MS, scanTurn, type TurnScan } from './turn-scan.js'
import { SEPARATOR } from './utterances.js'

export interface TranscriptSettings { enabled: boolean, roots: string[], maxReadBytes: number }

/** Why the transcript was not (fully) used; 'cap' means the turn's start lay beyond maxReadBytes. */
export type TranscriptNote = 'off' | 'no-path' | 'outside-roots' | 'missing' | 'unreadable' | 'malformed' | 'no-text' | 'cap'
export interface TurnText {
  text: string
  source: 'transcript' | 'message'
  note?: TranscriptNote
  bytesRead?: number
  /** The turn's tool calls and facts, read in the same pass; absent when they could not be read in full enough to be sure. */
  evidence?: TurnEvidence
  /** The file did not hold the hook's last message yet (Claude Code flushes every 100 ms): a read with wait may get more. */
  lagging?: boolean
}
export interface TranscriptReader {
  /**
   * wait: allow up to FLUSH_WAIT_MS for a transcript that lags behind the last message (only where facts decide).
   * until: the clock's time (clock.now()) by which every file operation has answered (the request's deadline; DEFAULT_FILE_MS from now if absent).
   */
  turnText (event: HookEvent, wait?: boolean, until?: number): Promise<TurnText>
  /** File scans started so far (concurrent hooks of one Stop share one). */
  readonly scans: number
}

/** Appends the hook's last message when the file did not have it yet (a write still in flight). */
export function withLastMessage (turn: string, last: string): string {
  const tail = last.trim()
  return tail === '' || turn.includes(tail) ? turn : `${turn}${SEPARATOR}${last}`
}

/**
 * With a classifier, every read also gathers the turn's steps (server/evidence/); without one, reads are text only.
 * The clock times the flush waits and the deadlines (until is in its time).
 */
export function createTranscriptReader (cfg: TranscriptSettings, env: Env, maxTextBytes: number, classifier?: Classifier, clock: Clock = systemClock): TranscriptReader {
  const limits = { maxReadBytes: cfg.maxReadBytes, maxTextBytes, classifier, clock }
  const located = rootCheck(transcriptRoots(env, cfg.roots))
  // Several hooks judge the same Stop at once: one read per file state and turn serves them all.
  const reads = new LRUCache<string, Promise<TurnScan>>({ max: 64, ttl: 30_000 })
  const owesTests = owingTests(clock)
  let scans = 0

  return {
    get scans () { return scans },
    async turnText (event, wait = true, until = clock.now() + DEFAULT_FILE_MS) {
      const message = (note?: TranscriptNote, bytesRead?: number, evidence?: TurnEvidence): TurnText =>
        ({ text: event.text, source: 'message', note, bytesRead, ...(evidence ? { evidence } : {}) })
      if (event.event !== 'Stop' && event.event !== 'SubagentStop') return message()
      if (!cfg.enabled) return message('off')
      const subagent = event.event === 'SubagentStop'
      const path = subagent ? event.agentTranscriptPath : event.transcriptPath
      if (!path) return message('no-path')
      if (!isAbsolute(path)) return message('outside-roots')
      // Claude Code writes its transcript every 100 ms (the first write creates the file), so a Stop can arrive before the
      // turn's last lines (a tool's result, the final text) are in the file. For the facts they matter: while the file is
      // missing or lacks the hook's last message, wait a little for the next write.
      // Its last line only: how the agent joins a message's blocks cannot matter then.
      const probe = event.text.trim().split('\n').at(-1)!.trim().slice(-100)
      // Copilot sends no text at all: its turn is only in the file, so wait for that text whatever the facts.
      const copilot = event.agent === 'copilot'
      const flushed = Math.min(until, clock.now() + (copilot ? COPILOT_FLUSH_WAIT_MS : classifier && wait && probe !== '' ? FLUSH_WAIT_MS : 0))
      let file = await located(path)
      while (file === 'missing' && clock.now() < flushed) {
        await clock.sleep(POLL_MS)
        file = await located(path)
      }
      if (file === 'missing' && probe !== '') return { ...message(file), lagging: true }
      if (file === 'outside-roots' || file === 'missing' || file === 'unreadable') return message(file)
      let st = await fileState(file, until, clock)
      if (typeof st === 'string') return message(st)
      const reader = () => event.agent === 'codex'
        ? codexTurn(event.turnId)
        : event.agent === 'copilot' ? copilotTurn(event.hookTime) : event.agent === 'droid' ? droidTurn() : event.agent === 'gemini' ? geminiTurn() : claudeTurn({ promptId: event.turnId, subagent })
      const readAt = (at: FileState) => {
        const key = JSON.stringify([event.agent, file, at.size, at.mtime, event.turnId, subagent, event.hookTime])
        let read = reads.get(key)
        if (!read) {
          scans++
          read = scanTurn(file, at.size, reader(), limits, until).catch((): TurnScan => ({ text: '', end: 'unreadable', bytesRead: 0 }))
          reads.set(key, read)
        }
        return read
      }
      // A scan that understood no line of the turn (an unknown format) waits for nothing: no write would change that.
      const known = (r: TurnScan) => r.text !== '' || (r.steps?.list.length ?? 0) > 0
      let r = await readAt(st)
      while (r.end !== 'unreadable' && r.end !== 'malformed' && (copilot ? r.text === '' : known(r) && !r.text.includes(probe)) && clock.now() < flushed) {
        const next = await grown(file, st, until, clock, flushed)
        if (!next) break
        r = await readAt(st = next)
      }
      if (r.end === 'unreadable') return message('unreadable')
      if (r.end === 'malformed') return message('malformed', r.bytesRead)
      // A scan of an unknown format (not known) proves nothing ran either: no facts, so such hooks allow. Copilot's and
      // Droid's readers gather no steps: an empty list there would read as "nothing was run".
      const understood = known(r) && event.agent !== 'droid'
      const evidence = r.steps?.complete && understood ? { facts: factsOf(r.steps.list, await owesTests(event.cwd, r.steps.list, until)), steps: r.steps.list, partial: r.steps.partial } : undefined
      // Only a transcript whose format the reader knows (it gave the turn's text or its tool calls) can be behind; an
      // unknown format waits for nothing. A turn of tool calls whose final text is not written yet is behind.
      const lagging = probe !== '' && (r.text !== '' || understood) && !r.text.includes(probe) ? { lagging: true } : {}
      if (r.text === '') return { ...message(r.end === 'cap' ? 'cap' : 'no-text', r.bytesRead, evidence), ...lagging }
      return {
        ...lagging,
        // Gemini's prompt_response is every reply of the turn (the text before a block too), joined: only its last line
        // tells whether the file has caught up.
        text: withLastMessage(r.text, event.agent === 'gemini' ? probe : event.text),
        source: 'transcript',
        bytesRead: r.bytesRead,
        ...(r.end === 'cap' ? { note: 'cap' as const } : {}),
        ...(evidence ? { evidence } : {})
      }
    }
  }
}
