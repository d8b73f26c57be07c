// The production server as a drill runs it: on a database of its own (a fresh PostgreSQL database on
// the drill's server, or an embedded one in a temporary data directory), migrated and seeded with the
// demo catalogue before the first start (inside the integration suite, a copy of the suite's migrated
// database: tests/integration/global-setup.ts), started with `npm run serve`'s Node flags from the current
// build, killed with SIGKILL or stopped, started again on the same port, data directory and database,
// and read directly once stopped.
import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import { type Database, openDatabase } from '../../../app/platform/db.server.ts'
import { initialiseShop } from '../../../app/platform/first-start.server.ts'
import { createPostgresDatabase, MIGRATED, migratedDataDir } from '../../../tests/integration/databases.ts'
import {
  freePort,
  type RunningServer,
  SERVE_FLAGS,
  startServer,
  temporaryDataDir,
} from '../../../tests/server-process.ts'

export interface ShopServer {
  url: string
  kind: 'pglite' | 'postgres'
  /** DATA_DIR: the embedded database (when it is the one), the development mailbox and SMS outbox. */
  dataDir: string
  /** The server's environment (its port, database, secrets), for a command run beside it. */
  env: Record<string, string>
  /** The admin account (ADMIN_EMAIL/ADMIN_PASSWORD). */
  admin: { email: string; password: string }
  /** Opens the shop's database directly (the embedded one only while the server is down). */
  open(): Promise<Database>
  start(): Promise<void>
  /** SIGKILL: no shutdown, no finishing of requests in flight. Resolves once the process is gone. */
  kill(): Promise<void>
  /** SIGTERM, the ordinary shutdown; its exit code (null when it was not running). */
  stop(): Promise<number | null>
  running(): boolean
  /** The running server's process id. */
  pid(): number | undefined
  /** What the server printed since it was last started. */
  output(): string
  /** Stops the server if it runs, drops a PostgreSQL database and removes the data directory. */
  dispose(): Promise<void>
}

/**
 * A shop on a database of its own: migrated and seeded with the demo catalogue, then `prepare` runs
 * against it (the drill's stock, coupons ...) before the server first starts. `env` adds to the
 * server's environment (payments, SMTP). The server trusts X-Forwarded-For (TRUST_PROXY), so each
 * shopper (./shopper.ts) comes from an address of its own, as on the internet: per-address limits
 * apply to each, not to the drill as one.
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
    const created = await createPostgresDatabase(options.databaseUrl, MIGRATED.postgres)
    databaseUrl = created.url
    drop = created.drop
  }
  const dataDir = MIGRATED.dataDir ? migratedDataDir() : temporaryDataDir()
  const open = () => openDatabase({ databaseUrl, dataDir: databaseUrl ? null : dataDir })

  try {
    const setup = await open()
    try {
      await setup.migrate()
      await initialiseShop(setup.db, { seedDemo: true, showcaseMode: false })
      await options.prepare?.(setup)
    } finally {
      await setup.close()
    }
  } catch (error) {
    // No server to dispose of yet: what was made for it goes now.
    await drop()
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }

  const admin = { email: 'drill-admin@shop.example', password: `admin-${randomBytes(12).toString('hex')}` }
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const env: Record<string, string> = {
    PORT: String(port),
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    AUTH_SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    SHOWCASE_MODE: 'false',
    TRUST_PROXY: 'true',
    PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true',
    LOG_LEVEL: 'warn',
    ...(await options.env?.(url)),
  }
  // DRILL_SERVER_FLAGS adds Node flags, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof' to profile the server under a drill.
  const extraFlags = process.env.DRILL_SERVER_FLAGS?.split(/\s+/).filter(Boolean) ?? []
  let server: RunningServer | null = null
  const running = () => server !== null && server.process.exitCode === null && server.process.signalCode === null
  const kill = async () => {
    if (!server || !running()) return
    const exited = new Promise((resolve) => server!.process.once('exit', resolve))
    server.process.kill('SIGKILL')
    await exited
  }

  return {
    url,
    kind: databaseUrl ? 'postgres' : 'pglite',
    dataDir,
    env,
    admin,
    open,
    running,
    kill,
    pid: () => (running() ? server?.process.pid : undefined),
    output: () => server?.output() ?? '',
    async start() {
      if (running()) throw new Error('the server is already running')
      server = await startServer(env, 'server/main.ts', [...SERVE_FLAGS, ...extraFlags])
    },
    async stop() {
      if (!server || !running()) return null
      return server.stop()
    },
    async dispose() {
      await kill()
      await drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
