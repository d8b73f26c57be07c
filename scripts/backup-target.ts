// The database `npm run backup` and `npm run restore` work on, from the shop's own configuration
// (.env, DATABASE_URL or DATA_DIR), and whether a running process holds it (the embedded database's
// lock, DATA_DIR/database.lock, names a live process and where it serves the shop).
import { existsSync } from 'node:fs'
import path from 'node:path'
import { parseConfig } from '../app/platform/config.server.ts'
import { lockHolder } from '../app/platform/database-lock.server.ts'

export interface BackupTarget {
  kind: 'postgres' | 'pglite'
  databaseUrl: string | undefined
  dataDir: string
  /** Where the running shop listens (as its lock says, else PORT and HOST), for a backup through it. */
  shopUrl: string
  /** The embedded database is open in another process: its pid, and whether it serves the shop. */
  held: { pid: number; serving: boolean } | null
  /** There is a database to read (PostgreSQL is asked; the embedded one has its folder). */
  exists: boolean
  /** For messages: which database this is. */
  name: string
}

export function backupTarget(env: NodeJS.ProcessEnv): BackupTarget {
  const config = parseConfig(env)
  const { dataDir } = config
  const holder = config.databaseUrl ? null : lockHolder(dataDir)
  const listening = holder?.host && holder.port ? { host: holder.host, port: holder.port } : config
  const host = ['0.0.0.0', '::', 'localhost'].includes(listening.host) ? '127.0.0.1' : listening.host
  return {
    kind: config.databaseUrl ? 'postgres' : 'pglite',
    databaseUrl: config.databaseUrl,
    dataDir,
    shopUrl: `http://${host.includes(':') ? `[${host}]` : host}:${listening.port}`,
    held: holder ? { pid: holder.pid, serving: holder.port !== undefined } : null,
    exists: Boolean(config.databaseUrl) || existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION')),
    name: config.databaseUrl
      ? `PostgreSQL database ${new URL(config.databaseUrl).pathname.slice(1)} on ${new URL(config.databaseUrl).host}`
      : `embedded database in ${dataDir}`,
  }
}
