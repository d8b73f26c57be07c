// PhonePe's server-to-server callback: verified (constant time), routed on `event`, decided on
// `payload.state`, applied idempotently. Answers at once; nothing slow happens here.
import { z } from 'zod'
import type { NoticeSetup } from '#app/orders/order-notices.server.ts'
import type { Db } from '#app/platform/db.server.ts'
import type { Logger } from '#app/platform/logger.server.ts'
import { applyGatewayReport, type ReportOutcome } from './payments.server.ts'
import { isAuthenticWebhook } from './phonepe.server.ts'
import { applyRefundReport } from './refunds.server.ts'

const webhookSchema = z.object({
  event: z.string(),
  payload: z.looseObject({
    merchantOrderId: z.string().optional(),
    merchantRefundId: z.string().optional(),
    state: z.string(),
    amount: z.number().int(),
    paymentDetails: z
      .array(z.looseObject({ transactionId: z.string().optional(), state: z.string().optional() }))
      .optional(),
  }),
})

export type WebhookResult = { status: 200 | 400 | 401; outcome: ReportOutcome | 'ignored' | 'refund' | 'refused' }

export async function handlePhonePeWebhook(
  db: Db,
  {
    authorization,
    body,
    credentials,
    log,
    notices,
  }: {
    authorization: string | null
    body: string
    credentials: { username: string; password: string }
    log: Logger
    /** For the customer's notices of a payment or a refund. */
    notices: NoticeSetup
  },
): Promise<WebhookResult> {
  if (!isAuthenticWebhook(authorization, credentials.username, credentials.password)) {
    log.warn('PhonePe webhook with a missing or wrong Authorization header: refused')
    return { status: 401, outcome: 'refused' }
  }
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    return { status: 400, outcome: 'refused' }
  }
  const parsed = webhookSchema.safeParse(json)
  if (!parsed.success) return { status: 400, outcome: 'refused' }
  const { event, payload } = parsed.data

  if (event === 'checkout.order.completed' || event === 'checkout.order.failed') {
    if (!payload.merchantOrderId) return { status: 400, outcome: 'refused' }
    // The decision follows payload.state only (the event name and type are not trusted for it).
    const state = payload.state === 'COMPLETED' || payload.state === 'FAILED' ? payload.state : 'PENDING'
    const outcome = await applyGatewayReport(
      db,
      {
        merchantOrderId: payload.merchantOrderId,
        state,
        amount: payload.amount,
        transactionId: payload.paymentDetails?.find((detail) => detail.state === 'COMPLETED')?.transactionId ?? null,
      },
      { log, notices },
    )
    log.info({ event, merchantOrderId: payload.merchantOrderId, outcome }, 'PhonePe webhook applied')
    return { status: 200, outcome }
  }
  if (event.startsWith('pg.refund.') && payload.merchantRefundId) {
    await applyRefundReport(db, { merchantRefundId: payload.merchantRefundId, state: payload.state }, notices)
    return { status: 200, outcome: 'refund' }
  }
  log.info({ event }, 'PhonePe webhook for an event the shop does not use: ignored')
  return { status: 200, outcome: 'ignored' }
}
