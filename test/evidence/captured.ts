/** The captured evidence transcripts (test/fixtures/transcripts/*-evidence-*.jsonl): lines, turn ids, and a copy under an agent's root. */
import { copyFile, mkdir, writeFile } from 'node:fs/promises'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

const DIR = new URL('../fixtures/transcripts/', import.meta.url).pathname
export const SCENARIOS = ['verified', 'no-run', 'failed-run', 'run-then-edit'] as const

export const fixture = (name: string): string[] => readFileSync(join(DIR, name), 'utf8').trim().split('\n')
/** Claude Code: the promptId of the real prompt line. */
export const promptOf = (name: string): string => JSON.parse(fixture(name).find(l => l.includes('"type":"user"') && l.includes('"content":"'))!).promptId
/** Codex: the turn_id of the task_started event. */
export const turnOf = (name: string): string => JSON.parse(fixture(name).find(l => l.includes('"task_started"'))!).payload.turn_id

/**
 * Copies a capture to where the agent would have written it under the given env's data dirs; returns its path. saying:
 * the final message the agent wrote in place of the capture's "All tests pass." (a Stop's message is in its transcript).
 */
export async function place (env: { CLAUDE_CONFIG_DIR: string, CODEX_HOME: string }, name: string, saying?: string): Promise<string> {
  const path = name.startsWith('claude') ? join(env.CLAUDE_CONFIG_DIR, 'projects', '-w', name) : join(env.CODEX_HOME, 'sessions', '2026', '11', '29', `rollout-${name}`)
  await mkdir(dirname(path), { recursive: true })
  if (saying === undefined) await copyFile(join(DIR, name), path)
  else await writeFile(path, fixture(name).map(l => l.replaceAll('"All tests pass."', JSON.stringify(saying))).join('\n') + '\n')
  return path
}
