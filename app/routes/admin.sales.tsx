// The Sales tab: orders and revenue per day, and the best sellers (app/orders).
import { SalesTab } from '#app/orders/admin/sales-tab.tsx'
import { salesTabLoader } from '#app/orders/sales.server.ts'
import { INTERACTIVE_PAGE } from '#app/shell/page-hydration.ts'
import type { Route } from './+types/admin.sales'

export const handle = INTERACTIVE_PAGE

export const loader = (args: Route.LoaderArgs) => salesTabLoader(args)

export default function Page({ loaderData }: Route.ComponentProps) {
  return loaderData ? <SalesTab figures={loaderData} /> : null
}
