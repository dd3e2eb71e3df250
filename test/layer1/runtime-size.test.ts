// Layer 1 as the daemon runs it stays small enough to read in one sitting (≤ 500 lines of code, counted as cloc counts
// them: blank and comment-only lines aside), and no file the daemon loads imports the training code statically (only
// `hookjudge train` loads it, lazily).
import { readdir, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import t from 'tap'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const RUNTIME = ['server/layer1', 'server/judge/layer1.ts']

async function tsFiles (path: string): Promise<string[]> {
  if (path.endsWith('.ts')) return [path]
  const entries = await readdir(path, { withFileTypes: true })
  const nested = await Promise.all(entries.map(e => e.isDirectory() || e.name.endsWith('.ts') ? tsFiles(join(path, e.name)) : []))
  return nested.flat()
}

/** Lines of code: not blank, not only a comment (a line of a block comment starts with /**, /* or *). */
const codeLines = (text: string) => text.split('\n').filter(l => l.trim() !== '' && !/^\s*(\/\/|\/\*|\*)/.test(l)).length

t.test('the runtime Layer-1 code is at most 500 lines', async t => {
  const files = (await Promise.all(RUNTIME.map(p => tsFiles(join(ROOT, p))))).flat()
  t.ok(files.length >= 5, 'the runtime files are found')
  let total = 0
  for (const f of files) total += codeLines(await readFile(f, 'utf8'))
  t.ok(total <= 500, `${total} lines of code in ${files.map(f => relative(ROOT, f)).join(', ')}`)
  t.equal(codeLines('// a\n\n/**\n * b\n */\nconst x = 1 // c\n'), 1, 'comments and blank lines are not counted')
})

t.test('no file under server/ imports train/ except by a dynamic import', async t => {
  const offenders: string[] = []
  for (const f of await tsFiles(join(ROOT, 'server'))) {
    const text = await readFile(f, 'utf8')
    if (/^\s*(import|export)\b[^\n]*from\s+'[./]*train\//m.test(text)) offenders.push(relative(ROOT, f))
  }
  t.strictSame(offenders, [])
  t.match(await readFile(join(ROOT, 'server/commands/train.ts'), 'utf8'), /await import\('\.\.\/\.\.\/train\//, 'train loads it lazily')
})
