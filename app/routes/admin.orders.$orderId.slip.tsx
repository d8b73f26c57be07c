// An order's printable packing slip, for the admin only.
import { PackingSlip } from '#app/orders/admin/packing-slip.tsx'
import { packingSlipLoader } from '#app/orders/order-desk-routes.server.ts'
import { pageMeta } from '#app/seo/page-meta.ts'
import type { CrumbsHandle } from '#app/shell/breadcrumb-trail.ts'
import type { HydrationHandle } from '#app/shell/page-hydration.ts'
import type { Route } from './+types/admin.orders.$orderId.slip'

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: `Packing slip #${args.params.orderId.slice(-8)} | Admin`, noindex: true })

export const handle: CrumbsHandle & HydrationHandle = {
  hydrate: true,
  crumbs: (params) => [
    { label: 'Admin', path: '/admin' },
    { label: `Packing Slip #${params.orderId?.slice(-8)}`, path: `/admin/orders/${params.orderId}/slip` },
  ],
}

export const loader = (args: Route.LoaderArgs) => packingSlipLoader(args)

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' })

export default function Page({ loaderData }: Route.ComponentProps) {
  return <PackingSlip order={loaderData.order} shop={loaderData.shop} />
}
