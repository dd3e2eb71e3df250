/** Anthropic Messages API backend (POST /v1/messages) over a warm keep-alive connection. */
import type { BackendConfig } from '../config/config-schema.js'
import { BackendError } from '../core/errors.js'
import type { Env } from '../core/paths.js'
import { type Backend, unusableBackend } from './contract.js'
import { apiBackend } from './http.js'

interface MessagesAnswer { content?: { type: string, text?: string }[], usage?: { input_tokens?: number, output_tokens?: number } }

/** now: the daemon's clock, which a call's wait for a connection is timed on. */
export function createAnthropicBackend (cfg: BackendConfig, env: Env, now?: () => number): Backend {
  const keyEnv = cfg.apiKeyEnv ?? 'ANTHROPIC_API_KEY'
  const key = env[keyEnv]
  if (!key) return unusableBackend(cfg, `no API key: set ${keyEnv}`)
  const headers = { 'x-api-key': key, 'anthropic-version': '2023-06-01' }
  return apiBackend(cfg, cfg.baseUrl ?? 'https://api.anthropic.com', headers, '/v1/models?limit=1', async (client, { system, user, signal }) => {
    const body = { model: cfg.model, max_tokens: cfg.maxTokens, temperature: 0, system, messages: [{ role: 'user', content: user }] }
    const answer = await client.post('/v1/messages', headers, body, signal) as MessagesAnswer
    const text = Array.isArray(answer?.content)
      ? answer.content.filter(b => b?.type === 'text' && typeof b.text === 'string').map(b => b.text).join('')
      : undefined
    if (text === undefined) throw new BackendError('Messages answer has no content', 'bad_output')
    const usage = answer.usage
    return { text, usage: usage && { input: usage.input_tokens ?? 0, output: usage.output_tokens ?? 0 } }
  }, now)
}
