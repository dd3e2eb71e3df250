// contrib/compose: every file it mounts exists (or is one the operator creates), the example config is valid, the image non-root.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { parse } from 'yaml'
import { loadConfig } from '../../server/config/config.js'
import { PACKAGE_ROOT } from '../../server/core/paths.js'

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
  t.same(config.state, { redis: { url: 'redis://redis:6379/0', passwordEnv: 'HOOKJUDGE_REDIS_PASSWORD', timeoutMs: 50 } })
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
