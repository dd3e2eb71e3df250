// Records tell the truth about time (issue 17, item 8): a decision record's ms is the whole request, measured on the
// request clock from the request's arrival: the transcript read and the flush wait are in it.
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import t from 'tap'
import type { TranscriptReader } from '../../server/agents/transcript-reader.js'
import { FLUSH_WAIT_MS } from '../../server/agents/turn-scan.js'
import { recordingLog } from '../helpers/arrivals.js'
import { testClock } from '../helpers/request-clock.js'
import { build, claudeStop, TEST_ENV, tempDir, testConfig } from '../helper.js'
import { fixture, promptOf } from '../evidence/captured.js'

const MISS = 'I renamed the helper and updated its callers.'

t.test('a slow transcript read is in the record\'s ms', async t => {
  const clock = testClock()
  const { decisionLog, records } = recordingLog()
  // The read of the turn takes 700 ms (a cold disk); everything else takes no time on this clock.
  const slow: TranscriptReader = { scans: 0, turnText: async (event) => { clock.advance(700); return { text: event.text, source: 'message' } } }
  const { app } = await build(t, testConfig(), { clock, decisionLog, transcripts: slow })
  const res = await app.inject({ method: 'POST', url: '/judge/commit', payload: claudeStop(MISS) })
  t.equal(res.headers['x-hookjudge-source'], 'layer1', 'a Layer-1 miss: nothing after the read takes time')
  t.match(await records.waitFor(1), { hook: 'commit', source: 'layer1', ms: 700 })
})

t.test('the flush wait is in the record\'s ms', async t => {
  const dir = tempDir(t)
  const env = { ...TEST_ENV, HOME: join(dir, 'home'), CLAUDE_CONFIG_DIR: join(dir, 'claude'), CODEX_HOME: join(dir, 'codex') }
  const clock = testClock()
  const { decisionLog, records } = recordingLog()
  const { app } = await build(t, testConfig({ hooks: { 'unverified-claim': { backends: [] } } }), { env, clock, decisionLog })
  const name = 'claude-evidence-verified.jsonl'
  const lines = fixture(name)
  const path = join(env.CLAUDE_CONFIG_DIR, 'projects', '-w', 'behind.jsonl')
  await mkdir(join(env.CLAUDE_CONFIG_DIR, 'projects', '-w'), { recursive: true })
  // The file lacks the final message, and its writer never catches up: the whole flush wait is spent.
  await writeFile(path, lines.slice(0, lines.findLastIndex(l => l.includes('"tool_result"'))).join('\n') + '\n')
  await app.inject({ method: 'POST', url: '/judge/unverified-claim', payload: claudeStop('All tests pass.', { transcript_path: path, prompt_id: promptOf(name) }) })
  t.match(await records.waitFor(1), { hook: 'unverified-claim', ms: FLUSH_WAIT_MS })
})
