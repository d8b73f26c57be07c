// npm run backup and npm run restore on each database: a backup restores into an empty database as
// it was; restore refuses a database that holds a shop (unless --force), a file from a newer schema,
// and a damaged or cut-short file, with a clear message, a non-zero exit and nothing changed. The
// running shop backs up its embedded database for the command (GET /ops/backup, one-time token).
// Needs `npm run build` first.
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs'
import { get as httpGet, type IncomingMessage } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeBackupRequest } from '#app/platform/backup-request.server.ts'
import { type Database, openDatabase } from '#app/platform/db.server.ts'
import { initialiseShop } from '#app/platform/first-start.server.ts'
import { runScript } from '../../scripts/drills/lib/run-script.ts'
import { type RunningServer, startServer, temporaryDataDir } from '../server-process.ts'
import { createPostgresDatabase, DATABASE_KINDS, migratedDataDir } from './databases.ts'

describe.each(DATABASE_KINDS)('backup and restore on %s', (kind) => {
  const folder = mkdtempSync(path.join(tmpdir(), 'shop-backups-'))
  const cleanups: (() => Promise<void>)[] = []

  /** A database of its own: its environment for the scripts. */
  async function newDatabase(): Promise<Record<string, string>> {
    if (kind === 'pglite') return { DATA_DIR: temporaryDataDir() }
    const { url, drop } = await createPostgresDatabase()
    cleanups.push(drop)
    return { DATABASE_URL: url, DATA_DIR: temporaryDataDir() }
  }

  async function withDatabase<T>(env: Record<string, string>, use: (database: Database) => Promise<T>) {
    const database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATABASE_URL ? null : (env.DATA_DIR ?? null),
    })
    try {
      return await use(database)
    } finally {
      await database.close()
    }
  }

  /** Every table's rows, as text, in a stable order: what "the same database" means here. */
  async function contents(env: Record<string, string>): Promise<string> {
    return withDatabase(env, async (database) => {
      const { rows } = (await database.db.execute(
        sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
      )) as unknown as { rows: { name: string }[] }
      const parts: string[] = []
      for (const { name } of rows) {
        const result = (await database.db.execute(
          sql.raw(`select coalesce(string_agg(t::text, E'\\n' order by t::text), '') as rows from "${name}" t`),
        )) as unknown as { rows: { rows: string }[] }
        parts.push(`${name}\n${result.rows[0]?.rows}`)
      }
      return parts.join('\n\n')
    })
  }

  let source: Record<string, string>
  let file: string

  beforeAll(async () => {
    source = await newDatabase()
    await withDatabase(source, async (database) => {
      await database.migrate()
      await initialiseShop(database.db, { seedDemo: true, showcaseMode: false })
    })
    file = path.join(folder, 'shop.backup')
    const backup = await runScript('backup', [file], source)
    expect(backup.output).toContain('Backed up the')
    expect(backup.code).toBe(0)
  })
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup()
  })

  it('restores a backup into an empty database exactly as it was', async () => {
    const target = await newDatabase()
    const restored = await runScript('restore', [file], target)
    expect(restored.output).toContain('Restored')
    expect(restored.code).toBe(0)
    const [before, after] = [await contents(source), await contents(target)]
    expect(after).toContain('Ratlami Sev')
    expect(after).toBe(before)
    // The triggers paused for the load (order rollups, change feed) work again.
    const paused = await withDatabase(target, async (database) => {
      const result = (await database.db.execute(
        sql`select count(*)::int as n from pg_trigger where not tgisinternal and tgenabled = 'D'`,
      )) as unknown as { rows: { n: number }[] }
      return result.rows[0]?.n
    })
    expect(paused).toBe(0)
  })

  it('refuses to overwrite a database that holds a shop, and replaces it with --force', async () => {
    const target = await newDatabase()
    await withDatabase(target, async (database) => {
      await database.migrate()
      await initialiseShop(database.db, { seedDemo: true, showcaseMode: false })
      // A shop of its own: one product fewer than the backup's.
      await database.db.execute(sql`delete from products where id = (select id from products order by name limit 1)`)
    })
    const before = await contents(target)
    const refused = await runScript('restore', [file], target)
    expect(refused.code).not.toBe(0)
    expect(refused.output).toContain('already holds a shop')
    expect(refused.output).toContain('--force')
    expect(await contents(target)).toBe(before)

    const forced = await runScript('restore', [file, '--force'], target)
    expect(forced.code).toBe(0)
    expect(await contents(target)).toBe(await contents(source))
  })

  it.each([
    ['a file cut short', (text: string) => text.slice(0, Math.floor(text.length / 2)), 'incomplete'],
    ['a file altered in one place', (text: string) => text.replace('Ratlami', 'Ratlamx'), 'damaged'],
    ['a file that is not a backup', () => 'id,name\n1,sev\n', 'not a shop backup'],
    [
      'a file from a newer schema',
      (text: string) =>
        withHeader(text, (header) => ({
          ...header,
          migration: { ...header.migration, when: header.migration.when + 10 ** 10 },
        })),
      'newer schema',
    ],
  ])('refuses %s with a clear message and changes nothing', async (_name, spoil, message) => {
    const spoilt = path.join(folder, `spoilt-${randomName()}.backup`)
    writeFileSync(spoilt, spoil(readFileSync(file, 'utf8')))
    const target = await newDatabase()
    const refused = await runScript('restore', [spoilt], target)
    expect(refused.code).not.toBe(0)
    expect(refused.output).toContain('Restore refused')
    expect(refused.output).toContain(message)
    // Refused before it opened the database: an embedded one was not even created.
    if (kind === 'pglite') expect(existsSync(path.join(target.DATA_DIR ?? '', 'pgdata'))).toBe(false)
    else expect(await contents(target)).toBe('')
  })
})

function randomName() {
  return createHash('sha256').update(String(Math.random())).digest('hex').slice(0, 8)
}

/** The backup with its header changed and its checksum written again, as a newer shop would write it. */
function withHeader(text: string, change: (header: { migration: { when: number } }) => unknown): string {
  const lines = text.trimEnd().split('\n')
  lines[0] = JSON.stringify(change(JSON.parse(lines[0] ?? '{}')))
  const body = lines.slice(0, -1)
  const hash = createHash('sha256')
  for (const line of body) hash.update(`${line}\n`)
  const end = { ...JSON.parse(lines.at(-1) ?? '{}'), sha256: hash.digest('hex') }
  return `${[...body, JSON.stringify(end)].join('\n')}\n`
}

describe('a backup of the embedded database through the running shop', () => {
  let server: RunningServer
  let dataDir: string
  beforeAll(async () => {
    dataDir = migratedDataDir()
    // Ten megabytes of messages: more of a backup than the loopback connection holds while nobody reads it.
    const database = await openDatabase({ dataDir })
    try {
      await initialiseShop(database.db, { seedDemo: true, showcaseMode: true })
      await database.db.execute(sql`insert into contact_messages (first_name, last_name, email, message)
        select 'Asha', 'Verma', 'asha@example.in', repeat(md5(i::text), 320) from generate_series(1, 1000) i`)
    } finally {
      await database.close()
    }
    server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info' })
  })
  afterAll(async () => {
    await server.stop()
  })

  it('is written by the shop for npm run backup on its machine, while it serves', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'shop-backups-')), 'live.backup')
    // No PORT: the database's lock says where the shop that holds it listens.
    const backup = await runScript('backup', [file], { DATA_DIR: dataDir })
    expect(backup.output).toContain('Backed up the embedded database')
    expect(backup.code).toBe(0)
    expect(readFileSync(file, 'utf8')).toContain('Ratlami Sev')
    // Through the shop, not by opening its folder beside it.
    expect(server.output()).toContain('"path":"/ops/backup","status":200')
    expect((await fetch(server.url)).status).toBe(200)
  })

  it('lets orders go on while the command has not yet received the backup', async () => {
    // The snapshot holds the embedded database's one connection: it ends before the file is sent, so
    // a slow receiver (the command starved of CPU on a loaded machine) does not hold the shop's orders.
    const token = writeBackupRequest(dataDir)
    const answer = await new Promise<IncomingMessage>((resolve, reject) =>
      httpGet(`${server.url}/ops/backup`, { headers: { authorization: `Bearer ${token}` } }, resolve).on(
        'error',
        reject,
      ),
    )
    answer.pause()
    expect(answer.statusCode).toBe(200)
    const ready = await fetch(`${server.url}/readyz`)
    expect(await ready.text()).toBe('ready')
    let text = ''
    answer.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk
    })
    answer.resume()
    await new Promise((resolve) => answer.once('end', resolve))
    expect(text).toContain('Ratlami Sev')
    expect(text.trimEnd().split('\n').at(-1)).toContain('"end":true')
  })

  it('refuses restore and admin:create while the shop holds the database, changing nothing', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'shop-backups-')), 'live.backup')
    expect((await runScript('backup', [file], { DATA_DIR: dataDir })).code).toBe(0)
    const restore = await runScript('restore', [file, '--force'], { DATA_DIR: dataDir })
    expect(restore.code).not.toBe(0)
    expect(restore.output).toMatch(/Restore refused: the embedded database in .* is open in process \d+ \(the shop\)/)
    const admin = await runScript('admin-create', ['--email', 'second@shop.example'], { DATA_DIR: dataDir })
    expect(admin.code).not.toBe(0)
    expect(admin.output).toMatch(/is open in another process \(pid \d+, the shop on port \d+\)/)
    expect(admin.output).not.toContain('Password')
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200)
  })

  it('answers 404 to a wrong, a used or an expired token', async () => {
    const ask = (token: string) =>
      fetch(`${server.url}/ops/backup`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status)
    const token = writeBackupRequest(dataDir)
    // The token with its last digit changed (a token may end in 0).
    expect(await ask(`${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`)).toBe(404)
    expect(await ask(token)).toBe(200)
    expect(await ask(token)).toBe(404)
    const old = writeBackupRequest(dataDir)
    const twoMinutesAgo = new Date(Date.now() - 120_000)
    utimesSync(path.join(dataDir, 'backup-request'), twoMinutesAgo, twoMinutesAgo)
    expect(await ask(old)).toBe(404)
  })
})
