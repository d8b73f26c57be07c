// The order list (with the tab's filters) as a CSV download, for the admin only.
import { ordersCsvLoader } from '#app/orders/order-desk-routes.server.ts'
import type { Route } from './+types/admin.orders.csv'

export const loader = (args: Route.LoaderArgs) => ordersCsvLoader(args)
