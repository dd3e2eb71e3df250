/** The project's only error classes: a refused config, and a backend that could not give an answer. */

export interface ConfigProblem { path: string, expected: string, got: string }

export class ConfigError extends Error {
  readonly problems: ConfigProblem[]
  constructor (problems: ConfigProblem[], source = 'config') {
    const lines = problems.map(p => `  - ${p.path}: expected ${p.expected}, got ${p.got}`)
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
