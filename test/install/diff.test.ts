// unifiedDiff: what `install --dry-run` prints.
import t from 'tap'
import { applyPatch } from 'diff'
import { unifiedDiff } from '../../server/install/diff.js'

t.test('equal texts: nothing', async t => {
  t.equal(unifiedDiff('a\nb\n', 'a\nb\n', 'x', 'y'), '')
})

t.test('a new file: every line added against /dev/null', async t => {
  t.equal(unifiedDiff('', '{\n}\n', '/dev/null', 'f'), '--- /dev/null\n+++ f\n@@ -0,0 +1,2 @@\n+{\n+}\n')
})

t.test('changes far apart get their own hunks with 3 lines of context', async t => {
  const a = Array.from({ length: 20 }, (_, i) => `l${i}`)
  const b = [...a]
  b[2] = 'L2'
  b.splice(15, 0, 'new')
  t.equal(unifiedDiff(a.join('\n') + '\n', b.join('\n') + '\n', 'a', 'b'), [
    '--- a', '+++ b',
    '@@ -1,6 +1,6 @@', ' l0', ' l1', '-l2', '+L2', ' l3', ' l4', ' l5',
    '@@ -13,6 +13,7 @@', ' l12', ' l13', ' l14', '+new', ' l15', ' l16', ' l17', ''
  ].join('\n'))
})

t.test('the diff applies: patch(before, diff) gives after, a missing final newline included', async t => {
  const before = '{\n  "model": "opus",\n  "env": { "A": "1" }\n}'
  const after = '{\n  "model": "opus",\n  "hooks": {},\n  "env": { "A": "1" }\n}\n'
  const d = unifiedDiff(before, after, 'settings.json', 'settings.json (after)')
  t.match(d, /\\ No newline at end of file\n/)
  t.equal(applyPatch(before, d), after)
})
