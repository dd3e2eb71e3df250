/** A Claude Code transcript holding one finished turn, under a root of its own: the bench's Stop that reads its turn, as a live one does. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { stopInput } from './lib.js'

export interface TurnFile {
  /** The folder to give the daemon as `transcripts.roots`. */
  root: string
  /** The Stop input whose turn this transcript holds. */
  body: string
  remove (): void
}

/** A turn that ran one command and ended with `final`, written as Claude Code writes it (tests/fixtures hold captured ones). */
export function turnFile (final: string): TurnFile {
  const root = mkdtempSync(join(tmpdir(), 'hookjudge-bench-turn-'))
  const path = join(root, '-w', 'session.jsonl')
  mkdirSync(join(root, '-w'))
  const lines = [
    { type: 'user', promptId: 'p', message: { role: 'user', content: 'rename the helper and update its callers' } },
    { type: 'assistant', message: { id: 'm1', content: [{ type: 'text', text: 'Renaming it now.' }] } },
    { type: 'assistant', message: { id: 'm1', content: [{ type: 'tool_use', id: 'tu', name: 'Bash', input: { command: 'git grep -l oldHelper' } }] } },
    { type: 'user', promptId: 'p', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'tu', content: 'src/a.ts\nsrc/b.ts\nREADME.md' }] }, toolUseResult: {} },
    { type: 'assistant', message: { id: 'm2', content: [{ type: 'text', text: final }] } }
  ]
  writeFileSync(path, lines.map(l => JSON.stringify(l)).join('\n') + '\n')
  return { root, body: stopInput(final, { transcript_path: path }), remove: () => rmSync(root, { recursive: true, force: true }) }
}
