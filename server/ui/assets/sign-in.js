// The sign-in form: posts the token as JSON (the page's CSP allows no form posts) and opens the review page on success.
const form = document.getElementById('sign-in')
const status = document.getElementById('status')

form.addEventListener('submit', async (event) => {
  event.preventDefault()
  status.textContent = 'Signing in…'
  const token = new FormData(form).get('token')
  const res = await fetch('/ui/sign-in', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token })
  })
  const body = await res.json().catch(() => ({}))
  if (res.ok) {
    window.location.assign('/ui')
    return
  }
  status.textContent = body.error ?? `sign-in failed (${res.status})`
})
