// Coupons (decisions.md): FIRST10 gives 10% off the subtotal of a customer's first order, by account or
// phone number, and the owner adds more (percent or flat, minimum order, dates, limits) in Settings.
// Checked here for the drawer and the checkout page, and again inside the order transaction, where the
// coupon row is locked (so a limited coupon's last use goes to one order) and the redemption's unique
// indexes make a one-per-customer coupon's second use fail even when it races.
import { and, eq, ne, or, type SQL } from 'drizzle-orm'
import type { Locale } from '#app/i18n/locale.ts'
import { couponRedemptions, coupons, orders } from '#app/orders/schema.ts'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import type { Tx } from '#app/platform/db.server.ts'
import { formatRupees } from '#app/shared/money.ts'
import { type CouponTerms, couponShortfall } from './totals.ts'

export type CouponRow = typeof coupons.$inferSelect

export type CouponCheck =
  | { ok: true; code: string; terms: CouponTerms; description: string; onePerCustomer: boolean }
  | { ok: false; code: string; reason: string }

export interface CouponCustomer {
  userId: string | null
  /** +91XXXXXXXXXX, once the shopper has given it (at checkout). */
  phone: string | null
  /**
   * The signed-in shopper's account phone when the order gives another: the cart judged the coupon by
   * it, so the order does too (a coupon the cart refused is never taken at checkout).
   */
  accountPhone?: string | null
}

export interface CouponCheckOptions {
  /** The items' subtotal in paise, before the coupon: the minimum order is judged on it. */
  subtotal: number
  now?: Date
  /** Inside the order transaction: hold the coupon row until the order is stored. */
  lock?: boolean
}

/** ' first10 ' -> 'FIRST10'; null when it cannot be a code at all. */
export function normaliseCouponCode(input: string): string | null {
  const code = input.trim().toUpperCase()
  return /^[A-Z0-9]{1,30}$/.test(code) ? code : null
}

/** What a coupon row takes off, for the totals. */
export function couponTerms(coupon: CouponRow): CouponTerms {
  return coupon.kind === 'flat'
    ? { kind: 'flat', amountOff: coupon.amountOff ?? 0, minOrderAmount: coupon.minOrderAmount }
    : { kind: 'percent', percentOff: coupon.percentOff ?? 0, minOrderAmount: coupon.minOrderAmount }
}

/**
 * What a coupon gives, as the shopper is told when it applies: the owner's words on English pages; on
 * Hindi pages, which have no Hindi twin of those words (the seeded FIRST10's are English), the coupon's
 * own terms in Hindi ('पहले ऑर्डर पर 10% की छूट'). A minimum order is met once it applies, so it is
 * not repeated.
 */
export function couponDescription(coupon: CouponRow, locale: Locale = getLocale()): string {
  if (locale === 'en') return coupon.description
  const terms = couponTerms(coupon)
  const off =
    terms.kind === 'flat'
      ? m.shop_coupon_flat_off({ amount: formatRupees(terms.amountOff, locale) }, { locale })
      : m.shop_coupon_percent_off({ percent: terms.percentOff }, { locale })
  return coupon.firstOrderOnly ? m.shop_coupon_first_order({ off }, { locale }) : off
}

const DAY_OPTIONS = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' } as const
const dayFormat = {
  en: new Intl.DateTimeFormat('en-IN', DAY_OPTIONS),
  hi: new Intl.DateTimeFormat('hi-IN', DAY_OPTIONS),
}

/** '1 Jan 2027' in India's time, in the request's language (Hindi: '1 जन॰ 2027'). */
export function formatCouponDay(date: Date, locale: Locale = getLocale()): string {
  return dayFormat[locale].format(date)
}

/** How many orders have used a coupon. */
export async function couponUses(db: Tx, code: string): Promise<number> {
  return db.$count(couponRedemptions, eq(couponRedemptions.couponCode, code))
}

export async function checkCoupon(
  db: Tx,
  code: string,
  customer: CouponCustomer,
  { subtotal, now = new Date(), lock = false }: CouponCheckOptions,
): Promise<CouponCheck> {
  const query = db.select().from(coupons).where(eq(coupons.code, code))
  const [coupon] = lock ? await query.for('update') : await query
  const refuse = (reason: string): CouponCheck => ({ ok: false, code, reason })
  if (!coupon) return refuse(m.coupon_not_valid({ code }))
  if (!coupon.isActive) return refuse(m.coupon_no_longer_available({ code }))
  if (coupon.startsAt && now < coupon.startsAt) {
    return refuse(m.coupon_usable_from({ code, day: formatCouponDay(coupon.startsAt) }))
  }
  // ends_at is the first moment it no longer applies (the day after the last day, at midnight in India).
  if (coupon.endsAt && now >= coupon.endsAt) {
    return refuse(m.coupon_expired({ code, day: formatCouponDay(new Date(coupon.endsAt.getTime() - 1)) }))
  }
  if (coupon.maxUses !== null && (await couponUses(db, code)) >= coupon.maxUses) {
    return refuse(m.coupon_used_up({ code }))
  }

  const sameCustomer = (
    userColumn: typeof orders.userId | typeof couponRedemptions.userId,
    phoneColumn: typeof orders.phone | typeof couponRedemptions.phone,
  ) => {
    const conditions: SQL[] = []
    if (customer.userId) conditions.push(eq(userColumn, customer.userId))
    if (customer.phone) conditions.push(eq(phoneColumn, customer.phone))
    if (customer.accountPhone && customer.accountPhone !== customer.phone) {
      conditions.push(eq(phoneColumn, customer.accountPhone))
    }
    return conditions.length > 0 ? or(...conditions) : undefined
  }

  const customerMatch = sameCustomer(couponRedemptions.userId, couponRedemptions.phone)
  if (coupon.onePerCustomer && customerMatch) {
    const [used] = await db
      .select({ id: couponRedemptions.id })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponCode, code), customerMatch))
      .limit(1)
    if (used) return refuse(m.order_coupon_used({ code }))
  }

  if (coupon.firstOrderOnly) {
    const orderMatch = sameCustomer(orders.userId, orders.phone)
    if (orderMatch) {
      const [earlier] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(orderMatch, ne(orders.status, 'cancelled')))
        .limit(1)
      if (earlier) return refuse(m.coupon_first_order_only({ code }))
    }
  }

  const terms = couponTerms(coupon)
  const shortfall = couponShortfall(subtotal, terms)
  if (shortfall > 0) return refuse(m.coupon_add_more({ amount: formatRupees(shortfall), code }))
  return { ok: true, code, terms, description: couponDescription(coupon), onePerCustomer: coupon.onePerCustomer }
}
