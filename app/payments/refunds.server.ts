// Refunds of paid online orders that were cancelled, through the gateway's refund API, tracked to a
// final state (the refund's answer, the webhook or a status check). The admin panel starts them
// (issue: admin panel). A refund that completes tells the owner and, on WhatsApp, the customer who
// opted in (order_refunded), in the transaction that records it.
import { and, eq, inArray, sql } from 'drizzle-orm'
import { toLocale } from '#app/i18n/locale.ts'
import { adminNotificationsRealtime } from '#app/notifications/schema.ts'
import { type NoticeSetup, tellMoneyNotice } from '#app/orders/order-notices.server.ts'
import { orders } from '#app/orders/schema.ts'
import { orderNumber } from '#app/orders/status.ts'
import { type AuditActor, recordAudit } from '#app/platform/audit.server.ts'
import type { Db } from '#app/platform/db.server.ts'
import type { Logger } from '#app/platform/logger.server.ts'
import { formatRupees } from '#app/shared/money.ts'
import { PaymentError } from './payments.server.ts'
import { type PhonePe, PhonePeError, UNKNOWN_TO_GATEWAY_AFTER_MS } from './phonepe.server.ts'
import { paymentAttempts, refunds } from './schema.ts'

const FINAL_STATES = ['COMPLETED', 'FAILED']

/** Refunds the whole amount of a paid, cancelled online order; one refund at a time, started by `admin`. */
export async function startRefund(
  db: Db,
  gateway: PhonePe,
  { log, notices }: { log: Logger; notices: NoticeSetup },
  orderId: string,
  admin: AuditActor,
) {
  const refund = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
    if (order?.paymentMethod !== 'online' || order.paymentStatus !== 'paid') {
      throw new PaymentError('Only a paid online order can be refunded.')
    }
    if (order.status !== 'cancelled') throw new PaymentError('Cancel the order before refunding it.')
    const [paid] = await tx
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.state, 'COMPLETED')))
    if (!paid) throw new PaymentError('No completed payment was found for this order.')
    const earlier = await tx.select().from(refunds).where(eq(refunds.orderId, orderId))
    if (earlier.some((row) => row.state !== 'FAILED')) throw new PaymentError('This order already has a refund.')
    const [row] = await tx
      .insert(refunds)
      .values({ orderId, merchantRefundId: `MR-${orderId}-${earlier.length + 1}`, amount: paid.amount })
      .returning()
    await recordAudit(tx, admin, {
      action: 'order.refund',
      entity: 'order',
      entityId: orderId,
      label: `Order #${orderNumber(orderId)}`,
      before: null,
      after: { refund: row!.merchantRefundId, amount: row!.amount },
    })
    return { ...row!, originalMerchantOrderId: paid.merchantOrderId }
  })
  try {
    const result = await gateway.refund({
      merchantRefundId: refund.merchantRefundId,
      originalMerchantOrderId: refund.originalMerchantOrderId,
      amount: refund.amount,
    })
    // Recorded as any report of it is: a final state the webhook was quicker to bring stays, and a
    // refund completed at once is told of as a later one is.
    await applyRefundReport(
      db,
      { merchantRefundId: refund.merchantRefundId, state: result.state, providerRefundId: result.refundId },
      notices,
    )
    return { ...refund, state: result.state }
  } catch (error) {
    // PhonePe refused it: nothing was refunded. Otherwise (no answer, 429, 5xx) it may have been
    // accepted: the refund stays pending and the reconciler asks PhonePe what became of it.
    if (error instanceof PhonePeError && !error.retryable) {
      await db.update(refunds).set({ state: 'FAILED', updatedAt: new Date() }).where(eq(refunds.id, refund.id))
      throw error
    }
    log.warn({ err: error, merchantRefundId: refund.merchantRefundId }, 'a refund got no answer: checking it later')
    return { ...refund, state: 'PENDING' as const }
  }
}

/**
 * Records a refund's state (and PhonePe's id for it, from the refund's answer); a final state is never
 * changed again. Reaching one tells the owner; a completed refund also tells the customer on WhatsApp
 * (tellMoneyNotice: opted in, WhatsApp configured), in the order's language, once.
 */
export async function applyRefundReport(
  db: Db,
  report: { merchantRefundId: string; state: string; providerRefundId?: string },
  notices: NoticeSetup,
) {
  const state = ['PENDING', 'CONFIRMED', 'COMPLETED', 'FAILED'].includes(report.state) ? report.state : null
  if (!state) return
  await db.transaction(async (tx) => {
    const [refund] = await tx
      .select()
      .from(refunds)
      .where(eq(refunds.merchantRefundId, report.merchantRefundId))
      .for('update')
    if (!refund) return
    const moves = !FINAL_STATES.includes(refund.state) && refund.state !== state
    const named = report.providerRefundId !== undefined && refund.providerRefundId === null
    if (!moves && !named) return
    await tx
      .update(refunds)
      .set({
        ...(moves ? { state } : {}),
        ...(named ? { providerRefundId: report.providerRefundId } : {}),
        updatedAt: new Date(),
      })
      .where(eq(refunds.id, refund.id))
    if (!moves || !FINAL_STATES.includes(state)) return
    await tx.insert(adminNotificationsRealtime).values({
      type: state === 'COMPLETED' ? 'refund_completed' : 'refund_failed',
      orderId: refund.orderId,
      message: `Refund of ${formatRupees(refund.amount)} for order #${orderNumber(refund.orderId)} ${state === 'COMPLETED' ? 'completed' : 'failed'}`,
    })
    if (state !== 'COMPLETED') return
    // Locked, as every change that numbers the order's notices holds it.
    const [order] = await tx.select().from(orders).where(eq(orders.id, refund.orderId)).for('update')
    if (!order) return
    const locale = toLocale(order.locale) ?? 'en'
    await tellMoneyNotice(tx, { ...order, locale }, { template: 'order_refunded', amount: refund.amount }, notices)
  })
}

/**
 * Asks the gateway about refunds not yet final (the reconciler calls this). One PhonePe never received
 * has failed, and the admin may start another.
 */
export async function reconcileRefunds(
  db: Db,
  gateway: PhonePe,
  { log, notices }: { log: Logger; notices: NoticeSetup },
  now = Date.now(),
) {
  const open = await db
    .select()
    .from(refunds)
    .where(inArray(refunds.state, ['PENDING', 'CONFIRMED']))
    .orderBy(sql`${refunds.createdAt}`)
    .limit(20)
  for (const refund of open) {
    try {
      const status = await gateway.refundStatus(refund.merchantRefundId)
      await applyRefundReport(db, { merchantRefundId: refund.merchantRefundId, state: status.state }, notices)
    } catch (error) {
      const unknown = error instanceof PhonePeError && error.code === 'MERCHANT_REFUND_MAPPING_NOT_FOUND'
      if (unknown && now - refund.createdAt.getTime() > UNKNOWN_TO_GATEWAY_AFTER_MS) {
        await applyRefundReport(db, { merchantRefundId: refund.merchantRefundId, state: 'FAILED' }, notices)
      } else if (!unknown) {
        log.warn({ err: error, merchantRefundId: refund.merchantRefundId }, 'could not check a refund')
      }
    }
  }
}
