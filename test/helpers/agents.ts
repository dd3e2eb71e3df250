/** Run the real `claude -p` / `codex exec` CLIs offline against a loopback fake API, in throwaway dirs removed at t.teardown. */
//
// const api = await startFakeAnthropic({ script: ['hi'] }); t.teardown(api.close)
// const run = await runClaude(t, { prompt: 'say hi', apiUrl: api.url, settings: { hooks: { Stop: [...] } } })
// run.json?.result === 'hi'
// const oai = await startFakeOpenAI({ script: ['hi'] }); t.teardown(oai.close)
// const cx = await runCodex(t, { prompt: 'say hi', apiUrl: oai.url, hooks: { hooks: { Stop: [...] } } })
// cx.finalMessage === 'hi'
//
// Env is built from scratch: PATH, HOME=<tmp>/home, the variables below, then opts.env (nothing else leaks in).
// Claude: ANTHROPIC_BASE_URL, ANTHROPIC_API_KEY=sk-ant-dummy, CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1, DISABLE_TELEMETRY=1,
//   CLAUDE_CONFIG_DIR=<tmp>/config, CLAUDE_CODE_MAX_RETRIES=0 (a scripted HTTP error fails at once; override via env).
// opts.args go before `-- <prompt>` (e.g. ['--bare', '--model', 'haiku'] or ['-c', 'model_providers.fake.stream_max_retries=3']).
// Codex: CODEX_HOME=<tmp>/codex-home with config.toml (model "gpt-fake", provider "fake" → <apiUrl>/v1, wire_api responses,
//   no retries; `opts.config` is appended as extra TOML, `-c key=value` in opts.args overrides), SHELL=/bin/sh for hooks.
// Both: stdin is /dev/null, the child gets its own process group, and at timeoutMs the whole group is SIGKILLed and the
// promise rejects with the stderr tail. A non-zero exit does NOT reject: assert on `code`.
import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export interface Teardown { teardown: (fn: () => unknown) => void } // a tap Test
const modules = (path: string): string => fileURLToPath(new URL(`../../node_modules/${path}`, import.meta.url))
/** Two Claude Code releases both claim node_modules/.bin/claude, so each is run by its own path. */
export const CLAUDE_BIN = modules('@anthropic-ai/claude-code/bin/claude.exe')
/** The oldest Claude Code the README claims (devDependency claude-code-oldest, an npm alias of 2.1.197). */
export const CLAUDE_OLDEST_BIN = modules('claude-code-oldest/bin/claude.exe')
const bin = (name: string): string => name === 'claude' ? CLAUDE_BIN : modules(`.bin/${name}`)

export interface RunOptions {
  prompt: string
  apiUrl: string // a fake's url (http://127.0.0.1:<port>, no /v1)
  cwd?: string // default: a fresh <tmp>/project (removed at teardown; a given cwd is left alone)
  env?: Record<string, string>
  args?: string[] // extra CLI flags, placed before the prompt
  timeoutMs?: number // default 30 000
  bin?: string // the CLI to run instead of node_modules/.bin/<name> (e.g. an older release)
}
export interface RunResult { code: number | null, signal: NodeJS.Signals | null, stdout: string, stderr: string, ms: number, cwd: string }
export interface ClaudeRun extends RunResult {
  json: Record<string, any> | undefined // the `--output-format json` result object (undefined if stdout was not JSON)
  configDir: string
  transcriptPath: string | undefined // <configDir>/projects/<slug>/<session_id>.jsonl, if it was written
}
export interface CodexRun extends RunResult {
  events: Array<Record<string, any>> // the --json JSONL lines
  finalMessage: string | undefined // text of the last agent_message item
  threadId: string | undefined
  codexHome: string
  transcriptPath: string | undefined // <codexHome>/sessions/…/rollout-…-<threadId>.jsonl
}

export async function runClaude (t: Teardown, opts: RunOptions & { settings?: object }): Promise<ClaudeRun> {
  const root = await scratch(t, 'claude')
  const configDir = join(root, 'config')
  const cwd = opts.cwd ?? join(root, 'project')
  await mkdir(configDir, { recursive: true })
  await mkdir(opts.settings ? join(cwd, '.claude') : cwd, { recursive: true })
  if (opts.settings) await writeFile(join(cwd, '.claude', 'settings.json'), JSON.stringify(opts.settings, null, 2))
  const env = {
    ANTHROPIC_BASE_URL: opts.apiUrl,
    ANTHROPIC_API_KEY: 'sk-ant-dummy',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_TELEMETRY: '1',
    CLAUDE_CONFIG_DIR: configDir,
    CLAUDE_CODE_MAX_RETRIES: '0'
  }
  const args = ['-p', '--output-format', 'json', ...(opts.args ?? []), '--', opts.prompt]
  const r = await run(t, 'claude', args, root, cwd, env, opts)
  let json: Record<string, any> | undefined
  try { json = JSON.parse(r.stdout) } catch { json = undefined }
  const sessionId = typeof json?.session_id === 'string' ? json.session_id : undefined
  const transcriptPath = sessionId && await findFile(join(configDir, 'projects'), `${sessionId}.jsonl`)
  return { ...r, json, configDir, transcriptPath: transcriptPath || undefined }
}

export async function runCodex (t: Teardown, opts: RunOptions & { hooks?: object, config?: string }): Promise<CodexRun> {
  const root = await scratch(t, 'codex')
  const codexHome = join(root, 'codex-home')
  const cwd = opts.cwd ?? join(root, 'project')
  await mkdir(codexHome, { recursive: true })
  await mkdir(cwd, { recursive: true })
  await writeFile(join(codexHome, 'config.toml'), [
    'model = "gpt-fake"', 'model_provider = "fake"', opts.config ?? '', '',
    '[model_providers.fake]', 'name = "fake"', `base_url = "${opts.apiUrl}/v1"`, 'wire_api = "responses"',
    'env_key = "HOOKJUDGE_FAKE_OPENAI_KEY"', 'request_max_retries = 0', 'stream_max_retries = 0', ''
  ].join('\n'))
  if (opts.hooks) await writeFile(join(codexHome, 'hooks.json'), JSON.stringify(opts.hooks, null, 2))
  const env = { CODEX_HOME: codexHome, HOOKJUDGE_FAKE_OPENAI_KEY: 'sk-dummy', SHELL: '/bin/sh' }
  const args = ['exec', '--json', '--skip-git-repo-check', '--dangerously-bypass-hook-trust', ...(opts.args ?? []), '--', opts.prompt]
  const r = await run(t, 'codex', args, root, cwd, env, opts)
  const events = r.stdout.split('\n').flatMap((line) => { try { return [JSON.parse(line)] } catch { return [] } })
  const messages = events.filter((e) => e.type === 'item.completed' && e.item?.type === 'agent_message')
  const threadId: string | undefined = events.find((e) => e.type === 'thread.started')?.thread_id
  const transcriptPath = threadId && await findFile(join(codexHome, 'sessions'), (n) => n.endsWith(`${threadId}.jsonl`))
  return { ...r, events, finalMessage: messages.at(-1)?.item.text, threadId, codexHome, transcriptPath: transcriptPath || undefined }
}

export async function scratch (t: Teardown, tag: string): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), `hookjudge-${tag}-`))
  t.teardown(async () => await rm(root, { recursive: true, force: true }))
  await mkdir(join(root, 'home'))
  return root
}

export async function run (t: Teardown, name: string, args: string[], root: string, cwd: string, extraEnv: Record<string, string>,
  opts: RunOptions): Promise<RunResult> {
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: join(root, 'home'), ...extraEnv, ...opts.env }
  const timeoutMs = opts.timeoutMs ?? 30_000
  const started = Date.now()
  // tap adds NODE_OPTIONS (its coverage hook) to every child; under Codex's workspace-write sandbox a node the agent runs cannot
  // write tap's .tap/ folder and prints an `Error:` trace into the output hookjudge judges, so Codex starts without it.
  const [cmd, argv] = name === 'codex' ? ['env', ['-u', 'NODE_OPTIONS', opts.bin ?? bin(name), ...args]] : [opts.bin ?? bin(name), args]
  const child = spawn(cmd, argv, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  const killGroup = (): void => { try { process.kill(-child.pid!, 'SIGKILL') } catch { /* already gone */ } }
  let done = false
  t.teardown(() => { if (!done) killGroup() })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (d: string) => { stdout += d })
  child.stderr.setEncoding('utf8').on('data', (d: string) => { stderr += d })
  let timedOut = false
  const timer = setTimeout(() => { timedOut = true; killGroup() }, timeoutMs)
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (c, s) => resolve([c, s]))
  }).finally(() => { clearTimeout(timer); done = true })
  if (timedOut) {
    throw new Error(`${name} timed out after ${timeoutMs} ms\n--- stderr (tail) ---\n${stderr.slice(-4000)}\n--- stdout (tail) ---\n${stdout.slice(-2000)}`)
  }
  return { code, signal, stdout, stderr, ms: Date.now() - started, cwd }
}

/** Depth-first search under dir for a file whose name matches; undefined if none (or dir missing). */
async function findFile (dir: string, match: string | ((name: string) => boolean)): Promise<string | undefined> {
  const test = typeof match === 'string' ? (n: string) => n === match : match
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => [])
  for (const e of entries) {
    const p = join(dir, e.name)
    if (e.isFile() && test(e.name)) return p
    if (e.isDirectory()) {
      const found = await findFile(p, match)
      if (found) return found
    }
  }
  return undefined
}
