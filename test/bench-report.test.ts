// The bench's report: docs/BENCHMARKS.md names the command, the knobs and the machine, flags a busy machine, and
// renders each section as a Markdown table (the figures themselves come from `npm run bench`, not from tests).
import t from 'tap'
import { consoleReport, markdown, type RunInfo } from '../bench/report.js'
import type { Section } from '../bench/lib.js'

const section: Section = { title: 'Layer 2', note: 'A fake answers after 50 ms.', head: ['figure', 'median ms'], rows: [['time to verdict', '52.1'], ['a | b', '1.00']] }
const machine = (load: string) => ({ cpu: '2 × Test CPU', memory: '8.0 GiB', os: 'Linux 6', node: 'v20.0.0', load, cores: 2 })
const info = (load: string): RunInfo => ({
  command: 'npm run bench', knobs: { BENCH_ROUNDS: 200 }, date: '2026-01-01 00:00 UTC', seconds: 150, before: machine(load), after: machine(load), versions: { curl: '8.0' }
})

t.test('the Markdown report', async t => {
  const md = markdown([section], info('0.20 0.30 0.40'))
  t.match(md, /^# Benchmarks\n\nProduced by `npm run bench` \(bench\/run\.ts\) on 2026-01-01 00:00 UTC; the whole run took 150 s\./)
  t.match(md, /`BENCH_ROUNDS=200`/)
  t.match(md, /- CPU: 2 × Test CPU\n- memory: 8\.0 GiB\n- OS: Linux 6\n- Node v20\.0\.0; curl 8\.0\n- load average \(1, 5, 15 min\): 0\.20 0\.30 0\.40 at the start/)
  t.notMatch(md, /busy machine/, 'a quiet machine gets no warning')
  t.match(md, /## Layer 2\n\nA fake answers after 50 ms\.\n\n\| figure \| median ms \|\n\| --- \| ---: \|\n\| time to verdict \| 52\.1 \|\n\| a \\\| b \| 1\.00 \|/)
  t.match(markdown([section], info('3.50 2.00 1.00')), /> These figures came from a shared, busy machine/)
  t.match(markdown([{ ...section, only: 'layer2' }], info('0.20 0.30 0.40')), /A fake answers after 50 ms\. Alone: `BENCH_ONLY=layer2 npm run bench`\.\n\n\| figure/, 'a section names the command that measures it alone')
})

t.test('the console report', async t => {
  t.equal(consoleReport([section]), '\nLayer 2\nfigure           median ms\ntime to verdict       52.1\na | b                 1.00\n')
})
