// The orders rollup behind the stat cards and the per-status counts: whatever happens to orders
// (placed, changed, deleted, truncated) and whenever the compactor runs, its figures equal a count
// over the orders themselves.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { getAdminStats } from '#app/admin/stats.server.ts'
import { parseAdminOrderFilters } from '#app/orders/admin-orders.ts'
import {
  compactOrderStats,
  countOrdersFromStats,
  dailyOrderFigures,
  rebuildOrderStats,
} from '#app/orders/order-stats.server.ts'
import { salesFigures } from '#app/orders/sales.server.ts'
import {
  orderDailyStats,
  orderItems,
  orderStatDeltas,
  orders,
  productDailySales,
  productSalesDeltas,
} from '#app/orders/schema.ts'
import type { Database } from '#app/platform/db.server.ts'
import { DATABASE_KINDS, openTestDatabase } from './databases.ts'

const NOW = new Date('2026-11-23T05:00:00.000Z')

describe.each(DATABASE_KINDS)('the order stats rollup on %s', (kind) => {
  let database: Database
  let db: Database['db']

  /** Orders straight into the table, as the triggers see any writer. */
  const insert = (rows: { status?: string; method?: string; paid?: boolean; total: number; at: string }[]) =>
    db
      .insert(orders)
      .values(
        rows.map((row) => ({
          customerName: 'Asha Verma',
          email: 'asha@example.in',
          phone: '+919876543210',
          shippingAddress: '12, Vijay Nagar, Indore, Madhya Pradesh - 452010',
          subtotalAmount: row.total,
          deliveryFee: 0,
          totalAmount: row.total,
          status: (row.status ?? 'pending') as 'pending',
          paymentMethod: row.method ?? 'cod',
          paymentStatus: row.paid ? ('paid' as const) : ('pending' as const),
          createdAt: new Date(row.at),
        })),
      )
      .returning({ id: orders.id })

  /** The stat cards and counts computed the slow way, from every order. */
  const countedFromOrders = async () => {
    // node-postgres and PGlite both answer with rows; Drizzle types the union loosely.
    const result = (await db.execute(sql`
        select count(*)::int as "totalOrders",
          (count(*) filter (where status = 'pending'))::int as "pendingOrders",
          coalesce(sum(total_amount) filter (where status <> 'cancelled'), 0)::int as "totalRevenue",
          (count(*) filter (where (created_at at time zone 'Asia/Kolkata')::date = '2026-11-23'))::int as "todaysOrders"
        from orders`)) as unknown as { rows: Record<string, number>[] }
    const [row] = result.rows
    return row
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    db = database.db
  })
  afterAll(async () => {
    await database?.close()
  })
  beforeEach(async () => {
    await db.delete(orders)
    await compactOrderStats(db)
  })

  it('matches a count over the orders through inserts, changes and deletes, compacted or not', async () => {
    const [first, second] = await insert([
      { total: 10_000, at: '2026-11-23T04:00:00.000Z' },
      // 00:15 on 23 November in India: today there, though still the 22nd in UTC.
      { total: 25_000, at: '2026-11-22T18:45:00.000Z', method: 'phonepe', paid: true },
      { total: 5_000, at: '2026-11-22T18:00:00.000Z' },
      { total: 7_000, at: '2026-10-01T10:00:00.000Z', status: 'delivered' },
    ])
    expect(await getAdminStats(db, NOW)).toEqual(await countedFromOrders())
    expect(await getAdminStats(db, NOW)).toEqual({
      totalOrders: 4,
      pendingOrders: 3,
      totalRevenue: 47_000,
      todaysOrders: 2,
    })

    await db.execute(sql`update orders set status = 'cancelled' where id = ${first!.id}`)
    await db.execute(sql`update orders set delivery_otp_attempts = 2 where id = ${second!.id}`)
    expect(await getAdminStats(db, NOW)).toEqual(await countedFromOrders())
    expect(await compactOrderStats(db)).toBeGreaterThan(0)
    expect(await db.select().from(orderStatDeltas)).toEqual([])
    expect(await getAdminStats(db, NOW)).toEqual(await countedFromOrders())

    await db.execute(sql`delete from orders where id = ${second!.id}`)
    expect(await getAdminStats(db, NOW)).toEqual({
      totalOrders: 3,
      pendingOrders: 1,
      totalRevenue: 12_000,
      todaysOrders: 1,
    })
    expect(await compactOrderStats(db)).toBe(1)
    expect(await getAdminStats(db, NOW)).toEqual(await countedFromOrders())
  })

  it('records nothing for a change that leaves the counted facts alone', async () => {
    await insert([{ total: 10_000, at: '2026-11-23T04:00:00.000Z' }])
    await compactOrderStats(db)
    await db.execute(sql`update orders set delivery_otp_attempts = 1, updated_at = now()`)
    expect(await db.select().from(orderStatDeltas)).toEqual([])
  })

  it('counts per status under the list filters (IST days, payment method, payment status)', async () => {
    await insert([
      { total: 1, at: '2026-11-22T18:45:00.000Z', method: 'phonepe', paid: true },
      { total: 1, at: '2026-11-22T18:00:00.000Z', status: 'confirmed' },
      { total: 1, at: '2026-11-20T10:00:00.000Z', status: 'cancelled' },
    ])
    const counts = (query: Record<string, string>) =>
      countOrdersFromStats(db, parseAdminOrderFilters(new URLSearchParams(query)))
    expect(await counts({})).toMatchObject({ all: 3, pending: 1, confirmed: 1, cancelled: 1, shipped: 0 })
    expect(await counts({ from: '2026-11-23', to: '2026-11-23' })).toMatchObject({ all: 1, pending: 1 })
    expect(await counts({ from: '2026-11-21' })).toMatchObject({ all: 2, pending: 1, confirmed: 1 })
    expect(await counts({ method: 'online' })).toMatchObject({ all: 1, pending: 1 })
    expect(await counts({ method: 'cod', payment: 'pending' })).toMatchObject({ all: 2, cancelled: 1, confirmed: 1 })
  })

  it('is rebuilt from the orders when it was lost, and emptied with them', async () => {
    await insert([
      { total: 10_000, at: '2026-11-23T04:00:00.000Z' },
      { total: 3_000, at: '2026-11-01T04:00:00.000Z' },
    ])
    await compactOrderStats(db)
    await db.delete(orderDailyStats)
    expect((await getAdminStats(db, NOW)).totalOrders).toBe(0)
    await rebuildOrderStats(db)
    expect(await getAdminStats(db, NOW)).toEqual(await countedFromOrders())

    await db.execute(sql`truncate orders cascade`)
    expect(await db.select().from(orderDailyStats)).toEqual([])
    expect(await getAdminStats(db, NOW)).toEqual({ totalOrders: 0, pendingOrders: 0, totalRevenue: 0, todaysOrders: 0 })
  })

  it('gives orders and revenue per India day for the chart, with empty days as zero', async () => {
    const [first] = await insert([
      { total: 10_000, at: '2026-11-22T18:45:00.000Z' }, // 23 Nov in India
      { total: 5_000, at: '2026-11-23T04:00:00.000Z', status: 'cancelled' },
      { total: 2_000, at: '2026-11-21T10:00:00.000Z' },
      { total: 9_000, at: '2026-10-01T10:00:00.000Z' }, // before the 30 days
    ])
    await compactOrderStats(db)
    await db.execute(sql`update orders set status = 'delivered' where id = ${first!.id}`) // a pending delta
    const days = await dailyOrderFigures(db, { days: 30, now: NOW })
    expect(days).toHaveLength(30)
    expect(days[0]?.day).toBe('2026-10-25')
    expect(days.at(-1)).toEqual({ day: '2026-11-23', orders: 2, revenue: 10_000 })
    expect(days.find((day) => day.day === '2026-11-22')).toEqual({ day: '2026-11-22', orders: 0, revenue: 0 })
    expect(days.find((day) => day.day === '2026-11-21')).toEqual({ day: '2026-11-21', orders: 1, revenue: 2_000 })
  })

  it('names the best sellers of the last 30 days by packets, leaving out cancelled orders', async () => {
    const [recent, cancelled, old] = await insert([
      { total: 1, at: '2026-11-20T10:00:00.000Z' },
      { total: 1, at: '2026-11-21T10:00:00.000Z', status: 'cancelled' },
      { total: 1, at: '2026-09-01T10:00:00.000Z' },
    ])
    const line = (orderId: string, productName: string, quantity: number) => ({
      orderId,
      productName,
      size: '250g' as const,
      quantity,
      price: 8_000,
    })
    await db
      .insert(orderItems)
      .values([
        line(recent!.id, 'Ratlami Sev', 2),
        line(recent!.id, 'Tikhi Bundi', 3),
        line(cancelled!.id, 'Ratlami Sev', 10),
        line(old!.id, 'Navratna Mixture', 50),
      ])
    const { bestSellers } = await salesFigures(db, NOW)
    expect(bestSellers).toEqual([
      { productName: 'Tikhi Bundi', packets: 3, amount: 24_000 },
      { productName: 'Ratlami Sev', packets: 2, amount: 16_000 },
    ])
  })

  it('keeps the best sellers exact through cancelling, reopening, moving, deleting, compacting and rebuilding', async () => {
    /** The best sellers the slow way, from every line of every order that is not cancelled. */
    const countedFromLines = async () => {
      const result = (await db.execute(sql`
          select i.product_name as "productName", sum(i.quantity)::int as packets,
            sum(i.quantity * i.price)::int as amount
          from order_items i join orders o on o.id = i.order_id
          where o.status <> 'cancelled' and o.created_at >= '2026-10-24T18:30:00Z'
          group by 1 order by 2 desc, 3 desc, 1`)) as unknown as { rows: Record<string, unknown>[] }
      return result.rows
    }
    const [first, second, third] = await insert([
      { total: 1, at: '2026-11-20T10:00:00.000Z' },
      { total: 1, at: '2026-11-21T10:00:00.000Z' },
      { total: 1, at: '2026-11-22T10:00:00.000Z' },
    ])
    const line = (orderId: string, productName: string, quantity: number, price = 8_000) => ({
      orderId,
      productName,
      size: '250g' as const,
      quantity,
      price,
    })
    await db
      .insert(orderItems)
      .values([
        line(first!.id, 'Ratlami Sev', 2),
        line(first!.id, 'Tikhi Bundi', 1, 11_000),
        line(second!.id, 'Ratlami Sev', 4),
        line(third!.id, 'Navratna Mixture', 3, 9_000),
      ])
    const check = async () => expect((await salesFigures(db, NOW)).bestSellers).toEqual(await countedFromLines())

    await check()
    await db.execute(sql`update orders set status = 'cancelled' where id = ${second!.id}`)
    await check()
    await compactOrderStats(db)
    await check()
    await db.execute(sql`update orders set status = 'confirmed' where id = ${second!.id}`)
    await db.execute(sql`update orders set created_at = '2026-09-01T10:00:00Z' where id = ${third!.id}`)
    await check()
    await db.execute(
      sql`update order_items set quantity = 7 where order_id = ${first!.id} and product_name = 'Tikhi Bundi'`,
    )
    await db.execute(sql`delete from orders where id = ${first!.id}`)
    await check()
    expect((await salesFigures(db, NOW)).bestSellers).toEqual([
      { productName: 'Ratlami Sev', packets: 4, amount: 32_000 },
    ])
    await compactOrderStats(db)
    expect(await db.select().from(productSalesDeltas)).toEqual([])
    await db.delete(productDailySales)
    await rebuildOrderStats(db)
    await check()
    await db.execute(sql`truncate orders cascade`)
    expect(await db.select().from(productDailySales)).toEqual([])
  })

  it.runIf(kind === 'postgres')('lets one instance compact at a time; the other skips its turn', async () => {
    await insert([{ total: 10_000, at: '2026-11-23T04:00:00.000Z' }])
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(72430009)`)
      expect(await compactOrderStats(db)).toBeNull()
    })
    expect(await compactOrderStats(db)).toBe(1)
  })
})
