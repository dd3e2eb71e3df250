/** When a request arrived, as near as the event loop can tell: the deadline of a request read late counts from then. */
import type { Clock } from './clock.js'

/** A request waits at most this long unseen in a burst (beyond it the loop is overloaded, not merely busy). */
export const MAX_LOOKBACK_MS = 250

/**
 * A request is read when the loop gets to its socket. Read after the loop has been busy without a pause, its bytes may
 * have waited since that pause (200 Layer-1 hits at once: the last is read ~100 ms after it was sent), so its stamp is
 * the pause's end, at most MAX_LOOKBACK_MS back. This only moves deadlines earlier: an answer comes sooner, never later.
 * A clock that cannot tell idle time (a test's) stamps the moment of reading.
 */
export function arrivalStamps (clock: Clock, maxLookbackMs = MAX_LOOKBACK_MS): () => number {
  const idle = clock.idle?.bind(clock)
  if (!idle) return () => clock.now()
  let idleSeen = idle()
  let busySince = clock.now()
  return () => {
    const now = clock.now()
    const waited = idle()
    // libuv counts idle time only while its poll blocks (the first poll of each turn, which waits for nothing, is not
    // counted): any growth means the loop found nothing to do since the last stamp. A threshold here (1 ms, once) made
    // a client sending one request at a time look like one long busy stretch: stamps up to 10 ms early at delay 0.
    if (waited > idleSeen) busySince = now
    idleSeen = waited
    return Math.max(busySince, now - maxLookbackMs)
  }
}
