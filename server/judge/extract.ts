/** The judge text: the last maxBytes bytes of what the agent said, cut on a UTF-8 character boundary; pure. */

export function lastBytes (text: string, maxBytes: number): string {
  // Cheap exit: a UTF-16 code unit is at most 3 UTF-8 bytes, so a short string cannot exceed the cap.
  if (text.length * 3 <= maxBytes) return text
  const buf = Buffer.from(text, 'utf8')
  if (buf.length <= maxBytes) return text
  let start = buf.length - maxBytes
  while (start < buf.length && ((buf[start] ?? 0) & 0xc0) === 0x80) start++
  return buf.subarray(start).toString('utf8')
}
