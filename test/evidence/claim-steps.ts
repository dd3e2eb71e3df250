/** Steps and outcomes for the claim tables: a command run through the shipped classifier, an edit, each claim's type:outcome. */
import { checkClaims } from '../../server/evidence/claim-check.js'
import { findClaims } from '../../server/evidence/claims.js'
import { commandStep, type Step } from '../../server/evidence/steps.js'
import { createClassifier } from '../../server/evidence/verification.js'
import { testConfig } from '../helper.js'

export const classifier = createClassifier(testConfig().evidence)
export const run = (command: string, exitCode: number | undefined, output = ''): Step => commandStep('Bash', command, classifier, { exitCode, output })
export const edit = (path = 'src/a.ts', ok = true): Step => ({ kind: 'edit', tool: 'Edit', paths: [path], status: ok ? 'passed' : 'error' })
export const outcomes = (text: string, steps: Step[], noTests = false) => checkClaims(findClaims(text), steps, noTests).map(c => `${c.type}:${c.outcome}`)
