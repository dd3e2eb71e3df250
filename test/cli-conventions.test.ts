// The CLI by convention: --version, --help per verb (exit 0, with examples), usage errors on stderr with the line that
// fixes them (exit 2), and a closed pipe that ends the command quietly.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import t from 'tap'
import { runCli } from '../server/commands/dispatch.js'
import { VERBS } from '../server/commands/index.js'
import { PACKAGE_ROOT } from '../server/core/paths.js'
import { VERSION } from '../server/core/version.js'
import { TSX_CHILD_ENV } from './helper.js'
import { capture } from './helpers/ops.js'

const cli = async (...argv: string[]) => {
  const c = capture({ HOME: '/nonexistent', XDG_CONFIG_HOME: '/nonexistent' })
  const code = await runCli(argv, c.io)
  return { code, out: c.out(), err: c.err() }
}

t.test('--version and -V print the package version', async t => {
  t.strictSame(await cli('--version'), { code: 0, out: `${VERSION}\n`, err: '' })
  t.equal((await cli('-V')).out, `${VERSION}\n`)
})

t.test('--help lists every verb; no verb at all is a usage error with the same list on stderr', async t => {
  const help = await cli('--help')
  t.equal(help.code, 0)
  for (const v of VERBS) t.match(help.out, new RegExp(`^  ${v.spec.name}\\b`, 'm'), `lists ${v.spec.name}`)
  const none = await cli()
  t.equal(none.code, 2)
  t.equal(none.out, '')
  t.match(none.err, /^Usage: hookjudge <command>/)
})

t.test('every verb answers --help and -h with its usage, options and examples, exit 0', async t => {
  for (const v of VERBS) {
    for (const flag of ['--help', '-h']) {
      const r = await cli(v.spec.name, flag)
      t.equal(r.code, 0, `${v.spec.name} ${flag}`)
      t.match(r.out, new RegExp(`^Usage: hookjudge ${v.spec.name} `), `${v.spec.name} ${flag}: usage line`)
      t.match(r.out, /\nExamples:\n {2}.*hookjudge /, `${v.spec.name}: examples`)
      t.match(r.out, /--config <FILE>/, `${v.spec.name}: takes --config`)
    }
  }
  t.match((await cli('help', 'judge')).out, /^Usage: hookjudge judge HOOK/, 'help VERB works too')
  t.notMatch((await cli('service', '--help')).out, /--platform/, 'a hidden switch stays out of the help')
})

t.test('every verb that prints data documents --json (serve prints JSON log lines, judge its record as JSON)', async t => {
  for (const v of VERBS.filter(v => v.spec.name !== 'serve' && v.spec.name !== 'judge')) {
    t.match((await cli(v.spec.name, '--help')).out, /\n +--json +\S/, `${v.spec.name} --help lists --json`)
  }
})

t.test('usage mistakes: exit 2, the problem and its fix on stderr, nothing on stdout', async t => {
  const typo = await cli('judeg', 'commit')
  t.strictSame([typo.code, typo.out], [2, ''])
  t.match(typo.err, /unknown command "judeg"; did you mean "judge"\?\n {2}run: hookjudge --help\n/)
  const flag = await cli('status', '--confg', 'x.yaml')
  t.equal(flag.code, 2)
  t.match(flag.err, /^hookjudge status: unknown option '--confg' \(Did you mean --config\?\)\n {2}run: hookjudge status --help\n$/)
  const extra = await cli('status', 'now')
  t.match(extra, { code: 2, err: /too many arguments/ })
  const missing = await cli('judge')
  t.match(missing, { code: 2, err: /judge needs a HOOK name\n {2}run: hookjudge judge --help/ })
})

t.test('a broken config file is exit 1 with every problem named', async t => {
  const r = await cli('judge', 'commit', '--config', '/nonexistent/config.yaml')
  t.equal(r.code, 1)
  t.match(r.err, /config\.yaml is invalid \(1 problem\):\n {2}- \/nonexistent\/config\.yaml: expected a readable file, got ENOENT/)
})

t.test('a reader that closes the pipe early ends the command quietly (no EPIPE stack trace)', async t => {
  // The misses of the whole corpus are more than a pipe buffer: the writer outlives the reader.
  const child = spawn(process.execPath, ['--import', 'tsx', join(PACKAGE_ROOT, 'server', 'cli.ts'), 'eval', join(PACKAGE_ROOT, 'test', 'fixtures', 'corpus.jsonl'), '--layer1-only', '--misses', '--config', '/dev/null'], {
    env: { ...TSX_CHILD_ENV, PATH: process.env.PATH, HOME: '/nonexistent' },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let stderr = ''
  child.stderr.on('data', (c: Buffer) => { stderr += c })
  const first = await new Promise<string>(resolve => child.stdout.once('data', (c: Buffer) => resolve(String(c))))
  child.stdout.destroy()
  const code = await new Promise<number | null>(resolve => child.on('close', resolve))
  t.match(first, /^eval /)
  t.equal(code, 0)
  t.notMatch(stderr, /EPIPE|at .*\.js:\d+/, 'no stack trace')
})
