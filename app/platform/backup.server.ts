// Backups of the shop's database through its own connection, the same on PostgreSQL and on the
// embedded database (no pg_dump needed): every table's rows read in one REPEATABLE READ, read-only
// transaction (one snapshot: an order and its lines are in the file together or not at all), written
// as JSON lines. The file records the migration its schema was at; restoring re-creates that schema
// from the migrations and loads the rows back in one transaction. See docs/decisions/021.
//
// The file: a header line, then for each table a {"table"} line followed by its rows (one JSON object
// each, as PostgreSQL's row_to_json writes it: numbers keep every digit), then an end line with the
// counts and the SHA-256 of everything before it, so a truncated or altered file is refused.
import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db, Tx } from './db.server.ts'

export const BACKUP_FORMAT = 'malwa-namkeen-backup'
const FORMAT_VERSION = 1
const PAGE = 2000

export interface BackupHeader {
  format: typeof BACKUP_FORMAT
  version: number
  /** The last migration applied to the database: its journal time (drizzle's created_at) and hash. */
  migration: { when: number; hash: string }
  takenAt: string
  database: 'postgres' | 'pglite'
}

export interface BackupTable {
  /** schema.name */
  table: string
  columns: string[]
  /** Each row as the JSON text row_to_json gave (never parsed here: numbers stay exact). */
  rows: string[]
}

export interface Backup {
  header: BackupHeader
  tables: BackupTable[]
  rowCount: number
}

/** A backup file that cannot be restored: truncated, altered, or not a backup at all. */
export class BackupFileError extends Error {}

/** The target database holds a shop already, and replacing it was not asked for. */
export class DatabaseNotEmpty extends Error {}

async function rows<T>(db: Tx, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`
const qualified = (table: string) => table.split('.').map(quoted).join('.')

/** The shop's tables (public schema and drizzle's migration record), parents before the tables that refer to them. */
async function tablesInLoadOrder(db: Tx): Promise<{ table: string; columns: string[] }[]> {
  const columns = await rows<{ table: string; column: string }>(
    db,
    sql`select c.table_schema || '.' || c.table_name as "table", c.column_name as "column"
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
          and (c.table_schema = 'public' or (c.table_schema = 'drizzle' and c.table_name = '__drizzle_migrations'))
        order by 1, c.ordinal_position`,
  )
  const references = await rows<{ child: string; parent: string }>(
    db,
    sql`select cn.nspname || '.' || c.relname as child, pn.nspname || '.' || p.relname as parent
        from pg_constraint k
        join pg_class c on c.oid = k.conrelid join pg_namespace cn on cn.oid = c.relnamespace
        join pg_class p on p.oid = k.confrelid join pg_namespace pn on pn.oid = p.relnamespace
        where k.contype = 'f' and k.conrelid <> k.confrelid`,
  )
  const byTable = new Map<string, string[]>()
  for (const { table, column } of columns) byTable.set(table, [...(byTable.get(table) ?? []), column])
  const ordered: string[] = []
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table) || !byTable.has(table)) return
    path.add(table)
    for (const { parent } of references.filter((reference) => reference.child === table)) visit(parent, path)
    ordered.push(table)
  }
  for (const table of [...byTable.keys()].sort()) visit(table, new Set())
  return ordered.map((table) => ({ table, columns: byTable.get(table) ?? [] }))
}

/** The last migration applied to this database. */
export async function appliedMigration(db: Tx): Promise<{ when: number; hash: string } | null> {
  const [exists] = await rows<{ found: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  )
  if (!exists?.found) return null
  const [last] = await rows<{ when: string; hash: string }>(
    db,
    sql`select created_at::text as "when", hash from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  )
  return last ? { when: Number(last.when), hash: last.hash } : null
}

/**
 * Writes a backup of the database, line by line, to `write` (which may wait: the snapshot stays open
 * until the last line). Returns the counts written.
 */
export async function writeBackup(
  db: Db,
  database: BackupHeader['database'],
  write: (line: string) => Promise<void> | void,
): Promise<{ tables: number; rows: number }> {
  return db.transaction(
    async (tx) => {
      const hash = createHash('sha256')
      const emit = async (line: string) => {
        hash.update(`${line}\n`)
        await write(`${line}\n`)
      }
      const migration = await appliedMigration(tx)
      if (!migration) throw new Error('This database has no schema yet: there is nothing to back up.')
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        version: FORMAT_VERSION,
        migration,
        takenAt: new Date().toISOString(),
        database,
      }
      await emit(JSON.stringify(header))
      const tables = await tablesInLoadOrder(tx)
      let rowCount = 0
      for (const { table, columns } of tables) {
        await emit(JSON.stringify({ table, columns }))
        // Pages in physical order: the snapshot keeps every row where it is until the transaction ends.
        let after = '(0,0)'
        for (;;) {
          const page = await rows<{ at: string; row: string }>(
            tx,
            sql`select t.ctid::text as at, row_to_json(t)::text as row from ${sql.raw(qualified(table))} t
                where t.ctid > ${after}::tid order by t.ctid limit ${PAGE}`,
          )
          for (const { row } of page) await emit(row)
          rowCount += page.length
          if (page.length < PAGE) break
          after = page[page.length - 1]?.at ?? after
        }
      }
      await write(
        `${JSON.stringify({ end: true, tables: tables.length, rows: rowCount, sha256: hash.digest('hex') })}\n`,
      )
      return { tables: tables.length, rows: rowCount }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  )
}

/** Reads and checks a backup file's text; a file cut short, altered or of another kind throws BackupFileError. */
export function readBackup(text: string): Backup {
  const lines = text.split('\n')
  if (lines.at(-1) === '') lines.pop()
  let header: BackupHeader
  try {
    header = JSON.parse(lines[0] ?? '')
  } catch {
    throw new BackupFileError('This is not a shop backup: its first line is not a backup header.')
  }
  if (header?.format !== BACKUP_FORMAT) throw new BackupFileError('This is not a shop backup file.')
  if (header.version !== FORMAT_VERSION) {
    throw new BackupFileError(`This backup is of format version ${header.version}; this shop reads version 1.`)
  }
  let end: { end?: boolean; tables?: number; rows?: number; sha256?: string } = {}
  try {
    end = JSON.parse(lines.at(-1) ?? '')
  } catch {}
  if (end.end !== true) {
    throw new BackupFileError(
      'This backup is incomplete: it ends before its last line (was it cut short while copying?).',
    )
  }
  const hash = createHash('sha256')
  for (const line of lines.slice(0, -1)) hash.update(`${line}\n`)
  if (hash.digest('hex') !== end.sha256) {
    throw new BackupFileError('This backup is damaged: its contents do not match the checksum written with it.')
  }
  const tables: BackupTable[] = []
  for (const line of lines.slice(1, -1)) {
    if (line.startsWith('{"table"')) {
      const { table, columns } = JSON.parse(line) as { table: string; columns: string[] }
      tables.push({ table, columns, rows: [] })
    } else {
      const current = tables.at(-1)
      if (!current || !line.startsWith('{')) throw new BackupFileError('This backup is damaged: a row is out of place.')
      current.rows.push(line)
    }
  }
  const rowCount = tables.reduce((sum, table) => sum + table.rows.length, 0)
  if (tables.length !== end.tables || rowCount !== end.rows) {
    throw new BackupFileError('This backup is damaged: it does not hold the tables and rows its last line counts.')
  }
  return { header, tables, rowCount }
}

/** What the target database holds: nothing (a new database) or the shop's tables. */
export async function isEmptyDatabase(db: Tx): Promise<boolean> {
  const [found] = await rows<{ tables: number }>(
    db,
    sql`select count(*)::int as tables from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p', 'v', 'm', 'S') and (n.nspname = 'public' or n.nspname = 'drizzle')`,
  )
  return (found?.tables ?? 0) === 0
}

export interface Migration {
  sql: string[]
  folderMillis: number
  hash: string
}

/**
 * Restores a backup into the database in one transaction: with `replace`, whatever the database holds
 * is dropped first; the schema is built from the migrations up to the backup's; the rows are loaded
 * with the tables' triggers paused (they would count the orders twice), and the sequences set after
 * the highest ids. Any failure leaves the database as it was.
 */
export async function restoreBackup(
  db: Db,
  backup: Backup,
  migrations: readonly Migration[],
  { replace }: { replace: boolean },
): Promise<void> {
  const upTo = migrations.findIndex((migration) => migration.folderMillis === backup.header.migration.when)
  if (upTo === -1) throw new Error('The backup names a migration this shop does not have.')
  await db.transaction(async (tx) => {
    if (!(await isEmptyDatabase(tx))) {
      if (!replace) throw new DatabaseNotEmpty('The database already holds a shop.')
      await tx.execute(sql`drop schema if exists drizzle cascade`)
      await tx.execute(sql`drop schema if exists public cascade`)
      await tx.execute(sql`create schema public`)
    }
    for (const migration of migrations.slice(0, upTo + 1)) {
      for (const statement of migration.sql) if (statement.trim()) await tx.execute(sql.raw(statement))
    }
    await tx.execute(sql`create schema if not exists drizzle`)
    await tx.execute(
      sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
    )
    const present = (await tablesInLoadOrder(tx)).map(({ table }) => table)
    const missing = backup.tables.filter(({ table }) => !present.includes(table)).map(({ table }) => table)
    if (missing.length)
      throw new BackupFileError(`The backup has tables its migration does not make: ${missing.join(', ')}.`)
    // Rows a migration inserts queue its tables' deferred page-cache triggers, and a table with pending
    // trigger events cannot be altered: they fire now, before the triggers are paused.
    await tx.execute(sql`set constraints all immediate`)
    for (const table of present) await tx.execute(sql.raw(`alter table ${qualified(table)} disable trigger user`))
    // What the migrations themselves insert (settings, the first categories) is the backup's to say.
    for (const table of present.toReversed()) await tx.execute(sql.raw(`delete from ${qualified(table)}`))
    for (const { table, columns, rows: lines } of backup.tables) {
      const list = columns.map(quoted).join(', ')
      for (let start = 0; start < lines.length; start += PAGE) {
        const batch = `[${lines.slice(start, start + PAGE).join(',')}]`
        await tx.execute(
          sql`insert into ${sql.raw(qualified(table))} (${sql.raw(list)})
              select ${sql.raw(list)} from json_populate_recordset(null::${sql.raw(qualified(table))}, ${batch}::json)`,
        )
      }
    }
    for (const table of present) await tx.execute(sql.raw(`alter table ${qualified(table)} enable trigger user`))
    const serials = await rows<{ table: string; column: string }>(
      tx,
      sql`select table_schema || '.' || table_name as "table", column_name as "column" from information_schema.columns
          where (column_default like 'nextval(%' or is_identity = 'YES')
            and (table_schema = 'public' or table_schema = 'drizzle')`,
    )
    for (const { table, column } of serials) {
      await tx.execute(
        sql.raw(
          `select setval(pg_get_serial_sequence('${qualified(table).replaceAll("'", "''")}', '${column.replaceAll("'", "''")}'),
             coalesce((select max(${quoted(column)}) from ${qualified(table)}), 0) + 1, false)`,
        ),
      )
    }
  })
}
