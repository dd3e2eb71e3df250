// One decision as a card: what was decided, by which layer, how fast, the redacted text, the reason, facts, labels.
import { el, when } from './dom.js'

const yesNo = (v) => v ? 'yes' : 'no'

function chips (title, map) {
  const entries = Object.entries(map ?? {})
  if (entries.length === 0) return null
  return el('p', { class: 'chips' }, el('span', { class: 'dim', text: `${title}: ` }),
    entries.map(([k, v]) => el('span', { class: `chip ${v ? 'on' : 'off'}`, text: `${k} ${yesNo(v)}` })))
}

/** What the record shows as the judge's verdict: a shadow hook's would-block is its own badge. */
function verdict (r) {
  if (r.decision === 'allow' && r.wouldBlock) return ['would block', 'would-block']
  return [r.decision, r.decision]
}

export function labelText (label) {
  return label === 'block' ? 'labelled: should have blocked' : label === 'allow' ? 'labelled: should have allowed' : ''
}

/** The card; `inTurn` leaves out the "This turn" button (the card is already in its turn's view). */
export function decisionCard (item, label, inTurn = false) {
  const r = item.record
  const [word, tone] = verdict(r)
  const text = typeof r.text === 'string'
    ? el('pre', { class: 'text' }, r.text)
    : el('p', { class: 'dim', text: 'no text kept (decisionLog.text: none)' })
  return el('li', { class: 'decision', 'data-id': item.id },
    el('p', { class: 'head' },
      el('span', { class: `badge ${tone}`, text: word }),
      el('strong', { text: r.hook }),
      r.user ? el('span', { class: 'user', title: 'person', text: r.user }) : null,
      el('span', { class: 'dim', text: `${r.agent ?? ''} · ${r.event ?? ''}` }),
      el('span', { class: 'source', text: r.source }),
      el('span', { class: 'ms', text: `${Math.round(r.ms ?? 0)} ms` }),
      el('time', { datetime: r.ts, text: when(r.ts) })),
    r.reason ? el('p', { class: 'reason' }, el('span', { class: 'dim', text: 'reason: ' }), r.reason) : null,
    r.failure ? el('p', { class: 'reason' }, el('span', { class: 'dim', text: 'failure: ' }), r.failure) : null,
    text,
    chips('facts', r.facts),
    chips('fields', r.fields),
    el('p', { class: 'meta dim' }, `session ${r.sessionId ?? '?'}`, r.backend ? ` · ${r.backend}` : '', r.model ? ` (${r.model})` : '',
      r.guard ? ` · loop guard: ${r.guard}` : ''),
    el('p', { class: 'actions' },
      el('button', { type: 'button', 'data-action': 'block', text: 'Should have blocked' }),
      el('button', { type: 'button', 'data-action': 'allow', text: 'Should have allowed' }),
      el('button', { type: 'button', 'data-action': 'clear', hidden: !label, text: 'Clear label' }),
      inTurn ? null : el('button', { type: 'button', 'data-action': 'turn', text: 'This turn' }),
      el('span', { class: 'label', text: labelText(label) })))
}
