// claudeTurn / codexTurn / copilotTurn: which lines bound the current turn and which text is the assistant's (hook-protocols §1.6, §2.5).
import { readFileSync } from 'node:fs'
import t from 'tap'
import { claudeTurn, type ClaudeTurnOptions } from '../../server/agents/claude-code/transcript.js'
import { codexTurn } from '../../server/agents/codex/transcript.js'
import { copilotTurn } from '../../server/agents/copilot/transcript.js'
import { createUtterances, type TurnReader } from '../../server/agents/utterances.js'

/** Feeds lines last first, as the tail reader does. */
function run (lines: Array<object | string>, reader: TurnReader) {
  const out = createUtterances()
  for (let i = lines.length - 1; i >= 0; i--) {
    const l = lines[i]!
    const r = reader(Buffer.from(typeof l === 'string' ? l : JSON.stringify(l)), out)
    if (r !== 'more') return { text: out.text(), end: r }
  }
  return { text: out.text(), end: 'start' }
}
const fixture = (name: string) => readFileSync(new URL(`../fixtures/transcripts/${name}`, import.meta.url), 'utf8').trim().split('\n')

const P = 'prompt-now'
const prompt = (text: unknown, promptId = P, extra = {}) => ({ type: 'user', isSidechain: false, promptId, message: { role: 'user', content: text }, uuid: `u-${String(text).length}`, ...extra })
const said = (id: string, text: string, extra = {}) => ({ type: 'assistant', isSidechain: false, message: { id, role: 'assistant', content: [{ type: 'text', text }] }, ...extra })
const toolUse = (id: string) => ({ type: 'assistant', isSidechain: false, message: { id, role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'Bash', input: { command: 'ls' } }] } })
const toolResult = { type: 'user', isSidechain: false, promptId: P, message: { role: 'user', content: [{ tool_use_id: 'toolu_1', type: 'tool_result', content: 'out' }] }, toolUseResult: { stdout: 'out' } }

t.test('Claude Code', async t => {
  const claude = (opts: ClaudeTurnOptions = { promptId: P }) => claudeTurn(opts)
  const cases: Array<{ name: string, lines: Array<object | string>, opts?: ClaudeTurnOptions, text: string, end: string }> = [
    {
      name: 'real transcript (2.1.197): text, tool_use, tool result, text; attachments and queue lines skipped',
      lines: fixture('claude-tool-turn.jsonl'),
      opts: { promptId: 'c4f2057d-f8e1-4cf3-8d8d-564df9c17aa4' },
      text: 'I\'ll commit and push to main now.\n\nPrinted the greeting.',
      end: 'boundary'
    },
    {
      name: 'tool results, hook feedback (isMeta) and compaction summaries share the promptId but are not boundaries',
      lines: [prompt('go'), said('m1', 'A'), toolUse('m1'), toolResult, said('m2', 'B'),
        prompt('Stop hook feedback:\nrun the tests', P, { isMeta: true }), said('m3', 'C'),
        prompt('This session is being continued… summary', P, { isCompactSummary: true }), said('m4', 'D')],
      text: 'A\n\nB\n\nC\n\nD',
      end: 'boundary'
    },
    {
      name: 'a tool_result without toolUseResult is still no prompt',
      lines: [prompt('go'), said('m1', 'A'), { type: 'user', promptId: P, message: { role: 'user', content: [{ type: 'tool_result', content: 'x' }] } }, said('m2', 'B')],
      text: 'A\n\nB',
      end: 'boundary'
    },
    {
      name: 'the previous prompt and its answers are left out',
      lines: [prompt('old', 'prompt-old'), said('m0', 'OLD ANSWER'), prompt('new'), said('m1', 'NEW')],
      text: 'NEW',
      end: 'boundary'
    },
    {
      name: 'blocks of one API message share message.id: kept in order, a message written twice counted once',
      lines: [prompt('go'), said('m1', 'first'), toolUse('m1'), said('m1', 'second'), said('m1', 'first'), said('m1', 'second')],
      text: 'first\n\nsecond',
      end: 'boundary'
    },
    {
      name: 'without prompt_id, slash-command echoes and interruptions are not prompts',
      lines: [prompt('real'), said('m1', 'A'), prompt('<command-name>/cost</command-name>', 'x'), prompt('<local-command-stdout>$0</local-command-stdout>', 'x'),
        prompt([{ type: 'text', text: '[Request interrupted by user]' }], 'x'), said('m2', 'B')],
      opts: {},
      text: 'A\n\nB',
      end: 'boundary'
    },
    {
      name: 'with prompt_id, a slash command the user typed as this prompt is the boundary',
      lines: [said('m0', 'OLD'), prompt('<command-name>/review</command-name>'), said('m1', 'A')],
      text: 'A',
      end: 'boundary'
    },
    {
      name: 'sidechain lines of the main transcript are skipped',
      lines: [prompt('go'), said('m1', 'A'), said('s1', 'SUB', { isSidechain: true }), prompt('sub prompt', P, { isSidechain: true }), said('m2', 'B')],
      text: 'A\n\nB',
      end: 'boundary'
    },
    {
      name: 'a subagent transcript (SubagentStop) is all sidechain: its lines count',
      lines: [prompt('sub task', P, { isSidechain: true }), said('s1', 'SUB-A', { isSidechain: true }), said('s2', 'SUB-B', { isSidechain: true })],
      opts: { promptId: P, subagent: true },
      text: 'SUB-A\n\nSUB-B',
      end: 'boundary'
    },
    {
      name: 'no prompt line at all: everything to the start of the file',
      lines: [said('m1', 'A'), said('m2', 'B')],
      text: 'A\n\nB',
      end: 'start'
    },
    {
      name: 'a line that is not JSON is malformed',
      lines: [prompt('go'), said('m1', 'A'), '{"type":"assistant","message":{"id":"m2"'],
      text: '',
      end: 'malformed'
    }
  ]
  for (const c of cases) {
    t.test(c.name, async t => {
      t.strictSame(run(c.lines, claude(c.opts)), { text: c.text, end: c.end })
    })
  }
})

t.test('Codex', async t => {
  const T = 'turn-now'
  const ev = (turnId: string, item: object) => ({ timestamp: 'x', type: 'event_msg', payload: { type: 'item_completed', turn_id: turnId, item } })
  const agent = (turnId: string, id: string, text: string) => ev(turnId, { type: 'AgentMessage', id, content: [{ type: 'Text', text }] })
  const user = (turnId: string, text: string) => ev(turnId, { type: 'UserMessage', id: 'u', content: [{ type: 'text', text }] })
  const cases: Array<{ name: string, lines: Array<object | string>, turnId?: string, text: string, end: string }> = [
    {
      name: 'real rollout (0.171.0): both agent messages of the turn around a command, response_items not doubled',
      lines: fixture('codex-tool-turn.jsonl'),
      turnId: '01a227b2-289c-7913-b375-b41f83eafb05',
      text: 'I\'ll commit and push to main now.\n\nPrinted the greeting.',
      end: 'boundary'
    },
    {
      name: 'an earlier turn ends the scan (turn_id differs)',
      lines: [agent('turn-old', 'a0', 'OLD'), agent(T, 'a1', 'NEW')],
      turnId: T,
      text: 'NEW',
      end: 'boundary'
    },
    {
      name: 'a hook prompt (block continuation) is not a boundary',
      lines: [user(T, 'go'), agent(T, 'a1', 'A'), ev(T, { type: 'HookPrompt', id: 'h', content: [] }), agent(T, 'a2', 'B')],
      turnId: T,
      text: 'A\n\nB',
      end: 'boundary'
    },
    {
      name: 'task_started of the turn is a boundary even without a user message',
      lines: [{ type: 'event_msg', payload: { type: 'task_started', turn_id: T } }, agent(T, 'a1', 'A')],
      turnId: T,
      text: 'A',
      end: 'boundary'
    },
    {
      name: 'without turn_id the user message bounds the turn',
      lines: [agent('t0', 'a0', 'OLD'), user('t1', 'go'), agent('t1', 'a1', 'A')],
      text: 'A',
      end: 'boundary'
    },
    {
      name: 'a broken relevant line is malformed',
      lines: [agent(T, 'a1', 'A'), '{"type":"event_msg","payload":{"type":"item_completed","item":{"type":"AgentMessage"'],
      turnId: T,
      text: '',
      end: 'malformed'
    }
  ]
  for (const c of cases) {
    t.test(c.name, async t => {
      t.strictSame(run(c.lines, codexTurn(c.turnId)), { text: c.text, end: c.end })
    })
  }
})

t.test('Copilot CLI (1.0.102 events.jsonl, captured): the stop after a block reads only what came after the feedback', async t => {
  const lines = fixture('copilot-block-turn.jsonl')
  t.strictSame(run(lines, copilotTurn()), { text: 'Ran npm test: 12 passed.', end: 'boundary' })
  const firstStop = lines.slice(0, lines.findIndex(l => l.includes('"type":"hook.start"')))
  t.strictSame(run(firstStop, copilotTurn()), { text: 'Tests written. I\'ll commit and push to main now.', end: 'boundary' })
  const said = (id: string, content: string) => ({ type: 'assistant.message', data: { messageId: id, content, toolRequests: [] } })
  t.strictSame(run([{ type: 'user.message', data: { content: 'go' } }, said('m1', 'First.'), { type: 'tool.execution_complete', data: {} }, said('m2', 'Second.')], copilotTurn()),
    { text: 'First.\n\nSecond.', end: 'boundary' }, 'a tool call inside the turn does not end it')
  t.equal(run(['{"type":"assistant.message","data":'], copilotTurn()).end, 'malformed')
})
