// The production shop a drill runs against: a database of its own (a fresh PostgreSQL database on the
// drill's server, or an embedded one in a temporary folder), an admin account, the shop open for
// orders, and the server started from the current build (tests/server-process.ts).
import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import { type Database, openDatabase } from '#app/platform/db.server.ts'
import { createPostgresDatabase } from '../../../tests/integration/databases.ts'
import { type RunningServer, startServer, temporaryDataDir } from '../../../tests/server-process.ts'

export interface ShopUnderDrill {
  url: string
  admin: { email: string; password: string }
  /** The server's environment: the same database and secrets for a restart. */
  env: Record<string, string>
  server: RunningServer
  /** Starts the server again on the same database (after stop()). */
  restart(): Promise<void>
  /** Stops the server. */
  stop(): Promise<void>
  /** The shop's database, opened by the drill itself (the embedded one only while the server is stopped). */
  openDatabase(): Promise<Database>
  /** Stops the server and removes its database. */
  close(): Promise<void>
}

export async function startShopUnderDrill(
  databaseUrl: string | null,
  extraEnv: Record<string, string> = {},
): Promise<ShopUnderDrill> {
  const admin = { email: 'drill-admin@shop.example', password: `admin-${randomBytes(12).toString('hex')}` }
  const dataDir = temporaryDataDir()
  let dropDatabase = async () => {}
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    AUTH_SECRET: `drill-secret-${randomBytes(24).toString('hex')}`,
    SHOWCASE_MODE: 'false',
    PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true',
    // Every shopper of these drills comes from 127.0.0.1: the per-address order limit would stop the
    // load, which is not what they test (tests/integration/limits.test.ts does).
    ORDER_RATE_LIMIT: '0',
    ...extraEnv,
  }
  if (databaseUrl) {
    // createPostgresDatabase makes its database on the TEST_DATABASE_URL server.
    process.env.TEST_DATABASE_URL = databaseUrl
    const created = await createPostgresDatabase()
    env.DATABASE_URL = created.url
    dropDatabase = created.drop
  }
  let server: RunningServer | null = await startServer(env)
  const shop: ShopUnderDrill = {
    url: server.url,
    admin,
    env: { ...env, PORT: new URL(server.url).port },
    server,
    async restart() {
      if (server) throw new Error('the shop is still running')
      server = await startServer(shop.env)
      shop.server = server
    },
    async stop() {
      await server?.stop()
      server = null
    },
    openDatabase() {
      return openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATABASE_URL ? null : dataDir })
    },
    async close() {
      await shop.stop()
      await dropDatabase()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
  return shop
}
