// The admin panel's four stat cards, read from the orders rollup (app/orders/order-stats.server.ts),
// so they cost the same with a hundred orders or a million.
// Revenue rule: the sum of total_amount of every order that is not cancelled (paid or not: cash on
// delivery is collected at the door), in paise; shown as whole rupees. "Today" is the calendar day
// in India (Asia/Kolkata), whatever the server's time zone.
import { sql } from 'drizzle-orm'
import { sumOrderStats } from '#app/orders/order-stats.server.ts'
import type { Tx } from '#app/platform/db.server.ts'
import { istDay } from '#app/shared/india-day.ts'

export interface AdminStats {
  totalOrders: number
  pendingOrders: number
  /** Paise. */
  totalRevenue: number
  todaysOrders: number
}

export async function getAdminStats(db: Tx, now = new Date()): Promise<AdminStats> {
  const today = istDay(now)
  return sumOrderStats(db, (t) => ({
    totalOrders: sql`sum(${t.orderCount})`,
    pendingOrders: sql`sum(${t.orderCount}) filter (where ${t.status} = 'pending')`,
    totalRevenue: sql`sum(${t.totalAmount}) filter (where ${t.status} <> 'cancelled')`,
    todaysOrders: sql`sum(${t.orderCount}) filter (where ${t.day} = ${today})`,
  }))
}
