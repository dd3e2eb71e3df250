/** The review page's app for tests: a decision-log folder, the page's CSRF token, and label / id helpers; captured CLI io. */
import { Readable, Writable } from 'node:stream'
import type { Test } from 'tap'
import { build, tempDir, testConfig } from '../helper.js'

export async function pageApp (t: Test, url?: string) {
  const dir = tempDir(t)
  const built = await build(t, testConfig({ decisionLog: { enabled: true, dir } }, url))
  const csrf = /name="hookjudge-csrf" content="([0-9a-f]+)"/.exec((await built.app.inject({ url: '/ui' })).body)![1]!
  /** Decision ids by text (or ts, for a record without text), from the timeline. */
  const ids = async (): Promise<Record<string, string>> =>
    Object.fromEntries((await built.app.inject({ url: '/ui/api/decisions?limit=200' })).json().items.map((i: any) => [i.record.text ?? i.record.ts, i.id]))
  const label = (id: string, label: string, headers: Record<string, string> = { 'x-hookjudge-csrf': csrf }) =>
    built.app.inject({ method: 'POST', url: '/ui/api/labels', headers, body: JSON.stringify({ id, label }) })
  return { ...built, dir, csrf, ids, label }
}

export function capture (env: Record<string, string>) {
  let out = ''
  let err = ''
  const stdout = new Writable({ write (c, _e, cb) { out += c; cb() } })
  const stderr = new Writable({ write (c, _e, cb) { err += c; cb() } })
  return { io: { env, stdin: Readable.from([]), stdout, stderr }, out: () => out, err: () => err }
}
