// Books an order's parcel with a courier through Shiprocket (POST), for the admin.
import { bookAction } from '#app/shipping/shipping-routes.server.ts'
import type { Route } from './+types/admin.orders.$orderId.book'

export const action = (args: Route.ActionArgs) => bookAction(args)
