// The review page's entry: tabs, the hook list from /ui/api/meta, and the first page of the timeline.
import { loadCharts, initCharts } from './charts.js'
import { api, el, setStatus } from './dom.js'
import { initLabels, loadLabels } from './labels.js'
import { filtersFromUrl, initTimeline, loadPage } from './timeline.js'

const TABS = ['timeline', 'turn', 'charts', 'labels']
const LOADERS = { charts: loadCharts, labels: loadLabels }

function show (tab) {
  for (const t of TABS) document.getElementById(`tab-${t}`).hidden = t !== tab
  for (const b of document.querySelectorAll('#tabs button')) b.setAttribute('aria-pressed', String(b.dataset.tab === tab))
  LOADERS[tab]?.()
}

async function start () {
  document.getElementById('tabs').addEventListener('click', (e) => {
    const tab = e.target.closest('button[data-tab]')?.dataset.tab
    if (tab) show(tab)
  })
  initTimeline(show)
  initCharts()
  initLabels()
  const meta = await api('/ui/api/meta')
  if (!meta.ok) return setStatus(meta.error, 'error')
  const select = document.querySelector('#filters select[name="hook"]')
  for (const h of meta.data.hooks) select.append(el('option', { text: h }))
  filtersFromUrl(window.location.search)
  if (!meta.data.decisionLog.enabled) setStatus('the decision log is off (decisionLog.enabled: false): nothing new is recorded', 'error')
  await loadPage()
}

start()
