/** Rewrites the capability table in README.md from the adapters' declarations: `npx tsx scripts/capabilities.ts`. */
import { readFileSync, writeFileSync } from 'node:fs'
import { withTable } from '../server/agents/capability-table.js'

const path = new URL('../README.md', import.meta.url)
const next = withTable(readFileSync(path, 'utf8'))
if (next === undefined) {
  process.stderr.write('README.md has no capability table markers\n')
  process.exit(1)
}
writeFileSync(path, next)
