// What /payment-status shows: the payment state of an order the visitor may see (its account, or
// the browser that placed it). While it is pending, the gateway is asked directly, so the page is
// right even when the webhook is late or lost.

import type { RouterContextProvider } from 'react-router'
import { getViewer } from '#app/accounts/session.server.ts'
import { visitorHash } from '#app/checkout/visitor.server.ts'
import { noticeSetup } from '#app/orders/order-notices.server.ts'
import { findVisibleOrder } from '#app/orders/orders.server.ts'
import { orderNumber, type PaymentStatus } from '#app/orders/status.ts'
import { requestContext, servicesContext } from '#app/platform/services.server.ts'
import { isUuid } from '#app/shared/uuid.ts'
import { checkAttempt, latestAttempt } from './payments.server.ts'

export interface PaymentView {
  orderId: string
  orderNumber: string
  total: number
  paymentStatus: PaymentStatus
  /** The gateway could not be asked about a pending payment just now. */
  verifyFailed: boolean
  /** A guest follows the order on /track-order rather than /my-orders. */
  signedIn: boolean
}

/** null: no such order for this visitor. */
export async function readPaymentStatus(
  request: Request,
  context: Readonly<RouterContextProvider>,
  orderId: string,
): Promise<PaymentView | null> {
  if (!isUuid(orderId)) return null
  const { db, config, payments } = context.get(servicesContext)
  const { log } = context.get(requestContext)
  const { viewer } = await getViewer(request, context)
  const visitor = { userId: viewer?.id ?? null, visitorHash: visitorHash(request) }
  const order = await findVisibleOrder(db, orderId, visitor)
  if (!order) return null
  let verifyFailed = false
  let paymentStatus = order.paymentStatus as PaymentStatus
  if (paymentStatus === 'pending' && order.paymentMethod === 'online' && payments) {
    const attempt = await latestAttempt(db, orderId, 'PENDING')
    if (!attempt) {
      // No payment is under way (the gateway could not start one): nothing was charged, so the
      // shopper sees the failure and 'Try Payment Again'.
      paymentStatus = 'failed'
    } else if (attempt.providerOrderId) {
      try {
        const outcome = await checkAttempt(db, payments.gateway, attempt.merchantOrderId, {
          log,
          notices: noticeSetup(config),
        })
        if (outcome !== 'pending') {
          const updated = await findVisibleOrder(db, orderId, visitor)
          paymentStatus = (updated?.paymentStatus ?? paymentStatus) as PaymentStatus
        }
      } catch (error) {
        log.warn({ err: error, orderId }, 'could not ask the gateway about a payment')
        verifyFailed = true
      }
    }
  }
  return {
    orderId: order.id,
    orderNumber: orderNumber(order.id),
    total: order.totalAmount,
    paymentStatus,
    verifyFailed,
    signedIn: viewer !== null,
  }
}
