/** The unified diff `install --dry-run` prints, from the `diff` package (jsdiff): GNU-style headers and hunks; pure. */
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff'

/** '' when equal; otherwise ---/+++ headers and @@ hunks with 3 lines of context. */
export function unifiedDiff (before: string, after: string, fromLabel: string, toLabel: string): string {
  if (before === after) return ''
  return createTwoFilesPatch(fromLabel, toLabel, before, after, undefined, undefined, { context: 3, headerOptions: FILE_HEADERS_ONLY })
}
