/** The project's only error classes: a refused config, and a backend that could not give an answer. */

/** A problem reads "path: expected X, got Y", or "path: message" when message is set (an unknown key, a YAML error). */
export interface ConfigProblem { path: string, expected: string, got: string, message?: string }

/** One problem as one line (a YAML code frame continues on indented lines). */
export function formatProblem (p: ConfigProblem): string {
  return `${p.path}: ${p.message ?? `expected ${p.expected}, got ${p.got}`}`
}

export class ConfigError extends Error {
  readonly problems: ConfigProblem[]
  constructor (problems: ConfigProblem[], source = 'config') {
    const lines = problems.map(p => `  - ${formatProblem(p).replace(/\n/g, '\n    ').replace(/ +$/gm, '')}`)
    super(`${source} is invalid (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${lines.join('\n')}`)
    this.name = 'ConfigError'
    this.problems = problems
  }
}

export type BackendErrorCode = 'timeout' | 'http_error' | 'bad_output' | 'unavailable'

export class BackendError extends Error {
  readonly code: BackendErrorCode
  constructor (message: string, code: BackendErrorCode, options?: ErrorOptions) {
    super(message, options)
    this.name = 'BackendError'
    this.code = code
  }
}

/** Short printable form of any value, for problem messages (never the whole of a large value). */
export function describe (value: unknown): string {
  if (value === undefined) return 'nothing'
  const s = typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value) ?? String(value)
  return s.length > 80 ? `${s.slice(0, 77)}...` : s
}
