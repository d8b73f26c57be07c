// The databases the integration suite runs on: embedded PGlite always, and a real PostgreSQL server
// when TEST_DATABASE_URL is set (CI sets it). Each suite gets a database of its own, a copy of the
// migrated one the suite's global set-up made (global-setup.ts).
import { randomBytes } from 'node:crypto'
import { cpSync, rmSync } from 'node:fs'
import pg from 'pg'
import { type Database, openDatabase } from '#app/platform/db.server.ts'
import { temporaryDataDir } from '../server-process.ts'

export type DatabaseKind = 'pglite' | 'postgres'

export const DATABASE_KINDS: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']

/**
 * Creates a PostgreSQL database on the server (TEST_DATABASE_URL's), empty or a copy of `template`, and
 * returns its URL and a drop().
 */
export async function createPostgresDatabase(
  serverUrl = process.env.TEST_DATABASE_URL,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set')
  const name = `shop_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl })
      await client.connect()
      // A pool's end() resolves while its connections are still saying goodbye; forcing the drop then
      // kills them mid-way, an error the test's client has no listener left for. Let them leave first.
      for (let wait = 0; wait < 50; wait++) {
        const { rows } = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
          name,
        ])
        if (rows[0].n === 0) break
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    },
  }
}

/**
 * The migrated databases this run made once (global-setup.ts names them in these variables, which the
 * suite's workers inherit): a PGlite data folder to copy and a PostgreSQL template database.
 */
export const MIGRATED = {
  dataDir: process.env.TEST_MIGRATED_DATA_DIR,
  postgres: process.env.TEST_MIGRATED_POSTGRES,
}

/** A new DATA_DIR holding a copy of the run's migrated embedded database. */
export function migratedDataDir(): string {
  if (!MIGRATED.dataDir) throw new Error('No migrated database: tests/integration/global-setup.ts makes one')
  const dataDir = temporaryDataDir()
  cpSync(MIGRATED.dataDir, dataDir, { recursive: true })
  return dataDir
}

/**
 * Where a production server (tests/server-process.ts) of the given kind keeps its data, as its
 * environment: a new PostgreSQL database (DATABASE_URL) or a new data folder for the embedded one
 * (DATA_DIR), migrated unless `empty` (the server then migrates it itself). drop() removes the
 * PostgreSQL database once the server has stopped.
 */
export async function serverDatabaseEnv(
  kind: DatabaseKind,
  { empty = false } = {},
): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    return { env: { DATA_DIR: empty ? temporaryDataDir() : migratedDataDir() }, drop: async () => {} }
  }
  const { url, drop } = await createPostgresDatabase(undefined, empty ? undefined : MIGRATED.postgres)
  return { env: { DATABASE_URL: url }, drop }
}

/** A migrated, empty database of the given kind; close() also drops a PostgreSQL one. */
export async function openTestDatabase(kind: DatabaseKind): Promise<Database> {
  const { env, drop } = await serverDatabaseEnv(kind)
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? null })
  return {
    ...database,
    async close() {
      await database.close()
      await drop()
      if (env.DATA_DIR) rmSync(env.DATA_DIR, { recursive: true, force: true })
    },
  }
}
