// resultLine: the message and `interrupted` of a Claude Code tool-result line, as JSON.parse of the whole line gives them.
import t from 'tap'
import { markUnfinished, resultLine } from '../../server/agents/claude-code/result-line.js'

const whole = (line: string) => {
  try {
    const e = JSON.parse(line)
    return { message: e.message, interrupted: e.toolUseResult?.interrupted === true }
  } catch {
    return undefined
  }
}
const block = (content: unknown, isError = false) => ({ role: 'user', content: [{ tool_use_id: 'toolu_1', type: 'tool_result', content, is_error: isError }] })
const env = { parentUuid: 'p', isSidechain: false, type: 'user', cwd: '/w' }
const file = 'const a = "quoted, \\"escaped\\"";\n'.repeat(200)

t.test('every shape gives what the whole line gives', async t => {
  const lines: Record<string, string> = {
    'a command that passed': JSON.stringify({ ...env, message: block('ok\n'), uuid: 'u', toolUseResult: { stdout: 'ok\n', stderr: '', interrupted: false, isImage: false } }),
    'an interrupted command': JSON.stringify({ ...env, message: block('half'), toolUseResult: { stdout: 'half', stderr: '', interrupted: true } }),
    'an edit: the file before and after in toolUseResult': JSON.stringify({ ...env, message: block('The file has been updated.'), toolUseResult: { filePath: '/w/a.ts', originalFile: file, structuredPatch: [{ lines: ['+x'] }] } }),
    'a failed command: toolUseResult is a string': JSON.stringify({ ...env, message: block('Exit code 1\nboom', true), toolUseResult: 'Error: Exit code 1\nboom' }),
    'keys after toolUseResult': JSON.stringify({ ...env, message: block('ok'), toolUseResult: { stdout: 'ok' }, sourceToolAssistantUUID: 'a-1' }),
    'interrupted true only deep inside': JSON.stringify({ ...env, message: block('ok'), toolUseResult: { nested: { interrupted: true }, interrupted: false } }),
    'a message key inside toolUseResult': JSON.stringify({ ...env, message: block('ok'), toolUseResult: { message: 'not the line\'s', interrupted: false } }),
    'a second top-level message after it (the last one wins)': `{"type":"user","message":${JSON.stringify(block('first'))},"toolUseResult":{"interrupted":false},"message":${JSON.stringify(block('second'))}}`,
    'a second top-level toolUseResult (the last one wins)': `{"type":"user","message":${JSON.stringify(block('x'))},"toolUseResult":{"interrupted":false},"toolUseResult":{"interrupted":true}}`,
    'spaces around the interrupted value': `{"type":"user","message":${JSON.stringify(block('x'))},"toolUseResult":{"interrupted" :  true}}`,
    'toolUseResult nested only (no top-level key)': JSON.stringify({ ...env, message: block('ok'), extra: { toolUseResult: { interrupted: true } } }),
    'a toolUseResult key inside the message first': JSON.stringify({ ...env, message: { ...block('ok'), toolUseResult: { interrupted: true } }, toolUseResult: { interrupted: false } }),
    'toolUseResult first, message after it': JSON.stringify({ toolUseResult: { interrupted: true }, ...env, message: block('ok') }),
    'no toolUseResult at all': JSON.stringify({ ...env, message: block('ok') }),
    'multibyte text before the cut': JSON.stringify({ ...env, message: block('コミット 🎉'), toolUseResult: { stdout: 'コミット 🎉' } }),
    'not an object': '[1,"toolUseResult":2]',
    'broken before the cut': '{"type":"user","message":{"content":[,"toolUseResult":{}}'
  }
  for (const [name, line] of Object.entries(lines)) t.strictSame(resultLine(Buffer.from(line)), whole(line), name)
})

t.test('the file\'s unfinished last line is decoded whole: cut after its message, it gives no result', async t => {
  const line = JSON.stringify({ ...env, message: block('ok'), toolUseResult: { stdout: 'ok', interrupted: false } })
  const cut = Buffer.from(line.slice(0, line.indexOf('"stdout"') + 6))
  const unfinished = Buffer.from(cut)
  markUnfinished(unfinished)
  t.equal(resultLine(unfinished), undefined, 'as JSON.parse of the cut line')
  t.strictSame(resultLine(Buffer.from(line)), whole(line), 'the finished line as before')
})
