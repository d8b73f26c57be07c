// The database adapter: embedded PGlite under DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
// Nothing connects on import; start-up calls openDatabase() once and migrate() explicitly. Each
// kind's driver is imported when a database of that kind is opened: a shop on PostgreSQL never
// loads PGlite, and one on PGlite never loads pg.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type { Client as PgClient } from 'pg'
import { lockDatabase } from './database-lock.server.ts'
import * as schema from './db-schema.ts'

type Pg = typeof import('pg')['default']

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

/**
 * The embedded database's folder holds something that is not a whole database: the shop refuses to
 * start on it rather than serve wrong data (or create an empty shop over it).
 */
export class DamagedDatabaseError extends Error {
  constructor(folder: string, reason: string) {
    super(
      `The embedded database in ${folder} ${reason}. The shop will not start on it: restore DATA_DIR from a backup, or move the folder away to start an empty shop.`,
    )
    this.name = 'DamagedDatabaseError'
  }
}

export interface DatabaseOptions {
  /** postgres:// URL; when unset, PGlite is used. */
  databaseUrl?: string
  /** Folder of the embedded database; null keeps PGlite in memory (tests). */
  dataDir: string | null
  /** Where this process serves the shop, recorded in the embedded database's lock for `npm run backup`. */
  serving?: { host: string; port: number }
  /**
   * PostgreSQL closed an idle pooled connection (a restart, a failover, an administrator, a proxy's
   * idle timeout): the pool drops it and opens another when needed. Told here (for the log) instead of
   * ending the process as an unhandled 'error' event.
   */
  onConnectionLost?: (error: Error) => void
}

export async function openDatabase({
  databaseUrl,
  dataDir,
  serving,
  onConnectionLost = () => {},
}: DatabaseOptions): Promise<Database> {
  if (databaseUrl) {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ])
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
    pool.on('error', onConnectionLost)
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
      listen: (channel, onNotice, onReconnect) => listenOnPostgres(pg, databaseUrl, channel, onNotice, onReconnect),
      close: () => pool.end(),
    }
  }

  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ])
  const options = { startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS] }
  let unlock = () => {}
  if (dataDir !== null) {
    mkdirSync(dataDir, { recursive: true })
    unlock = lockDatabase(dataDir, serving)
  }
  let folder: string | undefined
  let client: InstanceType<typeof PGlite>
  try {
    folder = dataDir === null ? undefined : await embeddedCluster(PGlite, path.resolve(dataDir, 'pgdata'), options)
    client = new PGlite({ dataDir: folder, ...options })
    if (folder) {
      // A cluster damaged past PostgreSQL's crash recovery (a lost WAL, a torn control file) fails here.
      try {
        await client.waitReady
        await client.query('select 1')
      } catch (error) {
        await client.close().catch(() => {})
        throw new DamagedDatabaseError(folder, `cannot be opened (${error instanceof Error ? error.message : error})`)
      }
    }
  } catch (error) {
    unlock()
    throw error
  }
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
    async close() {
      try {
        await client.close()
      } finally {
        unlock()
      }
    },
  }
}

/**
 * The embedded cluster's folder, created on first use. The cluster is made in a folder beside it and
 * renamed into place when whole, so a start killed half way through leaves no half cluster; a folder
 * that has files but no PG_VERSION is refused rather than made again over what it holds.
 */
async function embeddedCluster(
  PGlite: typeof import('@electric-sql/pglite')['PGlite'],
  folder: string,
  options: { startParams: string[] },
): Promise<string> {
  if (existsSync(path.join(folder, 'PG_VERSION'))) return folder
  if (existsSync(folder) && readdirSync(folder).length > 0) {
    throw new DamagedDatabaseError(folder, 'has files but no PG_VERSION: it is not a whole database')
  }
  const making = `${folder}.new`
  rmSync(making, { recursive: true, force: true })
  mkdirSync(making, { recursive: true })
  // Creating the cluster (initdb) grows PGlite's WebAssembly memory to about 500 MB, which
  // WebAssembly never gives back: an instance of its own creates it and is closed.
  await (await PGlite.create({ dataDir: making, ...options })).close()
  rmSync(folder, { recursive: true, force: true })
  renameSync(making, folder)
  return folder
}

/** A dedicated connection that LISTENs, re-opened with backoff (1 s doubling to 30 s) after a loss. */
async function listenOnPostgres(
  pg: Pg,
  databaseUrl: string,
  channel: string,
  onNotice: (payload: string) => void,
  onReconnect: () => void,
): Promise<() => Promise<void>> {
  let stopped = false
  let client: PgClient | null = null
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

  const lost = (which: PgClient) => {
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
