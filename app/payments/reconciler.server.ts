// The reconciler: asks the gateway about attempts still pending, on PhonePe's documented schedule
// (reference/phonepe.md), so that no paid order stays pending when a webhook is lost and an expired
// payment gives its stock back.
import { eq } from 'drizzle-orm'
import type { NoticeSetup } from '#app/orders/order-notices.server.ts'
import type { Db } from '#app/platform/db.server.ts'
import type { Logger } from '#app/platform/logger.server.ts'
import { startPoller } from '#app/platform/poller.server.ts'
import { applyGatewayReport, checkAttempt, releaseAbandonedOrders } from './payments.server.ts'
import { type PhonePe, PhonePeError, UNKNOWN_TO_GATEWAY_AFTER_MS } from './phonepe.server.ts'
import { reconcileRefunds } from './refunds.server.ts'
import { paymentAttempts } from './schema.ts'

const SECOND = 1000
/** After this long the gateway's own schedule ends; an attempt still pending past its expiry is closed. */
export const RECONCILE_FOR_MS = 20 * 60 * SECOND

/** How long to wait between checks of an attempt of this age (null: the first check is not due yet). */
export function checkInterval(ageMs: number): number | null {
  if (ageMs < 20 * SECOND) return null
  if (ageMs < 50 * SECOND) return 3 * SECOND
  if (ageMs < 110 * SECOND) return 6 * SECOND
  if (ageMs < 170 * SECOND) return 10 * SECOND
  if (ageMs < 230 * SECOND) return 30 * SECOND
  return 60 * SECOND
}

/** Whether an attempt of this age, last checked at `lastCheckedAt`, is due for a check at `now`. */
export function isDue(createdAt: number, lastCheckedAt: number | null, now: number): boolean {
  const interval = checkInterval(now - createdAt)
  if (interval === null) return false
  return lastCheckedAt === null || now - lastCheckedAt >= interval
}

/**
 * Checks every due attempt (also those whose start was cut short, so the gateway's answer was never
 * stored), closes what the gateway never received or left pending past expiry, releases the stock of
 * abandoned unpaid orders and follows open refunds. Returns how many attempts were checked.
 */
export async function reconcilePayments(
  db: Db,
  gateway: PhonePe,
  { log, notices }: { log: Logger; notices: NoticeSetup },
  now = Date.now(),
): Promise<number> {
  const pending = await db.select().from(paymentAttempts).where(eq(paymentAttempts.state, 'PENDING'))
  let checked = 0
  for (const attempt of pending) {
    const age = now - attempt.createdAt.getTime()
    if (!isDue(attempt.createdAt.getTime(), attempt.lastCheckedAt?.getTime() ?? null, now)) continue
    checked++
    const close = () =>
      applyGatewayReport(
        db,
        { merchantOrderId: attempt.merchantOrderId, state: 'FAILED', amount: attempt.amount },
        { log, notices, now: new Date(now) },
      )
    try {
      const outcome = await checkAttempt(db, gateway, attempt.merchantOrderId, { log, notices, now: new Date(now) })
      const expired = attempt.expireAt && now > attempt.expireAt.getTime() + 60 * SECOND
      // The gateway keeps saying pending long after the payment expired: close it here.
      if (outcome === 'pending' && expired && age > RECONCILE_FOR_MS) await close()
      if (outcome !== 'pending') log.info({ merchantOrderId: attempt.merchantOrderId, outcome }, 'reconciled a payment')
    } catch (error) {
      if (error instanceof PhonePeError && error.code === 'MERCHANT_ORDER_MAPPING_NOT_FOUND') {
        if (age <= UNKNOWN_TO_GATEWAY_AFTER_MS) continue // its start may still be under way
        log.info({ merchantOrderId: attempt.merchantOrderId }, 'a payment that never reached the gateway: closed')
        await close()
        continue
      }
      log.warn({ err: error, merchantOrderId: attempt.merchantOrderId }, 'could not check a pending payment')
    }
  }
  const released = await releaseAbandonedOrders(db, new Date(now))
  if (released.length > 0) log.info({ orders: released }, 'released the stock of unpaid online orders')
  await reconcileRefunds(db, gateway, { log, notices }, now)
  return checked
}

export function startPaymentReconciler(
  db: Db,
  gateway: PhonePe,
  context: { log: Logger; notices: NoticeSetup },
  intervalMs = 3000,
) {
  return startPoller(() => reconcilePayments(db, gateway, context), {
    intervalMs,
    logger: context.log,
    name: 'payment reconciler',
  })
}
