// `npm run bench:orders`: the orders desk's reads against a large shop. Fills a fresh database with
// synthetic orders (1,000,000 on PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL names a
// server, 100,000 on the embedded database otherwise; `--orders N` and `--db pglite|postgres` choose),
// then times the first page of the list, a filtered page, searches by phone and by name, the stat
// cards, the Sales tab and the notifications, as the admin's loaders call them. Figures go to the
// terminal and bench-results/orders-<db>.json. Measures; never fails a build. The target is 50 ms
// p95 for each (docs/performance.md).
import { mkdirSync, writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { getAdminStats } from '../app/admin/stats.server.ts'
import { listAdminOrders, recentNotifications, unreadNotificationCount } from '../app/orders/admin-orders.server.ts'
import { parseAdminOrderFilters } from '../app/orders/admin-orders.ts'
import { dailyOrderFigures, rebuildOrderStats } from '../app/orders/order-stats.server.ts'
import { salesFigures } from '../app/orders/sales.server.ts'
import { type Database, openDatabase } from '../app/platform/db.server.ts'
import { initialiseShop } from '../app/platform/first-start.server.ts'
import { createPostgresDatabase } from '../tests/integration/databases.ts'

const { values: args } = parseArgs({
  options: { db: { type: 'string' }, orders: { type: 'string' }, runs: { type: 'string', default: '200' } },
})
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
const kind = args.db ?? (serverUrl ? 'postgres' : 'pglite')
if (kind !== 'pglite' && kind !== 'postgres') throw new Error('--db is pglite or postgres')
if (kind === 'postgres' && !serverUrl)
  throw new Error('Set BENCH_DATABASE_URL to a PostgreSQL server for --db postgres')
const orderCount = Number(args.orders ?? (kind === 'postgres' ? 1_000_000 : 100_000))
const runs = Number(args.runs)

let dropDatabase = async () => {}
let database: Database
if (kind === 'postgres') {
  // createPostgresDatabase reads TEST_DATABASE_URL: a database of its own on that server, dropped after.
  process.env.TEST_DATABASE_URL = serverUrl
  const created = await createPostgresDatabase()
  dropDatabase = created.drop
  database = await openDatabase({ databaseUrl: created.url, dataDir: null })
} else {
  database = await openDatabase({ dataDir: null })
}
const { db } = database

try {
  await database.migrate()
  await initialiseShop(db, { seedDemo: true, showcaseMode: false })
  const loadStarted = performance.now()
  const phone = await fillOrders(orderCount)
  console.log(`${orderCount.toLocaleString('en-IN')} orders on ${kind} in ${seconds(loadStarted)} s`)

  const filters = (query: Record<string, string>) => parseAdminOrderFilters(new URLSearchParams(query))
  const cases: [string, () => Promise<unknown>][] = [
    ['first page (with counts per status)', () => listAdminOrders(db, filters({}))],
    [
      'filtered page: shipped, COD, unpaid, last 90 days',
      () => listAdminOrders(db, filters({ status: 'shipped', method: 'cod', payment: 'pending', from: daysAgo(90) })),
    ],
    ['search by phone', () => listAdminOrders(db, filters({ q: phone }))],
    ['search by name', () => listAdminOrders(db, filters({ q: 'priya khandelwal' }))],
    ['stat cards', () => getAdminStats(db)],
    ['30-day chart', () => dailyOrderFigures(db)],
    ['Sales tab: 30-day chart and best sellers', () => salesFigures(db)],
    ['Recent Activity and the unread badge', () => Promise.all([recentNotifications(db), unreadNotificationCount(db)])],
  ]
  const results = []
  for (const [name, run] of cases) {
    for (let i = 0; i < 20; i++) await run() // warm-up
    const times: number[] = []
    for (let i = 0; i < runs; i++) {
      const started = performance.now()
      await run()
      times.push(performance.now() - started)
    }
    times.sort((a, b) => a - b)
    const at = (q: number) => Number((times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0).toFixed(1))
    results.push({ name, p50Ms: at(0.5), p95Ms: at(0.95), maxMs: at(1), runs })
  }
  console.table(results)
  mkdirSync('bench-results', { recursive: true })
  const file = `bench-results/orders-${kind}.json`
  writeFileSync(file, `${JSON.stringify({ kind, orders: orderCount, measuredAt: new Date(), results }, null, 2)}\n`)
  console.log(`Written to ${file}`)
} finally {
  await database.close()
  await dropDatabase()
}

/**
 * Orders spread over the last three years with one to four lines each and their new-order
 * notification, in batches; returns the phone
 * of one customer to search for. The triggers on orders are paused for the load (its million change
 * feed events and rollup deltas are not what is measured) and the rollup is rebuilt after.
 */
async function fillOrders(count: number): Promise<string> {
  const batch = 100_000
  await db.execute(sql`alter table orders disable trigger user`)
  await db.execute(sql`alter table order_items disable trigger user`)
  for (let start = 0; start < count; start += batch) {
    const end = Math.min(count, start + batch) - 1
    await db.execute(sql`
      with made as (
        insert into orders (customer_name, email, phone, shipping_address, subtotal_amount, delivery_fee, total_amount,
          status, payment_method, payment_status, delivery_otp_required, delivery_otp_verified, created_at, updated_at)
        select (array['Asha','Ravi','Priya','Amit','Neha','Rahul','Sunita','Vikas','Pooja','Arjun'])[1 + n % 10] || ' ' ||
            (array['Verma','Sharma','Jain','Patel','Gupta','Agrawal','Yadav','Khandelwal','Soni','Malviya'])[1 + (n / 10) % 10],
          'customer' || n || '@example.in',
          '+919' || lpad((n % 800000000)::text, 9, '0'),
          n || ', Vijay Nagar, Indore, Madhya Pradesh - 452010',
          amount, 0, amount,
          status, method, case when status = 'cancelled' then 'failed' when method = 'cod' and status <> 'delivered' then 'pending' else 'paid' end,
          status in ('shipped', 'delivered'), status = 'delivered',
          at, at
        from (
          select n, 8000 + (n::bigint * 7919 % 150000)::int as amount,
            (array['delivered','delivered','delivered','delivered','delivered','delivered','cancelled','shipped','confirmed','pending'])[1 + (n * 31) % 10] as status,
            case when n % 5 = 0 then 'phonepe' else 'cod' end as method,
            now() - ((${count} - n)::double precision / ${count}) * interval '3 years' as at
          from generate_series(${start}::int, ${end}::int) as n
        ) as o
        returning id, total_amount, created_at
      ), noticed as (
        -- The 'new_order' notice of each order; the last day's are not read yet.
        insert into admin_notifications_realtime (type, order_id, message, is_read, created_at)
        select 'new_order', id, 'New order #' || right(id::text, 8), created_at < now() - interval '1 day', created_at
        from made
      )
      insert into order_items (order_id, product_id, product_name, size, quantity, price)
      select made.id, p.id, p.name, '250g', 1, made.total_amount
      from made
      cross join lateral (
        select id, name from products order by md5(made.id::text || products.id::text) limit 1 + abs(hashtext(made.id::text)) % 4
      ) as p`)
    process.stdout.write(`\r${(end + 1).toLocaleString('en-IN')} orders`)
  }
  process.stdout.write('\n')
  await db.execute(sql`alter table orders enable trigger user`)
  await db.execute(sql`alter table order_items enable trigger user`)
  await rebuildOrderStats(db)
  await db.execute(sql`analyze`)
  return `+919${String(Math.floor(count / 2) % 800_000_000).padStart(9, '0')}`
}

function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)
}

function seconds(since: number): string {
  return ((performance.now() - since) / 1000).toFixed(1)
}
