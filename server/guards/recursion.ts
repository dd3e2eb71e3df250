/** Recursion guard: what marks a judge's own traffic (env for subprocesses, a header for HTTP) and how it is recognised. */
import type { IncomingHttpHeaders } from 'node:http'

/** Sent by the daemon's HTTP backends on every model API request; a request carrying it must never be judged. */
export const JUDGE_HEADER = 'x-hookjudge-judge'

/** Set in the env of every judge subprocess: the shim (and hookjudge's own hook entries) then stand aside. */
export const JUDGE_ENV: Readonly<Record<string, string>> = Object.freeze({ HOOKJUDGE_ACTIVE: '1', STOP_HOOK_LLM_JUDGE_ACTIVE: '1' })

/**
 * For a Claude Code `http` hook entry: Claude fills the header from the env of the process running the hook, so a
 * Claude started as a judge (env above) marks its own hook calls and the daemon answers them with an allow.
 */
export const RECURSION_HOOK_HEADER = Object.freeze({
  headers: { [JUDGE_HEADER]: '${HOOKJUDGE_ACTIVE}${STOP_HOOK_LLM_JUDGE_ACTIVE}' }, // eslint-disable-line no-template-curly-in-string -- Claude's syntax
  allowedEnvVars: Object.keys(JUDGE_ENV)
})

/** A request made by a judge (ours or one started by a judge): the header is present with a non-empty value. */
export function isJudgeTraffic (headers: IncomingHttpHeaders): boolean {
  const v = headers[JUDGE_HEADER]
  return (Array.isArray(v) ? v.join('') : v ?? '').trim() !== ''
}
