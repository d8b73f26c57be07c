// Shiprocket's tracking webhook. Its panel refuses an address that contains "shiprocket", "sr" or "kr".
import { data } from 'react-router'
import { courierWebhookAction } from '#app/shipping/shipping-routes.server.ts'
import type { Route } from './+types/api.hooks.courier-events'

export const action = (args: Route.ActionArgs) => courierWebhookAction(args)

export function loader() {
  return data({ error: 'Shiprocket posts here.' }, { status: 405, headers: { Allow: 'POST' } })
}
