// Config: evidence settings and a hook's deterministic fields are validated with every problem named; computed fields leave the prompt.
import t from 'tap'
import { ConfigError } from '../../server/core/errors.js'
import { testConfig } from '../helper.js'

const problems = (overrides: Record<string, unknown>): string => {
  try {
    testConfig(overrides)
    return ''
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err
    return err.message
  }
}

t.test('the shipped hooks: unverified-claim asks only retraction_or_quote; commit checks claimed verification', async t => {
  const c = testConfig()
  const claim = c.hooks['unverified-claim']!
  t.strictSame(claim.fields, ['retraction_or_quote'], 'the judge is asked only what cannot be computed')
  t.strictSame(claim.deterministic, ['claim', 'claims_supported'])
  t.strictSame(claim.blockWhen, { all: ['claim'], none: ['claims_supported', 'retraction_or_quote'] })
  t.strictSame(c.hooks.commit!.evidence, { contradictedClaims: true })
  t.strictSame(c.hooks['scope-check']!.deterministic, [])
  t.equal(c.evidence.enabled, true)
  t.ok(c.evidence.verificationCommands.length >= 8 && c.evidence.failureOutput.length >= 3)
})

t.test('unverified-claim\'s triggers reach every claim form the detector knows, Japanese and Chinese included', async t => {
  const trigger = testConfig().hooks['unverified-claim']!.trigger
  for (const text of ['bazel test //... 全部通過しました。', 'yarn test 跑完，测试全绿。', 'ktlint 现在没有报错了。', 'The NPE is gone.', "The upgrade didn't break any tests."]) {
    t.ok(trigger.test(text), text)
  }
})

t.test('every problem is named at once', async t => {
  const msg = problems({
    evidence: { enabled: 'yes', verificationCommands: ['npm test', '(?<=x)y'], failureOutput: 'FAIL', extra: 1 },
    hooks: {
      'unverified-claim': { deterministic: ['claim', 'tests_green', 'verification_ran'] },
      'scope-check': { evidence: { contradictedClaims: true, strict: true } },
      'dangerous-bash': { deterministic: ['claim'], fields: ['dangerous', 'claim'] },
      commit: { deterministic: 'claim' }
    }
  })
  t.match(msg, /evidence\.enabled: expected true or false, got "yes"/)
  t.match(msg, /evidence\.verificationCommands\[1\]: expected a valid RE2 pattern/)
  t.match(msg, /evidence\.failureOutput: expected a list of RE2 patterns, got "FAIL"/)
  t.match(msg, /evidence\.extra: unknown key; known here: enabled, verificationCommands, failureOutput, checks/)
  t.match(msg, /hooks\.unverified-claim\.deterministic\[1\]: expected a fact hookjudge computes \(claim, claims_supported, verification_ran, verification_passed, verification_failed, edited_after_verification, verification_exempt\), got "tests_green"/)
  t.match(msg, /hooks\.unverified-claim\.deterministic\[2\]: expected a field also listed in hooks\.unverified-claim\.fields \(claim, claims_supported, retraction_or_quote\), got "verification_ran"/)
  t.match(msg, /hooks\.scope-check\.evidence\.contradictedClaims: expected false, or a hook whose judge answers verification_reported/)
  t.match(msg, /hooks\.scope-check\.evidence\.strict: unknown key; known here: contradictedClaims/)
  t.match(msg, /hooks\.dangerous-bash\.deterministic\[0\]: expected nothing: deterministic fields come from the transcript, read only for Stop and SubagentStop/)
  t.match(msg, /hooks\.commit\.deterministic: expected a list of field names, got "claim"/)
})

t.test('a user-defined mix: computed fields change the prompt version, not the formula\'s names', async t => {
  const base = testConfig().hooks.commit!
  const mixed = testConfig({ hooks: { commit: { fields: ['new_proposal', 'verification_passed'], deterministic: ['verification_passed'], blockWhen: { all: ['new_proposal'], none: ['verification_passed'] }, evidence: { contradictedClaims: false } } } }).hooks.commit!
  t.strictSame(mixed.fields, ['new_proposal'])
  t.strictSame(mixed.blockWhen.none, ['verification_passed'])
  t.not(mixed.promptVersion, base.promptVersion)
  t.not(mixed.fingerprint, base.fingerprint)
})
