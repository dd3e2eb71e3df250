// The labels tab: per hook, labels that agree and disagree with the judge; and what a config change would do to them.
import { api, clear, el, setStatus } from './dom.js'

export async function loadLabels () {
  const res = await api('/ui/api/labels')
  if (!res.ok) return setStatus(res.error, 'error')
  const { agreement, count, withoutText } = res.data
  const body = clear(document.querySelector('#agreement tbody'))
  for (const [hook, a] of Object.entries(agreement).sort()) {
    body.append(el('tr', {}, el('td', { text: hook }), el('td', { text: a.agree }), el('td', { text: a.disagree })))
  }
  if (count === 0) body.append(el('tr', {}, el('td', { colspan: 3, class: 'dim', text: 'No labels yet: mark decisions on the timeline.' })))
  document.getElementById('labels-note').textContent = `${count} label(s)` +
    (withoutText > 0 ? `; ${withoutText} without text (decisionLog.text: none) are left out of the export and the what-if` : '') +
    '. Export them with: hookjudge labels export > labels.jsonl'
  setStatus(`${count} label(s)`)
}

function table (hooks) {
  return el('table', {},
    el('thead', {}, el('tr', {}, ['Hook', 'Fixed', 'Broken', 'Unchanged', 'Right now'].map(t => el('th', { text: t })))),
    el('tbody', {}, Object.entries(hooks).sort().map(([hook, t]) => el('tr', {},
      el('td', { text: hook }), el('td', { class: 'fixed', text: t.fixed }), el('td', { class: 'broken', text: t.broken }),
      el('td', { text: t.unchanged }), el('td', { text: `${t.right} of ${t.n}` })))))
}

function changes (rows) {
  const moved = rows.filter(r => r.change !== 'unchanged')
  if (moved.length === 0) return el('p', { class: 'dim', text: 'No verdict changes.' })
  return el('ul', { class: 'changes' }, moved.map(r => el('li', { class: r.change },
    `${r.change}: ${r.hook} on ${r.id}: labelled ${r.label}, was ${r.before}, now ${r.after}${r.source ? ` (${r.source})` : ''}`)))
}

async function run (e) {
  e.preventDefault()
  const out = clear(document.getElementById('what-if-result'))
  const candidate = String(new FormData(e.target).get('candidate') ?? '')
  setStatus('judging the labelled set…')
  const res = await api('/ui/api/what-if', candidate.trim() ? { candidate } : {})
  if (!res.ok) {
    out.append(el('p', { class: 'error', text: res.error }))
    return setStatus('what-if failed', 'error')
  }
  const { config, hooks, changes: rows, skippedHooks } = res.data
  out.append(el('p', { text: `With the ${config} config:` }), table(hooks), changes(rows))
  if (skippedHooks.length > 0) out.append(el('p', { class: 'dim', text: `Not in this config (or off): ${skippedHooks.join(', ')}` }))
  setStatus('what-if done')
}

export function initLabels () {
  document.getElementById('what-if').addEventListener('submit', run)
}
