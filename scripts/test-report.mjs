// tap's reporter for `npm test`: one line per test file as it finishes, the failures in full, and tap's own summary.
import { Transform } from 'node:stream'

const FILE_START = /^# Subtest: (\S+\.test\.ts)$/
const FILE_END = /^(not )?ok \d+ - (\S+\.test\.ts)(?: # time=([\d.]+)ms)?/
const SUMMARY = /^# \{ total: \d+/

/** The failed assertions of one file's TAP, each with its diagnostics (the YAML block under it). */
export function failures (lines) {
  const out = []
  let until = null
  for (const line of lines) {
    if (until !== null) {
      out.push(line)
      if (line === until) until = null
      continue
    }
    const m = /^(\s*)not ok /.exec(line)
    if (m) {
      out.push(line)
      until = `${m[1]}  ...`
    }
  }
  return out
}

/** tap pipes the TAP of the whole run in and what this pushes out to the terminal. */
export default class FileReporter extends Transform {
  constructor () {
    super()
    this.out = { write: (s) => this.push(s) }
    this.rest = ''
    this.block = null
    this.files = 0
    this.failed = []
  }

  line (text) {
    const start = FILE_START.exec(text)
    if (start && this.block === null) { this.block = []; return }
    const end = FILE_END.exec(text)
    if (end) {
      this.files++
      const seconds = end[3] ? `${(Number(end[3]) / 1000).toFixed(1)}s` : ''
      this.out.write(`${end[1] ? 'FAIL' : 'ok  '} ${seconds.padStart(7)}  ${end[2]}\n`)
      if (end[1]) {
        this.failed.push(end[2])
        for (const l of failures(this.block ?? [])) this.out.write(`      ${l}\n`)
      }
      this.block = null
      return
    }
    if (this.block !== null) { this.block.push(text); return }
    if (SUMMARY.test(text)) {
      this.out.write(`\n${this.files} files, ${this.failed.length} failed${this.failed.length ? `: ${this.failed.join(', ')}` : ''}\n${text}\n`)
    }
  }

  _transform (chunk, _enc, cb) {
    const lines = (this.rest + chunk).split('\n')
    this.rest = lines.pop() ?? ''
    for (const l of lines) this.line(l)
    cb()
  }

  _flush (cb) {
    if (this.rest) this.line(this.rest)
    cb()
  }
}
