/** Where the package and the user's files live; computed once from the module location and the env given. */
import { existsSync } from 'node:fs'
import { homedir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

function findRoot (dir: string): string {
  for (let d = dir; ; d = dirname(d)) {
    if (existsSync(join(d, 'package.json')) && existsSync(join(d, 'config', 'default.yaml'))) return d
    /* c8 ignore next - only reached when the package is broken */
    if (dirname(d) === d) throw new Error(`hookjudge: no package root above ${dir}`)
  }
}

/** The checkout or installed package: holds config/default.yaml and shim/. Works from server/ (tests) and dist/server/. */
export const PACKAGE_ROOT = findRoot(dirname(fileURLToPath(import.meta.url)))
export const DEFAULT_CONFIG = join(PACKAGE_ROOT, 'config', 'default.yaml')
export const SHIM_PATH = join(PACKAGE_ROOT, 'shim', 'hookjudge-hook')

export type Env = Record<string, string | undefined>

/** The user's home folder: $HOME as the caller's environment has it, else the account's. */
export const userHome = (env: Env) => env.HOME || homedir()
export const configHome = (env: Env) => env.XDG_CONFIG_HOME || join(userHome(env), '.config')
export const stateDir = (env: Env) => join(env.XDG_STATE_HOME || join(userHome(env), '.local', 'state'), 'hookjudge')
