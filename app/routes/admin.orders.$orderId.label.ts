// A booked order's shipping label (PDF), for the admin.
import { labelLoader } from '#app/shipping/shipping-routes.server.ts'
import type { Route } from './+types/admin.orders.$orderId.label'

export const loader = (args: Route.LoaderArgs) => labelLoader(args)
