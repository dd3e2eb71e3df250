/** The page's files (server/ui/assets/, shipped in the package), read once at startup; nothing is fetched elsewhere. */
import { readdirSync, readFileSync } from 'node:fs'
import { extname, join } from 'node:path'
import { PACKAGE_ROOT } from '../core/paths.js'

export interface Asset { type: string, body: string }

export const ASSET_DIR = join(PACKAGE_ROOT, 'server', 'ui', 'assets')

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml'
}

/** Name → file, for the fixed set of files in the folder: a request can only ever name one of these. */
export function loadAssets (dir = ASSET_DIR): Map<string, Asset> {
  const out = new Map<string, Asset>()
  for (const name of readdirSync(dir).sort()) {
    const type = TYPES[extname(name)]
    if (type) out.set(name, { type, body: readFileSync(join(dir, name), 'utf8') })
  }
  return out
}

/** The page with its per-start CSRF token in a meta tag (hex only, so nothing needs escaping). */
export function pageHtml (assets: Map<string, Asset>, csrf: string): string {
  const html = assets.get('index.html')?.body
  /* c8 ignore next - only when the package is broken */
  if (!html) throw new Error(`hookjudge: ${ASSET_DIR}/index.html is missing`)
  if (!/^[0-9a-f]+$/.test(csrf)) throw new Error('hookjudge: a CSRF token must be hex')
  return html.replace('{{csrf}}', csrf)
}
