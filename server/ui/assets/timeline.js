// The timeline: filters, newest-first pages of decisions, labelling buttons, and one turn's view side by side.
import { decisionCard, labelText } from './decision-card.js'
import { api, clear, el, setStatus } from './dom.js'

const list = () => document.getElementById('timeline')
let next = null

/** The filter form as a query string; datetime-local inputs are local times, sent as UTC ISO. */
function query (before) {
  const form = new FormData(document.getElementById('filters'))
  const q = new URLSearchParams()
  for (const k of ['hook', 'decision', 'source', 'session', 'user']) {
    const v = String(form.get(k) ?? '').trim()
    if (v) q.set(k, v)
  }
  for (const k of ['since', 'until']) {
    const v = String(form.get(k) ?? '')
    if (v) q.set(k, new Date(v).toISOString())
  }
  if (before) q.set('before', before)
  return q
}

export async function loadPage (more = false) {
  if (!more) clear(list())
  setStatus('loading…')
  const res = await api(`/ui/api/decisions?${query(more ? next : null)}`)
  if (!res.ok) return setStatus(res.error, 'error')
  const { items, labels } = res.data
  next = res.data.next
  for (const item of items) list().append(decisionCard(item, labels[item.id]))
  if (!more && items.length === 0) list().append(el('li', { class: 'empty', text: 'No decisions match.' }))
  document.getElementById('older').hidden = next === null
  setStatus(`${list().querySelectorAll('li.decision').length} decisions shown${next ? '; older ones below' : ''}`)
}

async function label (card, given) {
  const res = await api('/ui/api/labels', { id: card.dataset.id, label: given })
  if (!res.ok) return setStatus(res.error, 'error')
  card.querySelector('.label').textContent = labelText(res.data.label)
  card.querySelector('[data-action="clear"]').hidden = res.data.label === 'clear'
  const agree = res.data.label === res.data.judged
  setStatus(res.data.label === 'clear' ? 'label cleared' : `label stored (${agree ? 'agrees' : 'disagrees'} with the judge)`)
}

async function showTurn (id, show) {
  const res = await api(`/ui/api/turn?id=${encodeURIComponent(id)}`)
  if (!res.ok) return setStatus(res.error, 'error')
  const { by, turn, items, labels } = res.data
  document.getElementById('turn-note').textContent = by === 'turn'
    ? `turn ${turn}: ${items.length} verdict(s)`
    : `${items.length} verdict(s) of the same session within 2 s (these records carry no turn key)`
  const box = clear(document.getElementById('turn'))
  box.append(el('ol', {}, items.map(i => decisionCard(i, labels[i.id], true))))
  show('turn')
}

/** A link's filters (/ui?user=alice&hook=commit) fill the form before the first page loads. */
export function filtersFromUrl (search) {
  const form = document.getElementById('filters')
  for (const [k, v] of new URLSearchParams(search)) {
    const field = form.elements.namedItem(k)
    if (field && ['hook', 'decision', 'source', 'session', 'user'].includes(k)) field.value = v
  }
}

export function initTimeline (show) {
  document.getElementById('filters').addEventListener('submit', (e) => { e.preventDefault(); loadPage() })
  document.getElementById('older').addEventListener('click', () => loadPage(true))
  // Back to a fresh first page: a label given in the turn's view shows on the timeline too.
  document.getElementById('back').addEventListener('click', () => { show('timeline'); loadPage() })
  // Labels can be given on the timeline and in a turn's view alike.
  const onClick = (e) => {
    const button = e.target.closest('button[data-action]')
    const card = button?.closest('li.decision')
    if (!button || !card) return
    const action = button.dataset.action
    if (action === 'turn') showTurn(card.dataset.id, show)
    else label(card, action)
  }
  list().addEventListener('click', onClick)
  document.getElementById('turn').addEventListener('click', onClick)
}
