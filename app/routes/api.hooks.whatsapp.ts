// WhatsApp's webhook (app/whatsapp/webhook-path.ts): Meta's handshake (GET) and its signed notifications (POST).
import { whatsappHandshakeLoader, whatsappWebhookAction } from '#app/whatsapp/webhook-routes.server.ts'
import type { Route } from './+types/api.hooks.whatsapp'

export const action = (args: Route.ActionArgs) => whatsappWebhookAction(args)

export const loader = (args: Route.LoaderArgs) => whatsappHandshakeLoader(args)
