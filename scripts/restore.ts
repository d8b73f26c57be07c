// `npm run restore <file> [--force]`: puts a backup (npm run backup) back into the shop's database.
// Refuses a damaged or cut-short file, a file from a newer schema than this shop's code, a database
// that already holds a shop (unless --force, which replaces everything in it), and the embedded
// database while the shop runs. Nothing changes when it refuses or fails (one transaction).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { BackupFileError, DatabaseNotEmpty, readBackup, restoreBackup } from '../app/platform/backup.server.ts'
import { ConfigError } from '../app/platform/config.server.ts'
import { DatabaseInUseError } from '../app/platform/database-lock.server.ts'
import { DamagedDatabaseError, migrationsFolder, openDatabase } from '../app/platform/db.server.ts'
import { databaseError, unreachable } from '../app/platform/start-checks.server.ts'
import { backupTarget } from './backup-target.ts'

const { values, positionals } = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean' } } })
if (positionals.length !== 1) {
  console.error('Usage: npm run restore -- <file> [--force]')
  process.exit(2)
}
const file = path.resolve(positionals[0] ?? '')

function refuse(message: string): never {
  console.error(`Restore refused: ${message}`)
  process.exit(1)
}

let text: string
try {
  text = readFileSync(file, 'utf8')
} catch {
  refuse(`cannot read ${file}.`)
}
let backup: ReturnType<typeof readBackup>
try {
  backup = readBackup(text)
} catch (error) {
  if (error instanceof BackupFileError) refuse(`${file}: ${error.message}`)
  throw error
}
const migrations = readMigrationFiles({ migrationsFolder })
const known = migrations.find((migration) => migration.folderMillis === backup.header.migration.when)
if (!known) {
  const newest = migrations.at(-1)?.folderMillis ?? 0
  refuse(
    backup.header.migration.when > newest
      ? `${file} was taken at a newer schema than this version of the shop knows. Restore it with the version of the shop that made it (or a later one).`
      : `${file} was taken at a schema this version of the shop does not know.`,
  )
}
if (known.hash !== backup.header.migration.hash) {
  refuse(
    `${file} was taken at a schema whose migration differs from this shop's; restore it with the shop that made it.`,
  )
}

let target: ReturnType<typeof backupTarget>
try {
  target = backupTarget(process.env)
} catch (error) {
  if (error instanceof ConfigError) refuse(`configuration error: ${error.message}.`)
  throw error
}
if (target.held) {
  refuse(
    `the ${target.name} is open in process ${target.held.pid}${target.held.serving ? ' (the shop)' : ''}: stop it first, then restore.`,
  )
}
const database = await openDatabase({
  databaseUrl: target.databaseUrl,
  dataDir: target.databaseUrl ? null : target.dataDir,
}).catch((error: unknown) => {
  if (error instanceof DatabaseInUseError || error instanceof DamagedDatabaseError) refuse(error.message)
  throw error
})
let refusal: string | null = null
try {
  await restoreBackup(database.db, backup, migrations, { replace: values.force === true })
  console.log(
    `Restored ${backup.rowCount.toLocaleString('en-IN')} rows of ${backup.tables.length} tables from ${file} (taken ${backup.header.takenAt}) into the ${target.name}.`,
  )
} catch (error) {
  if (error instanceof DatabaseNotEmpty) {
    refusal = `the ${target.name} already holds a shop. Restore into an empty database, or run again with --force to replace everything in it with the backup.`
  } else if (error instanceof BackupFileError) {
    refusal = `${file}: ${error.message}`
  } else {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : null
    const said =
      target.databaseUrl && unreachable(error)
        ? databaseError(error, target.databaseUrl).message
        : (cause ?? (error instanceof Error ? error.message : error))
    console.error(`Restore failed, nothing was changed: ${said}`)
    process.exitCode = 1
  }
} finally {
  await database.close()
}
if (refusal) refuse(refusal)
