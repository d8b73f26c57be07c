// A digest of every table of the shop's database (all rows, in a fixed order), to tell whether a
// request changed anything. The embedded database belongs to one process: its server must be stopped
// while this reads it.
import { sql } from 'drizzle-orm'
import type { Database } from '../../../app/platform/db.server.ts'

/** One digest per table of the public schema, but `except`. */
export async function tableDigests(
  open: () => Promise<Database>,
  except: readonly string[] = [],
): Promise<Map<string, string>> {
  const database = await open()
  try {
    const tables = await database.db.execute(
      sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    )
    const digests = new Map<string, string>()
    for (const { name } of rowsOf<{ name: string }>(tables)) {
      if (except.includes(name)) continue
      const result = await database.db.execute(
        sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${sql.identifier(name)} t`,
      )
      digests.set(name, rowsOf<{ digest: string | null }>(result)[0]?.digest ?? '')
    }
    return digests
  } finally {
    await database.close()
  }
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}

/** The tables whose digests differ between two readings. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()])
  return [...names].filter((name) => before.get(name) !== after.get(name))
}
