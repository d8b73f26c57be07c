// The database's own ceiling on this machine: pgbench's TPC-B-like script (five statements a
// transaction: three updates, a select, an insert) on a scratch database of its own on the drill's
// PostgreSQL server, with as many clients as the drill has shoppers, for the same time.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createPostgresDatabase } from '../../../tests/integration/databases.ts'

export interface PgbenchResult {
  tps: number
  /** pgbench's scale factor (branches; 100,000 accounts each). */
  scale: number
  /** pgbench's summary lines. */
  summary: string
}

/** Runs `pgbench -i -s scale` then `pgbench -c clients -j 2 -T seconds`; null when pgbench is not installed. */
export async function runPgbench(
  serverUrl: string,
  options: { clients: number; seconds: number; scale: number },
): Promise<PgbenchResult | null> {
  const database = await createPostgresDatabase(serverUrl)
  try {
    const init = await run(['-i', '-q', '-s', String(options.scale), database.url])
    if (init === null) return null
    if (init.code !== 0) throw new Error(`pgbench -i failed: ${init.output}`)
    const bench = await run([
      '-c',
      String(options.clients),
      '-j',
      '2',
      '-T',
      String(options.seconds),
      '-n',
      database.url,
    ])
    if (bench?.code !== 0) throw new Error(`pgbench failed: ${bench?.output}`)
    const tps = Number(/tps = ([\d.]+)/.exec(bench.output)?.[1])
    const summary = bench.output
      .split('\n')
      .filter((line) => /^(number of transactions actually processed|latency average|tps)/.test(line))
      .join('; ')
    return { tps, scale: options.scale, summary }
  } finally {
    await database.drop()
  }
}

async function run(args: string[]): Promise<{ code: number | null; output: string } | null> {
  const child = spawn('pgbench', args, { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const failed = once(child, 'error').then(([error]) => error as NodeJS.ErrnoException)
  const [code] = (await Promise.race([once(child, 'exit'), failed.then((error) => [error])])) as [unknown]
  if (code instanceof Error) {
    if ((code as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw code
  }
  return { code: code as number | null, output }
}
