// The database adapter: embedded PGlite under DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
// Nothing connects on import; start-up calls openDatabase() once and migrate() explicitly.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import * as schema from './db-schema.ts'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>
/** A transaction or the database itself: business operations accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  migrate(): Promise<void>
  ping(): Promise<void>
  close(): Promise<void>
}

const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url))
/** Serialises migrations of several app instances starting at once on one PostgreSQL. */
const MIGRATION_LOCK = 72_430_001

export interface DatabaseOptions {
  /** postgres:// URL; when unset, PGlite is used. */
  databaseUrl?: string
  /** Folder of the embedded database; null keeps PGlite in memory (tests). */
  dataDir: string | null
}

export async function openDatabase({ databaseUrl, dataDir }: DatabaseOptions): Promise<Database> {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
    const db = drizzlePg(pool, { schema }) as unknown as Db
    return {
      db,
      kind: 'postgres',
      async migrate() {
        const client = await pool.connect()
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder })
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {})
          client.release()
        }
      },
      async ping() {
        await db.execute(sql`select 1`)
      },
      close: () => pool.end(),
    }
  }

  let client: PGlite
  if (dataDir === null) {
    client = new PGlite()
  } else {
    const folder = path.resolve(dataDir, 'pgdata')
    mkdirSync(folder, { recursive: true })
    client = new PGlite(folder)
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    async ping() {
      await db.execute(sql`select 1`)
    },
    close: () => client.close(),
  }
}
