/** hookjudge reload: asks the running daemon to re-read its config (POST /reload on loopback; SIGHUP does the same). */
import { type Command, parse } from './args.js'
import { RELOAD } from './verb-specs.js'
import { addressConfig, callDaemon, daemonAddress, movedAdvice, movedDaemon } from './daemon.js'
import { painter, writeJson } from './output.js'

export const reloadCommand: Command = async (args, io) => {
  const { values } = parse(args, RELOAD)
  // A file this shell cannot load is the daemon's to refuse (and to log and count): find the daemon anyway.
  const addr = daemonAddress(addressConfig(io, values.config).config)
  const paint = painter(io)
  const answer = await callDaemon(addr, 'POST', '/reload', 10_000)
  if (!answer.ok) {
    if (values.json) writeJson(io, 'reload', false, { running: false, address: addr.label, error: answer.error })
    else {
      const moved = await movedDaemon(io.env, addr)
      io.stderr.write(`hookjudge reload: no daemon at ${addr.label} (${answer.error})${moved ? `; one runs at ${moved.addr.label} (pid ${moved.pid}): ${movedAdvice(moved)}` : ''}\n`)
    }
    return 1
  }
  const body = answer.body as { ok?: boolean, changes?: string[], problems?: string[], error?: string }
  const ok = answer.status === 200 && body.ok === true
  if (values.json) {
    writeJson(io, 'reload', ok, { address: addr.label, changes: body.changes ?? [], problems: body.problems ?? (body.error ? [body.error] : []) })
  } else if (ok) {
    // The daemon follows its files: a change saved a moment ago was most likely applied before this reload came.
    io.stdout.write(`${paint('ok', 'reloaded')}: ${body.changes?.length ? body.changes.join('; ') : 'nothing new since the last reload (the daemon follows its config and tokens files: a saved change is applied within a second; hookjudge status shows the last reload)'}\n`)
  } else {
    const problems = body.problems ?? [body.error ?? `HTTP ${answer.status}`]
    io.stderr.write(`${paint('fail', 'reload refused')}; the daemon keeps its running config:\n${problems.map(p => `  - ${p}\n`).join('')}`)
  }
  return ok ? 0 : 1
}
