// POST /api/push/subscriptions subscribes a browser, DELETE unsubscribes it (app/notifications).
import { subscriptionsAction } from '#app/notifications/push-routes.server.ts'
import type { Route } from './+types/api.push.subscriptions'

export function loader() {
  return new Response('Use POST to subscribe or DELETE to unsubscribe.', {
    status: 405,
    headers: { Allow: 'POST, DELETE', 'Content-Type': 'text/plain' },
  })
}

export const action = (args: Route.ActionArgs) => subscriptionsAction(args)
