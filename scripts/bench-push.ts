// `npm run bench:push`: one admin notification fanned out to 10,000 subscriptions (`--subscriptions N`)
// on a local push service in a child process (127.0.0.1 only), which checks every VAPID signature and
// decrypts every message. The fan-out runs as the outbox worker runs it (keyset pages, bounded
// concurrency, counts on the row) on the embedded database, or on PostgreSQL with `--db postgres`
// (BENCH_DATABASE_URL or TEST_DATABASE_URL). Prints time, pushes per second and peak RSS, and writes
// bench-results/push-<db>.json. Stops by itself; the target is 500 pushes/s on 2 cores
// (docs/performance.md).
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdirSync, writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { eq } from 'drizzle-orm'
import { createPushHandler, DEFAULT_FANOUT, sendNotification } from '../app/notifications/push-fanout.server.ts'
import { adminNotifications, pushSubscriptions } from '../app/notifications/schema.ts'
import { resolveVapidKeys } from '../app/notifications/vapid.server.ts'
import { parseConfig } from '../app/platform/config.server.ts'
import { type Database, openDatabase } from '../app/platform/db.server.ts'
import { initialiseShop } from '../app/platform/first-start.server.ts'
import { createLogger } from '../app/platform/logger.server.ts'
import { runDueJobs } from '../app/platform/outbox.server.ts'
import { createPushSender } from '../app/platform/push-sender.server.ts'
import { createPostgresDatabase } from '../tests/integration/databases.ts'
import type { TestSubscriber } from '../tests/push-service.ts'

const { values: args } = parseArgs({
  options: { db: { type: 'string' }, subscriptions: { type: 'string', default: '10000' } },
})
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
const kind = args.db ?? 'pglite'
if (kind !== 'pglite' && kind !== 'postgres') throw new Error('--db is pglite or postgres')
if (kind === 'postgres' && !serverUrl)
  throw new Error('Set BENCH_DATABASE_URL to a PostgreSQL server for --db postgres')
const total = Number(args.subscriptions)
const logger = createLogger('warn')

// A benchmark that hangs is worse than one that fails: give up after five minutes.
const deadline = setTimeout(() => {
  console.error('bench:push did not finish in 5 minutes; stopping')
  process.exit(1)
}, 5 * 60_000)
deadline.unref()

let child: ChildProcess | null = null
let dropDatabase = async () => {}
let database: Database | null = null
try {
  child = spawn(process.execPath, ['scripts/bench-push-service.ts'], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] })
  const [firstChunk] = (await once(child.stdout!, 'data')) as [Buffer]
  const origin = firstChunk.toString('utf8').split('\n')[0]!.trim()
  if (!origin.startsWith('http://127.0.0.1:')) throw new Error(`unexpected push service origin ${origin}`)

  if (kind === 'postgres') {
    process.env.TEST_DATABASE_URL = serverUrl
    const created = await createPostgresDatabase()
    dropDatabase = created.drop
    database = await openDatabase({ databaseUrl: created.url, dataDir: null })
  } else {
    database = await openDatabase({ dataDir: null })
  }
  const { db } = database
  await database.migrate()
  await initialiseShop(db, { seedDemo: false, showcaseMode: false })
  const config = parseConfig({ PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' })
  const keys = await resolveVapidKeys(db, config)

  let made = 0
  while (made < total) {
    const count = Math.min(1000, total - made)
    const subscribers = (await (
      await fetch(`${origin}/_control/subscribers?count=${count}`)
    ).json()) as TestSubscriber[]
    await db.insert(pushSubscriptions).values(
      subscribers.map((subscriber) => ({
        endpoint: subscriber.endpoint,
        p256dhKey: subscriber.keys.p256dh,
        authKey: subscriber.keys.auth,
        userAgent: 'bench',
      })),
    )
    made += count
  }

  const notification = await sendNotification(
    db,
    { id: 'bench', email: 'bench@shop.example', name: 'Bench' },
    {
      title: 'Fresh batch, made today',
      message: 'Ratlami Sev straight from the kadhai.',
      imageUrl: null,
      targetUrl: '/products',
    },
  )
  const handler = createPushHandler({ db, sender: createPushSender({ keys, allowPrivate: true }), config, logger })
  // The process's lifetime peak includes setting up the database; the fan-out's own is sampled.
  const rssBefore = process.memoryUsage().rss
  let fanoutPeak = rssBefore
  const sampler = setInterval(() => {
    fanoutPeak = Math.max(fanoutPeak, process.memoryUsage().rss)
  }, 25)
  // CPU time tells the cost per push apart from how busy the machine is (wall time is both).
  const cpuBefore = process.cpuUsage()
  const started = performance.now()
  const ran = await runDueJobs(db, { mail: async () => {}, sms: async () => {}, push: handler }, logger)
  const seconds = (performance.now() - started) / 1000
  clearInterval(sampler)
  const cpu = process.cpuUsage(cpuBefore)
  const cpuSeconds = (cpu.user + cpu.system) / 1e6
  fanoutPeak = Math.max(fanoutPeak, process.memoryUsage().rss)
  if (ran !== 1) throw new Error(`expected one push job, ran ${ran}`)

  const [row] = await db.select().from(adminNotifications).where(eq(adminNotifications.id, notification.id))
  const stats = (await (await fetch(`${origin}/_control/stats`)).json()) as { delivered: number; refused: number }
  const peakRssMb = process.resourceUsage().maxRSS / 1024
  const result = {
    kind,
    subscriptions: total,
    seconds: Number(seconds.toFixed(2)),
    pushesPerSecond: Math.round(total / seconds),
    cpuSeconds: Number(cpuSeconds.toFixed(2)),
    pushesPerCpuSecond: Math.round(total / cpuSeconds),
    loadAverage: (await import('node:os')).loadavg()[0] ?? 0,
    peakRssMb: Math.round(peakRssMb),
    rssBeforeFanoutMb: Math.round(rssBefore / 2 ** 20),
    fanoutPeakRssMb: Math.round(fanoutPeak / 2 ** 20),
    concurrency: DEFAULT_FANOUT.concurrency,
    pageSize: DEFAULT_FANOUT.pageSize,
    counts: {
      sent: row?.sentCount,
      delivered: row?.deliveredCount,
      failed: row?.failedCount,
      removed: row?.removedCount,
    },
    pushService: stats,
    cpus: (await import('node:os')).availableParallelism(),
    measuredAt: new Date(),
  }
  console.log(
    `${total.toLocaleString('en-IN')} pushes on ${kind} in ${result.seconds} s: ${result.pushesPerSecond} pushes/s, RSS ${result.rssBeforeFanoutMb} MB before the fan-out, ${result.fanoutPeakRssMb} MB at its peak (process peak ${result.peakRssMb} MB)`,
  )
  console.log(
    `the shop's side used ${result.cpuSeconds} s of CPU (${result.pushesPerCpuSecond} pushes per CPU-second); load average ${result.loadAverage.toFixed(1)}`,
  )
  console.log(
    `row counts ${JSON.stringify(result.counts)}; push service decrypted ${stats.delivered}, refused ${stats.refused}`,
  )
  if (row?.deliveredCount !== total || stats.delivered !== total) {
    throw new Error('not every push was delivered and decrypted')
  }
  mkdirSync('bench-results', { recursive: true })
  writeFileSync(`bench-results/push-${kind}.json`, `${JSON.stringify(result, null, 2)}\n`)
} finally {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM')
    await once(child, 'exit')
  }
  await database?.close()
  await dropDatabase()
}
