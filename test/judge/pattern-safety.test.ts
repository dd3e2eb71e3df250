// Pattern safety: ReDoS-shaped user patterns and megabyte hostile messages finish (RE2, bounded wrapper regexes); bad patterns refused.
import t from 'tap'
import { ConfigError } from '../../server/core/errors.js'
import { compilePatterns } from '../../server/judge/patterns.js'
import { echoes } from '../../server/judge/verdict.js'
import { defuse } from '../../server/judge/wrap.js'
import { build, claudeStop, testConfig } from '../helper.js'
import { commitVerdict, startFakeJudgeApi } from '../fixtures/fake-judge-api.js'

// Each of these takes a backtracking engine exponential or polynomial time on the inputs below.
const REDOS = ['(a+)+$', '(x+x+)+y', '(.*a){12}$', '(a|aa)+$', '^(([a-z])+.)+[A-Z]([a-z])+$', '(\\w+\\s?)*$', '(a|a)*b']
const MB = 1 << 20
const HOSTILE: Record<string, string> = {
  'a run then a mismatch': 'a'.repeat(MB) + '!',
  'x run': 'x'.repeat(MB),
  'words without the end': 'ab '.repeat(MB / 3) + '!',
  'marker openers': '<'.repeat(MB),
  'half markers': '<<begin text'.repeat(MB / 12),
  'marker words and dashes': 'begin' + '-'.repeat(MB),
  'homoglyph markers': '<<<ЕND АGЕNT ТЕXТ>>>'.repeat(MB / 20)
}

t.test('RE2 pattern sets take ReDoS patterns and 1 MB inputs', async t => {
  const set = compilePatterns(REDOS)
  for (const [name, input] of Object.entries(HOSTILE)) {
    t.ok(Array.isArray(set.match(input)), name)
  }
  t.strictSame(set.match('a'.repeat(MB)), [0, 2, 3, 5], 'and still match what they should')
})

t.test('a set matches when any one pattern does: each pattern keeps its own flags, anchors and alternation', async t => {
  const set = compilePatterns(['(?i)\\bship it\\b', 'x|^start', 'end$', 'コミット'])
  const cases: Array<[string, boolean]> = [
    ['we SHIP IT today', true], ['SHIP', false], ['no x here', true], ['start here', true], ['not start', false],
    ['the end', true], ['END', false], ['the end.', false], ['コミットします', true], ['', false], ['friendship items', false]
  ]
  for (const [text, want] of cases) {
    t.equal(set.test(text), want, text)
    t.equal(set.match(text).length > 0, want, `match agrees: ${text}`)
  }
  t.strictSame(set.match('x and the end'), [1, 2], 'match names every pattern that matched')
})

t.test('anchored command patterns as one alternation: each still anchored, with its own flags and alternatives', async t => {
  const sources = ['^(?:npm\\s+test|pnpm\\s+t)(\\s|$)', '^(?:(?i)make\\s+check)', '^(?:go\\s+test)', '^(?:cargo\\s+test)']
  const one = compilePatterns(sources, true)
  const cases: Array<[string, boolean]> = [
    ['npm test', true], ['pnpm t -r', true], ['MAKE CHECK', true], ['go test ./...', true], ['cargo test', true],
    ['echo npm test', false], ['npm tests', false], ['grep -rn "go test" .', false], ['', false], ['xcargo test', false]
  ]
  for (const [text, want] of cases) {
    t.equal(one.test(text), want, text)
    t.equal(one.test(text), sources.some(s => compilePatterns([s]).test(text)), `as the patterns one by one: ${text}`)
  }
})

t.test('the wrapper\'s own regexes and the echo check stay linear on 1 MB inputs', async t => {
  for (const [name, input] of Object.entries(HOSTILE)) {
    t.type(defuse(input), 'string', `defuse: ${name}`)
    t.type(echoes([input.slice(0, 4000)], input), 'boolean', `echoes: ${name}`)
  }
})

t.test('through the route: user ReDoS patterns as trigger and skip, 1 MB hostile messages judged whole', async t => {
  const api = await startFakeJudgeApi({ text: commitVerdict({ new_proposal: true }) })
  t.teardown(() => api.close())
  const config = testConfig({
    server: { bodyLimit: 4 * MB },
    judge: { maxTextBytes: MB, deadlineMs: 60_000 },
    hooks: {
      commit: { trigger: [...REDOS, '(?s).'], skip: ['(a|aa)+b$', '(x+x+)+z'] },
      'scope-check': { trigger: REDOS, skip: REDOS }
    }
  }, api.url)
  const { app } = await build(t, config)
  for (const [name, input] of Object.entries(HOSTILE)) {
    for (const hook of ['commit', 'scope-check']) {
      const res = await app.inject({ method: 'POST', url: `/judge/${hook}`, payload: claudeStop(input, { session_id: `${hook}-${name}` }) })
      t.equal(res.statusCode, 200, `${hook}: ${name} (${res.headers['x-hookjudge-source']})`)
    }
  }
  t.ok(api.requests.length > 0, 'Layer 2 was reached with megabyte texts')
})

t.test('patterns RE2 cannot take are refused at load, naming hook and pattern', async t => {
  const bad: Array<[string, RegExp]> = [
    ['(?<=commit)ted', /\(\?<=commit\)ted/],
    ['(?<!not )commit', /\(\?<!not \)commit/],
    ['(commit)\\1', /\(commit\)\\\\1/],
    ['commit(?= now)', /commit\(\?= now\)/],
    ['commit(?! later)', /commit\(\?! later\)/],
    ['(?>atomic)+', /\(\?>atomic\)\+/],
    ['a++', /a\+\+/],
    ['(?<name>x)\\k<name>', /\\\\k<name>/]
  ]
  for (const [pattern, shown] of bad) {
    t.test(pattern, async t => {
      const err = (() => { try { testConfig({ hooks: { 'scope-change': { skip: ['fine', pattern] } } }); return null } catch (e) { return e } })()
      t.type(err, ConfigError)
      t.match((err as Error).message, /hooks\.scope-change\.skip\[1\]: expected a valid RE2 pattern in hook "scope-change", got /)
      t.match((err as Error).message, shown)
    })
  }
})
