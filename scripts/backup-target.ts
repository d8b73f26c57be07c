// The database `npm run backup` and `npm run restore` work on, from the shop's own configuration
// (.env, DATABASE_URL or DATA_DIR), and whether a running shop holds it (the embedded database's
// folder has PostgreSQL's postmaster.pid while a process has it open).
import { existsSync } from 'node:fs'
import path from 'node:path'
import { parseConfig } from '../app/platform/config.server.ts'

export interface BackupTarget {
  kind: 'postgres' | 'pglite'
  databaseUrl: string | undefined
  dataDir: string
  /** Where the running shop listens, for a backup of the embedded database through it. */
  shopUrl: string
  /** The embedded database is open in another process (the shop). */
  held: boolean
  /** There is a database to read (PostgreSQL is asked; the embedded one has its folder). */
  exists: boolean
  /** For messages: which database this is. */
  name: string
}

export function backupTarget(env: NodeJS.ProcessEnv): BackupTarget {
  const config = parseConfig(env)
  const dataDir = path.resolve(config.dataDir)
  const host = ['0.0.0.0', '::', 'localhost'].includes(config.host) ? '127.0.0.1' : config.host
  return {
    kind: config.databaseUrl ? 'postgres' : 'pglite',
    databaseUrl: config.databaseUrl,
    dataDir,
    shopUrl: `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`,
    held: !config.databaseUrl && existsSync(path.join(dataDir, 'pgdata', 'postmaster.pid')),
    exists: Boolean(config.databaseUrl) || existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION')),
    name: config.databaseUrl
      ? `PostgreSQL database ${new URL(config.databaseUrl).pathname.slice(1)} on ${new URL(config.databaseUrl).host}`
      : `embedded database in ${dataDir}`,
  }
}
