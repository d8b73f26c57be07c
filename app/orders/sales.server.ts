// The Sales tab's figures: orders and revenue per India day from the orders rollup, and the products
// that sold most in the same days.
import { and, desc, eq, gte, ne, sql } from 'drizzle-orm'
import type { RouterContextProvider } from 'react-router'
import { findAdmin } from '#app/admin/guard.server.ts'
import type { Tx } from '#app/platform/db.server.ts'
import { servicesContext } from '#app/platform/services.server.ts'
import { type DailyOrderFigures, dailyOrderFigures, istDays } from './order-stats.server.ts'
import { orderItems, orders } from './schema.ts'

export const SALES_DAYS = 30
const BEST_SELLERS = 5

export interface BestSeller {
  productName: string
  /** Packets sold, of every size. */
  packets: number
  /** Paise: what those packets were sold for (before coupon discounts and delivery). */
  amount: number
}

export interface SalesFigures {
  days: DailyOrderFigures[]
  bestSellers: BestSeller[]
}

/** The last SALES_DAYS India days (today included); cancelled orders sell nothing. */
export async function salesFigures(db: Tx, now = new Date()): Promise<SalesFigures> {
  const [first] = istDays(SALES_DAYS, now)
  const [days, bestSellers] = await Promise.all([
    dailyOrderFigures(db, { days: SALES_DAYS, now }),
    db
      .select({
        productName: orderItems.productName,
        packets: sql`sum(${orderItems.quantity})::bigint`.mapWith(Number),
        amount: sql`sum(${orderItems.quantity} * ${orderItems.price})::bigint`.mapWith(Number),
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(gte(orders.createdAt, new Date(`${first}T00:00:00+05:30`)), ne(orders.status, 'cancelled')))
      .groupBy(orderItems.productName)
      .orderBy(
        desc(sql`sum(${orderItems.quantity})`),
        desc(sql`sum(${orderItems.quantity} * ${orderItems.price})`),
        orderItems.productName,
      )
      .limit(BEST_SELLERS),
  ])
  return { days, bestSellers }
}

/** The Sales tab (/admin/sales): nothing for anyone but the admin, whose login form the layout shows. */
export async function salesTabLoader({
  request,
  context,
}: {
  request: Request
  context: Readonly<RouterContextProvider>
}) {
  if (!(await findAdmin(request, context))) return null
  return salesFigures(context.get(servicesContext).db)
}
