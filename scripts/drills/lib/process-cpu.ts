// CPU time a process has used (user + system), from /proc: what a drill's load cost the shop's server
// and, on PostgreSQL, the database's backends serving it. Linux only; 0 elsewhere or for a gone process.
import { readFileSync } from 'node:fs'

/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second. */
const TICKS_PER_SECOND = 100

/** Seconds of CPU the processes have used so far. */
export function cpuSeconds(pids: readonly number[]): number {
  let ticks = 0
  for (const pid of pids) {
    try {
      // Fields after the command's closing parenthesis: state is the 3rd field, utime the 14th, stime the 15th.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
      ticks += Number(fields[11]) + Number(fields[12])
    } catch {
      // gone, or not Linux
    }
  }
  return ticks / TICKS_PER_SECOND
}
