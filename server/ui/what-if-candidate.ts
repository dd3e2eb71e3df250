/** The review page's what-if candidate: changes to how configured hooks judge, laid over the running config; nothing else. */
import { parse } from 'yaml'
import { type Config, configWith } from '../config/config.js'
import { ConfigError } from '../core/errors.js'
import { isMap } from '../core/is-map.js'

/**
 * What a candidate sent over HTTP may change. A backend, a URL, an API key's variable, a command, a model or rules file
 * would let a caller choose what the daemon runs, where it sends a credential or which file it opens: those change
 * only in the config file, by its owner (then `reload`, or `hookjudge labels what-if --candidate FILE`).
 */
export const CANDIDATE_KEYS: readonly string[] = ['mode', 'trigger', 'skip', 'prompt', 'feedback', 'blockWhen']

const shortName = (s: string) => JSON.stringify(s.slice(0, 64))

/** The running config with the candidate's hook changes, or every problem with the candidate at once. */
export function hookCandidate (yaml: string, current: Config): { config: Config } | { problems: string[] } {
  let doc: unknown
  try {
    doc = parse(yaml, { maxAliasCount: 50 })
  } catch (err) {
    return { problems: [`candidate: invalid YAML (${(err as Error).message.split('\n')[0]?.slice(0, 200)})`] }
  }
  const only = `only hooks.HOOK.{${CANDIDATE_KEYS.join(', ')}} can be tried here; change anything else in the config file`
  if (!isMap(doc)) return { problems: [`candidate: a YAML map (${only})`] }
  const problems: string[] = Object.keys(doc).filter(k => k !== 'hooks').map(k => `candidate ${shortName(k)}: ${only}`)
  const hooks = isMap(doc.hooks) ? doc.hooks : (problems.push(`candidate hooks: a map of hook names (${only})`), {})
  for (const [name, h] of Object.entries(hooks)) {
    if (!Object.hasOwn(current.hooks, name)) { problems.push(`candidate hooks.${shortName(name)}: no such hook (configured: ${Object.keys(current.hooks).join(', ')})`); continue }
    if (!isMap(h)) { problems.push(`candidate hooks.${name}: a map`); continue }
    for (const k of Object.keys(h)) if (!CANDIDATE_KEYS.includes(k)) problems.push(`candidate hooks.${name}.${shortName(k)}: ${only}`)
  }
  if (problems.length > 0) return { problems }
  try {
    return { config: configWith(current, { hooks }) }
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err
    return { problems: err.problems.map(p => `${p.path}: expected ${p.expected}, got ${p.got}`) }
  }
}
