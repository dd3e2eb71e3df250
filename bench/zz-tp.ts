import { load } from './load.js'
import { MISS_TEXT } from './latency.js'
import { freePort, startDaemon, startProcess, stopInput, stopProcess } from './lib.js'
const fakePort = await freePort()
const fake = await startProcess(['bench/fake-api.ts'], { PORT: String(fakePort) }, fakePort)
const daemon = await startDaemon(`http://127.0.0.1:${fakePort}`)
const body = stopInput(MISS_TEXT)
await load(daemon.url, '/judge', body, 16, 2000)
for (let i = 0; i < Number(process.env.R ?? 2); i++) { const r = await load(daemon.url, '/judge', body, 16, Number(process.env.N ?? 10000)); console.log('judge rps', r.rps.toFixed(0)) }
await daemon.stop(); await stopProcess(fake)
