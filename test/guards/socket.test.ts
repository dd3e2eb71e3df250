// Unix socket listening: 0600 socket in a 0700 directory, a stale socket cleaned up, a live one or a loose directory refused.
import { spawn } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { createServer } from 'node:net'
import { join } from 'node:path'
import t from 'tap'
import { listenSocket, prepareSocket } from '../../server/guards/socket.js'
import { build, tempDir } from '../helper.js'

const healthz = (socketPath: string) => new Promise<number>((resolve, reject) => {
  request({ socketPath, path: '/healthz', headers: { host: 'localhost' } }, res => { res.resume(); resolve(res.statusCode ?? 0) }).on('error', reject).end()
})

/** A socket file whose owner died without removing it (SIGKILL: no cleanup runs). */
async function staleSocket (path: string) {
  const child = spawn(process.execPath, ['-e', `require('net').createServer().listen(${JSON.stringify(path)}, () => console.log('up'))`])
  await new Promise(resolve => child.stdout.once('data', resolve))
  child.kill('SIGKILL')
  await new Promise(resolve => child.once('exit', resolve))
}

t.test('listens on a 0600 socket inside a private directory it creates', async t => {
  const { app } = await build(t)
  const dir = join(tempDir(t), 'run', 'hookjudge')
  const path = join(dir, 'hj.sock')
  await listenSocket(app, path)
  t.equal(statSync(dir).mode & 0o777, 0o700)
  t.equal(statSync(path).mode & 0o777, 0o600)
  t.equal(await healthz(path), 200, 'answers over the socket (curl and undici send Host: localhost)')
})

t.test('a stale socket left by a dead daemon is removed; a live one makes startup fail', async t => {
  const dir = tempDir(t)
  const path = join(dir, 'hj.sock')
  await staleSocket(path)
  t.ok(statSync(path).isSocket(), 'the dead process left its socket behind')
  const { app } = await build(t)
  await listenSocket(app, path)
  t.equal(await healthz(path), 200)
  const second = await build(t)
  await t.rejects(listenSocket(second.app, path), /another process is already listening on .*hj\.sock \(is hookjudge running\?/)
  t.equal(await healthz(path), 200, 'the running daemon is untouched')
})

t.test('refuses a path that is not a socket and a directory others can enter', async t => {
  const dir = tempDir(t)
  const file = join(dir, 'not-a-socket')
  writeFileSync(file, 'data')
  t.match(await prepareSocket(file), /exists and is not a socket/)
  t.ok(existsSync(file), 'never deleted')
  const open = join(dir, 'open')
  mkdirSync(open)
  chmodSync(open, 0o755)
  t.match(await prepareSocket(join(open, 'hj.sock')), /socket directory .*open is open to others \(mode 755\); use a private one \(chmod 700/)
  t.match(await prepareSocket('/tmp/hookjudge-test.sock'), /open to others/, '/tmp is shared')
})

t.test('another process listening is detected even when it is not hookjudge', async t => {
  const path = join(tempDir(t), 'other.sock')
  const other = createServer(c => c.end()).listen(path)
  await new Promise(resolve => other.once('listening', resolve))
  t.teardown(() => other.close())
  t.match(await prepareSocket(path), /already listening/)
})
