// safePath: a path for a log line keeps its shape and session ids, loses any token it carries, and has a length.
import t from 'tap'
import { safePath } from '../../server/redact/redact-path.js'
import { createRedactor } from '../../server/redact/redact.js'
import { ALNUM, j, rnd } from './redact-fakes.js'

t.test('ordinary transcript paths are kept as they are', async t => {
  for (const p of ['/home/ada/.claude/projects/-home-ada-app/0b5f6a3e-1c2d-4e5f-8a9b-0c1d2e3f4a5b.jsonl', '/tmp/t.jsonl', 'relative/x.jsonl', '']) t.equal(safePath(p), p)
})

t.test('a token anywhere in the path is masked', async t => {
  const pat = j('gh', 'p_', rnd(36, ALNUM))
  t.equal(safePath(`/tmp/${pat}/t.jsonl`), '/tmp/[REDACTED:github-pat]/t.jsonl', 'a known token format as a directory')
  t.equal(safePath(`/srv/logs/token=${rnd(12, ALNUM)}9x/t.jsonl`), '/srv/logs/token=[REDACTED:token]/t.jsonl', 'a keyed value')
  const random = rnd(48, ALNUM)
  t.equal(safePath(`/data/${random}/t.jsonl`), '/data/[REDACTED:path-part]/t.jsonl', 'a long random component of no known format')
  t.notOk(safePath(`/tmp/${pat}.jsonl`).includes(pat), 'glued to the file name')
})

t.test('the runtime redactor\'s own rules apply; the length is capped', async t => {
  const custom = createRedactor({ gitleaksToml: '[[rules]]\nid = "acme"\nregex = \'\'\'acme_[a-z]{8}\'\'\'\n' })
  t.equal(safePath('/x/acme_abcdefgh/t.jsonl', custom), '/x/[REDACTED:acme]/t.jsonl')
  const long = safePath(`/${'a/'.repeat(5000)}t.jsonl`)
  t.ok(long.length <= 301 && long.endsWith('…'), `capped (${long.length})`)
})
