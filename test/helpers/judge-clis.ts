/** Env and config for the real claude / codex CLIs as judge backends, offline against loopback fakes (dirs removed at teardown). */
import { readdirSync, readFileSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

interface Teardown { teardown: (fn: () => unknown) => void }
// Two Claude Code releases both claim .bin/claude: the current one is run by its package path.
export const bin = (name: 'claude' | 'codex'): string => fileURLToPath(new URL(name === 'claude' ? '../../node_modules/@anthropic-ai/claude-code/bin/claude.exe' : `../../node_modules/.bin/${name}`, import.meta.url))

export async function scratchDir (t: Teardown, tag: string): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), `hookjudge-${tag}-`))
  t.teardown(async () => await rm(root, { recursive: true, force: true }))
  return root
}

/**
 * The daemon env for a claude-cli backend against the fake (the same variables as test/helpers/agents.ts). `auth: 'key'`
 * sets ANTHROPIC_API_KEY (the backend then uses --bare); `'token'` sets only ANTHROPIC_AUTH_TOKEN, like a login.
 */
export async function claudeEnv (t: Teardown, apiUrl: string, auth: 'key' | 'token' = 'key') {
  const root = await scratchDir(t, 'judge-claude')
  const configDir = join(root, 'config')
  await mkdir(configDir)
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: root,
    ANTHROPIC_BASE_URL: apiUrl,
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_TELEMETRY: '1',
    CLAUDE_CONFIG_DIR: configDir,
    CLAUDE_CODE_MAX_RETRIES: '0',
    ...(auth === 'key' ? { ANTHROPIC_API_KEY: 'sk-ant-dummy' } : { ANTHROPIC_AUTH_TOKEN: 'dummy-oauth-token' })
  }
  return { env, root, configDir }
}

/** The daemon env for a codex-cli backend: a throwaway CODEX_HOME whose config.toml points at the fake Responses API. */
export async function codexEnv (t: Teardown, apiUrl: string) {
  const root = await scratchDir(t, 'judge-codex')
  const codexHome = join(root, 'codex-home')
  await mkdir(codexHome)
  await writeFile(join(codexHome, 'config.toml'), [
    'model = "gpt-fake"', 'model_provider = "fake"', '',
    '[model_providers.fake]', 'name = "fake"', `base_url = "${apiUrl}/v1"`, 'wire_api = "responses"',
    'env_key = "HOOKJUDGE_FAKE_OPENAI_KEY"', 'request_max_retries = 0', 'stream_max_retries = 0', ''
  ].join('\n'))
  const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: root, CODEX_HOME: codexHome, HOOKJUDGE_FAKE_OPENAI_KEY: 'sk-dummy' }
  return { env, root, codexHome }
}

/** A wrapper around a CLI that first leaves a grandchild behind (sh → subshell → sleep) and notes both pids. */
export async function wrapperWithGrandchild (dir: string, target: string): Promise<{ path: string, pidFile: string }> {
  const pidFile = join(dir, 'pids')
  const path = join(dir, 'wrapped-cli')
  await writeFile(path, [
    '#!/bin/sh',
    `(sh -c 'echo "grandchild $$" >> "${pidFile}"; exec sleep 300'; true) &`,
    `echo "child $$" >> "${pidFile}"`,
    `exec "${target}" "$@"`, ''
  ].join('\n'), { mode: 0o755 })
  return { path, pidFile }
}

/** Gone: no such process, or a zombie nobody has reaped yet (it runs nothing any more). */
export async function gone (pid: number): Promise<boolean> {
  try { process.kill(pid, 0) } catch { return true }
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')
  return stat.replace(/^.*\) /, '').startsWith('Z')
}

/** Pids whose parent is pid (Linux /proc); sync so a fake's request handler can look while the CLI waits on it. */
export function childrenOf (pid: number): number[] {
  return readdirSync('/proc').filter(n => /^\d+$/.test(n)).filter(n => {
    try { return Number(readFileSync(`/proc/${n}/stat`, 'utf8').replace(/^.*\) /, '').split(' ')[1]) === pid } catch { return false }
  }).map(Number)
}
