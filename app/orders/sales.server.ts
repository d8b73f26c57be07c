// The Sales tab's figures: orders and revenue per India day from the orders rollup, and the products
// that sold most in the same days from the product sales rollup (app/orders/order-stats.server.ts).
import { desc, gte, sql } from 'drizzle-orm'
import { unionAll } from 'drizzle-orm/pg-core'
import type { RouterContextProvider } from 'react-router'
import { findAdmin } from '#app/admin/guard.server.ts'
import type { Tx } from '#app/platform/db.server.ts'
import { servicesContext } from '#app/platform/services.server.ts'
import { istDay } from '#app/shared/india-day.ts'
import { type DailyOrderFigures, dailyOrderFigures, istDays } from './order-stats.server.ts'
import { productDailySales, productSalesDeltas } from './schema.ts'

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
  const part = (t: typeof productDailySales | typeof productSalesDeltas) =>
    db
      .select({ productName: t.productName, packets: t.packets, amount: t.amount })
      .from(t)
      .where(gte(t.day, first ?? istDay(now)))
  const lines = unionAll(part(productDailySales), part(productSalesDeltas)).as('lines')
  const [days, bestSellers] = await Promise.all([
    dailyOrderFigures(db, { days: SALES_DAYS, now }),
    db
      .select({
        productName: lines.productName,
        packets: sql`sum(${lines.packets})::bigint`.mapWith(Number),
        amount: sql`sum(${lines.amount})::bigint`.mapWith(Number),
      })
      .from(lines)
      .groupBy(lines.productName)
      .having(sql`sum(${lines.packets}) > 0`)
      .orderBy(desc(sql`sum(${lines.packets})`), desc(sql`sum(${lines.amount})`), lines.productName)
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
