// One Node version, said the same everywhere: package.json's engines, the Docker image, the README and the Node the
// tests run on (CI's).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { PACKAGE_ROOT } from '../../server/core/paths.js'

const read = (f: string) => readFileSync(join(PACKAGE_ROOT, f), 'utf8')

t.test('engines, Dockerfile, README and docs name the same Node, and the tests run on it', async t => {
  const engines = JSON.parse(read('package.json')).engines.node as string
  const m = /^>=(\d+)\.(\d+)$/.exec(engines)
  t.ok(m, `engines.node is a floor (${engines})`)
  const [major, minor] = [Number(m![1]), Number(m![2])]
  const froms = [...read('Dockerfile').matchAll(/^FROM node:(\d+)-slim/gm)].map(f => Number(f[1]))
  t.ok(froms.length >= 1)
  t.strictSame([...new Set(froms)], [major], 'every stage of the image runs the engines\' major')
  t.match(read('README.md'), `Node ≥ ${major}.${minor} (CI and the Docker image run Node ${major})`)
  t.match(read('docs/operations.md'), `Node ≥ ${major}.${minor} is needed (CI and the Docker image run ${major};`)
  t.match(read('docs/operations.md'), `\`node:${major}-slim\``)
  const [runMajor, runMinor] = process.versions.node.split('.').map(Number)
  t.ok(runMajor! > major || (runMajor === major && runMinor! >= minor), `the tests run on Node ${process.versions.node}, at least ${major}.${minor}`)
})
