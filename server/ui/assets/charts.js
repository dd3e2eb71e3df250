// Per-hook hourly charts as plain SVG: decisions by kind as stacked bars, Layer-1 hits and judge latency as lines.
import { api, clear, el, setStatus, svg } from './dom.js'

// The drawing is as wide as its box, so ticks keep their size on a phone; set on each load.
let W = 600
const H = 120
const PAD = 24
const SERIES = [['blocks', 'blocks'], ['wouldBlocks', 'would-blocks (shadow)'], ['fallbacks', 'fallbacks']]

function scale (values) {
  const max = Math.max(1, ...values.filter(v => v !== null))
  return (v) => H - PAD - (v / max) * (H - 2 * PAD)
}

function axis (hours, start, max, unit) {
  const first = new Date(start)
  return [
    svg('line', { x1: PAD, y1: H - PAD, x2: W - 4, y2: H - PAD, class: 'axis' }),
    svg('text', { x: PAD, y: H - 6, class: 'tick' }, `${String(first.getUTCHours()).padStart(2, '0')}:00`),
    svg('text', { x: W - 4, y: H - 6, class: 'tick end' }, 'now'),
    svg('text', { x: 2, y: PAD - 8, class: 'tick' }, `${max} ${unit}`)
  ]
}

function countsChart (h, hours, start) {
  const stacked = h.total.map((_, i) => SERIES.reduce((n, [k]) => n + h[k][i], 0))
  const max = Math.max(1, ...stacked, ...h.hits)
  const y = scale([max])
  const bw = (W - PAD - 4) / hours
  const bars = []
  h.total.forEach((_, i) => {
    let base = H - PAD
    for (const [k] of SERIES) {
      const v = h[k][i]
      if (!v) continue
      const top = y(v) - (H - PAD - base)
      bars.push(svg('rect', { x: PAD + i * bw + 1, y: top, width: Math.max(1, bw - 2), height: base - top, class: `bar ${k}` }))
      base = top
    }
  })
  const hits = h.hits.map((v, i) => `${PAD + (i + 0.5) * bw},${y(v)}`).join(' ')
  return svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'chart', role: 'img' }, ...axis(hours, start, max, 'per hour'), ...bars,
    svg('polyline', { points: hits, class: 'line hits' }))
}

function latencyChart (h, hours, start) {
  const all = [...h.judgeMsP50, ...h.judgeMsP95].filter(v => v !== null)
  if (all.length === 0) return el('p', { class: 'dim', text: 'no judge calls in this window' })
  const y = scale(all)
  const bw = (W - PAD - 4) / hours
  const points = (vals) => vals.map((v, i) => v === null ? null : [PAD + (i + 0.5) * bw, y(v)]).filter(Boolean)
  // A dot per hour as well: an hour with judge calls between two without would draw no line at all.
  const line = (vals, cls) => [svg('polyline', { class: `line ${cls}`, points: points(vals).map(p => p.join(',')).join(' ') }),
    ...points(vals).map(([cx, cy]) => svg('circle', { cx, cy, r: 3, class: `dot ${cls}` }))]
  return svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'chart', role: 'img' }, ...axis(hours, start, Math.max(...all), 'ms'),
    ...line(h.judgeMsP95, 'p95'), ...line(h.judgeMsP50, 'p50'))
}

const legend = (items) => el('p', { class: 'legend' }, items.map(([cls, text]) => el('span', { class: `key ${cls}`, text })))

let last = null

function render (data) {
  const { hooks, start } = data
  const box = clear(document.getElementById('charts'))
  W = Math.max(280, Math.min(1000, box.clientWidth - 26))
  const names = Object.keys(hooks).sort()
  if (names.length === 0) box.append(el('p', { class: 'dim', text: 'No decisions in this window.' }))
  for (const name of names) {
    const h = hooks[name]
    const n = h.total.reduce((a, b) => a + b, 0)
    box.append(el('article', { class: 'hook-chart' },
      el('h3', {}, name, el('span', { class: 'dim', text: ` ${n} decisions` })),
      countsChart(h, h.total.length, start),
      legend([...SERIES.map(([k, t]) => [k, t]), ['hits', 'Layer-1 hits']]),
      latencyChart(h, h.total.length, start),
      legend([['p50', 'judge ms p50'], ['p95', 'judge ms p95']])))
  }
  return names.length
}

export async function loadCharts () {
  const hours = document.getElementById('hours').value
  const res = await api(`/ui/api/hourly?hours=${encodeURIComponent(hours)}`)
  if (!res.ok) return setStatus(res.error, 'error')
  last = res.data
  const n = render(last)
  setStatus(last.truncated ? 'charts: the oldest hours were not all read (read budget)' : `charts: ${n} hook(s)`)
}

export function initCharts () {
  document.getElementById('hours').addEventListener('change', loadCharts)
  // Redrawn at the new width (a phone turned sideways), from the figures already fetched.
  let pending = null
  window.addEventListener('resize', () => {
    clearTimeout(pending)
    pending = setTimeout(() => { if (last && !document.getElementById('tab-charts').hidden) render(last) }, 150)
  })
}
