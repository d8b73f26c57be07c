// The admin panel's four stat cards, each one SQL aggregate over orders.
// Revenue rule: the sum of total_amount of every order that is not cancelled (paid or not: cash on
// delivery is collected at the door), in paise; shown as whole rupees. "Today" is the calendar day
// in India (Asia/Kolkata), whatever the server's time zone.
import { sql } from 'drizzle-orm'
import { orders } from '#app/orders/schema.ts'
import type { Tx } from '#app/platform/db.server.ts'

export interface AdminStats {
  totalOrders: number
  pendingOrders: number
  /** Paise. */
  totalRevenue: number
  todaysOrders: number
}

export async function getAdminStats(db: Tx, now = new Date()): Promise<AdminStats> {
  const [row] = await db
    .select({
      totalOrders: sql<number>`count(*)::int`,
      pendingOrders: sql<number>`(count(*) filter (where ${orders.status} = 'pending'))::int`,
      totalRevenue: sql<string>`coalesce(sum(${orders.totalAmount}) filter (where ${orders.status} <> 'cancelled'), 0)::bigint`,
      todaysOrders: sql<number>`(count(*) filter (where (${orders.createdAt} at time zone 'Asia/Kolkata')::date = (${now.toISOString()}::timestamptz at time zone 'Asia/Kolkata')::date))::int`,
    })
    .from(orders)
  return {
    totalOrders: Number(row?.totalOrders ?? 0),
    pendingOrders: Number(row?.pendingOrders ?? 0),
    totalRevenue: Number(row?.totalRevenue ?? 0),
    todaysOrders: Number(row?.todaysOrders ?? 0),
  }
}
