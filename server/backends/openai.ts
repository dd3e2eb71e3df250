/** OpenAI-compatible chat completions backend (POST {baseUrl}/chat/completions): OpenAI, Ollama, vLLM, gateways. */
import type { BackendConfig } from '../config/config-schema.js'
import { BackendError } from '../core/errors.js'
import type { Env } from '../core/paths.js'
import { type Backend, unusableBackend } from './contract.js'
import { apiBackend } from './http.js'

interface ChatAnswer {
  choices?: { message?: { content?: string | null } }[]
  usage?: { prompt_tokens?: number, completion_tokens?: number }
}

/** now: the daemon's clock, which a call's wait for a connection is timed on. */
export function createOpenAIBackend (cfg: BackendConfig, env: Env, now?: () => number): Backend {
  const keyEnv = cfg.apiKeyEnv
  const key = keyEnv ? env[keyEnv] : undefined
  // A local server (Ollama, vLLM) needs no key; a configured key env var that is empty is a mistake worth saying.
  if (keyEnv && !key) return unusableBackend(cfg, `no API key: set ${keyEnv}`)
  const headers: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {}
  const jsonMode = cfg.jsonMode !== false
  return apiBackend(cfg, cfg.baseUrl ?? 'https://api.openai.com/v1', headers, '/models', async (client, { system, user, signal }) => {
    const body = {
      model: cfg.model,
      messages: [{ role: 'system', content: system }, { role: 'user', content: user }],
      ...(jsonMode ? { response_format: { type: 'json_object' } } : {})
    }
    const answer = await client.post('/chat/completions', headers, body, signal) as ChatAnswer
    const text = answer?.choices?.[0]?.message?.content
    if (typeof text !== 'string') throw new BackendError('chat answer has no message content', 'bad_output')
    const usage = answer.usage
    return { text, usage: usage && { input: usage.prompt_tokens ?? 0, output: usage.completion_tokens ?? 0 } }
  }, now)
}
