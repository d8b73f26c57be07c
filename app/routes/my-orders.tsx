import { data, redirect } from 'react-router'
import { getViewer } from '#app/accounts/session.server.ts'
import { hasOrWillHaveInvoice } from '#app/invoices/invoices.server.ts'
import { MyOrdersPage } from '#app/orders/my-orders-page.tsx'
import { takeAgainNotice } from '#app/orders/order-again.server.ts'
import { orderAgainAction } from '#app/orders/order-again-route.server.ts'
import { findCustomerOrder, listCustomerOrders, ORDERS_PER_PAGE } from '#app/orders/orders.server.ts'
import { m } from '#app/paraglide/messages.js'
import { servicesContext } from '#app/platform/services.server.ts'
import { rateableLines } from '#app/reviews/reviews.server.ts'
import { pageMeta } from '#app/seo/page-meta.ts'
import { isUuid } from '#app/shared/uuid.ts'
import { INTERACTIVE_PAGE } from '#app/shell/page-hydration.ts'
import type { Route } from './+types/my-orders'

export const handle = INTERACTIVE_PAGE

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: m.my_orders_meta_title(), noindex: true })

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext)
  const { viewer } = await getViewer(request, context)
  if (!viewer) throw redirect('/auth?redirectTo=/my-orders')
  // "Order again" without JavaScript came back here: what it did, said once.
  const again = await takeAgainNotice(db, request, viewer.id, config.secure)
  const params = new URL(request.url).searchParams
  const q = (params.get('q') ?? '').slice(0, 100)
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get('page') ?? '1', 10) || 1))
  const orderId = params.get('order')
  const [list, details] = await Promise.all([
    listCustomerOrders(db, viewer.id, { q, page }),
    orderId ? (isUuid(orderId) ? findCustomerOrder(db, viewer.id, orderId) : null) : undefined,
  ])
  // Another customer's order (or no such order) is not found, whoever asks.
  if (details === null) throw data(null, { status: 404 })
  const shown = [...list.orders.map((order) => order.id), ...(details ? [details.id] : [])]
  return data(
    {
      again: again.notice,
      rateable: await rateableLines(db, viewer.id, shown),
      invoiced: details ? await hasOrWillHaveInvoice(db, details) : false,
      ...list,
      q,
      page,
      pageCount: Math.max(1, Math.ceil(list.total / ORDERS_PER_PAGE)),
      details: details ?? null,
    },
    { headers: again.clear ? { 'Set-Cookie': again.clear } : undefined },
  )
}

/** "Order again" (intent=again): the order's packets into the cart. */
export const action = ({ request, context }: Route.ActionArgs) => orderAgainAction(request, context)

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <MyOrdersPage {...loaderData} refused={actionData && !actionData.ok ? actionData : null} />
}
