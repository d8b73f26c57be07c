// What the shop benchmarks that start a server on a database of their own share: which database
// their `--db` option names, and a time after which they give up rather than hang.

/**
 * The PostgreSQL server for `--db postgres` (BENCH_DATABASE_URL, else TEST_DATABASE_URL), or null for
 * the embedded database (`--db pglite`). Anything else, or postgres without a server, stops the bench.
 */
export function benchDatabaseUrl(db: string | undefined): string | null {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
  if (db !== 'pglite' && db !== 'postgres') throw new Error('--db is pglite or postgres')
  if (db === 'pglite') return null
  if (!serverUrl) throw new Error('Set BENCH_DATABASE_URL to a PostgreSQL server for --db postgres')
  return serverUrl
}

/** A benchmark that hangs is worse than one that fails: the process stops after `minutes`. */
export function stopAfter(name: string, minutes: number): void {
  setTimeout(() => {
    console.error(`${name} did not finish in ${minutes} minutes; stopping`)
    process.exit(1)
  }, minutes * 60_000).unref()
}
