// The command a blocked agent is told to run: the turn's last verification, else the project's own test command.
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import t from 'tap'
import { factsOf } from '../../server/evidence/facts.js'
import type { Step } from '../../server/evidence/steps.js'
import { commandToRun, projectTestCommand } from '../../server/evidence/test-command.js'
import { tempDir } from '../helper.js'

t.test('from the project\'s manifest files', async t => {
  const cases: Array<[string, Record<string, string>, string | undefined]> = [
    ['npm', { 'package.json': '{"scripts":{"test":"tap"}}' }, 'npm test'],
    ['pnpm', { 'package.json': '{"scripts":{"test":"vitest"}}', 'pnpm-lock.yaml': '' }, 'pnpm test'],
    ['yarn', { 'package.json': '{"scripts":{"test":"jest"}}', 'yarn.lock': '' }, 'yarn test'],
    ['npm init placeholder is no test', { 'package.json': '{"scripts":{"test":"echo \\"Error: no test specified\\" && exit 1"}}' }, undefined],
    ['cargo', { 'Cargo.toml': '' }, 'cargo test'],
    ['go', { 'go.mod': 'module x' }, 'go test ./...'],
    ['python', { 'pyproject.toml': '' }, 'pytest'],
    ['gradle wrapper', { gradlew: '' }, './gradlew test'],
    ['maven', { 'pom.xml': '' }, 'mvn test'],
    ['make with a test target', { Makefile: 'all:\n\tcc x.c\ntest: all\n\t./x\n' }, 'make test'],
    ['make without one', { Makefile: 'all:\n\tcc x.c\n' }, undefined],
    ['nothing known', {}, undefined]
  ]
  for (const [name, files, want] of cases) {
    const dir = tempDir(t)
    for (const [f, body] of Object.entries(files)) await writeFile(join(dir, f), body)
    t.equal(await projectTestCommand(dir), want, name)
  }
  t.equal(await projectTestCommand('relative/dir'), undefined, 'only an absolute cwd is looked at')
})

t.test('the turn\'s last verification command wins over the manifest', async t => {
  const dir = tempDir(t)
  await writeFile(join(dir, 'Cargo.toml'), '')
  const steps: Step[] = [{ kind: 'command', tool: 'Bash', command: 'cargo  test\n  --workspace', status: 'failed', exitCode: 101, verification: true }]
  t.equal(await commandToRun({ facts: factsOf(steps), steps, partial: false }, dir), '`cargo test --workspace`')
  t.equal(await commandToRun(undefined, dir), '`cargo test`')
  t.equal(await commandToRun(undefined, undefined), 'the project\'s tests')
})
