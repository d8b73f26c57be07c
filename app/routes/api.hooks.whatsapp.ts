// WhatsApp's webhook (app/whatsapp/webhook-path.ts): Meta's handshake (GET) here; its signed
// notifications (POST) are answered ahead of the router, by server/webhook-intake.ts.
import { whatsappHandshakeLoader } from '#app/whatsapp/webhook-routes.server.ts'
import type { Route } from './+types/api.hooks.whatsapp'

export const loader = (args: Route.LoaderArgs) => whatsappHandshakeLoader(args)
