/** Validates the evidence settings (top-level `evidence`) and a hook's `deterministic` / `evidence` keys, naming every problem. */
import type { EventName } from '../agents/event.js'
import type { Bad } from '../approvals/rules.js'
import { patternError } from '../judge/patterns.js'
import { CHECK_KINDS, type CheckKind, type CheckPatterns } from './checks.js'
import { FACT_NAMES } from './facts.js'
import type { EvidenceSettings } from './verification.js'
import { isMap } from '../core/is-map.js'

type Raw = Record<string, unknown>

export interface HookEvidence {
  /** Fields computed by hookjudge, never asked of the model. */
  deterministic: string[]
  evidence: { contradictedClaims: boolean }
}

function patterns (path: string, v: unknown, bad: Bad): string[] {
  if (v === undefined || v === null) return []
  if (!Array.isArray(v) || !v.every(x => typeof x === 'string')) { bad(path, 'a list of RE2 patterns', v); return [] }
  return v.filter((s, i) => {
    const err = patternError(`^(?:${s})`)
    if (err) bad(`${path}[${i}]`, `a valid RE2 pattern (${err})`, s)
    return err === null
  })
}

function checkPatterns (v: unknown, bad: Bad): CheckPatterns {
  if (v === undefined || v === null) return {}
  if (!isMap(v)) { bad('evidence.checks', `a map of ${CHECK_KINDS.join(', ')} to RE2 pattern lists`, v); return {} }
  const out: CheckPatterns = {}
  for (const [k, list] of Object.entries(v)) {
    if (!(CHECK_KINDS as readonly string[]).includes(k)) { bad(`evidence.checks.${k}`, `one of ${CHECK_KINDS.join(', ')}`, k); continue }
    out[k as CheckKind] = patterns(`evidence.checks.${k}`, list, bad)
  }
  return out
}

export function validateEvidenceSettings (raw: Raw, bad: Bad): EvidenceSettings {
  const enabled = raw.enabled === undefined ? true : typeof raw.enabled === 'boolean' ? raw.enabled : (bad('evidence.enabled', 'true or false', raw.enabled), true)
  return {
    enabled,
    verificationCommands: patterns('evidence.verificationCommands', raw.verificationCommands, bad),
    failureOutput: patterns('evidence.failureOutput', raw.failureOutput, bad),
    checks: checkPatterns(raw.checks, bad)
  }
}

/** `fields` is the hook's whole field list as configured; deterministic ones must be listed there too. */
export function validateHookEvidence (p: string, h: Raw, event: EventName, fields: string[], bad: Bad): HookEvidence {
  const stopType = event === 'Stop' || event === 'SubagentStop'
  const deterministic: string[] = []
  if (h.deterministic !== undefined && h.deterministic !== null) {
    if (!Array.isArray(h.deterministic)) bad(`${p}.deterministic`, 'a list of field names', h.deterministic)
    else {
      h.deterministic.forEach((f, i) => {
        const at = `${p}.deterministic[${i}]`
        if (typeof f !== 'string' || !FACT_NAMES.includes(f)) bad(at, `a fact hookjudge computes (${FACT_NAMES.join(', ')})`, f)
        else if (!fields.includes(f)) bad(at, `a field also listed in ${p}.fields (${fields.join(', ') || 'none'})`, f)
        else if (!stopType) bad(at, 'nothing: deterministic fields come from the transcript, read only for Stop and SubagentStop', f)
        else deterministic.push(f)
      })
    }
  }
  let contradictedClaims = false
  if (h.evidence !== undefined && h.evidence !== null) {
    const e = isMap(h.evidence) ? h.evidence : (bad(`${p}.evidence`, 'a map {contradictedClaims}', h.evidence), {})
    if (e.contradictedClaims !== undefined && typeof e.contradictedClaims !== 'boolean') bad(`${p}.evidence.contradictedClaims`, 'true or false', e.contradictedClaims)
    else if (e.contradictedClaims === true) {
      if (!stopType) bad(`${p}.evidence.contradictedClaims`, 'false: it needs the transcript, read only for Stop and SubagentStop', true)
      else if (!fields.includes('verification_reported') || deterministic.includes('verification_reported')) {
        bad(`${p}.evidence.contradictedClaims`, 'false, or a hook whose judge answers verification_reported (in fields, not deterministic)', true)
      } else contradictedClaims = true
    }
  }
  return { deterministic, evidence: { contradictedClaims } }
}
