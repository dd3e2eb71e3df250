/** User rules from a gitleaks-format TOML: translation, allowlists, ranking against built-ins, and ConfigError listings. */
import t, { type Test } from 'tap'
import { ConfigError } from '../../server/core/errors.js'
import { createRedactor } from '../../server/redact/redact.js'

const TOML = String.raw`
title = "acme secrets"

[allowlist]
description = "global"
stopwords = ["notasecret"]

[[rules]]
id = "acme-api-token"
description = "ACME internal API token"
regex = '''\b(acme_(?:live|test)_[a-z0-9]{24})\b'''
keywords = ["ACME_LIVE_", "acme_test_"]
entropy = 2.5
[[rules.allowlists]]
description = "the vendor's published sample"
stopwords = ["deadbeef"]

[[rules]]
id = "acme-db-password"
regex = '''(?i)acme[_-]?db[_-]?pass(?:word)?\s*[:=]\s*"?([^\s"]{6,})'''
secretGroup = 1
keywords = ["acme"]
[[rules.allowlists]]
regexTarget = "match"
regexes = ['''(?i)example''']

[[rules]]
id = "any-ghp"
regex = '''gh[p]_[A-Za-z0-9]+'''
keywords = ["ghp_"]

[[rules]]
id = "pkcs12-file"
path = '''(?i)\.p12$'''
`

const j = (...parts: string[]): string => parts.join('')
const redact = createRedactor({ gitleaksToml: TOML, source: '/etc/hookjudge/acme.toml' })

// [name, text, expected output, expected counts]
const cases: Array<[string, string, string, Record<string, number>]> = [
  ['user token rule masks its secret', 'ACME_TOKEN=acme_live_q8w7e6r5t4y3u2i1o9p8a7s6',
    'ACME_TOKEN=[REDACTED:acme-api-token]', { 'acme-api-token': 1 }],
  ['upper-case keyword in the TOML still prefilters', 'use acme_live_z9x8c7v6b5n4m3l2k1j0h9g8 here',
    'use [REDACTED:acme-api-token] here', { 'acme-api-token': 1 }],
  ['rule stopword allows the sample', 'sample: acme_test_deadbeef0123456789abcdef',
    'sample: acme_test_deadbeef0123456789abcdef', {}],
  ['global stopword allows', 'acme_live_notasecret12345678901234',
    'acme_live_notasecret12345678901234', {}],
  ['secretGroup masks only the value and outranks the built-in password rule', 'ACME_DB_PASSWORD="s3cr3t-Pw-42"',
    'ACME_DB_PASSWORD="[REDACTED:acme-db-password]"', { 'acme-db-password': 1 }],
  ['regexTarget match allowlist', 'acme_db_password: <example>',
    'acme_db_password: <example>', {}],
  ['built-in rule outranks a user rule on the same span', j('GITHUB_TOKEN=gh', 'p_', 'aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3z5A'),
    'GITHUB_TOKEN=[REDACTED:github-pat]', { 'github-pat': 1 }],
  ['built-in rules still run', 'パスワード: hunter2xyz',
    'パスワード: [REDACTED:password]', { password: 1 }]
]

for (const [name, text, want, counts] of cases) {
  t.test(name, async t => {
    const out = redact(text)
    t.equal(out.text, want)
    t.same(out.counts, counts)
  })
}

t.test('a TOML without rules leaves the built-ins alone', async t => {
  const r = createRedactor({ gitleaksToml: 'title = "nothing"\n' })
  t.equal(r('token: abc123def456ghi').text, 'token: [REDACTED:token]')
})

t.test('global [[allowlists]] honour targetRules', async t => {
  const r = createRedactor({
    gitleaksToml: String.raw`
[[allowlists]]
targetRules = ["b"]
stopwords = ["zz"]
[[rules]]
id = "a"
regex = '''zz\d{4}'''
[[rules]]
id = "b"
regex = '''yy\d{4}'''
`
  })
  t.equal(r('zz1234').text, '[REDACTED:a]')
  t.equal(r('yy1234 zz').text, '[REDACTED:b] zz')
})

function configError (t: Test, toml: string, source?: string): ConfigError | undefined {
  try {
    createRedactor({ gitleaksToml: toml, ...(source ? { source } : {}) })
  } catch (err) {
    t.ok(err instanceof ConfigError, 'a ConfigError')
    return err as ConfigError
  }
  t.fail('createRedactor did not throw')
  return undefined
}

t.test('invalid TOML is a ConfigError naming the setting and the file', async t => {
  const err = configError(t, '[[rules]\nid = "x"', '/etc/hookjudge/acme.toml')
  t.equal(err?.problems[0]?.path, 'redaction.gitleaksConfig')
  t.equal(err?.problems[0]?.expected, 'valid TOML')
  t.match(err?.message, /^\/etc\/hookjudge\/acme\.toml is invalid/)
})

t.test('every bad rule is listed at once', async t => {
  const err = configError(t, String.raw`
[[rules]]
id = "fine"
regex = '''ok_[a-z]{8}'''
[[rules]]
id = "lookahead"
regex = '''secret(?=\d)'''
[[rules]]
id = "bad-allowlist"
regex = '''x_[a-z]{8}'''
[[rules.allowlists]]
regexes = ['''(unclosed''']
[[rules]]
id = "backref"
regex = '''(a)\1'''
[[rules]]
regex = '''no_id_[a-z]+'''
[[rules]]
id = "group"
regex = '''(a)(b)'''
secretGroup = 3
`)
  const paths = err?.problems.map(p => p.path) ?? []
  t.same(paths, [
    'redaction.gitleaksConfig rules[1] (id "lookahead")',
    'redaction.gitleaksConfig rules[2] (id "bad-allowlist") allowlists[0].regexes[0]',
    'redaction.gitleaksConfig rules[3] (id "backref")',
    'redaction.gitleaksConfig rules[4] id',
    'redaction.gitleaksConfig rules[5] (id "group") secretGroup'
  ])
  t.match(err?.message, /5 problems/)
  t.match(err?.message, /rules\[1\] \(id "lookahead"\): expected a regex RE2 accepts, got .*\(\?=/)
})

t.test('rules must be a list of tables', async t => {
  const err = configError(t, 'rules = "nope"\n')
  t.equal(err?.problems[0]?.path, 'redaction.gitleaksConfig rules')
})
