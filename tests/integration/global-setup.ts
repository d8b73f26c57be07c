// The integration suite's set-up, paid once per run: a migrated embedded database (a PGlite folder)
// and, when TEST_DATABASE_URL is set, a migrated PostgreSQL template database. Each test file then
// starts from a copy of them (databases.ts) instead of running initdb and every migration again:
// 0.2 s instead of 2.5 s for PGlite on this machine, 0.2 s instead of 0.5 s for PostgreSQL.
import { rmSync } from 'node:fs'
import pg from 'pg'
import { openDatabase } from '#app/platform/db.server.ts'
import { temporaryDataDir } from '../server-process.ts'
import { createPostgresDatabase } from './databases.ts'

// The suite's workers (and the drills they run, scripts/drills/lib/shop-server.ts) find them through
// TEST_MIGRATED_DATA_DIR (a folder to copy, never to open) and TEST_MIGRATED_POSTGRES (a template).
export default async function setup() {
  const dataDir = temporaryDataDir()
  const embedded = await openDatabase({ dataDir })
  await embedded.migrate()
  await embedded.close()
  process.env.TEST_MIGRATED_DATA_DIR = dataDir

  let dropTemplate = async () => {}
  if (process.env.TEST_DATABASE_URL) {
    const { url, drop } = await createPostgresDatabase()
    const server = await openDatabase({ databaseUrl: url, dataDir: null })
    await server.migrate()
    await server.close()
    const name = new URL(url).pathname.slice(1)
    // A template nobody may connect to: CREATE DATABASE ... TEMPLATE refuses while anyone is connected.
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
    await admin.connect()
    await admin.query(`alter database ${name} with is_template true allow_connections false`)
    await admin.end()
    dropTemplate = async () => {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
      await client.connect()
      await client.query(`alter database ${name} with is_template false allow_connections true`)
      await client.end()
      await drop()
    }
    process.env.TEST_MIGRATED_POSTGRES = name
  }

  return async () => {
    rmSync(dataDir, { recursive: true, force: true })
    await dropTemplate()
  }
}
