// The databases the integration suite runs on: embedded PGlite always, and a real PostgreSQL server
// when TEST_DATABASE_URL is set (CI sets it). Each suite gets a database of its own.
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { type Database, openDatabase } from '#app/platform/db.server.ts'
import { temporaryDataDir } from '../server-process.ts'

export type DatabaseKind = 'pglite' | 'postgres'

export const DATABASE_KINDS: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']

/** Creates an empty PostgreSQL database on the server (TEST_DATABASE_URL's) and returns its URL and a drop(). */
export async function createPostgresDatabase(
  serverUrl = process.env.TEST_DATABASE_URL,
): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set')
  const name = `shop_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
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
 * Where a production server (tests/server-process.ts) of the given kind keeps its data, as its
 * environment: a new PostgreSQL database (DATABASE_URL) or a new data folder for the embedded one
 * (DATA_DIR). drop() removes the PostgreSQL database once the server has stopped.
 */
export async function serverDatabaseEnv(
  kind: DatabaseKind,
): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (kind === 'pglite') return { env: { DATA_DIR: temporaryDataDir() }, drop: async () => {} }
  const { url, drop } = await createPostgresDatabase()
  return { env: { DATABASE_URL: url }, drop }
}

/** A migrated, empty database of the given kind; close() also drops a PostgreSQL one. */
export async function openTestDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'pglite') {
    const database = await openDatabase({ dataDir: null })
    await database.migrate()
    return database
  }
  const { url, drop } = await createPostgresDatabase()
  const database = await openDatabase({ databaseUrl: url, dataDir: null })
  await database.migrate()
  return {
    ...database,
    async close() {
      await database.close()
      await drop()
    },
  }
}
