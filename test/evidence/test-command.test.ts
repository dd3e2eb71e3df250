// The command a blocked agent is told to run: the turn's last verification, else the project's own test command.
import { execFileSync } from 'node:child_process'
import { rm, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import t from 'tap'
import { factsOf } from '../../server/evidence/facts.js'
import type { Step } from '../../server/evidence/steps.js'
import { commandToRun, owingTests, projectTestCommand, TEST_COMMAND_TTL_MS } from '../../server/evidence/test-command.js'
import { tempDir } from '../helper.js'
import { testClock } from '../helpers/request-clock.js'

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

t.test('manifests that are devices, FIFOs or huge are refused, not read: no hang, no memory blow-up', async t => {
  const dir = tempDir(t)
  await symlink('/dev/zero', join(dir, 'package.json'))
  await writeFile(join(dir, 'Cargo.toml'), '')
  const before = process.memoryUsage().rss
  t.equal(await projectTestCommand(dir), 'cargo test', 'package.json -> /dev/zero is skipped')
  t.ok(process.memoryUsage().rss - before < 64 * 1024 * 1024, 'and reading it took no memory to speak of')

  const fifo = tempDir(t)
  execFileSync('mkfifo', [join(fifo, 'package.json'), join(fifo, 'Makefile')])
  await writeFile(join(fifo, 'go.mod'), 'module x')
  t.equal(await projectTestCommand(fifo), 'go test ./...', 'a FIFO package.json is skipped without waiting for a writer')
  await rm(join(fifo, 'go.mod'))
  t.equal(await projectTestCommand(fifo), undefined, 'a FIFO Makefile too')

  const huge = tempDir(t)
  await writeFile(join(huge, 'package.json'), `{"scripts":{"test":"tap"},"pad":"${'x'.repeat(300 * 1024)}"}`)
  t.equal(await projectTestCommand(huge), undefined, 'a package.json past 256 KiB is not read')
})

t.test('a project\'s test command is looked up once a while, not on every Stop', async t => {
  const clock = testClock(0)
  const owes = owingTests(clock)
  const dir = tempDir(t)
  await writeFile(join(dir, 'package.json'), '{"scripts":{"test":"tap"}}')
  t.equal(await owes(dir, []), true)
  await rm(join(dir, 'package.json'))
  t.equal(await owes(dir, []), true, 'the answer is kept: no file read again')
  clock.advance(TEST_COMMAND_TTL_MS)
  t.equal(await owes(dir, []), false, `looked up again after ${TEST_COMMAND_TTL_MS} ms`)
  const ran: Step[] = [{ kind: 'command', tool: 'Bash', command: 'npm test', status: 'passed', verification: true, exitCode: 0 }]
  t.equal(await owes(dir, ran), undefined, 'a turn that ran a check owes nothing, whatever the project')
})

t.test('a lookup the deadline cut short is not kept', async t => {
  const clock = testClock(0)
  const owes = owingTests(clock)
  const dir = tempDir(t)
  await writeFile(join(dir, 'Cargo.toml'), '')
  t.equal(await owes(dir, [], clock.now()), false, 'no time left: nothing could be read')
  t.equal(await owes(dir, []), true, 'the next Stop looks again')
})
