import { data } from 'react-router'
import { verifyFailed } from '#app/payments/payment-messages.ts'
import { readPaymentStatus } from '#app/payments/payment-status.server.ts'
import type { Route } from './+types/api.payments.status'

const NO_STORE = { 'Cache-Control': 'no-store' }

/** The payment-status page's re-checks: { paymentStatus } of an order the visitor may see. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const orderId = new URL(request.url).searchParams.get('orderId') ?? ''
  const view = await readPaymentStatus(request, context, orderId)
  if (!view) return data({ error: 'Order not found' }, { status: 404, headers: NO_STORE })
  // The gateway being unreachable is the page's answer to show ('Verification Error'), not a failed request.
  if (view.verifyFailed) return data({ error: verifyFailed() }, { headers: NO_STORE })
  return data({ paymentStatus: view.paymentStatus }, { headers: NO_STORE })
}
