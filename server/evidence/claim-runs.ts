/** Which runs a claim rests on: the check kinds a fix of findings names, and a check run under a configuration the turn wrote; pure. */
import { BACKED_BY, type CheckKind } from './checks.js'
import type { Claim } from './claims.js'
import type { Step } from './steps.js'
import { simpleCommands } from './verification.js'

/** The program a simple command runs, past any leading variable assignments. */
export const firstWord = (command: string) => /^(?:[A-Za-z_][A-Za-z0-9_]*=\S*\s+)*([\w.-]+)/.exec(command.trim())?.[1]?.replace(/[^\w.-]/g, '') ?? ''

// "7 lint findings fixed", "the type errors are resolved": a fix of a check's own findings is shown by that check.
const CHECK_FINDINGS: ReadonlyArray<readonly [CheckKind, RegExp]> = [
  ['lint', /\b(?:lint(?:er|ing)?|findings|warnings|violations|offen[cs]es|style\s+(?:issues|errors)|formatting)\b/i],
  ['types', /\btype\s+(?:errors?|mismatch(?:es)?|issues)\b|型エラー|类型错误|타입\s*(?:오류|에러)/i],
  ['build', /\b(?:build|compil(?:e|ation|er))\s+(?:errors?|failures?|breaks?)\b/i]
]
export const backersOf = (claim: Claim): readonly CheckKind[] => {
  if (claim.type !== 'fixed') return BACKED_BY[claim.type]
  const findings = CHECK_FINDINGS.filter(([, re]) => re.test(claim.clause ?? claim.text)).map(([k]) => k)
  // Findings fixed in the claim's own clause are that check's to show; a failing test run is another claim's.
  return findings.length > 0 && claim.clause !== undefined ? findings : [...BACKED_BY.fixed, ...findings]
}

// `tsc -p tsconfig.strict-check.json` after `tsc` failed: a configuration the turn wrote for the run checks what it chose.
const CONFIG_ARG = /(?:^|\s)(?:-p|--project|-c|--config|--rcfile|--settings)[=\s]+(\S+)/
export function ownConfig (command: string, before: Step[]): string | undefined {
  const file = CONFIG_ARG.exec(command)?.[1]?.replace(/^\.\//, '')
  const word = firstWord(simpleCommands(command).at(-1)?.text ?? '')
  if (!file || !word) return undefined
  const wrote = before.some(s => s.kind === 'edit' && s.status !== 'error' && s.paths.some(p => p === file || p.endsWith(`/${file}`)))
  const failed = before.some(s => s.kind === 'command' && s.status === 'failed' && !CONFIG_ARG.test(s.command) && firstWord(simpleCommands(s.command).at(-1)?.text ?? '') === word)
  return wrote && failed ? file : undefined
}
