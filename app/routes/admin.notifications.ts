// The admin's notifications: 'N New Notifications' marks them all read.
import { notificationsAction } from '#app/orders/order-desk-routes.server.ts'
import type { Route } from './+types/admin.notifications'

export const action = (args: Route.ActionArgs) => notificationsAction(args)
