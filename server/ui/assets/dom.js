// DOM and API helpers of the review page: every string becomes a text node, never HTML; requests carry the CSRF token.

/** An element with properties and children; strings and numbers are added as text, so agent text can never be markup. */
export function el (tag, props = {}, ...children) {
  const e = document.createElement(tag)
  for (const [k, v] of Object.entries(props)) {
    if (v === undefined || v === null || v === false) continue
    if (k === 'class') e.className = v
    else if (k === 'text') e.textContent = String(v)
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v)
    else e.setAttribute(k, v === true ? '' : String(v))
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue
    e.append(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c)
  }
  return e
}

const SVG = 'http://www.w3.org/2000/svg'

/** An SVG element; attribute values are set as attributes (numbers and class names only, never agent text). */
export function svg (tag, attrs = {}, ...children) {
  const e = document.createElementNS(SVG, tag)
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v))
  for (const c of children) e.append(typeof c === 'string' ? document.createTextNode(c) : c)
  return e
}

const csrf = document.querySelector('meta[name="hookjudge-csrf"]')?.getAttribute('content') ?? ''

/** GET (no body) or POST (JSON body) to the page's API; the answer as { ok, data } or { ok: false, error }. */
export async function api (path, body) {
  const init = body === undefined
    ? { credentials: 'same-origin' }
    : { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json', 'x-hookjudge-csrf': csrf }, body: JSON.stringify(body) }
  let res
  try {
    res = await fetch(path, init)
  } catch (err) {
    return { ok: false, error: `the daemon did not answer (${err.message})` }
  }
  // The one-hour sign-in ran out (or the token was revoked): back to the form that starts a new one.
  if (res.status === 401) window.location.assign('/ui/sign-in')
  const data = await res.json().catch(() => null)
  if (res.ok && data !== null) return { ok: true, data }
  const problems = Array.isArray(data?.problems) ? `: ${data.problems.join('; ')}` : ''
  return { ok: false, error: `${data?.error ?? `HTTP ${res.status}`}${problems}` }
}

export function setStatus (text, tone = '') {
  const s = document.getElementById('status')
  s.textContent = text
  s.className = tone
}

/** Local date and time of an ISO timestamp, to the second. */
export function when (iso) {
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? String(iso) : d.toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'medium' })
}

export function clear (node) {
  node.replaceChildren()
  return node
}
