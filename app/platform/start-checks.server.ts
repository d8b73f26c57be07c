// What start-up (and the operator's commands) check before they begin, so that a folder the shop
// cannot write, a database it cannot reach or a port it cannot take stops them with one sentence
// naming the setting, not a stack trace, and before anything is half started.
import { accessSync, constants, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'

/** A reason not to start, told to the operator in one line (the variable to look at first). */
export class StartError extends Error {
  override name = 'StartError'
}

/**
 * DATA_DIR must be a folder this user can write (created when missing); so must the embedded
 * database's files and the generated secret in it, when they exist (a folder first used as root).
 */
export function prepareDataDir(dataDir: string): void {
  const folder = path.resolve(dataDir)
  const user = typeof process.getuid === 'function' ? ` (uid ${process.getuid()})` : ''
  try {
    mkdirSync(folder, { recursive: true })
    const probe = path.join(folder, `.write-check-${process.pid}`)
    writeFileSync(probe, '')
    rmSync(probe, { force: true })
  } catch (error) {
    throw new StartError(`DATA_DIR ${folder} is not a folder this user${user} can write to (${reason(error)})`)
  }
  for (const inside of ['pgdata', 'pgdata/global', 'pgdata/global/pg_control', 'pgdata/base', 'auth-secret']) {
    const file = path.join(folder, inside)
    if (!existsSync(file)) continue
    try {
      accessSync(file, constants.R_OK | constants.W_OK)
    } catch (error) {
      throw new StartError(
        `DATA_DIR ${folder}: ${inside} cannot be written by this user${user} (${reason(error)}); give its files to the user the shop runs as (chown -R)`,
      )
    }
  }
}

/** Whether HOST:PORT can be listened on, asked before the database is opened. */
export async function checkListenAddress(host: string, port: number): Promise<void> {
  const server = createServer()
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen({ host, port, exclusive: true }, () => resolve())
    })
  } catch (error) {
    throw listenError(error, host, port)
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

/** node:http's listen failure as the sentence for the operator. */
export function listenError(error: unknown, host: string, port: number): StartError {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'EADDRINUSE') {
    return new StartError(`PORT ${port} on ${host} is in use by another process: stop it, or set PORT to a free port`)
  }
  if (code === 'EACCES') {
    return new StartError(`PORT ${port} needs privileges this user does not have: use a port above 1023 behind a proxy`)
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EADDRNOTAVAIL') {
    return new StartError(
      `HOST ${host} is not an address of this machine (${reason(error)}): use 0.0.0.0, 127.0.0.1 or one of its addresses`,
    )
  }
  return new StartError(`cannot listen on HOST ${host}, PORT ${port} (${reason(error)})`)
}

/** A failure to reach or use the PostgreSQL of DATABASE_URL, as one sentence (the password left out). */
export function databaseError(error: unknown, databaseUrl: string): StartError {
  const url = new URL(databaseUrl)
  const where = `PostgreSQL at ${url.host || 'its local socket'}`
  const name = decodeURIComponent(url.pathname.slice(1)) || decodeURIComponent(url.username)
  const code = findCode(error)
  const sentence =
    code === 'ECONNREFUSED'
      ? `nothing answers as ${where} (connection refused): is PostgreSQL running there?`
      : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
        ? `the host of ${where} is not known (${code})`
        : code === 'ETIMEDOUT' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH'
          ? `${where} cannot be reached (${code})`
          : code === '28P01' || code === '28000'
            ? `${where} refused the user ${decodeURIComponent(url.username) || '(none)'}: ${reason(error)}`
            : code === '3D000'
              ? `database ${name} does not exist on ${where}: create it first (createdb ${name})`
              : code === '42501'
                ? `the user ${decodeURIComponent(url.username)} may not change the schema of database ${name} (${reason(error)})`
                : `${where} cannot be used (${reason(error)})`
  return new StartError(`DATABASE_URL: ${sentence}`)
}

/** Whether PostgreSQL could not be reached or refused the connection itself (not a query's failure). */
export function unreachable(error: unknown): boolean {
  const code = findCode(error)
  return (
    code !== undefined &&
    [
      'ECONNREFUSED',
      'ENOTFOUND',
      'EAI_AGAIN',
      'ETIMEDOUT',
      'EHOSTUNREACH',
      'ENETUNREACH',
      '28P01',
      '28000',
      '3D000',
    ].includes(code)
  )
}

function findCode(error: unknown): string | undefined {
  for (let cause = error; typeof cause === 'object' && cause !== null; cause = (cause as { cause?: unknown }).cause) {
    const { code } = cause as { code?: unknown }
    if (typeof code === 'string') return code
  }
  return undefined
}

function reason(error: unknown): string {
  let deepest = error
  while (deepest instanceof Error && deepest.cause instanceof Error) deepest = deepest.cause
  const message = deepest instanceof Error ? deepest.message : String(deepest)
  return message.split('\n')[0] ?? message
}
