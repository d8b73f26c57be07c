// The embedded database after a crash it cannot recover from: the shop refuses to start on a damaged
// folder (exit 1 and a message saying what to do) instead of serving wrong data or creating an empty
// shop over it; a first start that was killed half way leaves nothing to trip over.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '#app/platform/db.server.ts'
import { freePort, runServerToExit, temporaryDataDir } from '../server-process.ts'

/** A data folder holding an embedded database with one marker row. */
async function shopFolder(): Promise<string> {
  const dataDir = temporaryDataDir()
  const database = await openDatabase({ dataDir })
  await database.db.execute(sql`create table marker (n int)`)
  await database.db.execute(sql`insert into marker values (42)`)
  await database.close()
  return dataDir
}

describe('a damaged embedded database', () => {
  it('is refused, not made again, when its folder has files but no PG_VERSION', async () => {
    const dataDir = await shopFolder()
    rmSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))
    const { code, output } = await runServerToExit({ DATA_DIR: dataDir, PORT: String(await freePort()) })
    expect(code).toBe(1)
    expect(output).toContain('has files but no PG_VERSION')
    expect(output).toContain('The shop will not start on it: restore DATA_DIR from a backup')
    // What it held is still there for whoever restores it.
    expect(existsSync(path.join(dataDir, 'pgdata', 'base'))).toBe(true)
  })

  it('is refused when PostgreSQL cannot recover it (a zeroed control file)', async () => {
    const dataDir = await shopFolder()
    writeFileSync(path.join(dataDir, 'pgdata', 'global', 'pg_control'), Buffer.alloc(8192))
    const { code, output } = await runServerToExit({ DATA_DIR: dataDir, PORT: String(await freePort()) })
    expect(code).toBe(1)
    expect(output).toContain('cannot be opened')
    expect(output).toContain('The shop will not start on it')
  })

  it('starts afresh after a first start killed while creating the database', async () => {
    const dataDir = temporaryDataDir()
    // What a kill during initdb leaves: the half-made cluster beside the folder, never in it.
    mkdirSync(path.join(dataDir, 'pgdata.new', 'base'), { recursive: true })
    writeFileSync(path.join(dataDir, 'pgdata.new', 'PG_VERSION'), '17\n')
    const database = await openDatabase({ dataDir })
    const result = (await database.db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] }
    expect(result.rows).toEqual([{ one: 1 }])
    await database.close()
    expect(existsSync(path.join(dataDir, 'pgdata.new'))).toBe(false)
  })
})
