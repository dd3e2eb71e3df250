/** Proves the offline agent harness: real `claude -p` / `codex exec` against fake APIs, scripted replies, Stop hooks that block once. */
import t, { type Test } from 'tap'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startFakeAnthropic } from '../fixtures/fake-anthropic.js'
import { startFakeOpenAI } from '../fixtures/fake-openai.js'
import { runClaude, runCodex } from '../helpers/agents.js'

const REASON = 'HARNESS-REASON'

/** A Stop command hook that saves its stdin JSON, blocks once with REASON (marker file), then allows. */
async function blockOnceHook (tt: Test): Promise<{ command: string, inputs: () => Promise<Array<Record<string, any>>> }> {
  const dir = await mkdtemp(join(tmpdir(), 'hookjudge-hook-'))
  tt.teardown(async () => await rm(dir, { recursive: true, force: true }))
  await writeFile(join(dir, 'stop.sh'), [
    `n=$(ls "${dir}" | grep -c '^input-'); cat > "${dir}/input-$n.json"`,
    `[ -e "${dir}/marker" ] && exit 0`,
    `touch "${dir}/marker"`,
    `echo '{"decision":"block","reason":"${REASON}"}'`, ''
  ].join('\n'))
  const inputs = async (): Promise<Array<Record<string, any>>> => {
    const names = (await readdir(dir)).filter((n) => n.startsWith('input-')).sort()
    return await Promise.all(names.map(async (n) => JSON.parse(await readFile(join(dir, n), 'utf8'))))
  }
  return { command: `sh ${join(dir, 'stop.sh')}`, inputs }
}
const stopHooks = (handler: object): object => ({ hooks: { Stop: [{ hooks: [handler] }] } })
const failWith = (run: { stderr: string, stdout: string }): object => ({ stderr: run.stderr.slice(-2000), stdout: run.stdout.slice(-2000) })

t.test('claude -p', async (t) => {
  t.test('a scripted text reply comes back as the result', async (t) => {
    const api = await startFakeAnthropic({ script: ['HELLO-FROM-FAKE'] })
    t.teardown(api.close)
    const run = await runClaude(t, { prompt: 'say hi', apiUrl: api.url })
    t.comment(`claude text run: ${run.ms} ms`)
    t.equal(run.code, 0, 'exit 0', failWith(run))
    t.equal(run.json?.result, 'HELLO-FROM-FAKE')
    t.equal(api.mainBodies().length, 1, 'one main-loop request')
    t.equal(api.requests.filter((r) => r.kind === 'side').length, 0, 'no side requests with the harness env')
    t.match(api.mainBodies()[0], { stream: true, context_management: Object, system: Array, tools: Array })
    t.ok(run.transcriptPath && existsSync(run.transcriptPath), 'transcript written at <cfg>/projects/<slug>/<session>.jsonl')
  })

  t.test('a command Stop hook blocks once; its reason reaches the model', async (t) => {
    const api = await startFakeAnthropic({ script: ['FIRST', 'SECOND'] })
    t.teardown(api.close)
    const hook = await blockOnceHook(t)
    const run = await runClaude(t, { prompt: 'hello', apiUrl: api.url, settings: stopHooks({ type: 'command', command: hook.command, timeout: 10 }) })
    t.comment(`claude command-hook run: ${run.ms} ms`)
    t.equal(run.code, 0, 'exit 0', failWith(run))
    t.equal(run.json?.result, 'SECOND', 'the run ends after the second reply')
    const bodies = api.mainBodies()
    t.equal(bodies.length, 2, 'a second model request')
    const last = bodies[1]?.messages.at(-1)
    t.comment(`block shape (Claude): ${JSON.stringify(last)}`)
    // 2.1.332: a system-role message naming the hook's command (2.1.197: a user message "Stop hook feedback:\nR").
    t.equal(last.role, 'system')
    t.strictSame(last.content.map((c: { text: string }) => c.text), [`Stop hook blocking error from command: "${hook.command}": ${REASON}`])
    t.strictSame((await hook.inputs()).map((i) => i.stop_hook_active), [false, true])
    t.ok(run.transcriptPath && existsSync(run.transcriptPath), 'transcript exists')
    const lines = readFileSync(run.transcriptPath!, 'utf8').trim().split('\n').map((l) => JSON.parse(l))
    // The transcript still records it as the isMeta user line (now with hookText:true), which the turn reader skips.
    t.ok(lines.some((l) => l.isMeta === true && l.hookText === true && l.message?.content === `Stop hook feedback:\n${REASON}`), 'isMeta feedback line')
  })

  t.test('an http Stop hook gets the hook input; its block reason reaches the model', async (t) => {
    const api = await startFakeAnthropic({ script: ['FIRST', 'SECOND'] })
    t.teardown(api.close)
    const received: Array<Record<string, any>> = []
    const judge = createServer((req, res) => {
      let raw = ''
      req.setEncoding('utf8').on('data', (d: string) => { raw += d }).on('end', () => {
        received.push(JSON.parse(raw))
        const out = received.length === 1 ? { decision: 'block', reason: REASON } : {}
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(out))
      })
    })
    await new Promise<void>((resolve) => judge.listen(0, '127.0.0.1', resolve))
    t.teardown(() => { judge.closeAllConnections(); judge.close() })
    const url = `http://127.0.0.1:${(judge.address() as AddressInfo).port}/judge/stop`
    const run = await runClaude(t, { prompt: 'hello', apiUrl: api.url, settings: stopHooks({ type: 'http', url, timeout: 10 }) })
    t.comment(`claude http-hook run: ${run.ms} ms`)
    t.equal(run.code, 0, 'exit 0', failWith(run))
    t.equal(received.length, 2, 'the hook was called for both stops')
    t.match(received[0], {
      session_id: run.json?.session_id,
      transcript_path: run.transcriptPath,
      prompt_id: /^[0-9a-f-]{36}$/,
      hook_event_name: 'Stop',
      last_assistant_message: 'FIRST',
      stop_hook_active: false
    })
    t.equal(api.mainBodies()[1]?.messages.at(-1).content[0].text, `Stop hook blocking error from command: "${url}": ${REASON}`)
    t.equal(run.json?.result, 'SECOND')
    t.ok(run.transcriptPath && existsSync(run.transcriptPath), 'transcript exists')
  })

  t.test('a scripted tool_use runs (streamed input_json_delta) and its result reaches the model', async (t) => {
    const api = await startFakeAnthropic({ script: [{ tools: [{ name: 'Bash', input: { command: 'echo ran-$((40+2))' } }] }, 'DONE'] })
    t.teardown(api.close)
    const run = await runClaude(t, { prompt: 'run it', apiUrl: api.url })
    t.equal(run.json?.result, 'DONE', 'ends after the tool round', failWith(run))
    t.match(api.mainBodies()[1]?.messages.at(-1).content[0], { type: 'tool_result', content: 'ran-42', is_error: false })
  })

  t.test('a hung API ends in a timeout error, not a hang', async (t) => {
    const api = await startFakeAnthropic({ script: [{ hang: true }] })
    t.teardown(api.close)
    await t.rejects(runClaude(t, { prompt: 'hi', apiUrl: api.url, timeoutMs: 2000 }), /claude timed out after 2000 ms/)
  })
})

t.test('codex exec', async (t) => {
  t.test('a scripted text reply comes back as the final message', async (t) => {
    const api = await startFakeOpenAI({ script: ['HELLO-FROM-FAKE'] })
    t.teardown(api.close)
    const run = await runCodex(t, { prompt: 'say hi', apiUrl: api.url })
    t.comment(`codex text run: ${run.ms} ms`)
    t.equal(run.code, 0, 'exit 0', failWith(run))
    t.equal(run.finalMessage, 'HELLO-FROM-FAKE')
    t.equal(api.mainBodies().length, 1, 'one main request')
    t.equal(api.requests.filter((r) => r.kind === 'side').length, 0, 'no side requests')
    t.ok(run.events.some((e) => e.type === 'turn.completed'), 'turn.completed event')
    t.ok(run.transcriptPath && existsSync(run.transcriptPath), 'rollout transcript exists')
  })

  t.test('a command Stop hook blocks once; its reason reaches the model as <hook_prompt>', async (t) => {
    const api = await startFakeOpenAI({ script: ['FIRST', 'SECOND'] })
    t.teardown(api.close)
    const hook = await blockOnceHook(t)
    const run = await runCodex(t, { prompt: 'hello', apiUrl: api.url, hooks: stopHooks({ type: 'command', command: hook.command, timeout: 10 }) })
    t.comment(`codex command-hook run: ${run.ms} ms`)
    t.equal(run.code, 0, 'exit 0', failWith(run))
    t.equal(run.finalMessage, 'SECOND', 'the run ends after the second reply')
    const bodies = api.mainBodies()
    t.equal(bodies.length, 2, 'a second model request')
    const last = bodies[1]?.input.at(-1)
    t.comment(`block shape (Codex): ${JSON.stringify(last)}`)
    t.match(last, { type: 'message', role: 'user' })
    t.strictSame(last.content.map((c: { type: string }) => c.type), ['input_text'])
    t.match(last.content[0].text, /^<hook_prompt hook_run_id="stop:0:[^"]*\/hooks\.json">HARNESS-REASON<\/hook_prompt>$/)
    const inputs = await hook.inputs()
    t.strictSame(inputs.map((i) => i.stop_hook_active), [false, true])
    t.match(inputs[0], {
      session_id: run.threadId,
      turn_id: String,
      transcript_path: run.transcriptPath,
      hook_event_name: 'Stop',
      last_assistant_message: 'FIRST'
    })
    t.notOk('prompt_id' in (inputs[0] ?? {}), 'Codex sends turn_id, no prompt_id')
  })

  t.test('a scripted exec_command function call runs and its output reaches the model', async (t) => {
    const api = await startFakeOpenAI({ script: [{ tools: [{ name: 'exec_command', input: { cmd: 'echo ran-$((40+2))' } }] }, 'DONE'] })
    t.teardown(api.close)
    const run = await runCodex(t, { prompt: 'run it', apiUrl: api.url })
    t.equal(run.finalMessage, 'DONE', 'ends after the tool round', failWith(run))
    t.match(api.mainBodies()[1]?.input.at(-1), { type: 'function_call_output', output: /ran-42/ })
  })
})

t.test('fake-openai chat completions (for judge backends), JSON and SSE', async (t) => {
  const api = await startFakeOpenAI({ script: ['PLAIN', 'STREAMED'] })
  t.teardown(api.close)
  const post = async (body: object): Promise<string> => await (await fetch(`${api.url}/v1/chat/completions`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body)
  })).text()
  t.match(JSON.parse(await post({ model: 'm', messages: [] })), { choices: [{ message: { role: 'assistant', content: 'PLAIN' }, finish_reason: 'stop' }] })
  const sse = await post({ model: 'm', messages: [], stream: true })
  t.match(sse, /"delta":\{"content":"STREAMED"\}/)
  t.ok(sse.endsWith('data: [DONE]\n\n'), 'ends with [DONE]')
})
