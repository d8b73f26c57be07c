import { data } from 'react-router'
import { m } from '#app/paraglide/messages.js'
import { verifyFailed } from '#app/payments/payment-messages.ts'
import { readPaymentStatus } from '#app/payments/payment-status.server.ts'
import { InvalidPaymentRequest, PaymentStatusPage } from '#app/payments/payment-status-page.tsx'
import { pageMeta } from '#app/seo/page-meta.ts'
import { INTERACTIVE_PAGE } from '#app/shell/page-hydration.ts'
import type { Route } from './+types/payment-status'

export const handle = INTERACTIVE_PAGE

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: m.payment_meta_title(), noindex: true })

export async function loader({ request, context }: Route.LoaderArgs) {
  const orderId = new URL(request.url).searchParams.get('orderId')
  if (!orderId) return { invalid: true as const }
  const view = await readPaymentStatus(request, context, orderId)
  // Only the order's account or the browser that placed it may see its payment.
  if (!view) throw data(null, { status: 404 })
  return { invalid: false as const, ...view }
}

export default function Page({ loaderData }: Route.ComponentProps) {
  if (loaderData.invalid) return <InvalidPaymentRequest />
  return (
    <PaymentStatusPage
      key={loaderData.orderId}
      orderId={loaderData.orderId}
      orderNumber={loaderData.orderNumber}
      total={loaderData.total}
      signedIn={loaderData.signedIn}
      initial={
        loaderData.verifyFailed
          ? { kind: 'error', message: verifyFailed() }
          : { kind: 'status', status: loaderData.paymentStatus }
      }
    />
  )
}
