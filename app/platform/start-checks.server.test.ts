import { once } from 'node:events'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkListenAddress, databaseError, prepareDataDir, StartError, unreachable } from './start-checks.server.ts'

const URL = 'postgres://shop:secret-password@db.example:5432/shop'
const failure = (code: string, message = 'x') => Object.assign(new Error(message), { code })

describe('what start-up tells the operator', () => {
  it('names DATABASE_URL and what to do, never its password', () => {
    const said = (error: unknown) => databaseError(error, URL).message
    expect(said(failure('ECONNREFUSED'))).toBe(
      'DATABASE_URL: nothing answers as PostgreSQL at db.example:5432 (connection refused): is PostgreSQL running there?',
    )
    expect(said(failure('3D000', 'database "shop" does not exist'))).toBe(
      'DATABASE_URL: database shop does not exist on PostgreSQL at db.example:5432: create it first (createdb shop)',
    )
    expect(said(failure('28P01', 'password authentication failed for user "shop"'))).toMatch(
      /^DATABASE_URL: PostgreSQL at db.example:5432 refused the user shop: password authentication failed/,
    )
    // Drizzle wraps the driver's error: the code is found down the cause chain.
    expect(said(new Error('Failed query: select 1', { cause: failure('ENOTFOUND') }))).toMatch(/is not known/)
    for (const code of ['ECONNREFUSED', '3D000', '28P01', 'ENOTFOUND', 'EIO']) {
      expect(said(failure(code))).not.toContain('secret-password')
    }
  })

  it('tells a refused connection from a failing query', () => {
    expect(unreachable(failure('ECONNREFUSED'))).toBe(true)
    expect(unreachable(new Error('wrapped', { cause: failure('3D000') }))).toBe(true)
    expect(unreachable(failure('23505'))).toBe(false)
    expect(unreachable(new Error('no code'))).toBe(false)
  })

  it('names PORT when the port is taken, and lets a free one be', async () => {
    const taken = createServer().listen(0, '127.0.0.1')
    await once(taken, 'listening')
    const { port } = taken.address() as { port: number }
    try {
      await expect(checkListenAddress('127.0.0.1', port)).rejects.toThrow(
        new StartError(`PORT ${port} on 127.0.0.1 is in use by another process: stop it, or set PORT to a free port`),
      )
    } finally {
      taken.close()
      await once(taken, 'close')
    }
    await expect(checkListenAddress('127.0.0.1', port)).resolves.toBeUndefined()
  })

  it('names DATA_DIR when it is not a folder it can write', () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'shop-data-check-'))
    const file = path.join(parent, 'file')
    writeFileSync(file, '')
    expect(() => prepareDataDir(file)).toThrow(/^DATA_DIR .*file is not a folder this user/)
    expect(() => prepareDataDir(path.join(parent, 'new', 'data'))).not.toThrow()
  })
})
