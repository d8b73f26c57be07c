// The database adapter: embedded PGlite under DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
// Nothing connects on import; start-up calls openDatabase() once and migrate() explicitly.
import { existsSync, mkdirSync } from 'node:fs'
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
  /**
   * LISTENs on `channel`: `onNotice` gets each payload as its transaction commits. With PostgreSQL a
   * connection of its own, re-opened after a loss (then `onReconnect`, since notices sent meanwhile
   * are gone). Returns the function that stops listening.
   */
  listen(channel: string, onNotice: (payload: string) => void, onReconnect: () => void): Promise<() => Promise<void>>
  close(): Promise<void>
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url))
/** Serialises migrations of several app instances starting at once on one PostgreSQL. */
const MIGRATION_LOCK = 72_430_001

/**
 * The embedded server lives in this process's memory, where PostgreSQL's default buffer pool for a
 * machine of its own (128 MB of shared buffers) stays resident once used. The operating system's file
 * cache still holds the data files, so a small pool costs reads from memory, not from the disk.
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB', '-c', 'temp_buffers=2MB', '-c', 'maintenance_work_mem=16MB']

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
      listen: (channel, onNotice, onReconnect) => listenOnPostgres(databaseUrl, channel, onNotice, onReconnect),
      close: () => pool.end(),
    }
  }

  const options = { startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS] }
  let folder: string | undefined
  if (dataDir !== null) {
    folder = path.resolve(dataDir, 'pgdata')
    mkdirSync(folder, { recursive: true })
    // Creating the cluster (initdb) grows PGlite's WebAssembly memory to about 500 MB, which
    // WebAssembly never gives back: an instance of its own creates it and is closed.
    if (!existsSync(path.join(folder, 'PG_VERSION')))
      await (await PGlite.create({ dataDir: folder, ...options })).close()
  }
  const client = new PGlite({ dataDir: folder, ...options })
  const db = drizzlePglite(client, { schema }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    async ping() {
      await db.execute(sql`select 1`)
    },
    async listen(channel, onNotice) {
      // The embedded database lives in this process: nothing to lose, nothing to reconnect.
      const unlisten = await client.listen(channel, onNotice)
      return () => unlisten()
    },
    close: () => client.close(),
  }
}

/** A dedicated connection that LISTENs, re-opened with backoff (1 s doubling to 30 s) after a loss. */
async function listenOnPostgres(
  databaseUrl: string,
  channel: string,
  onNotice: (payload: string) => void,
  onReconnect: () => void,
): Promise<() => Promise<void>> {
  let stopped = false
  let client: pg.Client | null = null
  let retryTimer: ReturnType<typeof setTimeout> | undefined
  let delay = 1000

  const connect = async (isReconnect: boolean) => {
    const next = new pg.Client({ connectionString: databaseUrl })
    next.on('notification', (message) => {
      if (message.channel === channel) onNotice(message.payload ?? '')
    })
    next.on('error', () => lost(next))
    next.on('end', () => lost(next))
    await next.connect()
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`)
    if (stopped) {
      await next.end().catch(() => {})
      return
    }
    client = next
    delay = 1000
    if (isReconnect) onReconnect()
  }

  const lost = (which: pg.Client) => {
    if (stopped || client !== which) return
    client = null
    which.end().catch(() => {})
    scheduleReconnect()
  }

  const scheduleReconnect = () => {
    retryTimer = setTimeout(() => {
      connect(true).catch(() => {
        delay = Math.min(delay * 2, 30_000)
        if (!stopped) scheduleReconnect()
      })
    }, delay)
  }

  await connect(false)
  return async () => {
    stopped = true
    clearTimeout(retryTimer)
    await client?.end().catch(() => {})
    client = null
  }
}
