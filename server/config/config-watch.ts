/** Watches the user config file and calls back once per burst of changes (editors write, rename and chmod in a row), and
 * once when a user file that did not exist at start appears. */
import { type FSWatcher, statSync, watch } from 'node:fs'
import { basename, dirname } from 'node:path'
import { type Clock, systemClock } from '../core/clock.js'

/** appearMs: how often a file that does not exist yet is looked for (its folder may not exist either). */
export interface WatchOptions { clock?: Clock, debounceMs?: number, appearMs?: number }

/** The debounce runs on the clock: a test moves it past debounceMs instead of waiting (and cannot merge writes by accident). */
export function watchConfig (files: string[], onChange: () => void, o: WatchOptions = {}): { close (): void } {
  const clock = o.clock ?? systemClock
  let cancel = () => {}
  const fire = () => {
    cancel()
    cancel = clock.after(o.debounceMs ?? 200, onChange)
  }
  const watchers: FSWatcher[] = []
  const stops: Array<() => void> = []
  const follow = (file: string) => {
    // The folder, not the file: an editor that saves by rename would leave a file watcher on the old inode.
    try {
      watchers.push(watch(dirname(file), (_event, name) => { if (name === null || name === basename(file)) fire() }))
    } catch {
      // A folder that cannot be watched: SIGHUP and `hookjudge reload` still work.
    }
  }
  for (const file of files) {
    const st = statSync(file, { throwIfNoEntry: false })
    if (st?.isFile()) { follow(file); continue }
    // /dev/null (no user file) and other non-files have nothing to watch; a file that is not there yet is looked for
    // (a stat now and then: its folder may not exist either), then read and followed.
    if (st !== undefined) continue
    const stop = clock.every(o.appearMs ?? 2000, () => {
      if (!statSync(file, { throwIfNoEntry: false })?.isFile()) return
      stop()
      follow(file)
      fire()
    })
    stops.push(stop)
  }
  return {
    close () {
      cancel()
      for (const s of stops) s()
      for (const w of watchers) w.close()
    }
  }
}
