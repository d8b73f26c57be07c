// The couriers' and Meta's webhooks are answered here, on node:http's request, ahead of Hono and React
// Router: a storm of them (Shiprocket's scans, WhatsApp's sent-delivered-read statuses, hundreds a
// second) must not wait behind the shop's pages, nor pay for what a page needs (the page cache, the
// security headers, compression, route matching, a request context). Each answer comes once the event
// is stored; the event workers apply them apart (docs/decisions/026-shiprocket.md, 027-whatsapp.md).
// Everything else, the WhatsApp handshake (a GET) included, goes on to `next`.
import { randomUUID } from 'node:crypto'
import type { IncomingMessage, RequestListener } from 'node:http'
import type { Logger } from '../app/platform/logger.server.ts'
import type { Services } from '../app/platform/services.server.ts'
import { COURIER_WEBHOOK_PATH, handleCourierWebhook } from '../app/shipping/courier-webhook.server.ts'
import { WHATSAPP_WEBHOOK_PATH } from '../app/whatsapp/webhook-path.ts'
import { NOT_CONFIGURED } from '../app/whatsapp/webhook-routes.server.ts'
import { handleWhatsAppWebhook } from '../app/whatsapp/whatsapp-events.server.ts'

/** A webhook's body is one event or a small batch: a larger one is refused unread. */
export const MAX_WEBHOOK_BYTES = 1024 * 1024

export interface WebhookRequest {
  body: Uint8Array
  header(name: string): string | null
  log: Logger
}
export interface WebhookAnswer {
  status: number
  body: { outcome: string } | { error: string }
}
export type WebhookHandler = (request: WebhookRequest) => Promise<WebhookAnswer>

/** The shop's two webhooks, each answered as its provider expects, or 404 where it is not configured. */
export function shopWebhooks({ db, shipping, whatsapp }: Pick<Services, 'db' | 'shipping' | 'whatsapp'>) {
  return new Map<string, WebhookHandler>([
    [
      COURIER_WEBHOOK_PATH,
      async ({ body, header, log }): Promise<WebhookAnswer> => {
        if (!shipping) return { status: 404, body: { error: 'Shipping through Shiprocket is not configured.' } }
        const result = await handleCourierWebhook(db, {
          apiKey: header('x-api-key'),
          body: new TextDecoder().decode(body),
          token: shipping.webhookToken,
          log,
          stored: shipping.events.kick,
        })
        return { status: result.status, body: { outcome: result.outcome } }
      },
    ],
    [
      WHATSAPP_WEBHOOK_PATH,
      async ({ body, header, log }): Promise<WebhookAnswer> => {
        if (!whatsapp) return { status: 404, body: { error: NOT_CONFIGURED } }
        const result = await handleWhatsAppWebhook(db, {
          body,
          signature: header('x-hub-signature-256'),
          appSecret: whatsapp.config.appSecret,
          log,
          stored: whatsapp.events.kick,
        })
        return { status: result.status, body: { outcome: result.outcome } }
      },
    ],
  ])
}

/** `next` with the webhooks' POSTs taken first, each answered in JSON and logged as any request. */
export function webhookIntake(
  webhooks: ReadonlyMap<string, WebhookHandler>,
  logger: Logger,
  next: RequestListener,
): RequestListener {
  return (request, response) => {
    const path = pathOf(request.url)
    const handler = request.method === 'POST' ? webhooks.get(path) : undefined
    if (!handler) return next(request, response)
    const started = performance.now()
    const requestId = randomUUID()
    const answer = (status: number, body: WebhookAnswer['body'], headers: Record<string, string> = {}) => {
      const text = JSON.stringify(body)
      response.writeHead(status, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(text),
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
        'X-Request-Id': requestId,
        ...headers,
      })
      response.end(text)
      logger[status >= 500 ? 'error' : 'info'](
        { requestId, method: 'POST', path, status, ms: Math.round(performance.now() - started) },
        'request',
      )
    }
    readBody(request)
      .then(async (body) => {
        if (body === null) {
          // The rest is never read, so the connection closes (as the shop's other size limits do).
          answer(413, { error: 'The body is too large.' }, { Connection: 'close' })
          request.resume()
          return
        }
        const header = (name: string) => {
          const value = request.headers[name]
          return typeof value === 'string' ? value : null
        }
        const { status, body: json } = await handler({ body, header, log: logger.child({ requestId }) })
        answer(status, json)
      })
      .catch((error: unknown) => {
        // A client gone before the answer: nothing to answer.
        if (response.headersSent || response.destroyed) return
        logger.error({ err: error, requestId }, 'webhook could not be stored')
        // Not stored: the provider sends it again, as it does any webhook not answered 200.
        answer(500, { error: 'The event could not be stored; send it again.' })
      })
  }
}

function pathOf(url: string | undefined): string {
  const end = url?.indexOf('?') ?? -1
  return end === -1 ? (url ?? '') : url!.slice(0, end)
}

/** The body's bytes, or null once it is more than MAX_WEBHOOK_BYTES (said or sent). */
function readBody(request: IncomingMessage): Promise<Uint8Array | null> {
  if (Number(request.headers['content-length'] ?? 0) > MAX_WEBHOOK_BYTES) return Promise.resolve(null)
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size <= MAX_WEBHOOK_BYTES) return void chunks.push(chunk)
      request.off('data', onData)
      resolve(null)
    }
    request.on('data', onData)
    request.on('end', () => size <= MAX_WEBHOOK_BYTES && resolve(Buffer.concat(chunks, size)))
    request.on('error', reject)
  })
}
