// What must hold in the shop's database after any load or fault, as queries over the stopped shop:
// every packet is on the shelf or in an order, no stock is negative, no order is half written, no
// coupon is used more than it may be.
import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../../app/platform/db.server.ts'
import { type Invariant, invariant } from '../drill.ts'

export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

/** Every product's stock per size, by product id: the figures a drill starts from. */
export type StockSnapshot = Map<string, { '250g': number; '500g': number; '1kg': number }>

export async function stockSnapshot(db: Db): Promise<StockSnapshot> {
  const found = await rows<{ id: string; s250: number; s500: number; s1kg: number }>(
    db,
    sql`select id, stock_250g as s250, stock_500g as s500, stock_1kg as s1kg from products`,
  )
  return new Map(found.map((row) => [row.id, { '250g': row.s250, '500g': row.s500, '1kg': row.s1kg }]))
}

/**
 * Packets sold per product and size: the items of orders whose packets have not gone back on the
 * shelf (a cancelled or unpaid order's are released once, and stock_released_at says so).
 */
export async function packetsSold(db: Db): Promise<Map<string, number>> {
  const found = await rows<{ product_id: string; size: string; sold: number }>(
    db,
    sql`select i.product_id, i.size, sum(i.quantity)::int as sold
        from order_items i join orders o on o.id = i.order_id
        where o.stock_released_at is null and i.product_id is not null
        group by i.product_id, i.size`,
  )
  return new Map(found.map((row) => [`${row.product_id}/${row.size}`, row.sold]))
}

/** stock + packets sold = the stock the drill started with, for every product and size. */
export async function stockIsConserved(db: Db, initial: StockSnapshot): Promise<Invariant> {
  const now = await stockSnapshot(db)
  const sold = await packetsSold(db)
  const wrong: string[] = []
  let packets = 0
  for (const [id, start] of initial) {
    for (const size of ['250g', '500g', '1kg'] as const) {
      const taken = sold.get(`${id}/${size}`) ?? 0
      packets += taken
      const left = now.get(id)?.[size]
      if (left === undefined || left + taken !== start[size]) {
        wrong.push(`${id.slice(0, 8)} ${size}: ${left} on the shelf + ${taken} sold, started with ${start[size]}`)
      }
    }
  }
  return invariant(
    'stock + packets sold = initial stock, for every product and size',
    wrong.length === 0,
    wrong.length ? wrong.slice(0, 5).join('; ') : `${initial.size} products, ${packets} packets sold`,
  )
}

export async function noNegativeStock(db: Db): Promise<Invariant> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from products where stock_250g < 0 or stock_500g < 0 or stock_1kg < 0`,
  )
  return invariant('no stock below 0', row!.n === 0, `${row!.n} products below 0`)
}

/**
 * No half order: every order has its lines, its first status record and the admin's notification,
 * and its subtotal is the sum of its lines.
 */
export async function noHalfOrders(db: Db): Promise<Invariant> {
  const [row] = await rows<{
    orders: number
    no_lines: number
    no_history: number
    no_notice: number
    wrong_sum: number
  }>(
    db,
    sql`select count(*)::int as orders,
          count(*) filter (where not exists (select 1 from order_items i where i.order_id = o.id))::int as no_lines,
          count(*) filter (where not exists (select 1 from order_status_history h where h.order_id = o.id))::int as no_history,
          count(*) filter (where not exists (select 1 from admin_notifications_realtime n
                                             where n.order_id = o.id and n.type = 'new_order'))::int as no_notice,
          count(*) filter (where o.subtotal_amount <> (select coalesce(sum(i.price * i.quantity), 0)
                                                       from order_items i where i.order_id = o.id))::int as wrong_sum
        from orders o`,
  )
  const { orders, no_lines, no_history, no_notice, wrong_sum } = row!
  const broken = no_lines + no_history + no_notice + wrong_sum
  return invariant(
    'no half order: lines, first status record and notice, subtotal = sum of lines',
    broken === 0,
    `${orders} orders; ${no_lines} without lines, ${no_history} without history, ${no_notice} without notice, ${wrong_sum} with a wrong subtotal`,
  )
}

/** How many orders carry each coupon code. */
export async function couponUses(db: Db, code: string): Promise<{ orders: number; redemptions: number }> {
  const [row] = await rows<{ orders: number; redemptions: number }>(
    db,
    sql`select (select count(*)::int from orders where coupon_code = ${code}) as orders,
               (select count(*)::int from coupon_redemptions where coupon_code = ${code}) as redemptions`,
  )
  return row!
}

/** The ids of all orders. */
export async function orderIds(db: Db): Promise<Set<string>> {
  return new Set((await rows<{ id: string }>(db, sql`select id from orders`)).map((row) => row.id))
}
