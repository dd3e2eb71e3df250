/** Shape limits on a parsed hook input, checked before any adapter walks it; pure and iterative (no stack to overflow). */

/** Real hook inputs nest a handful of levels (tool_input of an MCP tool: maybe twenty); past this it is an attack or a bug. */
export const MAX_DEPTH = 64

/** Whether value nests objects/arrays deeper than max; stops at the first level past it. */
export function nestedDeeperThan (value: unknown, max: number = MAX_DEPTH): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]]
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!
    if (typeof v !== 'object' || v === null) continue
    if (depth >= max) return true
    for (const child of Array.isArray(v) ? v : Object.values(v)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1])
    }
  }
  return false
}
