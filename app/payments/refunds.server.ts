// Refunds of paid online orders that were cancelled, through the gateway's refund API, tracked to a
// final state (webhook or status check). The admin panel starts them (issue: admin panel).
import { and, eq, inArray, sql } from 'drizzle-orm'
import { adminNotificationsRealtime } from '#app/notifications/schema.ts'
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
export async function startRefund(db: Db, gateway: PhonePe, log: Logger, orderId: string, admin: AuditActor) {
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
    await db
      .update(refunds)
      .set({ providerRefundId: result.refundId, state: result.state, updatedAt: new Date() })
      .where(eq(refunds.id, refund.id))
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

/** Records a refund's state; a final state is never changed again. */
export async function applyRefundReport(db: Db, report: { merchantRefundId: string; state: string }) {
  const state = ['PENDING', 'CONFIRMED', 'COMPLETED', 'FAILED'].includes(report.state) ? report.state : null
  if (!state) return
  await db.transaction(async (tx) => {
    const [refund] = await tx
      .select()
      .from(refunds)
      .where(eq(refunds.merchantRefundId, report.merchantRefundId))
      .for('update')
    if (!refund || FINAL_STATES.includes(refund.state) || refund.state === state) return
    await tx.update(refunds).set({ state, updatedAt: new Date() }).where(eq(refunds.id, refund.id))
    if (FINAL_STATES.includes(state)) {
      await tx.insert(adminNotificationsRealtime).values({
        type: state === 'COMPLETED' ? 'refund_completed' : 'refund_failed',
        orderId: refund.orderId,
        message: `Refund of ${formatRupees(refund.amount)} for order #${orderNumber(refund.orderId)} ${state === 'COMPLETED' ? 'completed' : 'failed'}`,
      })
    }
  })
}

/**
 * Asks the gateway about refunds not yet final (the reconciler calls this). One PhonePe never received
 * has failed, and the admin may start another.
 */
export async function reconcileRefunds(db: Db, gateway: PhonePe, log: Logger, now = Date.now()) {
  const open = await db
    .select()
    .from(refunds)
    .where(inArray(refunds.state, ['PENDING', 'CONFIRMED']))
    .orderBy(sql`${refunds.createdAt}`)
    .limit(20)
  for (const refund of open) {
    try {
      const status = await gateway.refundStatus(refund.merchantRefundId)
      await applyRefundReport(db, { merchantRefundId: refund.merchantRefundId, state: status.state })
    } catch (error) {
      const unknown = error instanceof PhonePeError && error.code === 'MERCHANT_REFUND_MAPPING_NOT_FOUND'
      if (unknown && now - refund.createdAt.getTime() > UNKNOWN_TO_GATEWAY_AFTER_MS) {
        await applyRefundReport(db, { merchantRefundId: refund.merchantRefundId, state: 'FAILED' })
      } else if (!unknown) {
        log.warn({ err: error, merchantRefundId: refund.merchantRefundId }, 'could not check a refund')
      }
    }
  }
}
