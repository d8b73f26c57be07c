// Refunds of paid online orders that were cancelled, through the gateway's refund API, tracked to a
// final state (webhook or status check). The admin panel starts them (issue: admin panel).
import { and, eq, inArray, sql } from 'drizzle-orm'
import { adminNotificationsRealtime } from '#app/notifications/schema.ts'
import { orders } from '#app/orders/schema.ts'
import { orderNumber } from '#app/orders/status.ts'
import type { Db } from '#app/platform/db.server.ts'
import { formatRupees } from '#app/shared/money.ts'
import { PaymentError } from './payments.server.ts'
import type { PhonePe } from './phonepe.server.ts'
import { paymentAttempts, refunds } from './schema.ts'

const FINAL_STATES = ['COMPLETED', 'FAILED']

/** Refunds the whole amount of a paid, cancelled online order; one refund at a time. */
export async function startRefund(db: Db, gateway: PhonePe, orderId: string) {
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
    await db.update(refunds).set({ state: 'FAILED', updatedAt: new Date() }).where(eq(refunds.id, refund.id))
    throw error
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

/** Asks the gateway about refunds not yet final (the reconciler calls this). */
export async function reconcileRefunds(db: Db, gateway: PhonePe) {
  const open = await db
    .select({ merchantRefundId: refunds.merchantRefundId })
    .from(refunds)
    .where(inArray(refunds.state, ['PENDING', 'CONFIRMED']))
    .orderBy(sql`${refunds.createdAt}`)
    .limit(20)
  for (const refund of open) {
    const status = await gateway.refundStatus(refund.merchantRefundId)
    await applyRefundReport(db, { merchantRefundId: refund.merchantRefundId, state: status.state })
  }
}
