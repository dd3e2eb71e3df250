// contrib/compose: every file it mounts exists (or is one the operator creates), the example config is valid, the image
// non-root; and what compose.yaml declares runs, as processes on free loopback ports (no Docker engine here): Redis with
// compose's own command line, two `hookjudge serve` replicas on the example config, Caddy on the project's Caddyfile.
// Through Caddy, as a team would reach it: /healthz, alice's judgements spread over both replicas and shared in Redis,
// 401 without a token; and Prometheus's scrape targets answer /metrics with its token.
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createConnection, createServer } from 'node:net'
import { join, posix } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { createClient } from 'redis'
import t from 'tap'
import { request } from 'undici'
import { parse, parseDocument } from 'yaml'
import { loadConfig } from '../../server/config/config.js'
import { PACKAGE_ROOT } from '../../server/core/paths.js'
import { commitVerdict, startFakeJudgeApi } from '../fixtures/fake-judge-api.js'
import { claudeStop, readDecisions, tempDir, TSX_CHILD_ENV } from '../helper.js'

const DIR = join(PACKAGE_ROOT, 'contrib', 'compose')
// Created by the operator from the comments at the top of compose.yaml (secrets and the config copied from the example).
const OPERATOR_FILES = new Set(['./hookjudge.yaml', './tokens', './metrics-token'])

t.test('compose: two replicas, Redis, Caddy, Prometheus, Grafana; every mounted file is shipped', async t => {
  const compose = parse(readFileSync(join(DIR, 'compose.yaml'), 'utf8'), { merge: true })
  t.same(Object.keys(compose.services).sort(), ['caddy', 'grafana', 'hookjudge-a', 'hookjudge-b', 'prometheus', 'redis'])
  for (const [name, svc] of Object.entries<any>(compose.services)) {
    for (const v of svc.volumes ?? []) {
      const source = String(v).split(':')[0]!
      if (!source.startsWith('.')) continue
      if (OPERATOR_FILES.has(source)) continue
      t.ok(existsSync(join(DIR, source)), `${name}: ${source} exists`)
    }
  }
  for (const r of ['hookjudge-a', 'hookjudge-b']) {
    t.equal(compose.services[r].read_only, true, `${r} read-only`)
    t.match(compose.services[r].volumes, ['./hookjudge.yaml:/etc/hookjudge/config.yaml:ro', './tokens:/etc/hookjudge/tokens:ro', /:\/var\/lib\/hookjudge$/])
  }
  t.notMatch(JSON.stringify(compose.services.prometheus.ports), /"9090:9090"/, 'Prometheus and Grafana only on the host\'s loopback')
  t.match(compose.services.grafana.ports, ['127.0.0.1:3000:3000'])
})

t.test('the example config is valid and shares state in Redis with a password from the environment', async t => {
  const config = loadConfig({ env: {}, file: join(DIR, 'hookjudge.example.yaml') })
  t.match(config.state, { redis: { url: 'redis://redis:6379/0', passwordEnv: 'HOOKJUDGE_REDIS_PASSWORD', timeoutMs: 50 } })
  t.equal(config.server.tokensFile, '/etc/hookjudge/tokens')
  const compose = readFileSync(join(DIR, 'compose.yaml'), 'utf8')
  t.match(compose, /HOOKJUDGE_REDIS_PASSWORD: \$\{REDIS_PASSWORD:\?/)
})

t.test('the image stays non-root', async t => {
  const docker = readFileSync(join(PACKAGE_ROOT, 'Dockerfile'), 'utf8')
  const users = [...docker.matchAll(/^USER (\S+)/gm)].map(m => m[1])
  t.same(users, ['node'])
  t.ok(docker.lastIndexOf('USER node') < docker.lastIndexOf('CMD '), 'USER comes before CMD')
})

// --- compose.yaml run as processes -------------------------------------------------------------------------------

/** Compose's interpolation of one value: `$$` is a `$`, `${NAME}` and `${NAME:?message}` come from env (a missing one throws). */
function interpolate (value: string, env: Record<string, string>): string {
  return value.replace(/\$\$|\$\{([A-Za-z_]\w*)(:\?[^}]*)?\}|\$\{[^}]*\}/g, (m, name?: string, required?: string) => {
    if (m === '$$') return '$'
    if (name === undefined) throw new Error(`compose.yaml: ${m} is an interpolation this test does not implement`)
    const v = env[name]
    if (v === undefined || (required && v === '')) throw new Error(`compose.yaml needs ${name}${required ? ` (${required.slice(2)})` : ''}`)
    return v
  })
}

/** A service's environment as compose hands it over: its map, each value interpolated from the operator's env. */
function serviceEnv (svc: any, env: Record<string, string>): Record<string, string> {
  if (svc.environment !== undefined && (typeof svc.environment !== 'object' || Array.isArray(svc.environment))) throw new Error('environment: a map expected')
  return Object.fromEntries(Object.entries<unknown>(svc.environment ?? {}).map(([k, v]) => [k, interpolate(String(v), env)]))
}

/** `./src:/target[:ro]` of a service's volumes whose target is `target`: the source, relative to compose.yaml. */
function mountSource (svc: any, target: string): string | undefined {
  return (svc.volumes as string[] | undefined)?.map(v => v.split(':')).find(([, to]) => to === target)?.[0]
}

async function freePort (): Promise<number> {
  const s = createServer().listen(0, '127.0.0.1')
  await once(s, 'listening')
  const { port } = s.address() as { port: number }
  s.close()
  await once(s, 'close')
  return port
}

interface Proc { name: string, child: ChildProcess, output: () => string, exit: Promise<number | null> }

/** A service as a child process, stdout and stderr kept; SIGKILLed at teardown if it is still running. */
function startProc (tt: Parameters<typeof tempDir>[0], name: string, cmd: string, args: string[], opts: { env: NodeJS.ProcessEnv, cwd?: string }): Proc {
  const child = spawn(cmd, args, { env: opts.env, ...(opts.cwd ? { cwd: opts.cwd } : {}), stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  child.stdout!.on('data', (c: Buffer) => { out += c })
  child.stderr!.on('data', (c: Buffer) => { out += c })
  child.on('error', err => { out += `\nspawn ${cmd}: ${err.message}` })
  const exit = new Promise<number | null>(resolve => child.on('close', code => resolve(code)))
  tt.teardown(async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) child.kill('SIGKILL')
    await exit
  })
  return { name, child, output: () => out, exit }
}

const BOUND_MS = 30_000

/**
 * Asks probe every 50 ms until it returns something other than undefined, for at most BOUND_MS; fails at once,
 * with its last output, if one of procs has exited (a service that refused its flags or config says why).
 */
async function until<T> (what: string, probe: () => Promise<T | undefined> | T | undefined, procs: Proc[] = []): Promise<T> {
  const end = Date.now() + BOUND_MS
  let last: unknown
  for (;;) {
    const dead = procs.find(p => p.child.exitCode !== null || p.child.signalCode !== null || p.child.pid === undefined)
    if (dead) throw new Error(`${what}: ${dead.name} exited (${dead.child.exitCode ?? dead.child.signalCode}):\n${dead.output().slice(-3000)}`)
    try {
      const v = await probe()
      if (v !== undefined) return v
    } catch (err) { last = err }
    if (Date.now() > end) throw new Error(`${what}: not within ${BOUND_MS} ms${last ? ` (last: ${String(last)})` : ''}`)
    await delay(50)
  }
}

/** The JSON lines a daemon has logged so far. */
const logsOf = (p: Proc): any[] => p.output().split('\n').filter(l => l.startsWith('{')).map(l => JSON.parse(l))

async function get (url: string, headers: Record<string, string> = {}) {
  const res = await request(url, { headers })
  const text = await res.body.text()
  return { status: res.statusCode, headers: res.headers, text }
}

async function judge (url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await request(`${url}/judge`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } })
  const text = await res.body.text()
  return { status: res.statusCode, decision: res.headers['x-hookjudge-decision'], source: res.headers['x-hookjudge-source'], wwwAuthenticate: res.headers['www-authenticate'], text }
}

/** One RESP command on a fresh connection, unauthenticated: Redis's first reply line. */
async function rawRedis (port: number, command: string): Promise<string> {
  const socket = createConnection({ host: '127.0.0.1', port })
  socket.setEncoding('utf8')
  await once(socket, 'connect')
  socket.write(`${command}\r\n`)
  let reply = ''
  for await (const chunk of socket) {
    reply += chunk
    if (reply.includes('\r\n')) break
  }
  socket.destroy()
  return reply.split('\r\n')[0]!
}

/**
 * The fake model's answer to one call: POST /judge asks every hook of the event that Layer 1 passed in one call, its
 * system prompt ending with the answer's shape, one member per hook. Commit's answer is a proposal without evidence
 * (a block); every other hook's fields are false.
 */
function modelAnswer (system: string): string {
  const shape = /\{"[^"]+": \{.*\}\}\s*$/.exec(system)?.[0]
  if (!shape) return commitVerdict({ new_proposal: true }, 'no verification reported')
  const answer = JSON.parse(shape.replaceAll('true|false', 'false')) as Record<string, Record<string, unknown>>
  for (const fields of Object.values(answer)) fields.reason = 'fake reason'
  if (answer.commit) answer.commit.new_proposal = true
  return JSON.stringify(answer)
}

t.test('compose.yaml run as processes: Redis, two replicas, Caddy in front; shared cache, tokens, Prometheus targets', async t => {
  const compose = parse(readFileSync(join(DIR, 'compose.yaml'), 'utf8'), { merge: true })
  const services = compose.services as Record<string, any>
  const dir = tempDir(t, 'hookjudge-compose-')
  const caddyPort = await freePort()

  // What the operator exports (the comments at the top of compose.yaml): the model key is the fake's, the Redis password
  // generated as they do; the domain is the one thing that must differ: a loopback http address instead of the team's
  // name with TLS. Caddy gets it as compose gives it, through the caddy service's environment.
  const operatorEnv: Record<string, string> = {
    ANTHROPIC_API_KEY: 'sk-ant-test',
    REDIS_PASSWORD: randomBytes(24).toString('hex'),
    GRAFANA_PASSWORD: 'unused-here',
    HOOKJUDGE_DOMAIN: `http://127.0.0.1:${caddyPort}`
  }
  // The operator's files, made as the comments at the top of compose.yaml make them (mode 600; owned by this user).
  const alice = randomBytes(32).toString('hex')
  const metricsToken = randomBytes(32).toString('hex')
  writeFileSync(join(dir, 'tokens'), `alice ${alice}\nprometheus ${metricsToken}\n`, { mode: 0o600 })
  writeFileSync(join(dir, 'metrics-token'), `${metricsToken}\n`, { mode: 0o600 })

  // --- redis: compose's command, run by sh as the container runs it, on a loopback port ---
  const redisSvc = services.redis
  t.match(redisSvc.image, /^redis:7/, 'compose runs Redis 7')
  const [shell, shellFlag, script] = (redisSvc.command as string[]).map(a => interpolate(a, operatorEnv))
  t.same([shell, shellFlag], ['sh', '-c'])
  t.match(script, /^exec redis-server /, 'the command execs redis-server: flags appended to it are redis-server\'s')
  const redisPort = await freePort()
  // The only flags added: the port (6379 in its own network namespace; a free one here) and a loopback bind. The
  // working directory is a temporary one, where Redis would write if it persisted anything.
  mkdirSync(join(dir, 'redis'))
  const redis = startProc(t, 'redis-server', shell!, [shellFlag!, `${script} --port ${redisPort} --bind 127.0.0.1`],
    { env: { PATH: process.env.PATH, ...serviceEnv(redisSvc, operatorEnv) }, cwd: join(dir, 'redis') })
  await until('redis-server ready', () => /Ready to accept connections/.test(redis.output()) || undefined, [redis])
  t.match(await rawRedis(redisPort, 'PING'), /^-NOAUTH/, 'requirepass: Redis refuses a client without the password')
  const admin = createClient({ url: `redis://127.0.0.1:${redisPort}/0`, password: operatorEnv.REDIS_PASSWORD })
  admin.on('error', () => {}) // Redis is killed at teardown, maybe before this client is closed
  await admin.connect()
  t.teardown(() => admin.destroy())
  t.same(await admin.configGet('save'), { save: '' }, 'no RDB snapshots')
  t.same(await admin.configGet('appendonly'), { appendonly: 'yes' }, 'an append-only file keeps the decision stream')
  t.equal(mountSource(redisSvc, '/data'), 'redis-data', 'in a volume at the image\'s working folder')
  t.same(await admin.configGet('maxmemory-policy'), { 'maxmemory-policy': 'volatile-lru' }, 'evicts only keys with a TTL')
  t.same(await admin.configGet('maxmemory'), { maxmemory: String(256 * 1024 * 1024) })

  // --- the replicas: the daemon as a process, as the image runs it, on the example config ---
  const api = await startFakeJudgeApi(body => ({ text: modelAnswer(String(body?.system ?? '')) }))
  t.teardown(() => api.close())
  const replicas = Object.keys(services).filter(name => services[name].image === 'hookjudge:team')
  t.same(replicas, ['hookjudge-a', 'hookjudge-b'], 'two replicas of the image')
  const example = loadConfig({ env: {}, file: join(DIR, 'hookjudge.example.yaml') })
  const doc = parseDocument(readFileSync(join(DIR, 'hookjudge.example.yaml'), 'utf8'))
  // What the example names in the compose network is what compose provides there.
  const exampleRedis = new URL(example.state.redis!.url)
  t.equal(exampleRedis.hostname, 'redis', 'the example reaches the compose service named redis')
  t.equal(exampleRedis.port, '6379', 'on the port redis-server listens on when its command sets none')
  t.equal(mountSource(services[replicas[0]!], example.server.tokensFile!), './tokens', 'the tokens file is where compose mounts ./tokens')
  t.equal(services[replicas[0]!].environment[example.state.redis!.passwordEnv!], '${REDIS_PASSWORD:?set REDIS_PASSWORD}', 'the password env var is the one compose sets') // eslint-disable-line no-template-curly-in-string -- compose's syntax
  // The example with only what must differ outside the compose network; every other setting is the example's:
  // - server.tokensFile: /etc/hookjudge/tokens is a mount in the container; here the same file in the test's folder.
  doc.setIn(['server', 'tokensFile'], join(dir, 'tokens'))
  // - state.redis.url: the host `redis` and port 6379 exist only in the compose network; here the loopback Redis above.
  doc.setIn(['state', 'redis', 'url'], `redis://127.0.0.1:${redisPort}/0`)
  // - state.redis.timeoutMs: 1000 rather than 50. Two replicas, Redis, Caddy and the test (and, under `npm test`, other
  //   test files) share this machine's few cores; a Redis call that misses 50 ms is answered from local state, which
  //   would make the shared-cache assertion below depend on the load (test/helpers/team-replicas.ts does the same).
  doc.setIn(['state', 'redis', 'timeoutMs'], 1000)
  // - backends.anthropic.baseUrl (added): the fake model API on loopback instead of api.anthropic.com.
  doc.setIn(['backends', 'anthropic', 'baseUrl'], api.url)
  const configFile = join(dir, 'hookjudge.yaml')
  writeFileSync(configFile, doc.toString())
  const configured = loadConfig({ env: {}, file: configFile })
  // A hook's fingerprint (its cache keys) covers its backends' settings, so the base URL changes it too: not compared.
  const unprinted = (c: typeof example) => ({ ...c, files: [], hooks: Object.fromEntries(Object.entries(c.hooks).map(([k, h]) => [k, { ...h, fingerprint: '' }])) })
  t.same(unprinted(configured), unprinted({
    ...example,
    server: { ...example.server, tokensFile: join(dir, 'tokens') },
    state: { ...example.state, redis: { ...example.state.redis!, url: `redis://127.0.0.1:${redisPort}/0`, timeoutMs: 1000 } },
    backends: { ...example.backends, anthropic: { ...example.backends.anthropic!, baseUrl: api.url } }
  }), 'every other setting is the example\'s')

  const daemons: Proc[] = []
  const urls: Record<string, string> = {}
  const stateDirs: Record<string, string> = {}
  for (const name of replicas) {
    stateDirs[name] = join(dir, `decisions-${name}`)
    mkdirSync(stateDirs[name])
    // The image's ENV (Dockerfile), with the replica's own paths; then the service's environment from compose.yaml.
    // HOOKJUDGE_HOST: loopback, not the image's 0.0.0.0 (the container's own interfaces are not this machine's).
    // XDG_STATE_HOME: where the volume decisions-a / decisions-b is mounted (/var/lib/hookjudge), here a folder each.
    // The port: the container's is 5834; here a free one, given as `serve --port 0` and read from the listening line.
    const env = {
      ...TSX_CHILD_ENV,
      PATH: process.env.PATH,
      HOME: dir,
      NODE_ENV: 'production',
      HOOKJUDGE_HOST: '127.0.0.1',
      HOOKJUDGE_CONFIG: configFile,
      XDG_STATE_HOME: stateDirs[name],
      ...serviceEnv(services[name], operatorEnv)
    }
    const d = startProc(t, name, process.execPath, ['--import', 'tsx', join(PACKAGE_ROOT, 'server', 'cli.ts'), 'serve', '--port', '0'], { env })
    daemons.push(d)
    urls[name] = await until(`${name} listening`, () => logsOf(d).find(l => l.msg === 'hookjudge listening')?.address as string | undefined, [d])
  }
  const auth = { authorization: `Bearer ${alice}` }
  for (const d of daemons) {
    // Ready: config loaded, the judge reachable, and its shared state connected to Redis with the password.
    await until(`${d.name} /readyz ready`, async () => (JSON.parse((await get(`${urls[d.name]}/readyz`, auth)).text).status === 'ready') || undefined, daemons)
    t.ok(logsOf(d).some(l => l.msg === 'shared state connected'), `${d.name}: shared state connected`)
  }

  // --- caddy: the project's Caddyfile; the replicas' compose addresses mapped to their loopback ones ---
  const caddySvc = services.caddy
  const original = readFileSync(join(DIR, mountSource(caddySvc, '/etc/caddy/Caddyfile') ?? 'Caddyfile'), 'utf8')
  const upstreams = /^\s*reverse_proxy ([^{\n]+?)\s*\{?$/m.exec(original)?.[1]?.split(/\s+/)
  t.same(upstreams, replicas.map(name => `${name}:${configured.server.port}`), 'Caddy spreads requests over both replicas, on the daemon\'s port')
  t.match(original, /^\{\$HOOKJUDGE_DOMAIN\} \{$/m, 'the site address is the domain compose gives Caddy (replaced here through the same variable)')
  let caddyfile = original
  for (const name of replicas) caddyfile = caddyfile.replaceAll(`${name}:${configured.server.port}`, urls[name]!.replace(/^http:\/\//, ''))
  // Global options, prepended: Caddy's admin API listens on localhost:2019 unless told otherwise (its own in the
  // container; on a shared machine another Caddy or a parallel run may hold it), so this one has none; and the site
  // listens on loopback only (an http:// address alone would listen on every interface).
  t.notMatch(original, /^\{\s*$/m, 'the Caddyfile has no global options block of its own to merge with')
  caddyfile = `{\n\tadmin off\n\tdefault_bind 127.0.0.1\n}\n\n${caddyfile}`
  const caddyDir = join(dir, 'caddy')
  mkdirSync(caddyDir)
  writeFileSync(join(caddyDir, 'Caddyfile'), caddyfile)
  const caddy = startProc(t, 'caddy', 'caddy', ['run', '--config', join(caddyDir, 'Caddyfile'), '--adapter', 'caddyfile'], {
    env: { PATH: process.env.PATH, HOME: caddyDir, XDG_DATA_HOME: join(caddyDir, 'data'), XDG_CONFIG_HOME: join(caddyDir, 'config'), ...serviceEnv(caddySvc, operatorEnv) },
    cwd: caddyDir
  })
  const front = operatorEnv.HOOKJUDGE_DOMAIN!
  const health = await until('caddy answering /healthz', async () => { const r = await get(`${front}/healthz`); return r.status === 200 ? r : undefined }, [caddy, ...daemons])
  t.same(JSON.parse(health.text), { status: 'ok' }, '/healthz through Caddy, no token needed')

  // --- through Caddy: a judgement on one replica is a cache hit on the other ---
  const text = 'Part 1 done. I\'ll commit and push to main now.'
  const first = await judge(front, claudeStop(text, { session_id: 'alice-agent-1' }), auth)
  t.match(first, { status: 200, decision: 'block', source: 'judge' }, 'judged by the model')
  const second = await judge(front, claudeStop(text, { session_id: 'alice-agent-2' }), auth)
  t.match(second, { status: 200, decision: 'block', source: 'cache' }, 'the same text again: from the cache')
  t.equal(api.requests.length, 1, 'one model call for both')
  // Which replica answered which (its verdict line is written just after the answer): one each, the second from the
  // cache of a replica that never judged the text itself, so from Redis.
  const commitOf = (d: Proc) => logsOf(d).filter(l => l.msg === 'verdict').flatMap(l => l.judged).filter(j => j.hook === 'commit')
  const seen = await until('both verdict lines', () => {
    const each = daemons.map(commitOf)
    return each.flat().length >= 2 ? each : undefined
  }, daemons)
  t.same(seen.map(s => s.length), [1, 1], 'round robin: one request on each replica')
  t.same(seen.flat().map(j => j.source).sort(), ['cache', 'judge'], 'judged on one replica, a cache hit on the other')
  const keys = await admin.keys('hookjudge:v1:verdict:*')
  t.ok(keys.length >= 1, 'the verdict is stored in Redis')
  for (const k of keys) t.ok(await admin.ttl(k) > 0, `${k} has a TTL (volatile-lru can evict it)`)
  // Each replica wrote its decision to its own folder (its volume), under alice's name.
  for (const name of replicas) {
    const records = await until(`${name}'s decision record`, () => {
      const r = readDecisions(join(stateDirs[name]!, 'hookjudge')).filter(d => d.hook === 'commit')
      return r.length > 0 ? r : undefined
    }, daemons)
    t.match(records, [{ user: 'alice', decision: 'block' }], `${name}: the decision is recorded as alice's`)
  }

  // --- the review page through Caddy: a browser signs in once, and each replica shows both replicas' decisions ---
  const browser = { origin: front, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' }
  const signedIn = await fetch(`${front}/ui/sign-in`, { method: 'POST', headers: { ...browser, 'content-type': 'application/json' }, body: JSON.stringify({ token: auth.authorization!.slice('Bearer '.length) }) })
  t.equal(signedIn.status, 200, 'signed in through the proxy')
  const cookie = String(signedIn.headers.get('set-cookie')).split(';')[0]!
  for (const round of [1, 2]) {
    // Two requests in a row: round robin sends one to each replica.
    const page = await until(`the team's decisions, page ${round}`, async () => {
      const r = await get(`${front}/ui/api/decisions?hook=commit`, { ...browser, cookie })
      const items = r.status === 200 ? JSON.parse(r.text).items : []
      return items.length === 2 ? items : undefined
    }, daemons)
    t.same(page.map((i: any) => i.record.user), ['alice', 'alice'], `page ${round}: both replicas' decisions, by the cookie's person`)
  }

  // --- docker compose restart redis: the team's decisions are still there for the review page ---
  redis.child.kill('SIGTERM')
  t.equal(await redis.exit, 0, 'Redis stops cleanly')
  const again = startProc(t, 'redis-server (restarted)', shell!, [shellFlag!, `${script} --port ${redisPort} --bind 127.0.0.1`],
    { env: { PATH: process.env.PATH, ...serviceEnv(redisSvc, operatorEnv) }, cwd: join(dir, 'redis') })
  await until('redis-server ready again', () => /Ready to accept connections/.test(again.output()) || undefined, [again])
  const kept = await until('the team\'s decisions after the restart', async () => {
    const r = await get(`${front}/ui/api/decisions?hook=commit`, { ...browser, cookie })
    const items = r.status === 200 ? JSON.parse(r.text).items : []
    return items.length === 2 ? items : undefined
  }, [...daemons, again])
  t.same(kept.map((i: any) => i.record.user), ['alice', 'alice'], 'both decisions survive a Redis restart')

  // --- no token, or a wrong one: 401 from whichever replica Caddy picks ---
  const refused: Array<Record<string, string>> = [{}, { authorization: `Bearer ${randomBytes(32).toString('hex')}` }]
  for (const headers of refused) {
    t.match(await judge(front, claudeStop(text), headers), { status: 401, wwwAuthenticate: 'Bearer' }, 'refused without a valid token')
  }
  t.equal(api.requests.length, 1, 'a refused request reaches no model')

  // --- Prometheus: each target of the scrape config answers its metrics path with the credentials file's token ---
  const prometheus = parse(readFileSync(join(DIR, 'prometheus.yml'), 'utf8'))
  const job = prometheus.scrape_configs.find((j: any) => j.job_name === 'hookjudge')
  t.equal(job.authorization.type, 'Bearer')
  const credentials = mountSource(services.prometheus, job.authorization.credentials_file)
  t.equal(credentials, './metrics-token', 'the credentials file is where compose mounts ./metrics-token')
  for (const rule of prometheus.rule_files) {
    t.ok(mountSource(services.prometheus, posix.join('/etc/prometheus', rule)), `rule file ${rule} is mounted beside prometheus.yml`)
  }
  const targets: string[] = job.static_configs.flatMap((s: any) => s.targets)
  t.same(targets, replicas.map(name => `${name}:${configured.server.port}`), 'both replicas, on the daemon\'s port')
  const token = readFileSync(join(dir, credentials!), 'utf8').trim()
  for (const target of targets) {
    const url = `${urls[target.split(':')[0]!]}${job.metrics_path}`
    t.equal((await get(url)).status, 401, `${target}${job.metrics_path} needs the token`)
    const scraped = await get(url, { authorization: `${job.authorization.type} ${token}` })
    t.equal(scraped.status, 200, `${target}${job.metrics_path} with the prometheus token`)
    const requests = [...scraped.text.matchAll(/^hookjudge_requests_total\{[^}]*hook="commit"[^}]*\} (\d+)/gm)].reduce((n, m) => n + Number(m[1]), 0)
    t.equal(requests, 1, `${target} counted the request it answered`)
  }

  // docker compose stop: SIGTERM, each replica drains and exits 0.
  for (const d of daemons) d.child.kill('SIGTERM')
  t.same(await Promise.all(daemons.map(d => d.exit)), [0, 0], 'both replicas stop cleanly')
})
