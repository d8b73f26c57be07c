import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import readline from 'node:readline'
import { describe, expect, it } from 'vitest'
import { DatabaseInUseError, lockDatabase, lockHolder } from './database-lock.server.ts'

const folder = () => mkdtempSync(path.join(tmpdir(), 'shop-lock-'))
/** When the process `pid` started (Linux: /proc/<pid>/stat), as the lock records it. */
function startOf(pid: number): string | undefined {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]
}
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
    writeFileSync(
      path.join(dataDir, 'database.lock'),
      JSON.stringify({ pid: process.ppid, started: startOf(process.ppid), port: 3000 }),
    )
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

  it('takes over a lock left by a killed process nobody has reaped yet (a zombie)', async () => {
    // The shell becomes (exec) a process that never waits for the child it started: that child, once
    // it has ended a moment later, stays a zombie (as a server killed under a parent that died first,
    // where init reaps nothing).
    const parent = spawn('sh', ['-c', 'sleep 1 & echo $!; exec sleep 60'], { stdio: ['ignore', 'pipe', 'ignore'] })
    try {
      const [line] = (await once(readline.createInterface({ input: parent.stdout }), 'line')) as [string]
      const zombie = Number(line)
      const stateOf = () => {
        const stat = readFileSync(`/proc/${zombie}/stat`, 'utf8')
        return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3)
      }
      await expect.poll(stateOf, { timeout: 15_000 }).toBe('Z')
      const dataDir = folder()
      writeFileSync(
        path.join(dataDir, 'database.lock'),
        JSON.stringify({ pid: zombie, started: startOf(zombie), port: 3000 }),
      )
      expect(lockHolder(dataDir)).toBeNull()
      const release = lockDatabase(dataDir)
      expect(JSON.parse(readFileSync(path.join(dataDir, 'database.lock'), 'utf8'))).toMatchObject({ pid: process.pid })
      release()
    } finally {
      parent.kill('SIGKILL')
    }
  })

  it('takes over a lock whose pid now belongs to another process (reused after a reboot)', () => {
    const dataDir = folder()
    const file = path.join(dataDir, 'database.lock')
    writeFileSync(file, JSON.stringify({ pid: process.ppid, started: '1', port: 3000 }))
    expect(lockHolder(dataDir)).toBeNull()
    lockDatabase(dataDir)()
    // With the start time it has, the same live process still holds it.
    writeFileSync(file, JSON.stringify({ pid: process.ppid, started: startOf(process.ppid), port: 3000 }))
    expect(lockHolder(dataDir)).toMatchObject({ pid: process.ppid })
  })

  it('is taken by exactly one of several processes starting at once on a dead holder’s lock', async () => {
    const lockModule = new URL('./database-lock.server.ts', import.meta.url).href
    for (let round = 0; round < 3; round++) {
      const dataDir = folder()
      writeFileSync(path.join(dataDir, 'database.lock'), JSON.stringify({ pid: gonePid() }))
      // Each says it is ready, tries when told to go, says what it got and holds it until its input ends.
      const script = `import { lockDatabase } from ${JSON.stringify(lockModule)}
        let release = () => {}
        process.stdin.once('data', () => {
          try { release = lockDatabase(${JSON.stringify(dataDir)}); console.log('took') }
          catch (error) { console.log(error.name) }
        })
        process.stdin.on('end', () => release())
        console.log('ready')`
      const children = Array.from({ length: 6 }, () => spawn(process.execPath, ['--input-type=module', '-e', script]))
      const lines = children.map((child) => readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]())
      await Promise.all(lines.map((line) => line.next()))
      for (const child of children) child.stdin.write('go\n')
      const outcomes = await Promise.all(lines.map(async (line) => (await line.next()).value))
      for (const child of children) child.stdin.end()
      await Promise.all(children.map((child) => once(child, 'exit')))
      expect(outcomes.filter((outcome) => outcome === 'took')).toHaveLength(1)
      expect(outcomes.filter((outcome) => outcome === 'DatabaseInUseError')).toHaveLength(5)
    }
  }, 30_000)

  it('ignores a lock file that is not one', () => {
    const dataDir = folder()
    writeFileSync(path.join(dataDir, 'database.lock'), 'garbage')
    expect(lockHolder(dataDir)).toBeNull()
    lockDatabase(dataDir)()
  })
})
