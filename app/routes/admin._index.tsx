// The Orders tab: the orders desk (app/orders).
import { isRouteErrorResponse, Link, useRouteLoaderData } from 'react-router'
import { OrdersTab } from '#app/orders/admin/orders-tab.tsx'
import { ordersTabLoader } from '#app/orders/order-desk-routes.server.ts'
import { INTERACTIVE_PAGE } from '#app/shell/page-hydration.ts'
import type { Route } from './+types/admin._index'

export const handle = INTERACTIVE_PAGE

export const loader = (args: Route.LoaderArgs) => ordersTabLoader(args)

export default function Page({ loaderData }: Route.ComponentProps) {
  const layout = useRouteLoaderData<typeof import('./admin.tsx').loader>('routes/admin')
  if (!loaderData) return null
  return <OrdersTab page={loaderData.page} activity={loaderData.activity} unread={layout?.panel?.badges.orders ?? 0} />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const badFilter = isRouteErrorResponse(error) && error.status === 400
  return (
    <div role="alert" className="mt-6 rounded-xl border border-destructive/40 bg-card p-6">
      <p className="font-semibold text-destructive">Failed to load orders</p>
      <p className="mt-1 text-sm text-muted-foreground">
        {badFilter ? (error.data as { message: string }).message : 'Please reload the page in a moment.'}
      </p>
      <Link to="/admin" className="mt-3 inline-block text-sm font-semibold text-primary underline">
        Show all orders
      </Link>
    </div>
  )
}
