/** Layer-1 miss latency: the shim end to end beside a bare curl (the floor) and a seed-style bash + jq + grep hook;
 * and Claude Code's native http transport, i.e. a keep-alive POST measured at the daemon, beside a bare Fastify route. */
import { join } from 'node:path'
import { Pool } from 'undici'
import { ms, ROOT, run, type Section, stats, stopInput, times } from './lib.js'
import { ordinaryReply } from './real-replies.js'

export const MISS_TEXT = 'I renamed the helper, updated its three callers and the README. All done here.'

export async function shimLatency (daemonUrl: string, bareUrl: string, rounds: number): Promise<Section> {
  const input = stopInput(MISS_TEXT)
  const shim: number[] = []
  const curl: number[] = []
  const seed: number[] = []
  // Interleaved, so a burst of load from elsewhere hits all three alike.
  for (let i = 0; i < rounds; i++) {
    shim.push(await run('dash', [join(ROOT, 'shim', 'hookjudge-hook'), 'commit'], input, { HOOKJUDGE_URL: daemonUrl }))
    curl.push(await run('curl', ['-s', '-X', 'POST', '--data-binary', '@-', `${bareUrl}/static`], input))
    seed.push(await run('bash', [join(ROOT, 'bench', 'seed-style-hook.sh')], input))
  }
  const [s, c, b] = [stats(shim), stats(curl), stats(seed)]
  return {
    title: 'Layer-1 miss, end to end through a command hook',
    note: `One Stop hook call whose text no trigger matches, timed from spawn to exit, ${rounds} calls each, interleaved. ` +
      'The floor is a bare `curl` POST to a static route of a bare Fastify server; the regex style is a bash + jq + grep ' +
      'hook as such hooks are commonly written (bench/seed-style-hook.sh), Layer 1 only.',
    head: ['path', 'median ms', 'p99 ms', 'vs floor'],
    rows: [
      ['hookjudge shim (dash + curl → daemon, Layer 1)', ms(s.median), ms(s.p99), times(s.median / c.median)],
      ['floor: bare curl → static loopback route', ms(c.median), ms(c.p99), times(1)],
      ['regex style: bash + jq + grep per call', ms(b.median), ms(b.p99), times(b.median / c.median)]
    ]
  }
}

async function timedPosts (pool: Pool, path: string, body: string, n: number): Promise<number[]> {
  const out: number[] = []
  for (let i = 0; i < n; i++) {
    const t0 = performance.now()
    const res = await pool.request({ path, method: 'POST', headers: { 'content-type': 'application/json' }, body })
    await res.body.dump()
    out.push(performance.now() - t0)
  }
  return out
}

/** turnBody: the same message as a Stop whose turn the daemon reads from its transcript (bench/turn-file.ts). */
export async function httpLatency (daemonUrl: string, bareUrl: string, n: number, turnBody: string): Promise<{ section: Section, missMs: number }> {
  const body = stopInput(MISS_TEXT)
  const reply = ordinaryReply()
  const replyBody = stopInput(reply)
  const daemon = new Pool(daemonUrl, { connections: 1 })
  const bare = new Pool(bareUrl, { connections: 1 })
  try {
    await timedPosts(daemon, '/judge/commit', body, 200)
    await timedPosts(daemon, '/judge', body, 200)
    await timedPosts(daemon, '/judge', replyBody, 200)
    await timedPosts(daemon, '/judge', turnBody, 200)
    await timedPosts(bare, '/static', body, 200)
    const d: number[] = []
    const all: number[] = []
    const real: number[] = []
    const read: number[] = []
    const b: number[] = []
    for (let i = 0; i < n; i += 50) {
      d.push(...await timedPosts(daemon, '/judge/commit', body, 50))
      all.push(...await timedPosts(daemon, '/judge', body, 50))
      real.push(...await timedPosts(daemon, '/judge', replyBody, 50))
      read.push(...await timedPosts(daemon, '/judge', turnBody, 50))
      b.push(...await timedPosts(bare, '/static', body, 50))
    }
    const [sd, sa, sr, st, sb] = [stats(d), stats(all), stats(real), stats(read), stats(b)]
    return {
      missMs: sa.median,
      section: {
        title: 'Layer-1 miss through Claude Code\'s native `http` transport (no process)',
        note: `The same hook input POSTed over one keep-alive connection, ${sd.n} requests each in alternating blocks of 50: ` +
          'the daemon\'s own latency, which is all an `http` hook adds. The floor is the same client against a bare Fastify route. ' +
          `The ordinary real reply (${Buffer.byteLength(reply)} bytes) is the corpus's validation reply nearest the median length of those every Stop hook lets through. ` +
          'With its transcript read: the bench\'s message as a Stop whose turn (one command run) the daemon reads from a Claude Code transcript under its roots, as it does for a live turn (bench/turn-file.ts).',
        head: ['target', 'median ms', 'p99 ms', 'vs floor'],
        rows: [
          ['POST /judge, all six Stop hooks (Layer-1 miss)', ms(sa.median), ms(sa.p99), times(sa.median / sb.median)],
          ['… the same with an ordinary real reply', ms(sr.median), ms(sr.p99), times(sr.median / sb.median)],
          ['… the bench\'s message with its transcript read', ms(st.median), ms(st.p99), times(st.median / sb.median)],
          ['POST /judge/commit, one hook (Layer-1 miss)', ms(sd.median), ms(sd.p99), times(sd.median / sb.median)],
          ['floor: bare Fastify POST route', ms(sb.median), ms(sb.p99), times(1)]
        ]
      }
    }
  } finally {
    await Promise.all([daemon.close(), bare.close()])
  }
}
