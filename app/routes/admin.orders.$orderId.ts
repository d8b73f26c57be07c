// One order for the admin: its details (GET) and the desk's changes to it (POST: status, delivery
// OTP, refund).
import { orderAction, orderDetailsLoader } from '#app/orders/order-desk-routes.server.ts'
import type { Route } from './+types/admin.orders.$orderId'

export const loader = (args: Route.LoaderArgs) => orderDetailsLoader(args)
export const action = (args: Route.ActionArgs) => orderAction(args)
