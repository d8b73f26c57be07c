// `npm run restore <file> [--force]`: puts a backup (npm run backup) back into the shop's database.
// Refuses a damaged or cut-short file, a file from a newer schema than this shop's code, a database
// that already holds a shop (unless --force, which replaces everything in it), and the embedded
// database while the shop runs. Nothing changes when it refuses or fails (one transaction).
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { BackupFileError, DatabaseNotEmpty, readBackup, restoreBackup } from '../app/platform/backup.server.ts'
import { migrationsFolder, openDatabase } from '../app/platform/db.server.ts'
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

const target = backupTarget(process.env)
if (target.held) {
  refuse(
    `the ${target.name} is open in another process (the shop?): stop the shop first, then restore. If no shop runs (it was killed), start it and stop it once: that closes the database properly.`,
  )
}
const database = await openDatabase({
  databaseUrl: target.databaseUrl,
  dataDir: target.databaseUrl ? null : target.dataDir,
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
    console.error(`Restore failed, nothing was changed: ${cause ?? (error instanceof Error ? error.message : error)}`)
    process.exitCode = 1
  }
} finally {
  await database.close()
}
if (refusal) refuse(refusal)
