import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DatabaseInUseError, lockDatabase, lockHolder } from './database-lock.server.ts'

const folder = () => mkdtempSync(path.join(tmpdir(), 'shop-lock-'))
/** The pid of a process that has ended. */
const gonePid = () => spawnSync(process.execPath, ['-e', '']).pid as number

describe('the embedded database lock', () => {
  it('records who holds the database and where it serves, and is gone once released', () => {
    const dataDir = folder()
    expect(lockHolder(dataDir)).toBeNull()
    const release = lockDatabase(dataDir, { host: '127.0.0.1', port: 3171 })
    expect(lockHolder(dataDir)).toMatchObject({ pid: process.pid, host: '127.0.0.1', port: 3171 })
    expect(() => lockDatabase(dataDir)).toThrow(DatabaseInUseError)
    release()
    expect(existsSync(path.join(dataDir, 'database.lock'))).toBe(false)
    expect(lockHolder(dataDir)).toBeNull()
  })

  it('refuses while another live process holds it, naming that process', () => {
    const dataDir = folder()
    // This test's parent process is alive and is not this one.
    const stat = readFileSync(`/proc/${process.ppid}/stat`, 'utf8')
    const started = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]
    writeFileSync(path.join(dataDir, 'database.lock'), JSON.stringify({ pid: process.ppid, started, port: 3000 }))
    expect(() => lockDatabase(dataDir)).toThrow(`open in another process (pid ${process.ppid}, the shop on port 3000)`)
  })

  it('takes over a lock left by a process that is gone (kill -9), or by an earlier life of its own pid', () => {
    for (const pid of [gonePid(), process.pid]) {
      const dataDir = folder()
      writeFileSync(path.join(dataDir, 'database.lock'), JSON.stringify({ pid, port: 3000 }))
      expect(lockHolder(dataDir)).toBeNull()
      const release = lockDatabase(dataDir)
      expect(JSON.parse(readFileSync(path.join(dataDir, 'database.lock'), 'utf8'))).toMatchObject({ pid: process.pid })
      release()
    }
  })

  it('takes over a lock whose pid now belongs to another process (reused after a reboot)', () => {
    const dataDir = folder()
    const file = path.join(dataDir, 'database.lock')
    writeFileSync(file, JSON.stringify({ pid: process.ppid, started: '1', port: 3000 }))
    expect(lockHolder(dataDir)).toBeNull()
    lockDatabase(dataDir)()
    // With the start time it had, the same live process still holds it.
    const release = lockDatabase(dataDir)
    const mine = JSON.parse(readFileSync(file, 'utf8'))
    release()
    writeFileSync(file, JSON.stringify({ ...mine, pid: process.ppid }))
    expect(lockHolder(dataDir)).toBeNull()
  })

  it('ignores a lock file that is not one', () => {
    const dataDir = folder()
    writeFileSync(path.join(dataDir, 'database.lock'), 'garbage')
    expect(lockHolder(dataDir)).toBeNull()
    lockDatabase(dataDir)()
  })
})
