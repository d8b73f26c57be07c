import type { ShouldRevalidateFunction } from 'react-router'
import { checkoutAction, checkoutLoader } from '#app/checkout/checkout.server.ts'
import { EmptyCheckout, PayAgain } from '#app/checkout/checkout-states.tsx'
import { m } from '#app/paraglide/messages.js'
import { paymentStartFailed } from '#app/payments/payment-messages.ts'
import { withRetryAfter } from '#app/platform/retry-after-headers.ts'
import { pageMeta } from '#app/seo/page-meta.ts'
import { Later, laterPart } from '#app/shell/hydrate-later.tsx'
import { NotOpenYet } from '#app/shell/not-open-yet.tsx'
import { INTERACTIVE_PAGE } from '#app/shell/page-hydration.ts'
import type { Route } from './+types/checkout'

export const handle = INTERACTIVE_PAGE

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: m.checkout_meta_title(), noindex: true })

export const loader = ({ request, context }: Route.LoaderArgs) => checkoutLoader(request, context)
/**
 * A refusal by the rate limiter carries Retry-After. The page is never kept (no-store): the back
 * button from the order or the payment page draws the cart as it is now, not the full cart and filled
 * form of a page that was already ordered from ('private, no-cache' lets a browser show its copy on back).
 */
export const headers: Route.HeadersFunction = (args) => {
  const headers = withRetryAfter(args)
  headers.set('Cache-Control', 'private, no-store')
  return headers
}

export const action = ({ request, context }: Route.ActionArgs) => checkoutAction(request, context)

/**
 * After a refusal (409: the total, the cart or a coupon changed; 404: a saved address deleted in another
 * tab) the page's cart, prices and address book are read again, so what it shows and posts is the
 * server's; React Router skips that after a 4xx by default.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || actionStatus === 404 || defaultShouldRevalidate

/** The delivery form and summary: hydrated once the shopper starts on them (app/shell/hydrate-later.tsx). */
const checkoutPart = laterPart(() => import('#app/checkout/checkout-page.tsx').then((part) => part.CheckoutPage), {
  when: 'used',
})

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.open) return <NotOpenYet title={m.checkout_title()} what={m.checkout_online_checkout()} />
  if (loaderData.retryOrder) {
    const error = loaderData.paymentFailed ? (loaderData.cartError ?? paymentStartFailed()) : null
    return <PayAgain order={loaderData.retryOrder} error={error} />
  }
  if (loaderData.cart.lines.length === 0) return <EmptyCheckout justPlaced={loaderData.justPlaced} />
  return <Later part={checkoutPart} props={{ ...loaderData, actionData }} />
}
