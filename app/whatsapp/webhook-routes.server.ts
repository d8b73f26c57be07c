// WhatsApp's webhook handshake over HTTP (reference/whatsapp.md, "Webhooks"): the GET Meta sends when
// the callback URL is saved. Its signed POSTs of statuses and customers' messages are answered by
// server/webhook-intake.ts. Without WhatsApp (WHATSAPP_PROVIDER=none) nothing listens.
import type { RouterContextProvider } from 'react-router'
import { requestContext, servicesContext } from '#app/platform/services.server.ts'
import { handshakeChallenge } from './webhook.ts'

type Args = { request: Request; context: Readonly<RouterContextProvider> }

const NO_STORE = { 'Cache-Control': 'no-store' }
export const NOT_CONFIGURED = 'WhatsApp is not configured.'

/** The verification handshake: the challenge back as plain text for the shop's verify token, else 403. */
export function whatsappHandshakeLoader({ request, context }: Args) {
  const { whatsapp } = context.get(servicesContext)
  const text = (body: string, status: number) =>
    new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...NO_STORE } })
  if (!whatsapp) return text(NOT_CONFIGURED, 404)
  const challenge = handshakeChallenge(new URL(request.url), whatsapp.config.verifyToken)
  if (challenge === null) {
    context.get(requestContext).log.warn('WhatsApp webhook handshake with a wrong verify token or mode: refused')
    return text('Forbidden', 403)
  }
  return text(challenge, 200)
}
