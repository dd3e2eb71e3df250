/** Writes corpus/sources-claude-code.md: every repository the real messages came from, with commits, paths and counts. */
import { readFileSync, writeFileSync } from 'node:fs'

// Usage: node --import tsx corpus/scripts/claude-code-sources.ts corpus/claude-code.jsonl corpus/sources-claude-code.md
interface Row { source: string, origin: string, repo: string, split: string }
const [inFile, outFile] = process.argv.slice(2)
if (inFile === undefined || outFile === undefined) throw new Error('usage: claude-code-sources CORPUS.jsonl OUT.md')
const rows = readFileSync(inFile, 'utf8').split('\n').filter(l => l !== '').map(l => JSON.parse(l) as Row).filter(r => r.source === 'real')

interface Repo { split: string, messages: number, files: Map<string, number> }
const repos = new Map<string, Repo>()
for (const r of rows) {
  const at = r.origin.indexOf('@')
  const file = r.origin.slice(at + 1).replace(/#L\d+$/, '')
  const repo = repos.get(r.repo) ?? { split: r.split, messages: 0, files: new Map<string, number>() }
  repo.messages++
  repo.files.set(file, (repo.files.get(file) ?? 0) + 1)
  repos.set(r.repo, repo)
}

const lines = [
  '# Sources of the real Claude Code messages',
  '',
  'Every message in `corpus/claude-code.jsonl` with `"source": "real"` names its exact origin',
  '(`owner/repo@commit:path#Lline`). This file lists, per repository, the split it is in, the number of messages taken',
  '(capped at 100 a repository, after de-duplication) and each session file with its commit and message count.',
  'The repositories reserved for measurement in `shared/design/labelling.md` were not opened; `Xu-Wentao/dotfile`',
  'also holds Codex rollouts used by the Codex half, so it is left out here to keep it in one split only.',
  '',
  '| repository | split | messages | session files |',
  '| --- | --- | --- | --- |',
  ...[...repos].sort((a, b) => a[0].localeCompare(b[0])).map(([name, r]) => `| ${name} | ${r.split} | ${r.messages} | ${r.files.size} |`),
  '',
  `${repos.size} repositories, ${rows.length} messages.`,
  ''
]
for (const [name, r] of [...repos].sort((a, b) => a[0].localeCompare(b[0]))) {
  lines.push(`## ${name} (${r.split}, ${r.messages} messages)`, '')
  for (const [file, n] of [...r.files].sort()) lines.push(`- \`${file}\` — ${n}`)
  lines.push('')
}
writeFileSync(outFile, lines.join('\n'))
console.error(`${repos.size} repositories, ${rows.length} messages`)
