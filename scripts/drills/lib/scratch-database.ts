// A database of a drill's own: a fresh PostgreSQL database on the given server (dropped afterwards) or
// a temporary embedded data folder, with the environment that points the shop's server at it, and a
// checksum of every table to tell whether anything changed.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { openDatabase } from '../../../app/platform/db.server.ts'

export interface ScratchDatabase {
  kind: 'pglite' | 'postgres'
  /** DATABASE_URL or DATA_DIR for the shop's server. */
  env: Record<string, string>
  /**
   * One digest per table (all rows, in a fixed order), but `except`. The embedded database belongs to
   * one process: the server must be stopped while this reads it.
   */
  checksum(except?: readonly string[]): Promise<Map<string, string>>
  drop(): Promise<void>
}

export async function createScratchDatabase(serverUrl: string | null): Promise<ScratchDatabase> {
  if (!serverUrl) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-drill-'))
    return {
      kind: 'pglite',
      env: { DATA_DIR: dataDir },
      checksum: (except) => checksum({ dataDir }, except),
      async drop() {
        rmSync(dataDir, { recursive: true, force: true })
      },
    }
  }
  const name = `shop_drill_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const databaseUrl = url.toString()
  return {
    kind: 'postgres',
    env: { DATABASE_URL: databaseUrl },
    checksum: (except) => checksum({ databaseUrl }, except),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl })
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    },
  }
}

async function checksum(
  where: { databaseUrl?: string; dataDir?: string },
  except: readonly string[] = [],
): Promise<Map<string, string>> {
  const database = await openDatabase({ databaseUrl: where.databaseUrl, dataDir: where.dataDir ?? null })
  try {
    const tables = await database.db.execute(
      sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    )
    const digests = new Map<string, string>()
    for (const { name } of rowsOf<{ name: string }>(tables)) {
      if (except.includes(name)) continue
      const result = await database.db.execute(
        sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${sql.identifier(name)} t`,
      )
      digests.set(name, rowsOf<{ digest: string | null }>(result)[0]?.digest ?? '')
    }
    return digests
  } finally {
    await database.close()
  }
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}

/** The tables whose digests differ between two checksums. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()])
  return [...names].filter((name) => before.get(name) !== after.get(name))
}
