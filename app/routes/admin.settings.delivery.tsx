// Settings > Delivery zones: zones, holidays and the order cut-off (app/delivery).
import { DeliveryZonesPage } from '#app/delivery/admin/delivery-zones-page.tsx'
import { deliveryZonesAction, deliveryZonesLoader } from '#app/delivery/zone-routes.server.ts'
import { INTERACTIVE_PAGE } from '#app/shell/page-hydration.ts'
import type { Route } from './+types/admin.settings.delivery'

export const handle = INTERACTIVE_PAGE

export const loader = (args: Route.LoaderArgs) => deliveryZonesLoader(args)
export const action = (args: Route.ActionArgs) => deliveryZonesAction(args)

export default function Page({ loaderData }: Route.ComponentProps) {
  return loaderData ? <DeliveryZonesPage data={loaderData} /> : null
}
