// Layer 1 reads prose: code blocks, quoted lines and inline code are not sentences; sentences split at ends and line breaks.
import t from 'tap'
import { compilePatterns } from '../../server/judge/patterns.js'
import { CODE_MARK, prose, sentences } from '../../server/layer1/sentences.js'
import { triggerWindows } from '../../server/layer1/trigger-windows.js'
import { featureIds, fnv, tokens } from '../../server/layer1/features.js'

const commit = compilePatterns(['(?i)\\b(commit|push)\\b', 'コミット'])

t.test('prose blanks code and quotes and marks inline code, keeping offsets', async t => {
  const blank = (s: string) => ' '.repeat(s.length)
  // An opening backtick is a space; the span's text and its closing backtick are the mark, then spaces.
  const code = (s: string) => ` ${CODE_MARK}${blank(s.slice(2))}`
  const cases: Array<[string, string, string]> = [
    ['fenced code', 'Run this:\n```sh\ngit commit -m x\n```\nDone.', `Run this:\n${blank('```sh')}\n${blank('git commit -m x')}\n${blank('```')}\nDone.`],
    ['a quoted line', '> I will commit now\nNoted.', `${blank('> I will commit now')}\nNoted.`],
    ['inline code', 'Use `npm test` later.', `Use ${code('`npm test`')} later.`],
    ['a span that is the action itself is kept as the sentence\'s verb', 'Next: `git commit -am wip`. On it.', 'Next:  git commit -am wip . On it.'],
    ['two spans and an emoji inside one', 'A `x🚀y` b `c` d', `A ${code('`x🚀y`')} b ${code('`c`')} d`],
    ['an empty span', 'a `` b', `a ${code('``')} b`],
    ['an unclosed span runs to the line end', 'Say `git push now\nnext', `Say ${blank('`git push now')}\nnext`]
  ]
  for (const [name, input, want] of cases) t.test(name, async t => { t.equal(prose(input), want); t.equal(prose(input).length, input.length) })
})

t.test('sentences end at . ! ? 。 before a space or the end, and at line breaks', async t => {
  t.strictSame(sentences('Fixed it. Shall I commit? Yes!').map(s => s.trim()), ['Fixed it.', 'Shall I commit?', 'Yes!'])
  t.strictSame(sentences('v1.2.3 is out\nnext line').map(s => s.trim()), ['v1.2.3 is out', 'next line'], 'a dot inside a version is no end')
  t.strictSame(sentences('修正しました。コミットします。'), ['修正しました。', 'コミットします。'])
})

t.test('a list number\'s period ends no sentence: the item is read whole, and a number that ends a sentence still ends it', async t => {
  const items = (text: string) => sentences(text).map(s => s.trim())
  t.strictSame(items('**Next steps**\n1. Run the tests.\n2. Commit and push.'), ['**Next steps**', '1. Run the tests.', '2. Commit and push.'])
  t.strictSame(items('  12. を1回だけ実行'), ['12. を1回だけ実行'], 'an indented number, then CJK')
  t.strictSame(items('It costs 3. Then more.'), ['It costs 3.', 'Then more.'])
  t.strictSame(items('Step 2. Push it.'), ['Step 2.', 'Push it.'], 'only a bare number is a list number')
  t.strictSame(items('1.'), ['1.'])
  // The window around a trigger in a list item holds the item, not its number alone.
  t.strictSame(triggerWindows('Next steps:\n1. Commit it.\n2. Tell me.', commit), ['Next steps:\n 1. Commit it. 2. Tell me.'])
})

t.test('trigger windows: the hit sentence and one either side; a trigger only in code or a quote is no hit', async t => {
  const text = 'Refactored the loader. Tests pass. I will commit and push now. Anything else?'
  t.strictSame(triggerWindows(text, commit), [' Tests pass.  I will commit and push now.  Anything else?'])
  t.strictSame(triggerWindows('Here is how:\n```\ngit commit -am wip\n```\n> commit it\nThat is all.', commit), [])
  t.equal(triggerWindows('コミットします。', commit).length, 1, 'Japanese')
})

t.test('a table-blind reading leaves markdown table rows out (offsets kept); the default reads them', async t => {
  const rows = ['| Feature | A | B |', '|---|---|---|', '  | **Commit and push** | No | Yes |  ']
  const text = `Compared:\n${rows.join('\n')}\nBoth work.`
  const blind = prose(text, false)
  t.equal(blind, `Compared:\n${rows.map(r => ' '.repeat(r.length)).join('\n')}\nBoth work.`)
  t.equal(prose(text), text, 'the scope hooks read status tables')
  t.strictSame(triggerWindows(text, commit, true), [], 'a cell naming a commit is no sentence')
  t.equal(triggerWindows(text, commit).length, 1)
  // A row needs both pipes: a sentence that starts with one is still prose.
  t.equal(triggerWindows('| then I will commit it.\nDone.', commit, true).length, 1)
  const after = `${text}\nShall I commit and push this?`
  t.strictSame(triggerWindows(after, commit, true), ['Both work. Shall I commit and push this?'], 'a proposal after a table is still read, and its window holds no cell')
})

t.test('features: words, bigrams and 3-grams hashed into the bucket range; CJK as character bigrams', async t => {
  t.strictSame(tokens("i'll commit it"), ["i'll", 'commit', 'it'])
  t.strictSame(tokens(prose('stage and run: `make lint` then `npm test`').toLowerCase()), ['stage', 'and', 'run', CODE_MARK, 'then', CODE_MARK], 'a code span is one token of its own')
  t.strictSame(tokens('コミットします'), ['コミ', 'ミッ', 'ット', 'トし', 'しま', 'ます', 'す'])
  const ids = featureIds('Shall I commit?', 10)
  t.ok(ids.length > 10)
  t.ok(ids.every(i => i >= 0 && i < 1024))
  t.strictSame(featureIds('Shall I commit?', 10), ids, 'deterministic')
})

t.test('features are the FNV-1a buckets of the words, the "a b" bigrams and the 3-grams of " w1 w2 ", each once, first seen first', async t => {
  const bits = 12
  const mask = (1 << bits) - 1
  for (const text of ['Shall I commit? Shall I commit?', 'コミットします。I\'ll push 🚀 now', 'a', '']) {
    const words = tokens(text.toLowerCase())
    const want: number[] = []
    words.forEach((w, i) => {
      want.push(fnv(w, 1) & mask)
      if (i > 0) want.push(fnv(`${words[i - 1]} ${w}`, 2) & mask)
    })
    const squeezed = ` ${words.join(' ')} `
    for (let i = 0; i + 3 <= squeezed.length; i++) want.push(fnv(squeezed.slice(i, i + 3), 3) & mask)
    t.strictSame(featureIds(text, bits), [...new Set(want)], text)
  }
})
