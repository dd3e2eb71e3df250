/** Test helpers for the operations verbs: an io that captures output, and a daemon on a free port with a CLI config for it. */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Readable, Writable } from 'node:stream'
import type { Test } from 'tap'
import type { Clock } from '../../server/core/clock.js'
import { loadConfig } from '../../server/config/config.js'
import { commitVerdict, startFakeJudgeApi } from '../fixtures/fake-judge-api.js'
import { build, tempDir, TEST_ENV } from '../helper.js'

export function capture (env: Record<string, string | undefined>, opts: { tty?: boolean, clock?: Clock } = {}) {
  let out = ''
  let err = ''
  const listeners: (() => void)[] = []
  const stdout = Object.assign(new Writable({ write (c, _e, cb) { out += c; listeners.forEach(l => l()); cb() } }), { isTTY: opts.tty === true })
  const stderr = new Writable({ write (c, _e, cb) { err += c; cb() } })
  return {
    // The verb's directory is given, as a shell would run it there (the env's PWD is only the same path, by convention here).
    io: { env, stdin: Readable.from([]), stdout, stderr, ...(env.PWD ? { cwd: env.PWD } : {}), ...(opts.clock ? { clock: opts.clock } : {}) },
    out: () => out,
    err: () => err,
    /** Resolves once stdout matches. */
    until: (re: RegExp) => new Promise<void>(resolve => {
      const check = () => { if (re.test(out)) resolve() }
      listeners.push(check)
      check()
    })
  }
}

/** A listening daemon (its config re-read from daemon.yaml on reload) and a CLI config file that points at it. */
export async function startDaemon (t: Test, appEnv: Record<string, string> = TEST_ENV) {
  const api = await startFakeJudgeApi({ text: commitVerdict({ new_proposal: true }, 'no test run reported') })
  t.teardown(() => api.close())
  const dir = tempDir(t)
  const logDir = join(dir, 'state')
  const daemonFile = join(dir, 'daemon.yaml')
  const daemonYaml = `backends:\n  anthropic: { baseUrl: "${api.url}" }\n  openai: { baseUrl: "${api.url}/v1" }\ndecisionLog: { dir: "${logDir}" }\njudge: { deadlineMs: 2000 }\n`
  writeFileSync(daemonFile, daemonYaml)
  const load = () => loadConfig({ env: {}, file: daemonFile })
  const built = await build(t, load(), { load, env: appEnv })
  await built.app.listen({ port: 0, host: '127.0.0.1' })
  const port = (built.app.server.address() as { port: number }).port
  const cliFile = join(dir, 'cli.yaml')
  writeFileSync(cliFile, `server: { port: ${port} }\ndecisionLog: { dir: "${logDir}" }\n`)
  const home = join(dir, 'home')
  mkdirSync(home)
  const env = { HOME: home, PWD: home, CLAUDE_CONFIG_DIR: join(home, '.claude'), CODEX_HOME: join(home, '.codex') }
  return { ...built, api, dir, logDir, daemonFile, daemonYaml, cliFile, port, env, url: `http://127.0.0.1:${port}` }
}
