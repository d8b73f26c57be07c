// `npm run backup [file]`: a consistent backup of the shop's database while the shop keeps serving
// (app/platform/backup.server.ts; docs/decisions/021). PostgreSQL is read through its own connection;
// the embedded database, which the running shop holds, through the shop (GET /ops/backup with a
// one-time token), or directly when the shop is stopped. The file is written beside its name and
// renamed when complete and checked, so a file with the name is always a whole backup.
import { once } from 'node:events'
import { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream } from 'node:stream/web'
import { readBackup, writeBackup } from '../app/platform/backup.server.ts'
import { withdrawBackupRequest, writeBackupRequest } from '../app/platform/backup-request.server.ts'
import { openDatabase } from '../app/platform/db.server.ts'
import { databaseError, unreachable } from '../app/platform/start-checks.server.ts'
import { backupTarget } from './backup-target.ts'

const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)
const file = path.resolve(process.argv[2] ?? path.join('backups', `shop-${stamp}.backup`))
const partial = `${file}.partial`

try {
  const target = backupTarget(process.env)
  if (!target.exists) throw new Error(`There is no ${target.name} to back up (is DATA_DIR right?).`)
  if (existsSync(file)) throw new Error(`${file} exists already: choose another name (a backup never overwrites one).`)
  mkdirSync(path.dirname(file), { recursive: true })
  if (target.held && !target.held.serving) {
    throw new Error(
      `The ${target.name} is open in process ${target.held.pid}, which is not the shop (npm run admin:create or restore?): let it finish, then back up again.`,
    )
  }
  if (target.held) {
    // The shop holds the embedded database: it writes the backup and we keep it.
    const token = writeBackupRequest(target.dataDir)
    let response: Response
    try {
      response = await fetch(`${target.shopUrl}/ops/backup`, { headers: { authorization: `Bearer ${token}` } })
    } catch {
      withdrawBackupRequest(target.dataDir)
      throw new Error(
        `The ${target.name} is open in the shop (process ${target.held.pid}), which does not answer at ${target.shopUrl}: is it still starting? Back up again when /readyz answers.`,
      )
    }
    if (response.status === 500) {
      throw new Error(`The shop at ${target.shopUrl} could not read its database for the backup: its log says why.`)
    }
    if (!response.ok || !response.body) {
      throw new Error(
        `The shop at ${target.shopUrl} refused the backup (${response.status}). Is it this shop's data folder?`,
      )
    }
    await pipeline(Readable.fromWeb(response.body as ReadableStream), createWriteStream(partial))
  } else {
    const database = await openDatabase({
      databaseUrl: target.databaseUrl,
      dataDir: target.databaseUrl ? null : target.dataDir,
    })
    const out = createWriteStream(partial)
    try {
      await writeBackup(database.db, target.kind, async (line) => {
        if (!out.write(line)) await once(out, 'drain')
      })
    } finally {
      out.end()
      await once(out, 'close')
      await database.close()
    }
  }
  const { tables, rowCount } = readBackup(readFileSync(partial, 'utf8'))
  renameSync(partial, file)
  console.log(
    `Backed up the ${target.name}: ${rowCount.toLocaleString('en-IN')} rows of ${tables.length} tables in ${file}`,
  )
  console.log(
    `The database only: keep ${process.env.AUTH_SECRET ? 'AUTH_SECRET' : path.join(target.dataDir, 'auth-secret')} and the uploaded images (${process.env.S3_BUCKET ? `bucket ${process.env.S3_BUCKET}` : path.join(target.dataDir, 'uploads')}) with it (README, Operations).`,
  )
} catch (error) {
  rmSync(partial, { force: true })
  // PostgreSQL's refusals (not running, wrong password, no such database) as one sentence naming DATABASE_URL.
  const databaseUrl = process.env.DATABASE_URL
  const told = databaseUrl && unreachable(error) ? databaseError(error, databaseUrl) : error
  console.error(`Backup failed: ${told instanceof Error ? told.message : told}`)
  process.exit(1)
}
