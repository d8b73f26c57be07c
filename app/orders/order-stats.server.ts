// Order counts and amounts without scanning orders: a rollup per India calendar day, status, payment
// method and payment status (order_daily_stats), plus the signed deltas that triggers on orders
// append for every change (order_stat_deltas). Readers sum both in one statement, so a figure is
// exact at any moment; a compactor folds the deltas into the rollup every few seconds, so what is
// read stays small. The best sellers have a rollup of the same kind per India day and product name
// (product_daily_sales, product_sales_deltas), folded by the same compactor. Why it is built this way:
// docs/decisions/009-order-stats-rollup.md.

import { and, eq, gte, lte, type SQL, sql } from 'drizzle-orm'
import { unionAll } from 'drizzle-orm/pg-core'
import type { Database, Tx } from '#app/platform/db.server.ts'
import type { Logger } from '#app/platform/logger.server.ts'
import { type Poller, startPoller } from '#app/platform/poller.server.ts'
import { istDay } from '#app/shared/india-day.ts'
import type { AdminOrderFilters, StatusCounts } from './admin-orders.ts'
import { orderDailyStats, orderStatDeltas, productDailySales, productSalesDeltas } from './schema.ts'
import { ORDER_STATUSES } from './status.ts'

/** Either half of the figures: the rollup or the deltas not folded in yet (same columns). */
export type OrderStatsTable = typeof orderDailyStats | typeof orderStatDeltas

/** Only one instance compacts at a time (pg_try_advisory_xact_lock); the others skip their turn. */
const COMPACT_LOCK = 72_430_009
const COMPACT_INTERVAL_MS = 2000

/**
 * Sums of `measures` (each an aggregate that adds up, such as sum(...) filter (where ...)) over the
 * rollup and the pending deltas, in one statement: one snapshot, so a compaction committing meanwhile
 * is seen entirely or not at all.
 */
export async function sumOrderStats<K extends string>(
  db: Tx,
  measures: (t: OrderStatsTable) => Record<K, SQL>,
  where: (t: OrderStatsTable) => SQL | undefined = () => undefined,
): Promise<Record<K, number>> {
  const keys = Object.keys(measures(orderDailyStats)) as K[]
  const part = (t: OrderStatsTable) => {
    const chosen = measures(t)
    const columns: Record<string, SQL<number>> = {}
    for (const key of keys) columns[key] = sql`coalesce(${chosen[key]}, 0)::bigint`.mapWith(Number)
    return db.select(columns).from(t).where(where(t))
  }
  // A selection built from keys is typed loosely by Drizzle: the rows are plain numbers by key.
  const rows = (await unionAll(part(orderDailyStats), part(orderStatDeltas))) as unknown as Record<K, number>[]
  const sums = {} as Record<K, number>
  for (const key of keys) {
    let sum = 0
    for (const row of rows) sum += Number(row[key])
    sums[key] = sum
  }
  return sums
}

/** The order list's filters that the rollup can answer: IST days, payment method and payment status. */
export type OrderStatsFilters = Pick<AdminOrderFilters, 'from' | 'to' | 'method' | 'payment'>

function filterConditions(t: OrderStatsTable, filters: OrderStatsFilters): SQL | undefined {
  return and(
    filters.from ? gte(t.day, filters.from) : undefined,
    filters.to ? lte(t.day, filters.to) : undefined,
    filters.method === 'cod' ? eq(t.paymentMethod, 'cod') : undefined,
    // Every online provider's orders, as the list reads 'online'.
    filters.method === 'online' ? sql`${t.paymentMethod} <> 'cod'` : undefined,
    filters.payment ? eq(t.paymentStatus, filters.payment) : undefined,
  )
}

/** Orders per status, and all of them, under the filters (what countOrdersByStatus answers without a search). */
export async function countOrdersFromStats(db: Tx, filters: OrderStatsFilters): Promise<StatusCounts> {
  const part = (t: OrderStatsTable) =>
    db
      .select({ status: t.status, value: sql`sum(${t.orderCount})::bigint`.mapWith(Number) })
      .from(t)
      .where(filterConditions(t, filters))
      .groupBy(t.status)
  const rows = await unionAll(part(orderDailyStats), part(orderStatDeltas))
  const counts = Object.fromEntries([...ORDER_STATUSES, 'all'].map((status) => [status, 0])) as StatusCounts
  for (const row of rows) {
    const value = Number(row.value)
    if (row.status in counts) counts[row.status as keyof StatusCounts] += value
    counts.all += value
  }
  return counts
}

export interface DailyOrderFigures {
  /** An India calendar day, 'YYYY-MM-DD'. */
  day: string
  /** Orders placed that day, whatever became of them. */
  orders: number
  /** Paise: the total_amount of that day's orders that are not cancelled (the Total Revenue rule). */
  revenue: number
}

/** The India calendar days `days` long ending with `now`'s, oldest first. */
export function istDays(days: number, now = new Date()): string[] {
  const last = new Date(`${istDay(now)}T00:00:00Z`)
  return Array.from({ length: days }, (_, index) => {
    const date = new Date(last)
    date.setUTCDate(last.getUTCDate() - (days - 1 - index))
    return date.toISOString().slice(0, 10)
  })
}

/** One entry per India day for the `days` days ending with `now`'s day, oldest first (for a chart). */
export async function dailyOrderFigures(db: Tx, { days = 30, now = new Date() } = {}): Promise<DailyOrderFigures[]> {
  const dayList = istDays(days, now)
  const part = (t: OrderStatsTable) =>
    db
      .select({
        day: t.day,
        orders: sql`sum(${t.orderCount})::bigint`.mapWith(Number),
        revenue: sql`coalesce(sum(${t.totalAmount}) filter (where ${t.status} <> 'cancelled'), 0)::bigint`.mapWith(
          Number,
        ),
      })
      .from(t)
      .where(and(gte(t.day, dayList[0] ?? istDay(now)), lte(t.day, dayList.at(-1) ?? istDay(now))))
      .groupBy(t.day)
  const rows = await unionAll(part(orderDailyStats), part(orderStatDeltas))
  const byDay = new Map(dayList.map((day) => [day, { day, orders: 0, revenue: 0 }]))
  for (const row of rows) {
    const entry = byDay.get(row.day)
    if (!entry) continue
    entry.orders += Number(row.orders)
    entry.revenue += Number(row.revenue)
  }
  return [...byDay.values()]
}

/**
 * Folds the pending deltas into the rollup in one statement (deleted, summed, upserted). Returns how
 * many delta rows it folded, or null when another instance is compacting right now. Deltas appended
 * while it runs are not in its snapshot and wait for the next turn.
 */
export async function compactOrderStats(db: Tx): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [lock] = await rowsOf<{ locked: boolean }>(
      tx.execute(sql`select pg_try_advisory_xact_lock(${COMPACT_LOCK}) as locked`),
    )
    if (!lock?.locked) return null
    // Both rollups in one statement: one snapshot of what is folded.
    const [result] = await rowsOf<{ moved: number }>(
      tx.execute(sql`
        with moved as (
          delete from order_stat_deltas returning day, status, payment_method, payment_status, order_count, total_amount
        ), folded as (
          insert into order_daily_stats as s (day, status, payment_method, payment_status, order_count, total_amount)
          select day, status, payment_method, payment_status, sum(order_count), sum(total_amount)
          from moved
          group by day, status, payment_method, payment_status
          on conflict (day, status, payment_method, payment_status) do update
          set order_count = s.order_count + excluded.order_count, total_amount = s.total_amount + excluded.total_amount
        ), moved_sales as (
          delete from product_sales_deltas returning day, product_name, packets, amount
        ), folded_sales as (
          insert into product_daily_sales as s (day, product_name, packets, amount)
          select day, product_name, sum(packets), sum(amount)
          from moved_sales
          group by day, product_name
          on conflict (day, product_name) do update
          set packets = s.packets + excluded.packets, amount = s.amount + excluded.amount
        )
        select (select count(*) from moved)::int + (select count(*) from moved_sales)::int as moved`),
    )
    return Number(result?.moved ?? 0)
  })
}

/** The rows of a raw statement; node-postgres and PGlite both answer with `rows`. */
async function rowsOf<Row>(result: Promise<unknown>): Promise<Row[]> {
  return ((await result) as { rows: Row[] }).rows
}

/**
 * Recounts the rollup from the orders themselves (the migration's backfill), with writers of orders
 * held off meanwhile. For after a bulk load made with the triggers disabled, or to prove a doubt wrong.
 */
export async function rebuildOrderStats(db: Tx): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table orders, order_items in share row exclusive mode`)
    await tx.delete(orderStatDeltas)
    await tx.delete(orderDailyStats)
    await tx.delete(productSalesDeltas)
    await tx.delete(productDailySales)
    await tx.execute(sql`
      insert into order_daily_stats (day, status, payment_method, payment_status, order_count, total_amount)
      select (created_at at time zone 'Asia/Kolkata')::date, status, payment_method, payment_status, count(*),
        coalesce(sum(total_amount), 0)
      from orders
      group by 1, 2, 3, 4`)
    await tx.execute(sql`
      insert into product_daily_sales (day, product_name, packets, amount)
      select (o.created_at at time zone 'Asia/Kolkata')::date, i.product_name, sum(i.quantity),
        sum(i.quantity::bigint * i.price)
      from order_items i join orders o on o.id = i.order_id
      where o.status <> 'cancelled'
      group by 1, 2`)
  })
}

/**
 * Compacts every `intervalMs`. The embedded database has no autovacuum, so there the emptied deltas
 * table is vacuumed after each fold; otherwise its dead rows would pile up and slow every read.
 */
export function startOrderStatsCompactor(
  database: Pick<Database, 'db' | 'kind'>,
  logger: Logger,
  intervalMs = COMPACT_INTERVAL_MS,
): Poller {
  return startPoller(
    async () => {
      const moved = await compactOrderStats(database.db)
      if (moved && database.kind === 'pglite')
        await database.db.execute(
          sql`vacuum order_stat_deltas, order_daily_stats, product_sales_deltas, product_daily_sales`,
        )
    },
    { intervalMs, logger, name: 'order stats compactor' },
  )
}
