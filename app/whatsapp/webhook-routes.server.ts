// WhatsApp's webhook over HTTP (reference/whatsapp.md, "Webhooks"): the GET handshake Meta sends when
// the callback URL is saved, and the signed POSTs of statuses and customers' messages. The body is read
// here as the bytes Meta signed (server/app.ts passes this path's body through unparsed); without
// WhatsApp (WHATSAPP_PROVIDER=none) nothing listens.
import { data, type RouterContextProvider } from 'react-router'
import { requestContext, servicesContext } from '#app/platform/services.server.ts'
import { handshakeChallenge } from './webhook.ts'
import { handleWhatsAppWebhook } from './whatsapp-events.server.ts'

type Args = { request: Request; context: Readonly<RouterContextProvider> }

const NO_STORE = { 'Cache-Control': 'no-store' }
const NOT_CONFIGURED = 'WhatsApp is not configured.'

export async function whatsappWebhookAction({ request, context }: Args) {
  const { db, whatsapp } = context.get(servicesContext)
  const { log } = context.get(requestContext)
  if (!whatsapp) return data({ error: NOT_CONFIGURED }, { status: 404, headers: NO_STORE })
  const result = await handleWhatsAppWebhook(db, {
    body: new Uint8Array(await request.arrayBuffer()),
    signature: request.headers.get('x-hub-signature-256'),
    appSecret: whatsapp.config.appSecret,
    log,
    stored: whatsapp.events.kick,
  })
  return data({ outcome: result.outcome }, { status: result.status, headers: NO_STORE })
}

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
