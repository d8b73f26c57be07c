// Online payment of an order through the gateway (PhonePe, or its simulator at another base URL):
// starting an attempt, applying what the gateway reports (webhook, status check, reconciler) exactly
// once and never moving a paid order back, and returning the stock an unpaid order held.
import { and, desc, eq, gt, isNull, lt, ne, notExists, or, type SQLWrapper, sql } from 'drizzle-orm'
import { type Locale, localizedHref, toLocale } from '#app/i18n/locale.ts'
import { issueInvoiceOrTellOwner } from '#app/invoices/issue-invoice.server.ts'
import { adminNotificationsRealtime } from '#app/notifications/schema.ts'
import { type NoticeSetup, tellMoneyNotice } from '#app/orders/order-notices.server.ts'
import { releaseOrderStock, reserveOrderStockAgain } from '#app/orders/order-stock.server.ts'
import { orders } from '#app/orders/schema.ts'
import { orderNumber } from '#app/orders/status.ts'
import { m } from '#app/paraglide/messages.js'
import type { Db, Tx } from '#app/platform/db.server.ts'
import type { Logger } from '#app/platform/logger.server.ts'
import { formatRupees } from '#app/shared/money.ts'
import { type PaymentState, type PhonePe, UNKNOWN_TO_GATEWAY_AFTER_MS } from './phonepe.server.ts'
import { paymentAttempts } from './schema.ts'

/** How long an unpaid online order holds its stock: the gateway's payment expires after this. */
export const PAYMENT_HOLD_SECONDS = 15 * 60
const AMOUNT_MISMATCH = 'payment_amount_mismatch'
/** A payment under way is sent to again only while this much of it is left. */
const REUSE_MARGIN_MS = 2 * 60 * 1000

/** A payment that could not be started; `message` is for the shopper. */
export class PaymentError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PaymentError'
  }
}

/**
 * Sends the shopper to the gateway to pay an unpaid online order. A payment already under way is
 * reused (a double click, a retried form or 'Try Payment Again' never opens a second one); otherwise
 * a new attempt with its own merchant order id, for the order's own total. Returns the gateway's page.
 */
export async function startPayment(
  db: Db,
  gateway: PhonePe,
  { orderId, publicUrl, now = new Date() }: { orderId: string; publicUrl: string; now?: Date },
): Promise<{ redirectUrl: string }> {
  type Started = { reuse: string } | { attempt: typeof paymentAttempts.$inferSelect; locale: Locale }
  const started = await db.transaction(async (tx): Promise<Started> => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
    if (order?.paymentMethod !== 'online') throw new PaymentError(m.payment_not_online())
    if (order.paymentStatus === 'paid') throw new PaymentError(m.payment_already_paid())
    if (order.status === 'cancelled') throw new PaymentError(m.payment_order_cancelled())
    const open = await latestAttempt(tx, order.id, 'PENDING')
    if (open?.redirectUrl && open.expireAt && open.expireAt.getTime() - now.getTime() > REUSE_MARGIN_MS) {
      return { reuse: open.redirectUrl }
    }
    if (open && !open.redirectUrl && now.getTime() - open.createdAt.getTime() < UNKNOWN_TO_GATEWAY_AFTER_MS) {
      throw new PaymentError(m.payment_still_starting())
    }
    if (order.stockReleasedAt) {
      const soldOut = await reserveOrderStockAgain(tx, order.id, now)
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
    return { attempt: row!, locale: toLocale(order.locale) ?? 'en' }
  })
  if ('reuse' in started) return { redirectUrl: started.reuse }

  const { attempt, locale } = started
  try {
    const created = await gateway.createPayment({
      merchantOrderId: attempt.merchantOrderId,
      amount: attempt.amount,
      // Back to the payment's page in the language the order was placed in.
      redirectUrl: `${publicUrl}${localizedHref(`/payment-status?orderId=${orderId}`, locale)}`,
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

/** What applying the gateway's reports needs: the customer's notices' setup, and where to log. */
export interface PaymentContext {
  notices: NoticeSetup
  log?: Logger
  now?: Date
}

export interface GatewayReport {
  merchantOrderId: string
  state: PaymentState
  amount: number
  transactionId?: string | null
}

export type ReportOutcome =
  | 'paid'
  | 'paid-twice'
  | 'failed'
  | 'pending'
  | 'unknown'
  | 'amount-mismatch'
  | 'repeat'
  | 'stale'

/**
 * Applies what the gateway says about one attempt, in one transaction. Idempotent: a repeat changes
 * nothing; a paid order never moves back; a report whose amount differs from the attempt's is ignored
 * and the admin told. Money that arrives for an order already paid or cancelled is the admin's to refund.
 */
export async function applyGatewayReport(
  db: Db,
  report: GatewayReport,
  { notices, log, now = new Date() }: PaymentContext,
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

    const number = orderNumber(order.id)
    const tellAdmin = (type: string, message: string) =>
      tx.insert(adminNotificationsRealtime).values({ type, orderId: order.id, message })

    if (report.state === 'PENDING') {
      await tx.update(paymentAttempts).set({ lastCheckedAt: now }).where(eq(paymentAttempts.id, attempt.id))
      return 'pending'
    }
    if (report.amount !== attempt.amount) {
      log?.warn(
        { merchantOrderId: attempt.merchantOrderId, expected: attempt.amount, reported: report.amount },
        'gateway reported another amount: ignored',
      )
      // Checked again on the reconciler's schedule, not on every tick; the admin hears of it once.
      await tx.update(paymentAttempts).set({ lastCheckedAt: now }).where(eq(paymentAttempts.id, attempt.id))
      const [told] = await tx
        .select({ id: adminNotificationsRealtime.id })
        .from(adminNotificationsRealtime)
        .where(
          and(eq(adminNotificationsRealtime.orderId, order.id), eq(adminNotificationsRealtime.type, AMOUNT_MISMATCH)),
        )
        .limit(1)
      if (!told) {
        await tellAdmin(
          AMOUNT_MISMATCH,
          `PhonePe reported ${formatRupees(report.amount)} ${report.state === 'COMPLETED' ? 'paid' : 'failed'} for order #${number}, which costs ${formatRupees(attempt.amount)}. Check it in PhonePe's dashboard.`,
        )
      }
      return 'amount-mismatch'
    }
    if (attempt.state === report.state) return 'repeat'
    if (attempt.state === 'COMPLETED') return 'stale'

    if (report.state === 'COMPLETED') {
      await tx
        .update(paymentAttempts)
        .set({ state: 'COMPLETED', transactionId: report.transactionId ?? null, lastCheckedAt: now, updatedAt: now })
        .where(eq(paymentAttempts.id, attempt.id))
      const paid = formatRupees(attempt.amount)
      if (order.paymentStatus === 'paid') {
        await tellAdmin(
          'payment_twice',
          `Order #${number} was paid twice: a second payment of ${paid} (${attempt.merchantOrderId}) came in. Refund it.`,
        )
        return 'paid-twice'
      }
      await tx.update(orders).set({ paymentStatus: 'paid', updatedAt: now }).where(eq(orders.id, order.id))
      if (order.status === 'cancelled') {
        await tellAdmin(
          'payment_after_cancel',
          `Order #${number} was paid (${paid}) after it was cancelled. Refund it.`,
        )
        return 'paid'
      }
      const soldOut = order.stockReleasedAt ? await reserveOrderStockAgain(tx, order.id, now) : null
      // Paid online: the order is invoiced in the same transaction, and stays paid if it cannot be.
      await issueInvoiceOrTellOwner(tx, order.id, now, log)
      // On WhatsApp, for a customer who opted in: the only notice of the payment itself.
      const locale = toLocale(order.locale) ?? 'en'
      await tellMoneyNotice(tx, { ...order, locale }, { template: 'payment_received', amount: attempt.amount }, notices)
      await tellAdmin(
        soldOut ? 'payment_after_release' : 'payment_received',
        soldOut
          ? `Order #${number} was paid (${paid}) after its stock was released: ${soldOut} Refund or restock it.`
          : `Payment received for order #${number}: ${paid}`,
      )
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
      await releaseOrderStock(tx, order.id, now)
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
      return releaseOrderStock(tx, id, now)
    })
    if (done) released.push(id)
  }
  return released
}

/** Asks the gateway about an attempt and applies the answer. */
export async function checkAttempt(db: Db, gateway: PhonePe, merchantOrderId: string, options: PaymentContext) {
  const status = await gateway.orderStatus(merchantOrderId)
  return applyGatewayReport(
    db,
    {
      merchantOrderId,
      state: status.state,
      amount: status.amount,
      transactionId: status.paymentDetails?.find((detail) => detail.state === 'COMPLETED')?.transactionId ?? null,
    },
    options,
  )
}

/** The latest attempt of an order (in this state, when given). */
export async function latestAttempt(db: Tx, orderId: string, state?: PaymentState) {
  const [attempt] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), state ? eq(paymentAttempts.state, state) : undefined))
    .orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.id))
    .limit(1)
  return attempt ?? null
}
