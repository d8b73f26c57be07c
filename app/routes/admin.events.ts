// Live alerts for the admin as Server-Sent Events (new orders, order changes, notifications).
import { adminEventsLoader } from '#app/notifications/live-events.server.ts'
import type { Route } from './+types/admin.events'

export const loader = (args: Route.LoaderArgs) => adminEventsLoader(args)
