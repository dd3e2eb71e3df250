// The replay bench's turns: a turn the user interrupted makes no Stop (marked, its number kept); every other one does.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { claudeTurns, codexTurns } from '../bench/session-turns.js'
import { tempDir } from './helper.js'

const prompt = (text: string, id: string) => ({ type: 'user', promptId: id, sessionId: 's', cwd: '/w', message: { role: 'user', content: text } })
const said = (text: string) => ({ type: 'assistant', message: { id: `m-${text}`, content: [{ type: 'text', text }] } })
const tool = (name: string) => ({ type: 'assistant', message: { id: `t-${name}`, content: [{ type: 'tool_use', id: name, name: 'Bash', input: { command: 'ls' } }] } })
const result = (name: string) => ({ type: 'user', toolUseResult: {}, message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: name, content: 'ok' }] } })
const user = (text: string) => ({ type: 'user', message: { role: 'user', content: [{ type: 'text', text }] } })

function file (t: Parameters<typeof tempDir>[0], rows: object[]): string {
  const path = join(tempDir(t), 'session.jsonl')
  writeFileSync(path, rows.map(r => JSON.stringify(r)).join('\n') + '\n')
  return path
}

t.test('Claude Code: an interrupted turn is marked and keeps its number; a turn that speaks after an interrupt is not', async t => {
  const path = file(t, [
    prompt('one', 'p1'), said('Done with one.'),
    prompt('two', 'p2'), said('Let me run it:'), tool('a'), result('a'), user('[Request interrupted by user for tool use]'),
    prompt('three', 'p3'), said('Working on three.'), user('[Request interrupted by user]'),
    prompt('four', 'p4'), said('Starting.'), user('[Request interrupted by user]'), user('<command-name>/compact</command-name>'), said('Four is done.')
  ])
  const turns = claudeTurns(path, '/replay/s.jsonl')
  t.strictSame(turns.map(x => x.input.last_assistant_message), ['Done with one.', 'Let me run it:', 'Working on three.', 'Four is done.'], 'every turn, in order')
  t.strictSame(turns.map(x => x.interrupted === true), [false, true, true, false])
  t.equal(turns[1]!.input.prompt_id, 'p2', 'the interrupted turn is still the second')
})

t.test('Codex: an older rollout\'s aborted turn is marked; a current rollout\'s never reaches the list', async t => {
  const ev = (payload: object) => ({ type: 'event_msg', payload })
  const older = file(t, [
    { type: 'session_meta', payload: { id: 'r', cwd: '/w' } },
    ev({ type: 'user_message', message: 'one' }), ev({ type: 'agent_message', message: 'Done with one.' }),
    ev({ type: 'user_message', message: 'two' }), ev({ type: 'agent_message', message: 'Looking.' }), ev({ type: 'turn_aborted', reason: 'interrupted' }),
    ev({ type: 'user_message', message: 'three' }), ev({ type: 'agent_message', message: 'Three is done.' })
  ])
  const o = codexTurns(older, '/replay/r.jsonl')
  t.strictSame(o.map(x => [x.input.last_assistant_message, x.interrupted === true]), [['Done with one.', false], ['Looking.', true], ['Three is done.', false]])
  const current = file(t, [
    ev({ type: 'user_message', message: 'one' }), ev({ type: 'agent_message', message: 'Looking.' }), ev({ type: 'turn_aborted', reason: 'interrupted' }),
    ev({ type: 'user_message', message: 'two' }), ev({ type: 'task_complete', turn_id: 't2', last_agent_message: 'Two is done.' })
  ])
  t.strictSame(codexTurns(current, '/replay/c.jsonl').map(x => [x.input.turn_id, x.interrupted === true]), [['t2', false]])
})
