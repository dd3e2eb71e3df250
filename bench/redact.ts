/** Bench: median and p99 µs to redact a 4 KB agent message, without secrets and with a few (`npx tsx bench/redact.ts`). */
import { readFileSync } from 'node:fs'
import { createRedactor, type Redactor } from '../server/redact/redact.js'

const ITERATIONS = 2000
const WARMUP = 200

// Ordinary agent chatter that still says token, password, key, secret, https:// and sk- often.
const PROSE = [
  'I updated src/auth/session.ts so the refresh token is rotated before it expires; see commit 3f786850e387550fdab836ed7e6dc881de23001b.',
  'The password policy now needs 12 characters. `const password = req.body.password` is validated by zod before hashing.',
  'Ran `npm test`: 214 passing, 0 failing. The tasks API key lookup uses process.env.OPENAI_API_KEY and never logs it.',
  'Fetched https://registry.npmjs.org/fastify and https://github.com/org/repo/pull/42; integrity sha512-Yi8DkSHY0ON0DXk1KqIg5K3E7Z8z==.',
  'type Config = { apiKey: string, secretName?: string, max_tokens: number } // keys are read from the vault at startup',
  'Request 550e8400-e29b-41d4-a716-446655440000 took 35 ms; cache key user:42:profile; next: ask the user about the risk-sk flag.',
  '日本語のメモ: パスワードは環境変数から読み込みます。トークンの有効期限は一時間です。'
]

const j = (...parts: string[]): string => parts.join('')
const SECRETS = [
  j('export AWS_ACCESS_KEY_ID=AKIA', 'Q3EGRTZJ4K7WLMNP\nexport AWS_SECRET_ACCESS_KEY=', 'h8Qz1vB4nM7kP2sT5wY9cE3fJ6gL0aR4dU8iO2xK'),
  j('git remote set-url origin https://user:', 'Pa55w0rd-2024@github.com/org/repo.git'),
  j('Use gh', 'p_', 'R8kL2mN4pQ6sT8vX0zA3cE5gJ7lN9qS1uW3y with the CLI; パスワード: hunter2xyz')
]

function message (withSecrets: boolean): string {
  let out = ''
  for (let i = 0; out.length < 4096; i++) {
    out += `${PROSE[i % PROSE.length] ?? ''}\n`
    if (withSecrets && i % 9 === 4) out += `${SECRETS[(i / 9) | 0] ?? ''}\n`
  }
  return out.slice(0, 4096)
}

function run (label: string, redact: Redactor, text: string): void {
  for (let i = 0; i < WARMUP; i++) redact(text)
  const times: number[] = []
  for (let i = 0; i < ITERATIONS; i++) {
    const t0 = process.hrtime.bigint()
    redact(text)
    times.push(Number(process.hrtime.bigint() - t0) / 1000)
  }
  times.sort((a, b) => a - b)
  const at = (q: number): string => (times[Math.min(times.length - 1, Math.floor(times.length * q))] ?? 0).toFixed(1)
  const found = Object.entries(redact(text).counts).map(([k, n]) => `${k}×${n}`).join(' ') || 'none'
  console.log(`${label.padEnd(34)} median ${at(0.5).padStart(7)} µs   p99 ${at(0.99).padStart(7)} µs   masked: ${found}`)
}

const clean = message(false)
const dirty = message(true)
let t0 = performance.now()
const builtIn = createRedactor()
console.log(`built-in rules compiled in ${(performance.now() - t0).toFixed(1)} ms; messages ${clean.length} and ${dirty.length} chars`)
run('built-in, no secret', builtIn, clean)
run('built-in, a few secrets', builtIn, dirty)

// Optional: a gitleaks TOML (e.g. the upstream default set) on top, to see what a big user rule file costs.
const tomlPath = process.argv[2]
if (tomlPath) {
  t0 = performance.now()
  const withUser = createRedactor({ gitleaksToml: readFileSync(tomlPath, 'utf8'), source: tomlPath })
  console.log(`+ ${tomlPath} compiled in ${(performance.now() - t0).toFixed(1)} ms`)
  run('built-in + TOML, no secret', withUser, clean)
  run('built-in + TOML, a few secrets', withUser, dirty)
}
