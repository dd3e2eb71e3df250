/** Validates the `state` section: state.redis.{url, timeoutMs, passwordEnv, decisions}; a password never sits in the file (unknown keys: config-keys.ts). */
import type { RedisSettings } from '../config/config-schema.js'
import { isMap } from '../core/is-map.js'

type Raw = Record<string, unknown>
type Bad = (path: string, expected: string, got: unknown) => void

export function validateState (state: Raw, bad: Bad, int: (p: string, v: unknown, min: number, max: number) => number,
  str: (p: string, v: unknown) => string): { redis?: RedisSettings } {
  const r = state.redis
  if (r === undefined || r === null) return {}
  if (!isMap(r)) { bad('state.redis', 'a map with url, timeoutMs, passwordEnv', r); return {} }
  const url = str('state.redis.url', r.url)
  let parsed: URL | undefined
  try { parsed = new URL(url) } catch {}
  if (url && (!parsed || (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:'))) {
    bad('state.redis.url', 'a redis://host:port/db or rediss:// (TLS) URL', url)
  } else if (parsed?.password) {
    bad('state.redis.url', 'no password in the file (name an env var in state.redis.passwordEnv)', '[hidden]')
  }
  return {
    redis: {
      url,
      timeoutMs: int('state.redis.timeoutMs', r.timeoutMs ?? 50, 1, 10000),
      decisions: int('state.redis.decisions', r.decisions ?? 20000, 0, 10_000_000),
      ...(r.passwordEnv === undefined ? {} : { passwordEnv: str('state.redis.passwordEnv', r.passwordEnv) })
    }
  }
}
