// Maven's and Gradle's closing line quoted as the outcome is a build claim: backed by the build that printed it after the
// last edit, unsupported when no build ran or the run printed a failure.
import t from 'tap'
import { checkClaims } from '../../server/evidence/claim-check.js'
import { findClaims } from '../../server/evidence/claims.js'
import { commandStep, type Step } from '../../server/evidence/steps.js'
import { createClassifier } from '../../server/evidence/verification.js'
import { testConfig } from '../helper.js'

const classifier = createClassifier(testConfig().evidence)
const run = (command: string, exitCode: number, output = ''): Step => commandStep('Bash', command, classifier, { exitCode, output })
const edit: Step = { kind: 'edit', tool: 'Edit', paths: ['src/main/java/a/A.java'], status: 'passed' }
const outcomes = (text: string, steps: Step[]) => checkClaims(findClaims(text), steps, false).map(c => `${c.type}:${c.outcome}`)

t.test('BUILD SUCCESS / BUILD SUCCESSFUL as the claimed outcome', async t => {
  t.strictSame(findClaims('Boot 3.3.0 bump done.\n- BUILD SUCCESS').map(c => c.type), ['build'])
  t.strictSame(findClaims('./gradlew assembleRelease: BUILD SUCCESSFUL in 41s').map(c => c.type), ['build'])
  t.strictSame(findClaims('Next I will run mvn verify until it says BUILD SUCCESS.').map(c => c.type), [], 'a plan')
  t.strictSame(outcomes('- BUILD SUCCESS', [edit, run('mvn -q package', 0, '[INFO] BUILD SUCCESS')]), ['build:supported'])
  t.strictSame(outcomes('- BUILD SUCCESS', [edit]), ['build:unsupported'], 'no build ran')
  t.strictSame(outcomes('- BUILD SUCCESS', [edit, run('mvn package', 1, '[INFO] BUILD FAILURE')]), ['build:unsupported'], 'the build failed')
})
