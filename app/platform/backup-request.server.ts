// How `npm run backup` asks the running shop for a backup of its embedded database (which the shop's
// process holds; a second process may not open it): it writes a one-time token into the shop's data
// folder, readable by its owner only, and presents it over loopback. Whoever can write there runs the
// shop already; nobody else can, and the token is worth one backup within a minute.
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const REQUEST_FILE = 'backup-request'
const VALID_MS = 60_000

export function writeBackupRequest(dataDir: string): string {
  const token = randomBytes(32).toString('hex')
  writeFileSync(path.join(dataDir, REQUEST_FILE), token, { mode: 0o600 })
  return token
}

/** Withdraws a request the shop did not take (it did not answer). */
export function withdrawBackupRequest(dataDir: string): void {
  rmSync(path.join(dataDir, REQUEST_FILE), { force: true })
}

/** True once for the token written within the last minute; the request file is gone afterwards. */
export function takeBackupRequest(dataDir: string, token: string | null): boolean {
  const file = path.join(dataDir, REQUEST_FILE)
  let expected: string
  try {
    if (Date.now() - statSync(file).mtimeMs > VALID_MS) return false
    expected = readFileSync(file, 'utf8')
  } catch {
    return false
  }
  if (!token || token.length !== expected.length) return false
  if (!timingSafeEqual(Buffer.from(token), Buffer.from(expected))) return false
  rmSync(file, { force: true })
  return true
}

export function isLoopback(address: string): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1'
}
