// The shipped Layer-1 models are what `npm run models` makes from the shipped corpus: a change to a trigger, a feature
// or the corpus that moves a model fails here until the models are retrained and shipped with it.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Readable, Writable } from 'node:stream'
import t from 'tap'
import { trainCommand } from '../../server/commands/train.js'
import { PACKAGE_ROOT } from '../../server/core/paths.js'
import { tempDir } from '../helper.js'

t.test('npm run models reproduces every shipped model file byte for byte', async t => {
  const script = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')).scripts.models as string
  const args = script.split(' train ')[1]!.split(' ')
  const out = tempDir(t)
  const sink = new Writable({ write (_c, _e, cb) { cb() } })
  // Run from the package root as npm runs it: the report names the corpus files as the command line does.
  const code = await trainCommand([...args, '--out', out], { env: {}, stdin: Readable.from([]), stdout: sink, stderr: sink, cwd: PACKAGE_ROOT })
  t.equal(code, 0)
  const shipped = readdirSync(join(PACKAGE_ROOT, 'config', 'models')).filter(f => f.endsWith('.json')).sort()
  t.strictSame(readdirSync(out).sort(), shipped, 'the same files')
  for (const f of shipped) t.ok(readFileSync(join(out, f)).equals(readFileSync(join(PACKAGE_ROOT, 'config', 'models', f))), `${f} is as shipped`)
})
