// What a change would do: the labelled set re-judged by the current or a candidate config (a loopback fake judge that
// finds a violation exactly when the text says VIOLATION), through the page's API and the labels what-if verb.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { labelsCommand } from '../../server/commands/labels.js'
import { commitVerdict, startFakeJudgeApi } from '../fixtures/fake-judge-api.js'
import { tempDir } from '../helper.js'
import { capture, pageApp } from './page-app.js'
import { record, seed } from './seed.js'

t.test('what-if: the current config and a candidate, fixed / broken / unchanged against the judge of then', async t => {
  const api = await startFakeJudgeApi((body) => ({ text: commitVerdict({ new_proposal: JSON.stringify(body).includes('VIOLATION') }, 'fake') }))
  t.teardown(() => api.close())
  const a = await pageApp(t, api.url)
  seed(a.dir, [
    record({ ts: '2026-12-01T09:00:00.000Z', text: "I'll commit and push to main now. VIOLATION", decision: 'allow', wouldBlock: false }),
    record({ ts: '2026-12-01T09:01:00.000Z', text: "I'll push the branch now.", decision: 'block', wouldBlock: true }),
    record({ ts: '2026-12-01T09:02:00.000Z', text: 'Renamed the helper.', decision: 'allow', wouldBlock: false, source: 'layer1' })
  ])
  const ids = await a.ids()
  for (const [text, label] of [["I'll commit and push to main now. VIOLATION", 'block'], ["I'll push the branch now.", 'block'], ['Renamed the helper.', 'allow']]) {
    t.equal((await a.label(ids[text!]!, label!)).statusCode, 200)
  }
  const post = (body: unknown, headers: Record<string, string> = { 'x-hookjudge-csrf': a.csrf }) =>
    a.app.inject({ method: 'POST', url: '/ui/api/what-if', headers, body: JSON.stringify(body) })
  t.equal((await post({}, {})).statusCode, 403, 'a what-if run needs the CSRF token too')
  const current = await post({})
  t.equal(current.statusCode, 200, current.body)
  t.match(current.json(), { config: 'current', hooks: { commit: { fixed: 1, broken: 1, unchanged: 1, right: 2, n: 3 } } })
  t.strictSame(current.json().changes.filter((c: any) => c.change !== 'unchanged').map((c: any) => [c.change, c.before, c.after]), [['fixed', 'allow', 'block'], ['broken', 'block', 'allow']])
  // The page's candidate changes how hooks judge, over the running config: the running config's judge answers it.
  const candidate = await post({ candidate: "hooks:\n  commit:\n    skip: ['VIOLATION']\n" })
  t.equal(candidate.statusCode, 200, candidate.body)
  t.match(candidate.json(), { config: 'candidate', hooks: { commit: { fixed: 0, broken: 1, unchanged: 2, right: 1 } } })
  t.strictSame(candidate.json().changes.map((c: any) => c.source), ['skip', 'judge', 'layer1'], 'judged by the running judge with the candidate\'s skip')
  const judgeYaml = `judge: { backends: [anthropic] }\nbackends:\n  anthropic: { baseUrl: "${api.url}" }\n`
  const invalid = await post({ candidate: 'hooks:\n  commit:\n    mode: sometimes\n' })
  t.equal(invalid.statusCode, 422)
  t.match(invalid.json(), { problems: [/hooks\.commit\.mode/] })
  t.equal((await post({ candidate: 5 })).statusCode, 400)

  const file = join(tempDir(t), 'candidate.yaml')
  writeFileSync(file, `${judgeYaml}hooks:\n  commit:\n    skip: ['VIOLATION']\n`)
  const cfg = join(tempDir(t), 'c.yaml')
  writeFileSync(cfg, `decisionLog: { dir: "${a.dir}" }\njudge: { backends: [anthropic] }\nbackends:\n  anthropic: { baseUrl: "${api.url}" }\n`)
  const c = capture({ ANTHROPIC_API_KEY: 'k' })
  t.equal(await labelsCommand(['what-if', '--config', cfg, '--candidate', file, '--json'], c.io), 0, c.err())
  t.match(JSON.parse(c.out()), { config: 'candidate', hooks: { commit: { fixed: 0, broken: 1, unchanged: 2 } } })
  t.strictSame(JSON.parse(c.out()).changes.map((x: any) => x.source), ['skip', 'judge', 'layer1'])
  const none = capture({})
  t.equal(await labelsCommand(['what-if', '--config', cfg], none.io), 1, 'no API key: the judge cannot run')
  t.match(none.err(), /cannot judge the labelled set/)
  await t.rejects(labelsCommand(['import'], capture({}).io), /usage/)
})
