/** Watches the user config file and calls back once per burst of changes (editors write, rename and chmod in a row). */
import { type FSWatcher, statSync, watch } from 'node:fs'
import { basename, dirname } from 'node:path'
import { type Clock, systemClock } from '../core/clock.js'

export interface WatchOptions { clock?: Clock, debounceMs?: number }

/** The debounce runs on the clock: a test moves it past debounceMs instead of waiting (and cannot merge writes by accident). */
export function watchConfig (files: string[], onChange: () => void, o: WatchOptions = {}): { close (): void } {
  const clock = o.clock ?? systemClock
  let cancel = () => {}
  const fire = () => {
    cancel()
    cancel = clock.after(o.debounceMs ?? 200, onChange)
  }
  const watchers: FSWatcher[] = []
  for (const file of files) {
    // Only regular files: /dev/null (no user file) and the like have nothing to watch.
    if (!statSync(file, { throwIfNoEntry: false })?.isFile()) continue
    // The folder, not the file: an editor that saves by rename would leave a file watcher on the old inode.
    try {
      watchers.push(watch(dirname(file), (_event, name) => { if (name === null || name === basename(file)) fire() }))
    } catch {
      // A folder that cannot be watched: SIGHUP and `hookjudge reload` still work.
    }
  }
  return {
    close () {
      cancel()
      for (const w of watchers) w.close()
    }
  }
}
