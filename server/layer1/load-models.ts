/** Reads the Layer-1 models the config names (`hooks.<hook>.layer1.model`), once per config load; every problem is named. */
import { statSync } from 'node:fs'
import { readSmallFileSync } from '../core/safe-file.js'
import { dirname, isAbsolute, join, resolve } from 'node:path'
import type { ConfigProblem } from '../core/errors.js'
import { PACKAGE_ROOT } from '../core/paths.js'
import { parseModel, type Scorer, scorerFrom } from './model.js'
import { isMap } from '../core/is-map.js'

/** A model is a few hundred KB at most; a bigger file is not one. */
const MAX_MODEL_BYTES = 2 << 20

/** A relative path is looked up beside the user file, then in the package's config folder (where the shipped models live). */
function locate (file: string, userFile: string | undefined): string {
  if (isAbsolute(file)) return file
  const beside = userFile ? resolve(dirname(userFile), file) : undefined
  if (beside) { try { if (statSync(beside).isFile()) return beside } catch {} }
  return join(PACKAGE_ROOT, 'config', file)
}

export function loadScorers (merged: unknown, userFile: string | undefined, problems: ConfigProblem[]): Map<string, Scorer> {
  const out = new Map<string, Scorer>()
  const hooks = isMap(merged) && isMap(merged.hooks) ? merged.hooks : {}
  for (const [name, h] of Object.entries(hooks)) {
    if (!isMap(h) || h.layer1 === undefined || h.layer1 === null) continue
    const at = `hooks.${name}.layer1`
    if (!isMap(h.layer1) || (h.layer1.model !== undefined && typeof h.layer1.model !== 'string')) {
      problems.push({ path: at, expected: 'a map with `model: FILE` (a model written by hookjudge train)', got: JSON.stringify(h.layer1).slice(0, 80) })
      continue
    }
    if (h.layer1.model === undefined || h.layer1.model === '') continue
    const path = locate(h.layer1.model, userFile)
    try {
      const read = readSmallFileSync(path, MAX_MODEL_BYTES)
      if ('got' in read) throw new Error(read.got)
      const model = parseModel(JSON.parse(read.text))
      if (model.hook !== name) throw new Error(`trained for hook "${model.hook}"`)
      out.set(name, scorerFrom(model))
    } catch (err) {
      problems.push({ path: `${at}.model`, expected: 'a readable model written by hookjudge train for this hook', got: `${path} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})` })
    }
  }
  return out
}
