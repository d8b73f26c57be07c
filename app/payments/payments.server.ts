// Online payment of an order through the gateway (PhonePe, or its simulator at another base URL):
// starting an attempt, applying what the gateway reports (webhook, status check, reconciler) exactly
// once and never moving a paid order back, and returning the stock an unpaid order held.
import { and, asc, eq, gt, inArray, isNull, lt, ne, notExists, or, type SQLWrapper, sql } from 'drizzle-orm'
import { products } from '#app/catalog/schema.ts'
import type { Size } from '#app/catalog/sizes.ts'
import { adminNotificationsRealtime } from '#app/notifications/schema.ts'
import { orderItems, orders } from '#app/orders/schema.ts'
import { orderNumber } from '#app/orders/status.ts'
import type { Db } from '#app/platform/db.server.ts'
import type { Logger } from '#app/platform/logger.server.ts'
import { formatRupees } from '#app/shared/money.ts'
import type { PaymentState, PhonePe } from './phonepe.server.ts'
import { paymentAttempts } from './schema.ts'

type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0]

/** How long an unpaid online order holds its stock: the gateway's payment expires after this. */
export const PAYMENT_HOLD_SECONDS = 15 * 60

/** A payment that could not be started; `message` is for the shopper. */
export class PaymentError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PaymentError'
  }
}

const STOCK_FIELD = { '250g': 'stock250g', '500g': 'stock500g', '1kg': 'stock1kg' } as const satisfies Record<
  Size,
  keyof typeof products.$inferSelect
>

/** Puts an order's packets back on the shelf (once: stock_released_at marks it). */
async function releaseStock(tx: Transaction, orderId: string, now: Date): Promise<boolean> {
  const [released] = await tx
    .update(orders)
    .set({ stockReleasedAt: now, updatedAt: now })
    .where(and(eq(orders.id, orderId), isNull(orders.stockReleasedAt)))
    .returning({ id: orders.id })
  if (!released) return false
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId))
  for (const item of items) {
    if (!item.productId) continue
    const field = STOCK_FIELD[item.size]
    await tx
      .update(products)
      .set({ [field]: sql`${products[field]} + ${item.quantity}` })
      .where(eq(products.id, item.productId))
  }
  return true
}

/** Takes an order's packets off the shelf again (a retried payment after its stock was released). */
async function reserveAgain(tx: Transaction, orderId: string, now: Date): Promise<string | null> {
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId))
  const ids = items.flatMap((item) => (item.productId ? [item.productId] : []))
  const locked = ids.length
    ? await tx.select().from(products).where(inArray(products.id, ids)).orderBy(asc(products.id)).for('update')
    : []
  for (const item of items) {
    const product = locked.find((row) => row.id === item.productId)
    if (!product || product[STOCK_FIELD[item.size]] < item.quantity) {
      return `${item.productName} (${item.size}) has sold out since you ordered.`
    }
  }
  for (const item of items) {
    const field = STOCK_FIELD[item.size]
    await tx
      .update(products)
      .set({ [field]: sql`${products[field]} - ${item.quantity}` })
      .where(eq(products.id, item.productId!))
  }
  await tx.update(orders).set({ stockReleasedAt: null, updatedAt: now }).where(eq(orders.id, orderId))
  return null
}

/**
 * Starts a gateway payment for an unpaid online order (its first, or a retry after a failure): a new
 * attempt with its own merchant order id, for the order's own total. Returns the gateway's page.
 */
export async function startPayment(
  db: Db,
  gateway: PhonePe,
  { orderId, publicUrl, now = new Date() }: { orderId: string; publicUrl: string; now?: Date },
): Promise<{ redirectUrl: string }> {
  const attempt = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
    if (order?.paymentMethod !== 'online') throw new PaymentError('This order cannot be paid online.')
    if (order.paymentStatus === 'paid') throw new PaymentError('This order is already paid.')
    if (order.status === 'cancelled') throw new PaymentError('This order was cancelled.')
    if (order.stockReleasedAt) {
      const soldOut = await reserveAgain(tx, order.id, now)
      if (soldOut) throw new PaymentError(soldOut)
    }
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.orderId, order.id))
    if (order.paymentStatus === 'failed') {
      await tx.update(orders).set({ paymentStatus: 'pending', updatedAt: now }).where(eq(orders.id, order.id))
    }
    const [row] = await tx
      .insert(paymentAttempts)
      .values({
        orderId: order.id,
        provider: 'phonepe',
        merchantOrderId: `MN-${order.id}-${count + 1}`,
        amount: order.totalAmount,
        state: 'PENDING',
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    return row!
  })

  try {
    const created = await gateway.createPayment({
      merchantOrderId: attempt.merchantOrderId,
      amount: attempt.amount,
      redirectUrl: `${publicUrl}/payment-status?orderId=${orderId}`,
      expireAfterSeconds: PAYMENT_HOLD_SECONDS,
    })
    await db
      .update(paymentAttempts)
      .set({
        providerOrderId: created.orderId,
        redirectUrl: created.redirectUrl,
        expireAt: new Date(created.expireAt),
        updatedAt: new Date(),
      })
      .where(eq(paymentAttempts.id, attempt.id))
    return { redirectUrl: created.redirectUrl }
  } catch (error) {
    // The attempt never reached the shopper: it is closed; the order stays unpaid and can be retried.
    await db
      .update(paymentAttempts)
      .set({ state: 'FAILED', updatedAt: new Date() })
      .where(eq(paymentAttempts.id, attempt.id))
    throw error
  }
}

export interface GatewayReport {
  merchantOrderId: string
  state: PaymentState
  amount: number
  transactionId?: string | null
}

export type ReportOutcome = 'paid' | 'failed' | 'pending' | 'unknown' | 'amount-mismatch' | 'repeat' | 'stale'

/**
 * Applies what the gateway says about one attempt, in one transaction. Idempotent: a repeat changes
 * nothing; a paid order never moves back; a report whose amount differs from the attempt's is ignored.
 */
export async function applyGatewayReport(
  db: Db,
  report: GatewayReport,
  { log, now = new Date() }: { log?: Logger; now?: Date } = {},
): Promise<ReportOutcome> {
  return db.transaction(async (tx): Promise<ReportOutcome> => {
    const [attempt] = await tx
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.merchantOrderId, report.merchantOrderId))
      .for('update')
    if (!attempt) return 'unknown'
    const [order] = await tx.select().from(orders).where(eq(orders.id, attempt.orderId)).for('update')
    if (!order) return 'unknown'

    if (report.state === 'PENDING') {
      await tx.update(paymentAttempts).set({ lastCheckedAt: now }).where(eq(paymentAttempts.id, attempt.id))
      return 'pending'
    }
    if (report.amount !== attempt.amount) {
      log?.warn(
        { merchantOrderId: attempt.merchantOrderId, expected: attempt.amount, reported: report.amount },
        'gateway reported another amount: ignored',
      )
      return 'amount-mismatch'
    }
    if (attempt.state === report.state) return 'repeat'
    if (attempt.state === 'COMPLETED') return 'stale'

    const number = orderNumber(order.id)
    if (report.state === 'COMPLETED') {
      await tx
        .update(paymentAttempts)
        .set({ state: 'COMPLETED', transactionId: report.transactionId ?? null, lastCheckedAt: now, updatedAt: now })
        .where(eq(paymentAttempts.id, attempt.id))
      if (order.paymentStatus === 'paid') return 'repeat'
      await tx.update(orders).set({ paymentStatus: 'paid', updatedAt: now }).where(eq(orders.id, order.id))
      const soldOut = order.stockReleasedAt ? await reserveAgain(tx, order.id, now) : null
      await tx.insert(adminNotificationsRealtime).values({
        type: soldOut ? 'payment_after_release' : 'payment_received',
        orderId: order.id,
        message: soldOut
          ? `Order #${number} was paid (${formatRupees(attempt.amount)}) after its stock was released: ${soldOut} Refund or restock it.`
          : `Payment received for order #${number}: ${formatRupees(attempt.amount)}`,
      })
      return 'paid'
    }

    await tx
      .update(paymentAttempts)
      .set({ state: 'FAILED', lastCheckedAt: now, updatedAt: now })
      .where(eq(paymentAttempts.id, attempt.id))
    // Another attempt of the same order may still be under way or paid: then the order waits for it.
    const [other] = await tx
      .select({ id: paymentAttempts.id })
      .from(paymentAttempts)
      .where(
        and(
          eq(paymentAttempts.orderId, order.id),
          ne(paymentAttempts.id, attempt.id),
          or(eq(paymentAttempts.state, 'PENDING'), eq(paymentAttempts.state, 'COMPLETED')),
        ),
      )
      .limit(1)
    if (!other && order.paymentStatus !== 'paid') {
      await tx.update(orders).set({ paymentStatus: 'failed', updatedAt: now }).where(eq(orders.id, order.id))
      await releaseStock(tx, order.id, now)
    }
    return 'failed'
  })
}

/** An attempt of the order that is under way, or started within the hold (the order keeps its stock). */
function openOrRecentAttempt(orderId: SQLWrapper | string, heldSince: Date) {
  return and(
    eq(paymentAttempts.orderId, orderId),
    or(eq(paymentAttempts.state, 'PENDING'), gt(paymentAttempts.createdAt, heldSince)),
  )
}

/**
 * Gives back the stock of unpaid online orders that no payment is under way for: the gateway could
 * not start one, or the server stopped before it could, and the shopper has not tried again within
 * the hold. Their payment is marked failed; paying again later takes the stock again.
 * Returns the ids of the orders released.
 */
export async function releaseAbandonedOrders(db: Db, now = new Date()): Promise<string[]> {
  const heldSince = new Date(now.getTime() - PAYMENT_HOLD_SECONDS * 1000)
  const held = and(
    eq(orders.paymentMethod, 'online'),
    eq(orders.paymentStatus, 'pending'),
    isNull(orders.stockReleasedAt),
    ne(orders.status, 'cancelled'),
    lt(orders.createdAt, heldSince),
  )
  const candidates = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        held,
        notExists(
          db.select({ id: paymentAttempts.id }).from(paymentAttempts).where(openOrRecentAttempt(orders.id, heldSince)),
        ),
      ),
    )
  const released: string[] = []
  for (const { id } of candidates) {
    const done = await db.transaction(async (tx) => {
      // Checked again under the order's lock: the shopper may have started a payment since.
      const [order] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, id), held))
        .for('update')
      if (!order) return false
      const [open] = await tx
        .select({ id: paymentAttempts.id })
        .from(paymentAttempts)
        .where(openOrRecentAttempt(id, heldSince))
        .limit(1)
      if (open) return false
      await tx.update(orders).set({ paymentStatus: 'failed', updatedAt: now }).where(eq(orders.id, id))
      return releaseStock(tx, id, now)
    })
    if (done) released.push(id)
  }
  return released
}

/** Asks the gateway about an attempt and applies the answer. */
export async function checkAttempt(db: Db, gateway: PhonePe, merchantOrderId: string, log?: Logger) {
  const status = await gateway.orderStatus(merchantOrderId)
  return applyGatewayReport(
    db,
    {
      merchantOrderId,
      state: status.state,
      amount: status.amount,
      transactionId: status.paymentDetails?.find((detail) => detail.state === 'COMPLETED')?.transactionId ?? null,
    },
    { log },
  )
}

/** The latest attempt of an order, for the payment-status page. */
export async function latestAttempt(db: Db, orderId: string) {
  const [attempt] = await db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.orderId, orderId))
    .orderBy(sql`${paymentAttempts.createdAt} desc`, sql`${paymentAttempts.id} desc`)
    .limit(1)
  return attempt ?? null
}
