// GET /api/push/public-key: the VAPID public key browsers subscribe with (app/notifications).
import { publicKeyLoader } from '#app/notifications/push-routes.server.ts'
import type { Route } from './+types/api.push.public-key'

export const loader = (args: Route.LoaderArgs) => publicKeyLoader(args)
