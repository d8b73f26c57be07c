// The production server as a drill runs it: on a database of its own (a fresh PostgreSQL database, or
// an embedded one in a data directory), prepared before the first start, started, killed with SIGKILL
// and started again on the same port, data directory and database, and read directly once stopped.
import { randomBytes } from 'node:crypto'
import { type Database, openDatabase } from '../../../app/platform/db.server.ts'
import { initialiseShop } from '../../../app/platform/first-start.server.ts'
import { createPostgresDatabase } from '../../../tests/integration/databases.ts'
import { freePort, type RunningServer, startServer, temporaryDataDir } from '../../../tests/server-process.ts'

export interface ShopServer {
  url: string
  kind: 'pglite' | 'postgres'
  /** DATA_DIR: the embedded database (when it is the one), the development mailbox and SMS outbox. */
  dataDir: string
  /** Opens the shop's database directly (the embedded one only while the server is down). */
  open(): Promise<Database>
  start(): Promise<void>
  /** SIGKILL: no shutdown, no finishing of requests in flight. Resolves once the process is gone. */
  kill(): Promise<void>
  /** SIGTERM, the ordinary shutdown; its exit code. */
  stop(): Promise<number | null>
  running(): boolean
  /** What the server printed since it was last started. */
  output(): string
  /** Stops the server if it runs, and drops a PostgreSQL database. */
  dispose(): Promise<void>
}

/**
 * A shop on a database of its own: migrated and seeded with the demo catalogue, then `prepare` runs
 * against it (the drill's stock, coupons ...) before the server first starts. `env` adds to the
 * server's environment (payments, SMTP). Every shopper has an address of its own (TRUST_PROXY and
 * X-Forwarded-For), as on the internet: per-address limits apply to each, not to the drill as one.
 */
export async function createShopServer(options: {
  databaseUrl: string | null
  /** More of the server's environment, given the address it will listen on (for webhooks to it). */
  env?: (url: string) => Record<string, string> | Promise<Record<string, string>>
  prepare?: (database: Database) => Promise<void>
}): Promise<ShopServer> {
  let databaseUrl: string | undefined
  let drop = async () => {}
  if (options.databaseUrl) {
    // createPostgresDatabase makes its database on the TEST_DATABASE_URL server.
    process.env.TEST_DATABASE_URL = options.databaseUrl
    const created = await createPostgresDatabase()
    databaseUrl = created.url
    drop = created.drop
  }
  const dataDir = temporaryDataDir()
  const open = () => openDatabase({ databaseUrl, dataDir: databaseUrl ? null : dataDir })

  const setup = await open()
  try {
    await setup.migrate()
    await initialiseShop(setup.db, { seedDemo: true, showcaseMode: false })
    await options.prepare?.(setup)
  } finally {
    await setup.close()
  }

  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const env: Record<string, string> = {
    PORT: String(port),
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    AUTH_SECRET: randomBytes(32).toString('hex'),
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
    ...(await options.env?.(url)),
  }
  let server: RunningServer | null = null
  const running = () => server !== null && server.process.exitCode === null && server.process.signalCode === null

  return {
    url,
    kind: databaseUrl ? 'postgres' : 'pglite',
    dataDir,
    open,
    running,
    output: () => server?.output() ?? '',
    async start() {
      if (running()) throw new Error('the server is already running')
      server = await startServer(env)
    },
    async kill() {
      if (!server || !running()) return
      const exited = new Promise((resolve) => server!.process.once('exit', resolve))
      server.process.kill('SIGKILL')
      await exited
    },
    async stop() {
      if (!server || !running()) return null
      return server.stop()
    },
    async dispose() {
      if (server && running()) {
        const exited = new Promise((resolve) => server!.process.once('exit', resolve))
        server.process.kill('SIGKILL')
        await exited
      }
      await drop()
    },
  }
}
