/** Shared CLI plumbing: the verb signature, usage errors, strict argument parsing, bounded stdin reading. */
import { parseArgs, type ParseArgsConfig } from 'node:util'
import type { Readable, Writable } from 'node:stream'
import type { Env } from '../paths.js'

export interface Io {
  env: Env
  stdin: Readable
  stdout: Writable
  stderr: Writable
  /** The directory the verb runs in (project scope, relative paths); default process.cwd(). Never $PWD: a parent sets that. */
  cwd?: string
}
/** The verb's working directory: the process's own, not $PWD, which a parent process may have left pointing elsewhere. */
export const workingDir = (io: Io): string => io.cwd ?? process.cwd()
export type Command = (args: string[], io: Io) => Promise<number>

export class UsageError extends Error {}

/** node:util parseArgs with usage errors instead of exceptions of its own. */
export function parse<T extends NonNullable<ParseArgsConfig['options']>> (args: string[], options: T, positionals = 0) {
  try {
    const r = parseArgs({ args, options, allowPositionals: positionals > 0, strict: true })
    if (r.positionals.length > positionals) throw new UsageError(`unexpected argument "${r.positionals[positionals]}"`)
    return r
  } catch (err) {
    if (err instanceof UsageError) throw err
    throw new UsageError((err as Error).message)
  }
}

export async function readAll (stream: Readable, limit: number): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of stream) {
    size += (chunk as Buffer).length
    if (size > limit) throw new UsageError(`input larger than ${limit} bytes`)
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}
