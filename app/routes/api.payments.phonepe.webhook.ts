import { data } from 'react-router'
import { noticeSetup } from '#app/orders/order-notices.server.ts'
import { handlePhonePeWebhook } from '#app/payments/webhook.server.ts'
import { requestContext, servicesContext } from '#app/platform/services.server.ts'
import type { Route } from './+types/api.payments.phonepe.webhook'

export async function action({ request, context }: Route.ActionArgs) {
  const { db, config, payments } = context.get(servicesContext)
  const { log } = context.get(requestContext)
  if (!payments) return data({ error: 'Online payments are not configured.' }, { status: 404 })
  const result = await handlePhonePeWebhook(db, {
    authorization: request.headers.get('authorization'),
    body: await request.text(),
    credentials: payments.webhook,
    log,
    notices: noticeSetup(config),
  })
  return data({ outcome: result.outcome }, { status: result.status })
}

export function loader() {
  return data({ error: 'PhonePe posts here.' }, { status: 405, headers: { Allow: 'POST' } })
}
