/** Listening on a Unix socket: inside a private (0700) directory, a stale socket removed, a live one refused, the socket 0600. */
import { chmod, lstat, mkdir, unlink } from 'node:fs/promises'
import { connect } from 'node:net'
import { dirname, resolve } from 'node:path'
import type { FastifyInstance } from 'fastify'

/** Whether something accepts connections on the socket at path (a live daemon) rather than a file left by a dead one. */
export function socketIsLive (path: string, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const c = connect({ path })
    const finish = (live: boolean) => { c.destroy(); resolve(live) }
    c.setTimeout(timeoutMs, () => finish(true))
    c.once('connect', () => finish(true))
    c.once('error', () => finish(false))
  })
}

/** Makes path ready to listen on, or says why it cannot be (a message for the person starting the daemon). */
export async function prepareSocket (path: string): Promise<string | null> {
  const dir = dirname(resolve(path))
  await mkdir(dir, { recursive: true, mode: 0o700 })
  const d = await lstat(dir)
  // The directory is the real guard: between listen() and chmod() the socket has umask permissions.
  if (!d.isDirectory()) return `socket directory ${dir} is not a directory`
  if (process.getuid && d.uid !== process.getuid()) return `socket directory ${dir} belongs to uid ${d.uid}, not to this user`
  if ((d.mode & 0o077) !== 0) return `socket directory ${dir} is open to others (mode ${(d.mode & 0o777).toString(8)}); use a private one (chmod 700 ${dir}), e.g. $XDG_RUNTIME_DIR/hookjudge/`
  const existing = await lstat(path).catch(() => null)
  if (!existing) return null
  if (!existing.isSocket()) return `${path} exists and is not a socket; remove it or choose another server.socket`
  if (await socketIsLive(path)) return `another process is already listening on ${path} (is hookjudge running? try hookjudge status)`
  await unlink(path)
  return null
}

/** Listens on the socket (prepared as above) and makes it owner-only; throws with a clear message when it cannot. */
export async function listenSocket (app: FastifyInstance, path: string): Promise<string> {
  const problem = await prepareSocket(path)
  if (problem) throw new Error(problem)
  const where = await app.listen({ path })
  await chmod(path, 0o600)
  return where
}
