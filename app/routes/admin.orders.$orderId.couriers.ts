// The couriers that serve an order's PIN code (Shiprocket), for the admin's booking.
import { couriersLoader } from '#app/shipping/shipping-routes.server.ts'
import type { Route } from './+types/admin.orders.$orderId.couriers'

export const loader = (args: Route.LoaderArgs) => couriersLoader(args)
