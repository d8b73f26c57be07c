// Coupons (decisions.md): FIRST10 gives 10% off the subtotal of a customer's first order, by account or
// phone number. Checked here for the drawer and the checkout page, and again inside the order
// transaction, where the redemption's unique indexes make a second use fail even when it races.
import { and, eq, ne, or, type SQL } from 'drizzle-orm'
import { couponRedemptions, coupons, orders } from '#app/orders/schema.ts'
import type { Tx } from '#app/platform/db.server.ts'

export type CouponCheck =
  | { ok: true; code: string; percentOff: number; description: string }
  | { ok: false; code: string; reason: string }

export interface CouponCustomer {
  userId: string | null
  /** +91XXXXXXXXXX, once the shopper has given it (at checkout). */
  phone: string | null
}

/** ' first10 ' -> 'FIRST10'; null when it cannot be a code at all. */
export function normaliseCouponCode(input: string): string | null {
  const code = input.trim().toUpperCase()
  return /^[A-Z0-9]{1,30}$/.test(code) ? code : null
}

export async function checkCoupon(db: Tx, code: string, customer: CouponCustomer): Promise<CouponCheck> {
  const [coupon] = await db.select().from(coupons).where(eq(coupons.code, code))
  if (!coupon) return { ok: false, code, reason: `${code} is not a valid coupon code.` }
  if (!coupon.isActive) return { ok: false, code, reason: `${code} has expired.` }

  const sameCustomer = (
    userColumn: typeof orders.userId | typeof couponRedemptions.userId,
    phoneColumn: typeof orders.phone | typeof couponRedemptions.phone,
  ) => {
    const conditions: SQL[] = []
    if (customer.userId) conditions.push(eq(userColumn, customer.userId))
    if (customer.phone) conditions.push(eq(phoneColumn, customer.phone))
    return conditions.length > 0 ? or(...conditions) : undefined
  }

  const customerMatch = sameCustomer(couponRedemptions.userId, couponRedemptions.phone)
  if (customerMatch) {
    const [used] = await db
      .select({ id: couponRedemptions.id })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponCode, code), customerMatch))
      .limit(1)
    if (used) return { ok: false, code, reason: `You have already used ${code}.` }
  }

  if (coupon.firstOrderOnly) {
    const orderMatch = sameCustomer(orders.userId, orders.phone)
    if (orderMatch) {
      const [earlier] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(orderMatch, ne(orders.status, 'cancelled')))
        .limit(1)
      if (earlier) return { ok: false, code, reason: `${code} is only for your first order.` }
    }
  }
  return { ok: true, code, percentOff: coupon.percentOff ?? 0, description: coupon.description }
}
