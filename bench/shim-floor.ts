/** Issue-2 bench: the shim round trip for a Layer-1 miss beside a plain curl to a static route, and /judge/commit
 * throughput beside a bare Fastify route. Run: npx tsx bench/shim-floor.ts */
import { join } from 'node:path'
import { cliPath, freePort, machine, ROOT, run, startProcess, stats } from './lib.js'
import { load } from './load.js'

const ROUNDS = Number(process.env.ROUNDS ?? 300)
const LOAD = Number(process.env.LOAD ?? 20000)
const input = JSON.stringify({ session_id: 's', hook_event_name: 'Stop', prompt_id: 'p', stop_hook_active: false, last_assistant_message: 'I renamed the helper, updated its three callers and the README. All done here.' })

const daemonPort = await freePort()
const barePort = await freePort()
const daemon = await startProcess([cliPath, 'serve', '--port', String(daemonPort)], { HOOKJUDGE_LOG_LEVEL: 'warn', XDG_STATE_HOME: '/tmp/hookjudge-bench-state' }, daemonPort)
const bare = await startProcess([join('bench', 'bare-fastify.ts')], { PORT: String(barePort) }, barePort)
try {
  const shim: number[] = []
  const curl: number[] = []
  for (let i = 0; i < ROUNDS; i++) {
    shim.push(await run('dash', [join(ROOT, 'shim', 'hookjudge-hook'), 'commit'], input, { HOOKJUDGE_URL: `http://127.0.0.1:${daemonPort}` }))
    curl.push(await run('curl', ['-s', '-X', 'POST', '--data-binary', '@-', `http://127.0.0.1:${barePort}/static`], input))
  }
  const s = stats(shim)
  const c = stats(curl)
  const judgeLoad = await load(`http://127.0.0.1:${daemonPort}`, '/judge/commit', input, 16, LOAD)
  const bareLoad = await load(`http://127.0.0.1:${barePort}`, '/static', input, 16, LOAD)
  const fmt = (n: number) => n.toFixed(2)
  process.stdout.write([
    `machine: ${machine()}`,
    `shim round trip, Layer-1 miss (${s.n} runs): median ${fmt(s.median)} ms, p99 ${fmt(s.p99)} ms`,
    `plain curl to a static loopback route:      median ${fmt(c.median)} ms, p99 ${fmt(c.p99)} ms   (shim/curl ${(s.median / c.median).toFixed(2)}×)`,
    `POST /judge/commit, 16 clients, ${LOAD} requests: ${judgeLoad.rps.toFixed(0)} req/s, p99 ${fmt(stats(judgeLoad.lat).p99)} ms`,
    `bare Fastify POST route, same load:             ${bareLoad.rps.toFixed(0)} req/s, p99 ${fmt(stats(bareLoad.lat).p99)} ms   (judge/bare ${(judgeLoad.rps / bareLoad.rps).toFixed(2)}×)`,
    ''
  ].join('\n'))
} finally {
  daemon.kill()
  bare.kill()
}
