#!/usr/bin/env node
/** The hookjudge command: runs one verb (server/commands/) on the process's streams; exit 0 ok, 1 error, 2 usage, 3 not running, 4 not ready (status --ready). */
import { runCli } from './commands/dispatch.js'

// `hookjudge doctor | head -1`: once the reader has gone, stop quietly instead of dying on an EPIPE stack trace.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err
    process.exit(process.exitCode ?? 0)
  })
}

runCli(process.argv.slice(2), { env: process.env, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr })
  .then((code) => { process.exitCode = code })
