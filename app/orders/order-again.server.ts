// "Order again" (issue 32, item 3): a signed-in customer's past order put back in their cart, as
// product, size and quantity only. The cart holds no price, so what it shows and what checkout charges
// are today's; the old order's coupon never comes along (the cart's own coupon is left alone). Each
// line is added to what the cart already holds, capped by the stock and the cart's limits, and the
// shopper is told what changed. docs/decisions/030-order-again.md.
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { users } from '#app/accounts/schema.ts'
import { lineLabel } from '#app/cart/cart.server.ts'
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '#app/cart/guest-cart.ts'
import { cartItems } from '#app/cart/schema.ts'
import { sellingPrice } from '#app/catalog/pricing.ts'
import { orderableColumns } from '#app/catalog/products.server.ts'
import { products } from '#app/catalog/schema.ts'
import { isSize, priceOf, type Size, stockOf } from '#app/catalog/sizes.ts'
import type { Locale } from '#app/i18n/locale.ts'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { readCookie, serializeCookie } from '#app/platform/cookies.server.ts'
import type { Db, Tx } from '#app/platform/db.server.ts'
import { formatRupees } from '#app/shared/money.ts'
import { isUuid } from '#app/shared/uuid.ts'
import { orderItems, orders } from './schema.ts'
import { orderNumber } from './status.ts'

/**
 * Why a line went into the cart short, or not at all: `stock` (capped by today's stock), `limit` (by
 * the cart's packets per line), `lines` (the cart holds as many different packets as it may),
 * `not-sold` (the product was deleted or archived, or the size has no price now).
 */
export const SHORT_REASONS = ['stock', 'limit', 'lines', 'not-sold'] as const
export type ShortReason = (typeof SHORT_REASONS)[number]

/** One packet of the old order (a product and size), as it went into the cart. */
export interface AgainLine {
  /** Its place among the old order's lines (the first of them, if the order listed it twice). */
  index: number
  label: string
  wanted: number
  added: number
  /** Null when all of it was added. */
  short: ShortReason | null
  /** What one packet costs today, in paise (0 when it is no longer sold). */
  price: number
  /** What one packet cost in that order. */
  was: number
}

export interface AgainOutcome {
  orderId: string
  /** The old order's coupon, which is not applied again. */
  couponCode: string | null
  lines: AgainLine[]
}

interface OrderLine {
  index: number
  productId: string | null
  /** The name the order kept (English), for a product that no longer exists. */
  orderedName: string
  size: Size
  quantity: number
  price: number
}

/** The customer's own order's lines, merged by product and size; null for anyone else's order. */
async function ownOrderLines(db: Tx, userId: string, orderId: string) {
  const [order] = await db
    .select({ id: orders.id, couponCode: orders.couponCode })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
  if (!order) return null
  const rows = await db
    .select({
      productId: orderItems.productId,
      productName: orderItems.productName,
      size: orderItems.size,
      quantity: orderItems.quantity,
      price: orderItems.price,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.position), asc(orderItems.id))
  const lines: OrderLine[] = []
  rows.forEach((row, index) => {
    if (!isSize(row.size)) return
    const same = row.productId
      ? lines.find((line) => line.productId === row.productId && line.size === row.size)
      : undefined
    if (same) same.quantity += row.quantity
    else
      lines.push({
        index,
        productId: row.productId,
        orderedName: row.productName,
        size: row.size,
        quantity: row.quantity,
        price: row.price,
      })
  })
  return { order, lines }
}

async function productsOf(db: Tx, lines: OrderLine[], locale: Locale) {
  const ids = [...new Set(lines.flatMap((line) => (line.productId ? [line.productId] : [])))]
  if (ids.length === 0) return new Map<string, Awaited<ReturnType<typeof selectProducts>>[number]>()
  const rows = await selectProducts(db, ids, locale)
  return new Map(rows.map((row) => [row.id, row]))
}

function selectProducts(db: Tx, ids: string[], locale: Locale) {
  return db.select(orderableColumns(locale)).from(products).where(inArray(products.id, ids))
}

type ProductRow = Awaited<ReturnType<typeof selectProducts>>[number]

/** Whether this size of the product can be sold at all today (its stock aside). */
function stillSold(product: ProductRow | undefined, size: Size): product is ProductRow {
  return product !== undefined && !product.archivedAt && priceOf(product, size) > 0
}

/**
 * Puts the customer's order `orderId` in their cart; null when it is not theirs (or does not exist),
 * and then nothing changed. One transaction; the customer's row is locked first (`no key update`: it
 * does not hold up their other writes), so two at once add one after the other and the caps hold.
 */
export async function orderAgain(db: Db, userId: string, orderId: string): Promise<AgainOutcome | null> {
  const locale = getLocale()
  return db.transaction(async (tx) => {
    const own = await ownOrderLines(tx, userId, orderId)
    if (!own) return null
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update')
    const byId = await productsOf(tx, own.lines, locale)
    const cart = await tx
      .select({ productId: cartItems.productId, size: cartItems.size, quantity: cartItems.quantity })
      .from(cartItems)
      .where(eq(cartItems.userId, userId))
    let lineCount = cart.length
    const lines: AgainLine[] = []
    for (const line of own.lines) {
      const product = line.productId ? byId.get(line.productId) : undefined
      const label = lineLabel(product?.name ?? line.orderedName, line.size, locale)
      const base = { index: line.index, label, wanted: line.quantity, was: line.price }
      if (!stillSold(product, line.size)) {
        lines.push({ ...base, added: 0, short: 'not-sold', price: 0 })
        continue
      }
      const price = sellingPrice(product, line.size)
      const had = cart.find((entry) => entry.productId === product.id && entry.size === line.size)?.quantity ?? 0
      if (had === 0 && lineCount >= MAX_CART_LINES) {
        lines.push({ ...base, added: 0, short: 'lines', price })
        continue
      }
      const stock = stockOf(product, line.size)
      const quantity = Math.max(had, Math.min(had + line.quantity, stock, MAX_LINE_QUANTITY))
      const added = quantity - had
      const short = added === line.quantity ? null : stock < had + line.quantity ? 'stock' : 'limit'
      lines.push({ ...base, added, short, price })
      if (added === 0) continue
      if (had === 0) lineCount++
      await tx
        .insert(cartItems)
        .values({ userId, productId: product.id, size: line.size, quantity })
        .onConflictDoUpdate({
          target: [cartItems.userId, cartItems.productId, cartItems.size],
          set: { quantity, updatedAt: sql`now()` },
        })
    }
    return { orderId: own.order.id, couponCode: own.order.couponCode, lines }
  })
}

/** What the shopper is told: a line for the whole order, then one per change. */
export interface AgainNotice {
  ok: boolean
  title: string
  message: string
  /** What changed since that order, one sentence each. */
  notes: string[]
}

export function againNotice(outcome: AgainOutcome, locale: Locale = getLocale()): AgainNotice {
  const number = orderNumber(outcome.orderId)
  const added = outcome.lines.reduce((sum, line) => sum + line.added, 0)
  const notes: string[] = []
  for (const line of outcome.lines) {
    const { label, added: count, wanted } = line
    if (line.short === 'not-sold') notes.push(m.order_again_not_sold({ label }, { locale }))
    else if (line.short === 'lines') notes.push(m.order_again_cart_full({ label, max: MAX_CART_LINES }, { locale }))
    else if (line.short === 'stock')
      notes.push(
        count === 0
          ? m.order_again_no_stock({ label }, { locale })
          : m.order_again_short_stock({ label, added: count, wanted }, { locale }),
      )
    else if (line.short === 'limit')
      notes.push(m.order_again_line_limit({ label, max: MAX_LINE_QUANTITY, added: count, wanted }, { locale }))
    if (line.short !== 'not-sold' && line.price !== line.was)
      notes.push(
        m.order_again_price_now(
          { label, price: formatRupees(line.price, locale), was: formatRupees(line.was, locale) },
          { locale },
        ),
      )
  }
  if (outcome.couponCode) notes.push(m.order_again_coupon_not_carried({ code: outcome.couponCode }, { locale }))
  if (added === 0)
    return {
      ok: false,
      title: m.order_again_title_none({}, { locale }),
      message: m.order_again_added_none({ number }, { locale }),
      notes,
    }
  return {
    ok: true,
    title: m.order_again_title({}, { locale }),
    message:
      added === 1
        ? m.order_again_added_one({ number }, { locale })
        : m.order_again_added_many({ count: added, number }, { locale }),
    notes,
  }
}

// Without JavaScript the answer is a redirect back to My Orders, which says what happened once: the
// outcome travels in a one-minute cookie, as figures only (the sentences are written again, in the
// page's language, from the order and today's products), so even a long Hindi order stays far under
// a cookie's 4 KB.
const NOTICE_COOKIE = 'order_again'
const REASON_CODES: Record<ShortReason | 'none', string> = {
  none: 'a',
  stock: 's',
  limit: 'l',
  lines: 'n',
  'not-sold': 'x',
}

/** The outcome as the cookie keeps it: the order, then per line its index, reason, packets added and today's price. */
export function againNoticeCookie(outcome: AgainOutcome, path: string, secure: boolean): string {
  const value = JSON.stringify({
    o: outcome.orderId,
    l: outcome.lines.map((line) => [line.index, REASON_CODES[line.short ?? 'none'], line.added, line.price]),
  })
  return serializeCookie(NOTICE_COOKIE, value, { path, maxAge: 60, secure })
}

/**
 * The notice the cookie carries (for the customer's own order only), and the header that forgets it;
 * nulls without one. A malformed cookie is forgotten and says nothing.
 */
export async function takeAgainNotice(
  db: Tx,
  request: Request,
  userId: string,
  secure: boolean,
): Promise<{ notice: AgainNotice | null; clear: string | null }> {
  const value = readCookie(request, NOTICE_COOKIE)
  if (value === null) return { notice: null, clear: null }
  const clear = serializeCookie(NOTICE_COOKIE, '', { path: new URL(request.url).pathname, maxAge: 0, secure })
  const kept = parseKept(value)
  if (!kept) return { notice: null, clear }
  const own = await ownOrderLines(db, userId, kept.orderId)
  if (!own) return { notice: null, clear }
  const locale = getLocale()
  const byId = await productsOf(db, own.lines, locale)
  const lines = own.lines.flatMap((line): AgainLine[] => {
    const figures = kept.lines.get(line.index)
    if (!figures) return []
    const product = line.productId ? byId.get(line.productId) : undefined
    return [
      {
        index: line.index,
        label: lineLabel(product?.name ?? line.orderedName, line.size, locale),
        wanted: line.quantity,
        was: line.price,
        ...figures,
      },
    ]
  })
  return { notice: againNotice({ orderId: own.order.id, couponCode: own.order.couponCode, lines }, locale), clear }
}

function parseKept(value: string) {
  let raw: unknown
  try {
    raw = JSON.parse(value)
  } catch {
    return null
  }
  if (typeof raw !== 'object' || raw === null) return null
  const { o, l } = raw as { o?: unknown; l?: unknown }
  if (!isUuid(o) || !Array.isArray(l)) return null
  const byCode = new Map(Object.entries(REASON_CODES).map(([reason, code]) => [code, reason]))
  const lines = new Map<number, Pick<AgainLine, 'short' | 'added' | 'price'>>()
  for (const entry of l.slice(0, 200)) {
    if (!Array.isArray(entry)) continue
    const [index, code, added, price] = entry
    const reason = byCode.get(code)
    if (!reason || !isCount(index) || !isCount(added) || !isCount(price)) continue
    lines.set(index, { short: reason === 'none' ? null : (reason as ShortReason), added, price })
  }
  return { orderId: o, lines }
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
}
