// The Shipping tab: orders to book and booked parcels by where they are (app/shipping).

import { INTERACTIVE_PAGE } from '#app/shell/page-hydration.ts'
import { ShippingTab } from '#app/shipping/admin/shipping-tab.tsx'
import { shippingTabLoader } from '#app/shipping/shipping-routes.server.ts'
import type { Route } from './+types/admin.shipping'

export const handle = INTERACTIVE_PAGE

export const loader = (args: Route.LoaderArgs) => shippingTabLoader(args)

export default function Page({ loaderData }: Route.ComponentProps) {
  return loaderData ? <ShippingTab overview={loaderData} /> : null
}
