/** Test helpers: a config built from the shipped defaults plus overrides, and an app pointed at a fake judge API. */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Test } from 'tap'
import { type AppDeps, buildApp } from '../server/app.js'
import { type Config, loadConfig } from '../server/config/config.js'

export function tempDir (t: Test, prefix = 'hookjudge-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** Shipped defaults with the judge pointed at url (both protocols), no decision log unless asked for. */
export function testConfig (overrides: Record<string, unknown> = {}, url = 'http://127.0.0.1:9'): Config {
  return loadConfig({
    env: {},
    file: '/dev/null',
    overrides: mergeDeep({
      backends: {
        anthropic: { baseUrl: url },
        openai: { baseUrl: `${url}/v1` }
      },
      // An explicit chain: the shipped `auto` would detect whatever the test machine has.
      judge: { deadlineMs: 2000, backends: ['anthropic'] },
      decisionLog: { enabled: false }
    }, overrides)
  })
}

/** Every record of a decision log folder, whatever day files it holds (a test may run across midnight). */
export function readDecisions (dir: string): any[] {
  return readdirSync(dir).filter(f => /^decisions-.*\.jsonl$/.test(f)).sort()
    .flatMap(f => readFileSync(join(dir, f), 'utf8').split('\n').filter(Boolean).map(l => JSON.parse(l)))
}

export const TEST_ENV = { ANTHROPIC_API_KEY: 'sk-ant-test', OPENAI_API_KEY: 'sk-test' }

/**
 * The env of a child that runs the TypeScript sources through tsx: it records no coverage. tsx transpiles the same files
 * differently from tap's loader (minified), so its byte ranges and source maps clash with the test processes' in the
 * merged report, and c8 keeps whichever source map it reads last: by the random order of the coverage files, some CI
 * runs counted ~2,300 of ~12,600 statements and went red with every test passing.
 */
export const TSX_CHILD_ENV = { _TAPJS_PROCESSINFO_COVERAGE_: '0' }

export async function build (t: Test, config: Config = testConfig(), deps: AppDeps = {}) {
  const built = await buildApp(config, { logger: false, env: TEST_ENV, ...deps })
  t.teardown(() => built.app.close())
  return built
}

function mergeDeep (a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a }
  for (const [k, v] of Object.entries(b)) {
    const av = out[k]
    out[k] = typeof v === 'object' && v !== null && !Array.isArray(v) && typeof av === 'object' && av !== null && !Array.isArray(av)
      ? mergeDeep(av as Record<string, unknown>, v as Record<string, unknown>)
      : v
  }
  return out
}

/** A Claude Code Stop hook input as it really arrives (hook-protocols.md §1.3). */
export function claudeStop (text: string, extra: Record<string, unknown> = {}) {
  return {
    session_id: 'sess-1',
    transcript_path: '/nonexistent/t.jsonl',
    cwd: '/tmp',
    prompt_id: 'prompt-1',
    permission_mode: 'default',
    effort: { level: 'high' },
    hook_event_name: 'Stop',
    stop_hook_active: false,
    last_assistant_message: text,
    background_tasks: [],
    session_crons: [],
    ...extra
  }
}

/** A Codex Stop hook input as it really arrives (hook-protocols.md §2.2). */
export function codexStop (text: string, extra: Record<string, unknown> = {}) {
  return {
    session_id: 'sess-c',
    turn_id: 'turn-1',
    transcript_path: null,
    cwd: '/tmp',
    hook_event_name: 'Stop',
    model: 'gpt-fake',
    permission_mode: 'bypassPermissions',
    stop_hook_active: false,
    last_assistant_message: text,
    ...extra
  }
}
