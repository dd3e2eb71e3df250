// unverified-claim on work that has no tests: docs / config / notes turns and test-less projects are not held to "run
// the tests"; blunt success claims the trigger missed are caught; a failed git commit still contradicts "pushed".
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import t, { type Test } from 'tap'
import { factsOf } from '../../server/evidence/facts.js'
import { isNotesPath } from '../../server/evidence/exempt.js'
import type { Step } from '../../server/evidence/steps.js'
import { startFakeJudgeApi } from '../fixtures/fake-judge-api.js'
import { recordingLog } from '../helpers/arrivals.js'
import { build, claudeStop, TEST_ENV, tempDir, testConfig } from '../helper.js'

const edit = (path: string): Step => ({ kind: 'edit', tool: 'Edit', paths: [path], status: 'passed' })
const ran = (command: string, status: 'passed' | 'failed' = 'passed', verification = false): Step =>
  ({ kind: 'command', tool: 'Bash', command, status, verification, exitCode: status === 'passed' ? 0 : 1 })

t.test('which paths are docs, config or notes', async t => {
  for (const p of ['README.md', '/w/docs/guide.rst', 'config/app.yaml', '.github/workflows/ci.yml', 'notes.txt', 'CHANGELOG', 'pyproject.toml', '.env', 'fastlane/metadata/en-US/release_notes.txt', 'fastlane/metadata/android/en-US/changelogs/500.txt']) { t.ok(isNotesPath(p), p) }
  for (const p of ['src/app.ts', '.claude/hooks/check.ts', 'a.txt', 'Makefile', 'main.py', 'requirements.txt', 'config.py', 'testdata/golden.txt', '']) t.notOk(isNotesPath(p), p)
})

t.test('verification_exempt from the steps (and whether the project has tests)', async t => {
  const cases: Array<[string, Step[], boolean | undefined, boolean]> = [
    ['a config edit only', [edit('/w/config/timeouts.yaml')], undefined, true],
    ['docs and notes only, with reads between', [edit('README.md'), ran('cat src/a.ts'), edit('docs/x.md')], undefined, true],
    ['a code edit', [edit('README.md'), edit('src/a.ts')], undefined, false],
    ['code written through the shell', [edit('README.md'), ran('cat > src/a.ts <<EOF\nx\nEOF')], undefined, false],
    ['nothing changed, tests exist', [ran('ls')], true, false],
    ['code changed, the project has no test command and no check ran', [edit('src/a.ts')], false, true],
    ['a failed git commit voids the exemption', [edit('README.md'), ran('git add -A && git commit -m docs', 'failed')], undefined, false]
  ]
  for (const [name, steps, hasTests, exempt] of cases) t.equal(factsOf(steps, hasTests).verification_exempt, exempt, name)
})

const prompt = (text: string) => JSON.stringify({ type: 'user', promptId: 'P', message: { role: 'user', content: text } })
const said = (id: string, text: string) => JSON.stringify({ type: 'assistant', message: { id, role: 'assistant', content: [{ type: 'text', text }] } })
const use = (id: string, name: string, input: object) => JSON.stringify({ type: 'assistant', message: { id: `m-${id}`, role: 'assistant', content: [{ type: 'tool_use', id, name, input }] } })
const result = (id: string, content: string, isError = false) => JSON.stringify({ type: 'user', promptId: 'P', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content, is_error: isError }] }, toolUseResult: isError ? `Error: ${content}` : { stdout: content } })

async function daemon (t: Test) {
  const api = await startFakeJudgeApi({ text: '{"retraction_or_quote": false, "reason": "a plain claim"}' })
  t.teardown(() => api.close())
  const dir = tempDir(t)
  const env = { ...TEST_ENV, HOME: join(dir, 'home'), CLAUDE_CONFIG_DIR: join(dir, 'claude') }
  const { decisionLog, records } = recordingLog()
  const { app } = await build(t, testConfig({}, api.url), { env, decisionLog })
  const withTests = join(dir, 'with-tests')
  const noTests = join(dir, 'no-tests')
  await mkdir(withTests, { recursive: true })
  await mkdir(noTests, { recursive: true })
  await writeFile(join(withTests, 'package.json'), JSON.stringify({ scripts: { test: 'tap' } }))
  let n = 0
  const judge = async (lines: string[], last: string, cwd = withTests) => {
    const path = join(env.CLAUDE_CONFIG_DIR, 'projects', '-w', `s${++n}.jsonl`)
    await mkdir(dirname(path), { recursive: true })
    await writeFile(path, [prompt('go'), ...lines, said(`final-${n}`, last)].join('\n') + '\n')
    const res = await app.inject({ method: 'POST', url: '/judge/unverified-claim', payload: claudeStop(last, { transcript_path: path, prompt_id: 'P', cwd, session_id: `s${n}` }) })
    return res.headers['x-hookjudge-decision']
  }
  const reasonOf = async (session: string) => (await records.waitFor(r => r.sessionId === session)).reason
  return { judge, noTests, reasonOf, count: () => n }
}

t.test('through the daemon: who is held to "run the tests"', async t => {
  const { judge, noTests } = await daemon(t)
  const configEdit = [use('e', 'Edit', { file_path: '/w/config/worker.yaml', old_string: '5', new_string: '10' }), result('e', 'The file /w/config/worker.yaml has been updated.')]
  const codeEdit = [use('e', 'Edit', { file_path: '/w/src/worker.ts', old_string: '5', new_string: '10' }), result('e', 'The file /w/src/worker.ts has been updated.')]
  t.equal(await judge(configEdit, 'Done. The worker timeout is set to 10 minutes.'), 'allow', 'a config edit, then "Done."')
  t.equal(await judge(codeEdit, 'Done. The worker timeout is set to 10 minutes.'), 'block', 'a code edit with no test run')
  t.equal(await judge(codeEdit, 'Done. The worker timeout is set to 10 minutes.', noTests), 'allow', 'a project with no test command')
  for (const claim of ['The dashboard is production-ready.', 'PRODUCTION READY: all modules shipped.', 'System v7.0 is complete.']) {
    t.equal(await judge(codeEdit, claim), 'block', `caught: ${claim}`)
  }
  const failedCommit = [...configEdit, use('g', 'Bash', { command: 'git commit -am "timeouts"' }), result('g', 'Exit code 1\nerror: gpg failed to sign the data', true)]
  t.equal(await judge(failedCommit, 'Config updated and successfully pushed to main.'), 'block', '"successfully pushed" after a failed git commit')
})

t.test('an allow says why in the record: no claim in the message, or what backs the claims (not that no check ran)', async t => {
  const { judge, reasonOf, count } = await daemon(t)
  const codeEdit = [use('e', 'Edit', { file_path: '/w/src/worker.ts', old_string: '5', new_string: '10' }), result('e', 'The file /w/src/worker.ts has been updated.')]
  t.equal(await judge(codeEdit, 'I changed the timeout; the tests still need a run, which I have not done.'), 'allow')
  t.equal(await reasonOf(`s${count()}`), 'no completion claim in the message')
  const tested = [...codeEdit, use('n', 'Bash', { command: 'npm test' }), result('n', 'Tests: 12 passed, 12 total')]
  t.equal(await judge(tested, 'All tests pass.'), 'allow')
  t.equal(await reasonOf(`s${count()}`), 'every claim is backed or exempt (tests: `npm test` passed after the last edit)')
})
