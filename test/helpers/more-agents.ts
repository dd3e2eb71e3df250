/** Run the real Gemini CLI and GitHub Copilot CLI offline against a loopback fake API, in throwaway dirs removed at t.teardown. */
//
// const api = await startFakeGemini({ script: ['hi'] }); t.teardown(api.close)
// const g = await runGemini(t, { prompt: 'say hi', apiUrl: api.url, env: { HOME: home } })   // g.response === 'hi'
// const oai = await startFakeOpenAI({ script: ['hi'] }); t.teardown(oai.close)
// const c = await runCopilot(t, { prompt: 'say hi', apiUrl: oai.url, env: { HOME: home } })  // c.stdout holds the answer
//
// Gemini: GOOGLE_GEMINI_BASE_URL=<apiUrl>, GEMINI_API_KEY=dummy, GEMINI_CLI_TRUST_WORKSPACE=true, `-m gemini-2.5-flash`
//   (a named model skips the CLI's router call), `--output-format json`; the API-key auth type must be selected in
//   <HOME>/.gemini/settings.json (`security.auth.selectedType: "gemini-api-key"`), which geminiSettings() writes.
// Copilot: its own "bring your own key" provider, COPILOT_PROVIDER_BASE_URL=<apiUrl>/v1 (Chat Completions) with
//   COPILOT_OFFLINE=true, so it never calls GitHub; `--allow-all-tools` (required with -p), no auto-update.
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { run, type RunOptions, type RunResult, scratch, type Teardown } from './agents.js'

export interface GeminiRun extends RunResult { json: Record<string, any> | undefined, response: string | undefined }

/** The settings file a throwaway Gemini home needs before install merges hooks into it. */
export async function geminiSettings (home: string): Promise<void> {
  await mkdir(join(home, '.gemini'), { recursive: true })
  await writeFile(join(home, '.gemini', 'settings.json'), JSON.stringify({ security: { auth: { selectedType: 'gemini-api-key' } } }, null, 2) + '\n')
}

export async function runGemini (t: Teardown, opts: RunOptions): Promise<GeminiRun> {
  const root = await scratch(t, 'gemini')
  const cwd = opts.cwd ?? join(root, 'project')
  await mkdir(cwd, { recursive: true })
  if (opts.env?.HOME === undefined) await geminiSettings(join(root, 'home'))
  const env = { GOOGLE_GEMINI_BASE_URL: opts.apiUrl, GEMINI_API_KEY: 'dummy', GEMINI_CLI_TRUST_WORKSPACE: 'true', NO_COLOR: '1' }
  const args = ['-m', 'gemini-2.5-flash', '--output-format', 'json', ...(opts.args ?? []), '-p', opts.prompt]
  const r = await run(t, 'gemini', args, root, cwd, env, opts)
  let json: Record<string, any> | undefined
  try { json = JSON.parse(r.stdout) } catch { json = undefined }
  return { ...r, json, response: typeof json?.response === 'string' ? json.response : undefined }
}

export async function runCopilot (t: Teardown, opts: RunOptions): Promise<RunResult> {
  const root = await scratch(t, 'copilot')
  const cwd = opts.cwd ?? join(root, 'project')
  await mkdir(cwd, { recursive: true })
  const env = {
    COPILOT_OFFLINE: 'true',
    COPILOT_AUTO_UPDATE: 'false',
    COPILOT_PROVIDER_TYPE: 'openai',
    COPILOT_PROVIDER_BASE_URL: `${opts.apiUrl}/v1`,
    COPILOT_PROVIDER_API_KEY: 'sk-dummy',
    COPILOT_MODEL: 'gpt-fake',
    NO_COLOR: '1'
  }
  return await run(t, 'copilot', ['--allow-all-tools', ...(opts.args ?? []), '-p', opts.prompt], root, cwd, env, opts)
}
