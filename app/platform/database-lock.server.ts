// The embedded database may be open in one process at a time, and PGlite keeps no lock of its own
// (no postmaster.pid): a second process reads the files as they were last written, misses what the
// first holds in memory, and its writes and crash recovery go under the first's feet. The process that
// opens it leaves DATA_DIR/database.lock (its pid and, for the shop, where it listens); another finds
// it and refuses, and `npm run backup` asks the shop that holds it instead. A lock left by a process
// that is gone (kill -9, a power cut; a killed process nobody has reaped yet) is taken over.
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const LOCK_FILE = 'database.lock'

export interface LockHolder {
  pid: number
  /** When the process started (Linux: /proc/<pid>/stat), so a pid reused after a reboot is not taken for it. */
  started?: string
  /** Where the holder serves the shop (absent: a command such as admin:create or restore holds it). */
  host?: string
  port?: number
}

/** Folders this process holds: a second open of one of them here is refused as well. */
const heldHere = new Set<string>()

export class DatabaseInUseError extends Error {
  readonly holder: LockHolder
  constructor(dataDir: string, holder: LockHolder) {
    super(
      `The embedded database in ${dataDir} is open in another process (pid ${holder.pid}${holder.port ? `, the shop on port ${holder.port}` : ''}): only one process may open it. Stop that process first (npm run backup works while the shop runs).`,
    )
    this.name = 'DatabaseInUseError'
    this.holder = holder
  }
}

/** The live process holding the embedded database in `dataDir`, or null when none does. */
export function lockHolder(dataDir: string): LockHolder | null {
  const folder = path.resolve(dataDir)
  return liveHolder(folder, readLock(path.join(folder, LOCK_FILE)))
}

function readLock(file: string): string | null {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return null
  }
}

/** The holder a lock file's `text` names, if it is alive. */
function liveHolder(folder: string, text: string | null): LockHolder | null {
  let holder: LockHolder
  try {
    holder = JSON.parse(text ?? '') as LockHolder
  } catch {
    return null
  }
  if (!Number.isInteger(holder.pid) || holder.pid <= 0) return null
  // Our own pid in a file we did not write: a previous life of this process's pid (a container's pid 1).
  if (holder.pid === process.pid) return heldHere.has(folder) ? holder : null
  if (!isAlive(holder.pid)) return null
  // The pid is someone else's now (a power cut and a reboot, pids reused): the holder is gone.
  if (
    holder.started !== undefined &&
    processStart(holder.pid) !== null &&
    processStart(holder.pid) !== holder.started
  ) {
    return null
  }
  return holder
}

/**
 * Takes the embedded database in `dataDir` for this process, or throws DatabaseInUseError. Returns
 * the release, which removes the lock.
 *
 * Two processes starting at once must not both take it. The lock is written whole under a name of
 * this process's and linked into place, which fails if a lock is there: nobody reads a half-written
 * lock and takes it for a dead one. A dead holder's lock is moved aside before it is taken over, and
 * put back if it is not the one judged dead: another process took it over first.
 */
export function lockDatabase(dataDir: string, serving?: { host: string; port: number }): () => void {
  const folder = path.resolve(dataDir)
  const file = path.join(folder, LOCK_FILE)
  const started = processStart(process.pid)
  const mine = `${file}.${process.pid}`
  writeFileSync(mine, JSON.stringify({ pid: process.pid, ...(started === null ? {} : { started }), ...serving }), {
    mode: 0o644,
  })
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(mine, file)
        break
      } catch (error) {
        const judged = readLock(file)
        const holder = liveHolder(folder, judged)
        if (holder) throw new DatabaseInUseError(folder, holder)
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw error
        takeOver(file, judged)
      }
    }
  } finally {
    rmSync(mine, { force: true })
  }
  heldHere.add(folder)
  return () => {
    heldHere.delete(folder)
    rmSync(file, { force: true })
  }
}

/** Removes the lock in `file` if it still reads `judged` (a dead holder's). */
function takeOver(file: string, judged: string | null) {
  const aside = `${file}.${process.pid}.gone`
  try {
    renameSync(file, aside)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
    throw error
  }
  if (readLock(aside) !== judged) {
    // Another process's fresh lock: back it goes (unless yet another took the place meanwhile).
    try {
      linkSync(aside, file)
    } catch {}
  }
  rmSync(aside, { force: true })
}

/** The process's start time in clock ticks after boot (Linux), or null where /proc cannot tell. */
function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command's closing parenthesis start at the third; the start time is the 22nd.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null
  } catch {
    return null
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
  // A process killed but not yet reaped (a zombie, or one being torn down) still answers signals, but
  // holds nothing: where its parent died first and the init process does not reap (some containers),
  // it stays so for ever, and its lock must not stop the next start.
  return !isDefunct(pid)
}

/** Linux: the process has exited and only waits to be reaped (state Z or X in /proc/<pid>/stat). */
function isDefunct(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3)
    return state === 'Z' || state === 'X'
  } catch {
    return false
  }
}
