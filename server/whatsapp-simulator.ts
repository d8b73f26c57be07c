// A local stand-in for the WhatsApp Cloud API (reference/whatsapp.md, "What a simulator must do"), for
// development, tests and drills: no real message may reach a customer from them. On a loopback port
// under /{version}/{phone-number-id}/messages it checks what Meta checks (the bearer token, the
// product, the recipient, approved templates in that language with their variable counts, named or
// positional, the 24-hour window for free-form text, throughput and pair rate), answers with Graph's
// shapes and a fresh wamid, then, after answering, posts the status webhooks Meta would, signed with
// X-Hub-Signature-256 over the exact bytes (non-ASCII escaped as \uXXXX, as Meta writes them).
// Per-number scripts choose how a message ends (delivered and read, read alone, undeliverable, stuck
// at sent ...) and how its webhooks arrive (twice, concurrently, batched, unsigned ...); faults make
// the API misbehave on demand (see SimFault). A control API under /__sim/ does all of it for a shop
// running as another process. Where the reference marks a point unconfirmed, the choice made here is
// configurable or noted.
import { createHmac, randomBytes } from 'node:crypto'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { type HttpBindings, serve } from '@hono/node-server'
import { Hono } from 'hono'
import { z } from 'zod'
import { WHATSAPP_LANGUAGE_CODES, WHATSAPP_LOCALES, WHATSAPP_TEMPLATES } from '#app/whatsapp/templates.ts'

export type SimTemplateStatus = 'APPROVED' | 'PENDING' | 'REJECTED' | 'PAUSED' | 'DISABLED'
export type SimCategory = 'UTILITY' | 'MARKETING' | 'AUTHENTICATION'

/** An approved (or not) template, in one language. */
export interface SimTemplate {
  name: string
  /** Meta's language code: 'en', 'hi', 'en_US' ... */
  language: string
  category: SimCategory
  /** Default APPROVED. */
  status?: SimTemplateStatus
  /** Body variables: their count for a positional template ({{1}} ...), their names for a named one. */
  body: number | string[]
  /** Buttons taking one parameter (a URL button with a variable; a copy-code button is one), by index. */
  buttons?: { index: number; subType: 'url' | 'quick_reply' }[]
}

/** The shop's templates (app/whatsapp/templates.ts), each approved in English and Hindi. */
export function shopTemplates(): SimTemplate[] {
  return Object.entries(WHATSAPP_TEMPLATES).flatMap(([name, definition]) =>
    WHATSAPP_LOCALES.map((locale) => ({
      name,
      language: WHATSAPP_LANGUAGE_CODES[locale],
      category: definition.category,
      body: definition.variables.length,
      buttons: ('buttons' in definition ? definition.buttons : []).map((_, index) => ({
        index,
        subType: 'url' as const,
      })),
    })),
  )
}

/** What can change while it runs (configure(), POST /__sim/settings). */
export interface SimSettings {
  /** Added to every API answer. Default 0. */
  latencyMs: number
  /** From the send's answer to its first status webhook. Default 20 ms. */
  webhookDelayMs: number
  /** Between one message's successive statuses. Default 20 ms. */
  statusGapMs: number
  /**
   * Pair rate: a second message to one number within this many ms is refused with 131056. Meta's figure
   * is about 6 s (unconfirmed, bursts may pass); 0, the default, turns the check off.
   */
  pairRateWindowMs: number
  /** Messages per second the number accepts (Meta's default 80); more within a second get 130429. */
  throughputPerSecond: number
  /** Tries per webhook when the shop does not answer 200 (Meta retries for days); default 1, no retry. */
  webhookAttempts: number
  /** Between those tries. Default 200 ms. */
  webhookRetryMs: number
  /** HTTP status of the automatic throughput and pair-rate refusals (clients saw 400, 403 and 429). Default 400. */
  rateLimitHttpStatus: number
}

export interface WhatsAppSimulatorOptions extends Partial<SimSettings> {
  accessToken: string
  appSecret: string
  phoneNumberId: string
  /** 'v23.0' */
  graphVersion: string
  /** Where signed webhooks go (the shop's /hooks/whatsapp); without it statuses are recorded, not posted. */
  webhookUrl?: string
  port?: number
  /** Default: shopTemplates(). */
  templates?: SimTemplate[]
  wabaId?: string
  /** The business number as Meta shows it in webhooks' metadata. */
  displayPhoneNumber?: string
}

export interface SimRequest {
  method: string
  /** After the version: '106540352242922/messages'. */
  path: string
  version: string
  /** How the bearer token compared; the token itself is never kept. */
  auth: 'right' | 'expired' | 'wrong' | 'missing'
  /** The JSON body as received (null when it was not JSON). */
  body: unknown
  time: Date
  /** The HTTP status answered; absent while the answer is on its way, 0 for a connection dropped on purpose. */
  status?: number
  /** The wamid of the message accepted. */
  wamid?: string
  /** The Graph error code of a refusal. */
  errorCode?: number
}

export interface SimStatusEvent {
  status: string
  at: Date
  errorCode?: number
}

/** A message the simulator accepted. */
export interface SimMessage {
  wamid: string
  /** As sent in `to`. */
  to: string
  /** Digits, as wa_id and recipient_id report them. */
  waId: string
  type: string
  template: string | null
  language: string | null
  /** Meta's pricing category: 'utility', 'authentication', 'marketing', or 'service' for free-form. */
  category: string
  /** Body parameters' texts, in order (named ones in the order sent). */
  params: string[]
  /** Parameter names of a named template, else empty. */
  paramNames: string[]
  buttonParams: string[]
  text: string | null
  callbackData: string | null
  acceptedAt: Date
  /** Sent inside the customer's 24-hour window (then free, per the reference). */
  inWindow: boolean
  /** Statuses emitted so far, in the order they went out. */
  statuses: SimStatusEvent[]
  outcome: SimOutcome
}

/**
 * How an accepted message ends, as its status webhooks say:
 * - delivered-read (default): sent, delivered, read
 * - delivered: sent, delivered
 * - read-only: sent, read (read in an open chat: Meta sends no delivered)
 * - read-then-delivered: sent, read, then a late delivered
 * - undeliverable: failed 131026 only (accepted, then no WhatsApp on that number)
 * - failed-then-delivered: sent, failed 131026, then delivered (several devices; unconfirmed)
 * - sent: sent, and nothing more, ever
 * - silent: no status at all
 */
export type SimOutcome =
  | 'delivered-read'
  | 'delivered'
  | 'read-only'
  | 'read-then-delivered'
  | 'undeliverable'
  | 'failed-then-delivered'
  | 'sent'
  | 'silent'

/**
 * How webhooks reach the shop: one POST per status (normal); each twice in a row; each twice at once
 * (concurrent); all of a message's statuses in one POST (batch); recorded but not posted (drop); with a
 * wrong signature, a malformed one, or none.
 */
export type SimDelivery = 'normal' | 'twice' | 'concurrent' | 'batch' | 'drop' | 'bad-signature' | 'no-signature'

export type SimSignature = 'right' | 'wrong' | 'malformed' | 'none'

export interface SimScript {
  outcome?: SimOutcome
  delivery?: SimDelivery
  /** Messages it applies to; default every one until clearScripts(). */
  times?: number
}

/**
 * Misbehaviour on demand. `to` (digits, '+' allowed) and `template` narrow it to those sends; `times`
 * is how many sends it hits: once by default, except the modes expired-token, marketing-limited and
 * marketing-stopped, which last until clearFaults() ('always' makes any fault last).
 */
export type SimFault = { to?: string; template?: string; times?: number | 'always' } & SimFaultKind

export type SimFaultKind =
  /** The token has expired: 190 (subcode 463), HTTP 401, nothing sent. */
  | { kind: 'expired-token' }
  /** The number's throughput is used up: 130429, HTTP `httpStatus` (default 400). */
  | { kind: 'throughput'; httpStatus?: number }
  /** Too many messages to this customer just now: 131056, HTTP `httpStatus` (default 400). */
  | { kind: 'pair-rate'; httpStatus?: number }
  /** Meta holds back marketing to this user: 131049, on MARKETING templates only. */
  | { kind: 'marketing-limited' }
  /** The user stopped marketing messages: 131050, on MARKETING templates only. */
  | { kind: 'marketing-stopped' }
  /** The template is paused (132015) or disabled (132016) for low quality. */
  | { kind: 'template-paused' }
  | { kind: 'template-disabled' }
  /** A fault of Meta's side: 500 (131000), 503 (131016) in Graph's envelope, 502/504 as the edge's HTML. */
  | { kind: 'server-error'; httpStatus?: 500 | 502 | 503 | 504 }
  /**
   * The answer comes after `ms`. Without `accept` nothing is sent and the edge answers 504 in the end;
   * with it the message is accepted at once (recorded, webhooks on their way) and only the answer is late.
   */
  | { kind: 'slow'; ms: number; accept?: boolean }
  /** The message is accepted and recorded, then the connection is destroyed without an answer. */
  | { kind: 'lost-answer' }
  /**
   * Any Graph error code, in Graph's envelope (HTTP `httpStatus`, default 400). With `async` the send
   * is accepted and the code comes later in a failed status webhook instead.
   */
  | { kind: 'error'; code: number; httpStatus?: number; message?: string; details?: string; async?: boolean }

export interface SimWebhook {
  kind: 'status' | 'inbound' | 'batch' | 'raw' | 'replay'
  /** The exact bytes posted (as text). */
  body: string
  signature: SimSignature
  /** The shop's answer to the last try; 0 when it could not be reached, null when dropped on purpose. */
  status: number | null
  attempts: number
  time: Date
}

export interface SimInbound {
  /** The customer's number, digits ('+' allowed). */
  from: string
  text?: string
  /** 'text' (default) or 'button' (a quick-reply's text), or any other type, sent without content. */
  type?: string
  /** The name on the customer's WhatsApp profile. */
  name?: string
  /** When the customer wrote (default now): a time more than 24 h ago leaves the window closed. */
  at?: Date
  signature?: SimSignature
  delivery?: Extract<SimDelivery, 'normal' | 'twice' | 'concurrent' | 'drop'>
}

export interface SimStatusInput {
  /** A message's wamid, or any other (a status for an unknown wamid). */
  wamid: string
  status: string
  errorCode?: number
  /** Default: the message's, else '919999999999'. */
  recipientId?: string
  /** Default: the message's. */
  callbackData?: string | null
  at?: Date
  delivery?: Exclude<SimDelivery, 'batch'>
}

export type SimBatchItem = ({ kind: 'status' } & Omit<SimStatusInput, 'delivery'>) | ({ kind: 'inbound' } & SimInbound)

export interface WhatsAppSimulator {
  /** The base URL without the version, e.g. http://127.0.0.1:PORT (the control API is at /__sim/...). */
  url: string
  /** Every API request, in order. */
  requests: SimRequest[]
  /** Every message accepted, in order. */
  messages: SimMessage[]
  /** Every webhook posted (or dropped), in order. */
  webhooks: SimWebhook[]
  /** Accepted messages matching all of the filter's fields: accepted({ template: 'order_shipped', callbackData: /order:4F2A9C1E;/ }). */
  accepted(filter?: MessageFilter): SimMessage[]
  message(wamid: string): SimMessage | undefined
  fault(fault: SimFault): void
  clearFaults(): void
  /** How messages to `to` (or to '*', any number) end and how their webhooks arrive. */
  script(to: string, script: SimScript): void
  clearScripts(): void
  configure(settings: Partial<SimSettings>): void
  settings(): SimSettings
  /** The token the API accepts from now on (an owner pasting a new one); the old one becomes wrong. */
  setAccessToken(token: string): void
  /** Changes a template's review status; without `language`, in every language. */
  setTemplateStatus(name: string, status: SimTemplateStatus, language?: string): void
  /** A customer writes: opens their 24-hour window and posts the inbound webhook. Resolves with the shop's answers. */
  sendInbound(input: SimInbound): Promise<{ id: string; statuses: number[] }>
  /** Posts one status webhook (for any wamid) and records it on the message if known. */
  sendStatus(input: SimStatusInput): Promise<number[]>
  /** Several statuses and messages in one POST, spread over `entries` entries (default 1). */
  sendBatch(items: SimBatchItem[], options?: { entries?: number; signature?: SimSignature }): Promise<number>
  /** Posts any body: an object is written as Meta writes JSON; a string goes as it is. */
  sendWebhook(body: object | string, options?: { signature?: SimSignature }): Promise<number>
  /** Posts a webhook already sent again, byte for byte (default the last one). */
  replayWebhook(index?: number, options?: { times?: number; concurrent?: boolean }): Promise<number[]>
  /** The GET verification request, as Meta sends it when the callback URL is saved. */
  handshake(input: {
    verifyToken: string
    challenge?: string
    mode?: string
  }): Promise<{ status: number; body: string }>
  /** Resolves when every scheduled webhook has gone out and been answered. */
  idle(): Promise<void>
  /** Forgets requests, messages, webhooks, windows, faults and scripts (not the settings or templates). */
  reset(): void
  close(): Promise<void>
}

export interface MessageFilter {
  to?: string
  template?: string
  language?: string
  type?: string
  callbackData?: string | RegExp
}

const DEFAULT_SETTINGS: SimSettings = {
  latencyMs: 0,
  webhookDelayMs: 20,
  statusGapMs: 20,
  pairRateWindowMs: 0,
  throughputPerSecond: 80,
  webhookAttempts: 1,
  webhookRetryMs: 200,
  rateLimitHttpStatus: 400,
}

const OUTCOMES: Record<SimOutcome, { status: string; errorCode?: number }[]> = {
  'delivered-read': [{ status: 'sent' }, { status: 'delivered' }, { status: 'read' }],
  delivered: [{ status: 'sent' }, { status: 'delivered' }],
  'read-only': [{ status: 'sent' }, { status: 'read' }],
  'read-then-delivered': [{ status: 'sent' }, { status: 'read' }, { status: 'delivered' }],
  undeliverable: [{ status: 'failed', errorCode: 131026 }],
  'failed-then-delivered': [{ status: 'sent' }, { status: 'failed', errorCode: 131026 }, { status: 'delivered' }],
  sent: [{ status: 'sent' }],
  silent: [],
}

/** Meta's titles and details for the codes the simulator gives (titles change at Meta: clients route on codes). */
const GRAPH_ERRORS: Record<number, { title: string; details: string }> = {
  100: { title: 'Invalid parameter', details: 'Invalid parameter' },
  131000: { title: 'Something went wrong', details: 'Something went wrong' },
  131008: { title: 'Required parameter is missing', details: 'A required parameter is missing' },
  131009: { title: 'Parameter value is not valid', details: 'A parameter value is not valid' },
  131016: { title: 'Service unavailable', details: 'A service is temporarily unavailable' },
  131026: { title: 'Message undeliverable', details: 'Message Undeliverable.' },
  131047: {
    title: 'Re-engagement message',
    details:
      'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
  },
  131049: {
    title: 'This message was not delivered to maintain healthy ecosystem engagement.',
    details: 'In order to maintain a healthy ecosystem engagement, the message failed to be delivered.',
  },
  131050: {
    title:
      'Unable to deliver the message. This recipient has chosen to stop receiving marketing messages on WhatsApp from your business.',
    details: 'The user has stopped marketing messages from this business.',
  },
  131051: { title: 'Message type unknown', details: 'Unsupported message type' },
  131056: {
    title: '(Business Account, Consumer Account) pair rate limit hit',
    details:
      'Message failed to send because there were too many messages sent from this phone number to the same phone number in a short period of time.',
  },
  130429: { title: 'Rate limit hit', details: 'Cloud API message throughput has been reached.' },
  132000: {
    title: 'Number of parameters does not match the expected number of params',
    details: 'The number of parameters does not match the expected number of params',
  },
  132001: {
    title: 'Template name does not exist in the translation',
    details: 'The template does not exist in this language',
  },
  132005: { title: 'Translated text too long', details: 'The text after filling in the parameters is too long' },
  132015: {
    title: 'Template is Paused',
    details: 'Template is paused due to low quality so it cannot be sent in a template message.',
  },
  132016: {
    title: 'Template is Disabled',
    details: 'Template has been paused too many times due to low quality and is now permanently disabled.',
  },
  132018: {
    title: 'There was an issue with the parameters in your template.',
    details: 'Param text cannot have new-line/tab characters or more than 4 consecutive spaces',
  },
}

const ERROR_HREF = 'https://developers.facebook.com/documentation/business-messaging/whatsapp/support/error-codes/'
const FREE_FORM_TYPES = new Set([
  'text',
  'image',
  'audio',
  'video',
  'document',
  'sticker',
  'location',
  'contacts',
  'interactive',
  'reaction',
])
const PERSISTENT_FAULTS = new Set<SimFault['kind']>(['expired-token', 'marketing-limited', 'marketing-stopped'])
const WINDOW_MS = 24 * 60 * 60_000
const WEBHOOK_TIMEOUT_MS = 10_000
const CALLBACK_DATA_MAX_BYTES = 512
const BODY_PARAM_MAX = 1024
const OTP_MAX = 15

class GraphRefusal extends Error {
  readonly code: number
  readonly httpStatus: number
  readonly details: string
  readonly subcode: number | undefined
  constructor(code: number, details?: string, options: { httpStatus?: number; title?: string; subcode?: number } = {}) {
    const known = GRAPH_ERRORS[code]
    super(options.title ?? known?.title ?? 'Unknown error')
    this.code = code
    this.details = details ?? known?.details ?? this.message
    this.httpStatus = options.httpStatus ?? 400
    this.subcode = options.subcode
  }
}

type ActiveFault = { fault: SimFault; left: number }
type ActiveScript = { script: SimScript; left: number }
type Input = Record<string, unknown>

export async function startWhatsAppSimulator(options: WhatsAppSimulatorOptions): Promise<WhatsAppSimulator> {
  const settings: SimSettings = { ...DEFAULT_SETTINGS }
  configure(options)
  let accessToken = options.accessToken
  const wabaId = options.wabaId ?? '102290129340398'
  const displayPhoneNumber = options.displayPhoneNumber ?? '917314000000'
  const templates = (options.templates ?? shopTemplates()).map((template) => ({
    ...template,
    status: template.status ?? 'APPROVED',
  }))
  const requests: SimRequest[] = []
  const messages: SimMessage[] = []
  const byWamid = new Map<string, SimMessage>()
  const webhooks: SimWebhook[] = []
  /** The last time each customer wrote (digits). */
  const lastInbound = new Map<string, number>()
  /** The last accepted message to each number, for the pair rate. */
  const lastSend = new Map<string, number>()
  /** Acceptance times within the last second, for the throughput. */
  let recentSends: number[] = []
  let faults: ActiveFault[] = []
  let scripts = new Map<string, ActiveScript>()
  const pending = new Set<Promise<unknown>>()
  const timers = new Map<ReturnType<typeof setTimeout>, () => void>()
  let closed = false

  function configure(changes: Partial<SimSettings>) {
    for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof SimSettings)[]) {
      const value = changes[key]
      if (typeof value === 'number' && Number.isFinite(value) && value >= 0) settings[key] = value
    }
  }

  const app = new Hono<{ Bindings: HttpBindings }>({ strict: false })

  app.post('/:version/:phoneNumberId/messages', async (c) => {
    const version = c.req.param('version')
    const phoneNumberId = c.req.param('phoneNumberId')
    if (!/^v\d+\.\d+$/.test(version)) return c.json({ error: { message: 'Unknown path' } }, 404)
    const raw = await c.req.text()
    let body: unknown = null
    try {
      body = JSON.parse(raw)
    } catch {
      // Left null: refused below as Graph refuses a body without its fields.
    }
    const entry: SimRequest = {
      method: 'POST',
      path: `${phoneNumberId}/messages`,
      version,
      auth: authOf(c.req.header('authorization')),
      body,
      time: new Date(),
    }
    requests.push(entry)
    if (settings.latencyMs) await sleep(settings.latencyMs)
    const input = asObject(body)
    const to = typeof input.to === 'string' ? digits(input.to) : ''
    const templateName = typeof asObject(input.template).name === 'string' ? String(asObject(input.template).name) : ''
    const refuse = (refusal: GraphRefusal) => {
      entry.status = refusal.httpStatus
      entry.errorCode = refusal.code
      return graphError(refusal)
    }
    try {
      // The token first, as Graph checks it before anything else.
      if (entry.auth === 'right' && take('expired-token', to, templateName)) entry.auth = 'expired'
      if (entry.auth !== 'right') throw tokenRefusal(entry.auth)
      if (version !== options.graphVersion) {
        throw new GraphRefusal(100, `Unknown path components: /${version}/${phoneNumberId}/messages`, {
          title: `Unsupported version ${version}`,
        })
      }
      if (phoneNumberId !== options.phoneNumberId) {
        throw new GraphRefusal(
          100,
          `Unsupported post request. Object with ID '${phoneNumberId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
          { title: 'Unsupported post request', subcode: 33 },
        )
      }
      const upfront = upfrontFault(to, templateName)
      if (upfront) {
        if (upfront.kind === 'server-error') {
          const status = upfront.httpStatus ?? 500
          entry.status = status
          return serverError(status)
        }
        if (upfront.kind === 'slow') {
          await sleep(upfront.ms)
          entry.status = 504
          return edgePage(504)
        }
        if (upfront.kind === 'throughput') {
          throw new GraphRefusal(130429, undefined, { httpStatus: upfront.httpStatus ?? settings.rateLimitHttpStatus })
        }
        if (upfront.kind === 'pair-rate') {
          throw new GraphRefusal(131056, undefined, { httpStatus: upfront.httpStatus ?? settings.rateLimitHttpStatus })
        }
        if (upfront.kind === 'error') {
          throw new GraphRefusal(upfront.code, upfront.details, {
            httpStatus: upfront.httpStatus,
            title: upfront.message,
          })
        }
      }
      const send = validate(input)
      const now = Date.now()
      recentSends = recentSends.filter((time) => now - time < 1000)
      if (recentSends.length >= settings.throughputPerSecond) {
        throw new GraphRefusal(130429, undefined, { httpStatus: settings.rateLimitHttpStatus })
      }
      const previous = lastSend.get(send.waId)
      if (settings.pairRateWindowMs > 0 && previous !== undefined && now - previous < settings.pairRateWindowMs) {
        throw new GraphRefusal(131056, undefined, { httpStatus: settings.rateLimitHttpStatus })
      }
      // Accepted from here on: whatever happens to the answer, the message is on its way.
      recentSends.push(now)
      lastSend.set(send.waId, now)
      const asyncError = takeAsyncError(to, templateName)
      const message = accept(send, asyncError)
      entry.wamid = message.wamid
      const after = afterAcceptFault(to, templateName)
      if (after?.kind === 'lost-answer') {
        entry.status = 0
        c.env.incoming.socket.destroy()
        return new Response(null, { status: 500 })
      }
      if (after?.kind === 'slow') await sleep(after.ms)
      entry.status = 200
      return c.json({
        messaging_product: 'whatsapp',
        contacts: [{ input: send.to, wa_id: send.waId }],
        messages: [{ id: message.wamid, ...(send.type === 'template' ? { message_status: 'accepted' } : {}) }],
      })
    } catch (error) {
      if (error instanceof GraphRefusal) return refuse(error)
      throw error
    }
  })

  // The control API, for a shop running as another process (and for drills).
  app.get('/__sim/requests', (c) => c.json(requests))
  app.get('/__sim/messages', (c) => {
    const query = c.req.query()
    return c.json(
      accepted({
        to: query.to,
        template: query.template,
        language: query.language,
        type: query.type,
        callbackData: query.callbackData,
      }),
    )
  })
  app.get('/__sim/webhooks', (c) => c.json(webhooks))
  app.post('/__sim/fault', async (c) => {
    const parsed = FAULT_SCHEMA.safeParse(await c.req.json().catch(() => null))
    if (!parsed.success) return c.json({ message: z.prettifyError(parsed.error) }, 400)
    addFault(parsed.data as SimFault)
    return c.body(null, 204)
  })
  app.delete('/__sim/fault', (c) => {
    faults = []
    return c.body(null, 204)
  })
  app.post('/__sim/script', async (c) => {
    const parsed = SCRIPT_SCHEMA.safeParse(await c.req.json().catch(() => null))
    if (!parsed.success) return c.json({ message: z.prettifyError(parsed.error) }, 400)
    const { to, ...script } = parsed.data
    setScript(to, script)
    return c.body(null, 204)
  })
  app.delete('/__sim/script', (c) => {
    scripts = new Map()
    return c.body(null, 204)
  })
  app.post('/__sim/settings', async (c) => {
    const parsed = SETTINGS_SCHEMA.safeParse(await c.req.json().catch(() => null))
    if (!parsed.success) return c.json({ message: z.prettifyError(parsed.error) }, 400)
    configure(parsed.data)
    return c.json(settings)
  })
  app.post('/__sim/token', async (c) => {
    const parsed = z.strictObject({ accessToken: z.string().min(1) }).safeParse(await c.req.json().catch(() => null))
    if (!parsed.success) return c.json({ message: z.prettifyError(parsed.error) }, 400)
    accessToken = parsed.data.accessToken
    return c.body(null, 204)
  })
  app.post('/__sim/templates', async (c) => {
    const parsed = z
      .strictObject({
        name: z.string(),
        language: z.string().optional(),
        status: z.enum(['APPROVED', 'PENDING', 'REJECTED', 'PAUSED', 'DISABLED']),
      })
      .safeParse(await c.req.json().catch(() => null))
    if (!parsed.success) return c.json({ message: z.prettifyError(parsed.error) }, 400)
    setTemplateStatus(parsed.data.name, parsed.data.status, parsed.data.language)
    return c.body(null, 204)
  })
  app.post('/__sim/inbound', async (c) => {
    const parsed = INBOUND_SCHEMA.safeParse(await c.req.json().catch(() => null))
    if (!parsed.success) return c.json({ message: z.prettifyError(parsed.error) }, 400)
    const { at, ...rest } = parsed.data
    return c.json(await sendInbound({ ...rest, at: at ? new Date(at) : undefined }))
  })
  app.post('/__sim/status', async (c) => {
    const parsed = STATUS_SCHEMA.safeParse(await c.req.json().catch(() => null))
    if (!parsed.success) return c.json({ message: z.prettifyError(parsed.error) }, 400)
    const { at, ...rest } = parsed.data
    return c.json({ statuses: await sendStatus({ ...rest, at: at ? new Date(at) : undefined }) })
  })
  app.post('/__sim/batch', async (c) => {
    const parsed = BATCH_SCHEMA.safeParse(await c.req.json().catch(() => null))
    if (!parsed.success) return c.json({ message: z.prettifyError(parsed.error) }, 400)
    const items = parsed.data.items.map((item) => ({ ...item, at: item.at ? new Date(item.at) : undefined }))
    return c.json({ status: await sendBatch(items, parsed.data) })
  })
  app.post('/__sim/webhooks/raw', async (c) => {
    const parsed = z
      .strictObject({ body: z.string(), signature: SIGNATURE_SCHEMA.optional() })
      .safeParse(await c.req.json().catch(() => null))
    if (!parsed.success) return c.json({ message: z.prettifyError(parsed.error) }, 400)
    return c.json({ status: await sendWebhook(parsed.data.body, parsed.data) })
  })
  app.post('/__sim/webhooks/replay', async (c) => {
    const parsed = z
      .strictObject({
        index: z.number().int().optional(),
        times: z.number().int().min(1).max(20).optional(),
        concurrent: z.boolean().optional(),
      })
      .safeParse((await c.req.json().catch(() => null)) ?? {})
    if (!parsed.success) return c.json({ message: z.prettifyError(parsed.error) }, 400)
    if (webhooks.length === 0) return c.json({ message: 'no webhook has been sent yet' }, 409)
    return c.json({ statuses: await replayWebhook(parsed.data.index, parsed.data) })
  })
  app.post('/__sim/handshake', async (c) => {
    const parsed = z
      .strictObject({ verifyToken: z.string(), challenge: z.string().optional(), mode: z.string().optional() })
      .safeParse(await c.req.json().catch(() => null))
    if (!parsed.success) return c.json({ message: z.prettifyError(parsed.error) }, 400)
    return c.json(await handshake(parsed.data))
  })
  app.post('/__sim/idle', async (c) => {
    await idle()
    return c.body(null, 204)
  })
  app.post('/__sim/reset', (c) => {
    reset()
    return c.body(null, 204)
  })

  app.notFound((c) =>
    c.req.path.startsWith('/__sim/')
      ? c.json({ message: 'Not Found' }, 404)
      : c.json(
          {
            error: {
              message: `Unknown path components: ${c.req.path}`,
              type: 'OAuthException',
              code: 2500,
              fbtrace_id: traceId(),
            },
          },
          400,
        ),
  )

  function authOf(header: string | undefined): SimRequest['auth'] {
    const token = /^Bearer (\S+)$/.exec(header ?? '')?.[1]
    if (!token) return 'missing'
    return token === accessToken ? 'right' : 'wrong'
  }

  function tokenRefusal(auth: SimRequest['auth']) {
    // Missing gets 190 too: the simulator's choice (the reference: 190 for an expired or unknown token).
    if (auth === 'expired') {
      return new GraphRefusal(190, 'Session has expired', {
        httpStatus: 401,
        subcode: 463,
        title: `Error validating access token: Session has expired on ${new Date(Date.now() - 3_600_000).toUTCString()}. The current time is ${new Date().toUTCString()}.`,
      })
    }
    return new GraphRefusal(190, 'Invalid OAuth access token', {
      httpStatus: 401,
      title:
        auth === 'missing'
          ? 'An active access token must be used to query information about the current user.'
          : 'Invalid OAuth access token - Cannot parse access token',
    })
  }

  interface Send {
    to: string
    waId: string
    type: string
    template: (SimTemplate & { status: SimTemplateStatus }) | null
    params: string[]
    paramNames: string[]
    buttonParams: string[]
    text: string | null
    callbackData: string | null
    inWindow: boolean
  }

  /** Graph's checks of a send, in the order it makes them; a refusal is thrown. */
  function validate(input: Input): Send {
    if (input.messaging_product === undefined) {
      throw new GraphRefusal(100, 'The parameter messaging_product is required.')
    }
    if (input.messaging_product !== 'whatsapp') {
      throw new GraphRefusal(
        100,
        `Param messaging_product must be one of {WHATSAPP} - got "${String(input.messaging_product)}".`,
      )
    }
    if (input.recipient_type !== undefined && input.recipient_type !== 'individual') {
      throw new GraphRefusal(100, 'Param recipient_type must be one of {INDIVIDUAL}.')
    }
    if (typeof input.to !== 'string' || input.to === '') throw new GraphRefusal(100, 'The parameter to is required.')
    const to = input.to
    // Strict on purpose: Meta may accept punctuation or a number without its country code (both
    // unconfirmed), and a shop relying on that would send to the wrong person somewhere.
    if (!/^\+?[1-9]\d{7,14}$/.test(to)) {
      throw new GraphRefusal(131009, `Recipient '${to}' is not a phone number: digits with the country code, no spaces`)
    }
    const waId = digits(to)
    if (/^[6-9]\d{9}$/.test(waId)) {
      throw new GraphRefusal(131009, `Recipient '${to}' has no country code: an Indian mobile is 91 and 10 digits`)
    }
    let callbackData: string | null = null
    if (input.biz_opaque_callback_data !== undefined) {
      if (typeof input.biz_opaque_callback_data !== 'string') {
        throw new GraphRefusal(100, 'Param biz_opaque_callback_data must be a string.')
      }
      if (Buffer.byteLength(input.biz_opaque_callback_data) > CALLBACK_DATA_MAX_BYTES) {
        throw new GraphRefusal(100, 'Param biz_opaque_callback_data must be at most 512 characters long.')
      }
      callbackData = input.biz_opaque_callback_data
    }
    const type = input.type === undefined ? 'text' : input.type
    if (typeof type !== 'string') throw new GraphRefusal(100, 'Param type must be a string.')
    const inWindow = Date.now() - (lastInbound.get(waId) ?? Number.NEGATIVE_INFINITY) < WINDOW_MS
    const base = { to, waId, type, callbackData, inWindow, paramNames: [] as string[], buttonParams: [] as string[] }
    if (type === 'template') return { ...base, ...templateSend(asObject(input.template), input.template, waId) }
    if (!FREE_FORM_TYPES.has(type)) throw new GraphRefusal(131051, `Unsupported message type: ${type}`)
    let text: string | null = null
    if (type === 'text') {
      const textBody = asObject(input.text).body
      if (typeof textBody !== 'string' || textBody.trim() === '') {
        throw new GraphRefusal(100, "The parameter text['body'] is required.")
      }
      if (textBody.length > 4096)
        throw new GraphRefusal(100, "Param text['body'] must be at most 4096 characters long.")
      text = textBody
    }
    if (!inWindow) throw new GraphRefusal(131047)
    return { ...base, template: null, params: [], text }
  }

  function templateSend(template: Input, raw: unknown, waId: string) {
    if (raw === undefined) throw new GraphRefusal(131008, 'The parameter template is required.')
    const name = template.name
    const language = asObject(template.language)
    if (typeof name !== 'string' || name === '')
      throw new GraphRefusal(131008, "The parameter template['name'] is required.")
    if (typeof language.code !== 'string' || language.code === '') {
      throw new GraphRefusal(131008, "The parameter template['language']['code'] is required.")
    }
    if (language.policy !== undefined && language.policy !== 'deterministic') {
      throw new GraphRefusal(100, "Param template['language']['policy'] must be one of {DETERMINISTIC}.")
    }
    const code = language.code
    const found = templates.find((t) => t.name === name && t.language === code)
    if (!found) throw new GraphRefusal(132001, `template name (${name}) does not exist in ${code}`)
    if (found.status === 'PAUSED' || take('template-paused', waId, name)) throw new GraphRefusal(132015)
    if (found.status === 'DISABLED' || take('template-disabled', waId, name)) throw new GraphRefusal(132016)
    if (found.status !== 'APPROVED') {
      throw new GraphRefusal(132001, `template name (${name}) is not approved in ${code} (${found.status})`)
    }
    if (found.category === 'MARKETING') {
      if (take('marketing-stopped', waId, name)) throw new GraphRefusal(131050)
      if (take('marketing-limited', waId, name)) throw new GraphRefusal(131049)
    }
    const components = template.components === undefined ? [] : template.components
    if (!Array.isArray(components)) throw new GraphRefusal(100, "Param template['components'] must be an array.")
    let body: unknown[] | null = null
    const buttons = new Map<number, { subType: string; parameters: unknown[] }>()
    components.forEach((item, index) => {
      const component = asObject(item)
      const kind = typeof component.type === 'string' ? component.type.toLowerCase() : ''
      const parameters = component.parameters === undefined ? [] : component.parameters
      if (!Array.isArray(parameters)) {
        throw new GraphRefusal(100, `Param template['components'][${index}]['parameters'] must be an array.`)
      }
      if (kind === 'body') {
        if (body) throw new GraphRefusal(100, 'Only one body component is allowed.')
        body = parameters
      } else if (kind === 'button') {
        const buttonIndex = Number(component.index)
        if (!Number.isInteger(buttonIndex) || String(component.index).trim() === '') {
          throw new GraphRefusal(131008, `The parameter template['components'][${index}]['index'] is required.`)
        }
        buttons.set(buttonIndex, { subType: String(component.sub_type ?? '').toLowerCase(), parameters })
      } else if (kind === 'header') {
        if (parameters.length > 0) {
          throw new GraphRefusal(
            132000,
            `header: number of localizable_params (${parameters.length}) does not match the expected number of params (0)`,
          )
        }
      } else {
        throw new GraphRefusal(
          100,
          `Param template['components'][${index}]['type'] must be one of {HEADER, BODY, BUTTON}.`,
        )
      }
    })
    const sent = (body ?? []) as unknown[]
    const named = Array.isArray(found.body)
    const expected = named ? (found.body as string[]).length : (found.body as number)
    const names = sent.map((parameter) => asObject(parameter).parameter_name)
    const withName = names.filter((value) => value !== undefined).length
    if (withName > 0 && withName < sent.length) {
      throw new GraphRefusal(100, 'Named and positional parameters cannot be mixed in one message.')
    }
    if (named && sent.length > 0 && withName === 0) {
      throw new GraphRefusal(100, `Template ${name} has named parameters: each needs its parameter_name.`)
    }
    if (!named && withName > 0) {
      throw new GraphRefusal(100, `Template ${name} has positional parameters: parameter_name is not expected.`)
    }
    if (sent.length !== expected) {
      throw new GraphRefusal(
        132000,
        `body: number of localizable_params (${sent.length}) does not match the expected number of params (${expected})`,
      )
    }
    if (named) {
      const wanted = new Set(found.body as string[])
      const unknown = names.filter((value) => typeof value !== 'string' || !wanted.has(value))
      if (unknown.length > 0 || new Set(names).size !== names.length) {
        throw new GraphRefusal(
          132000,
          `body: parameter names (${names.join(', ')}) do not match the template's (${[...wanted].join(', ')})`,
        )
      }
    }
    const params = sent.map((parameter, index) => parameterText(parameter, `body parameter ${index + 1}`))
    const buttonParams: string[] = []
    for (const button of found.buttons ?? []) {
      const given = buttons.get(button.index)
      buttons.delete(button.index)
      const count = given?.parameters.length ?? 0
      if (!given || count !== 1) {
        throw new GraphRefusal(
          132000,
          `button at index ${button.index}: number of params (${count}) does not match the expected number of params (1)`,
        )
      }
      if (given.subType !== button.subType) {
        throw new GraphRefusal(100, `Param sub_type of button ${button.index} must be ${button.subType}.`)
      }
      const value = parameterText(given.parameters[0], `button ${button.index} parameter`, button.subType)
      if (found.category === 'AUTHENTICATION' && value.length > OTP_MAX) {
        throw new GraphRefusal(131009, `The one-time password is longer than ${OTP_MAX} characters.`)
      }
      buttonParams.push(value)
    }
    if (buttons.size > 0) {
      throw new GraphRefusal(
        132000,
        `button at index ${[...buttons.keys()][0]}: number of params does not match the expected number of params (0)`,
      )
    }
    return {
      template: found,
      params,
      paramNames: named ? (names as string[]) : [],
      buttonParams,
      text: null,
    }
  }

  function parameterText(item: unknown, where: string, subType = 'url'): string {
    const parameter = asObject(item)
    let value: unknown
    if (parameter.type === 'text') value = parameter.text
    else if (parameter.type === 'payload' && subType === 'quick_reply') value = parameter.payload
    else if (parameter.type === 'currency' || parameter.type === 'date_time') {
      value = asObject(parameter[parameter.type]).fallback_value
    } else throw new GraphRefusal(100, `${where}: type must be one of {TEXT, CURRENCY, DATE_TIME}.`)
    if (typeof value !== 'string' || value === '') {
      throw new GraphRefusal(131008, `${where} is missing expected field(s) (text)`)
    }
    if (/[\n\r\t]/.test(value) || / {5}/.test(value)) throw new GraphRefusal(132018)
    if (value.length > BODY_PARAM_MAX) throw new GraphRefusal(132005, `${where} is longer than ${BODY_PARAM_MAX}`)
    return value
  }

  function accept(send: Send, asyncError: { code: number } | null): SimMessage {
    const script = scriptFor(send.waId)
    const outcome = asyncError ? 'undeliverable' : (script?.outcome ?? 'delivered-read')
    const message: SimMessage = {
      wamid: wamid(send.waId),
      to: send.to,
      waId: send.waId,
      type: send.type,
      template: send.template?.name ?? null,
      language: send.template?.language ?? null,
      category: send.template ? send.template.category.toLowerCase() : 'service',
      params: send.params,
      paramNames: send.paramNames,
      buttonParams: send.buttonParams,
      text: send.text,
      callbackData: send.callbackData,
      acceptedAt: new Date(),
      inWindow: send.inWindow,
      statuses: [],
      outcome,
    }
    messages.push(message)
    byWamid.set(message.wamid, message)
    const steps = OUTCOMES[outcome].map((step) =>
      step.status === 'failed' && asyncError ? { ...step, errorCode: asyncError.code } : step,
    )
    track(announce(message, steps, script?.delivery ?? 'normal'))
    return message
  }

  /** Posts a message's statuses after the answer has gone: the send never waits for the shop. */
  async function announce(message: SimMessage, steps: { status: string; errorCode?: number }[], delivery: SimDelivery) {
    if (steps.length === 0) return
    await sleep(settings.webhookDelayMs)
    if (delivery === 'batch') {
      const values = steps.map((step) => {
        const event = { ...step, at: new Date() }
        message.statuses.push(event)
        return statusItem(message, event)
      })
      await deliver('batch', envelope([{ statuses: values }]), 'normal')
      return
    }
    for (const [index, step] of steps.entries()) {
      if (closed) return
      if (index > 0) await sleep(settings.statusGapMs)
      const event = { ...step, at: new Date() }
      message.statuses.push(event)
      await deliver('status', envelope([{ statuses: [statusItem(message, event)] }]), delivery)
    }
  }

  function statusItem(
    message: Pick<SimMessage, 'wamid' | 'waId' | 'callbackData' | 'category' | 'inWindow' | 'type'> | null,
    event: SimStatusEvent & { recipientId?: string; callbackData?: string | null },
  ) {
    const recipient = event.recipientId ?? message?.waId ?? '919999999999'
    const callbackData = event.callbackData === undefined ? (message?.callbackData ?? null) : event.callbackData
    const item: Input = {
      id: message?.wamid ?? '',
      status: event.status,
      timestamp: String(Math.floor(event.at.getTime() / 1000)),
      recipient_id: recipient,
    }
    if (callbackData !== null) item.biz_opaque_callback_data = callbackData
    if (event.status === 'failed') {
      const code = event.errorCode ?? 131026
      const known = GRAPH_ERRORS[code]
      item.errors = [
        {
          code,
          title: known?.title ?? 'Unknown error',
          message: known?.title ?? 'Unknown error',
          error_data: { details: known?.details ?? 'Unknown error' },
          href: ERROR_HREF,
        },
      ]
      return item
    }
    const category = message?.category ?? 'utility'
    // Inside an open window utility templates and service replies were free (July 2025); marketing and authentication never.
    const free = message?.inWindow === true && (category === 'utility' || category === 'service')
    if (event.status === 'sent' || event.status === 'delivered') {
      item.conversation = {
        id: createHmac('sha256', 'conversation').update(recipient).digest('hex').slice(0, 32),
        ...(event.status === 'sent'
          ? { expiration_timestamp: String(Math.floor(event.at.getTime() / 1000) + 86_400) }
          : {}),
        origin: { type: free ? 'service' : category },
      }
    }
    item.pricing = {
      billable: !free,
      pricing_model: 'PMP',
      type: free ? 'free_customer_service' : 'regular',
      category,
    }
    return item
  }

  function envelope(values: Input[], entries = 1) {
    const metadata = { display_phone_number: displayPhoneNumber, phone_number_id: options.phoneNumberId }
    const count = Math.max(1, Math.min(entries, values.length))
    return {
      object: 'whatsapp_business_account',
      entry: Array.from({ length: count }, (_, index) => ({
        id: wabaId,
        changes: values
          .filter((_, valueIndex) => valueIndex % count === index)
          .map((value) => ({ value: { messaging_product: 'whatsapp', metadata, ...value }, field: 'messages' })),
      })),
    }
  }

  async function deliver(kind: SimWebhook['kind'], body: object | string, delivery: SimDelivery): Promise<number[]> {
    const bytes = typeof body === 'string' ? body : metaJson(body)
    const signature: SimSignature =
      delivery === 'bad-signature' ? 'wrong' : delivery === 'no-signature' ? 'none' : 'right'
    if (delivery === 'drop' || !options.webhookUrl) {
      webhooks.push({ kind, body: bytes, signature, status: null, attempts: 0, time: new Date() })
      return []
    }
    if (delivery === 'twice') return [await post(kind, bytes, signature), await post(kind, bytes, signature)]
    if (delivery === 'concurrent') return Promise.all([post(kind, bytes, signature), post(kind, bytes, signature)])
    return [await post(kind, bytes, signature)]
  }

  async function post(kind: SimWebhook['kind'], bytes: string, signature: SimSignature): Promise<number> {
    const record: SimWebhook = { kind, body: bytes, signature, status: null, attempts: 0, time: new Date() }
    webhooks.push(record)
    const url = options.webhookUrl
    if (!url || closed) return 0
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'User-Agent': 'facebookexternalua',
    }
    const payload = Buffer.from(bytes, 'utf8')
    const hmac = (algorithm: string, secret: string) => createHmac(algorithm, secret).update(payload).digest('hex')
    if (signature === 'right') {
      headers['X-Hub-Signature-256'] = `sha256=${hmac('sha256', options.appSecret)}`
      headers['X-Hub-Signature'] = `sha1=${hmac('sha1', options.appSecret)}`
    }
    // A forger's signature has the right form, so only a real comparison refuses it.
    if (signature === 'wrong') headers['X-Hub-Signature-256'] = `sha256=${hmac('sha256', `${options.appSecret}-guess`)}`
    if (signature === 'malformed') headers['X-Hub-Signature-256'] = hmac('sha256', options.appSecret)
    for (let attempt = 1; attempt <= settings.webhookAttempts; attempt++) {
      if (attempt > 1) await sleep(settings.webhookRetryMs)
      if (closed) break
      record.attempts = attempt
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers,
          body: payload,
          signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        })
        await response.arrayBuffer()
        record.status = response.status
      } catch {
        // Unreachable or too slow: status 0, a failed delivery as Meta would see it.
        record.status = 0
      }
      if (record.status === 200) break
    }
    return record.status ?? 0
  }

  async function sendInbound(input: SimInbound) {
    const from = digits(input.from)
    const at = input.at ?? new Date()
    lastInbound.set(from, Math.max(lastInbound.get(from) ?? 0, at.getTime()))
    const id = wamid(from)
    const body = envelope([
      {
        contacts: [{ profile: { name: input.name ?? 'Customer' }, wa_id: from }],
        messages: [inboundItem(id, from, at, input)],
      },
    ])
    const statuses = await deliverSigned('inbound', body, input.delivery ?? 'normal', input.signature)
    return { id, statuses }
  }

  function inboundItem(id: string, from: string, at: Date, input: SimInbound): Input {
    const type = input.type ?? 'text'
    const item: Input = { from, id, timestamp: String(Math.floor(at.getTime() / 1000)), type }
    if (type === 'text') item.text = { body: input.text ?? '' }
    else if (type === 'button') item.button = { payload: input.text ?? '', text: input.text ?? '' }
    return item
  }

  async function deliverSigned(
    kind: SimWebhook['kind'],
    body: object,
    delivery: SimDelivery,
    signature: SimSignature | undefined,
  ): Promise<number[]> {
    if (!signature || signature === 'right') return deliver(kind, body, delivery)
    const bytes = metaJson(body)
    if (delivery === 'drop' || !options.webhookUrl) return deliver(kind, bytes, 'drop')
    const times = delivery === 'twice' || delivery === 'concurrent' ? 2 : 1
    if (delivery === 'concurrent') return Promise.all([post(kind, bytes, signature), post(kind, bytes, signature)])
    const statuses: number[] = []
    for (let i = 0; i < times; i++) statuses.push(await post(kind, bytes, signature))
    return statuses
  }

  async function sendStatus(input: SimStatusInput): Promise<number[]> {
    const message = byWamid.get(input.wamid)
    const event: SimStatusEvent = { status: input.status, at: input.at ?? new Date() }
    if (input.errorCode !== undefined) event.errorCode = input.errorCode
    message?.statuses.push(event)
    const item = statusItem(message ?? unknownMessage(input.wamid), {
      ...event,
      recipientId: input.recipientId,
      callbackData: input.callbackData,
    })
    return deliver('status', envelope([{ statuses: [item] }]), input.delivery ?? 'normal')
  }

  function unknownMessage(id: string) {
    return {
      wamid: id,
      waId: '919999999999',
      callbackData: null,
      category: 'utility',
      inWindow: false,
      type: 'template',
    }
  }

  async function sendBatch(items: SimBatchItem[], batchOptions: { entries?: number; signature?: SimSignature } = {}) {
    const values = items.map((item): Input => {
      if (item.kind === 'inbound') {
        const from = digits(item.from)
        const at = item.at ?? new Date()
        lastInbound.set(from, Math.max(lastInbound.get(from) ?? 0, at.getTime()))
        return {
          contacts: [{ profile: { name: item.name ?? 'Customer' }, wa_id: from }],
          messages: [inboundItem(wamid(from), from, at, item)],
        }
      }
      const message = byWamid.get(item.wamid)
      const event: SimStatusEvent = { status: item.status, at: item.at ?? new Date() }
      if (item.errorCode !== undefined) event.errorCode = item.errorCode
      message?.statuses.push(event)
      return {
        statuses: [
          statusItem(message ?? unknownMessage(item.wamid), {
            ...event,
            recipientId: item.recipientId,
            callbackData: item.callbackData,
          }),
        ],
      }
    })
    // Several statuses of one entry share a change, as Meta batches them.
    const entries = batchOptions.entries ?? 1
    const merged = entries === 1 ? [mergeValues(values)] : values
    const [status] = await deliverSigned('batch', envelope(merged, entries), 'normal', batchOptions.signature)
    return status ?? 0
  }

  function mergeValues(values: Input[]): Input {
    const merged: { statuses: unknown[]; messages: unknown[]; contacts: unknown[] } = {
      statuses: [],
      messages: [],
      contacts: [],
    }
    for (const value of values) {
      for (const key of ['statuses', 'messages', 'contacts'] as const) {
        const list = value[key]
        if (Array.isArray(list)) merged[key].push(...list)
      }
    }
    return Object.fromEntries(Object.entries(merged).filter(([, list]) => list.length > 0))
  }

  async function sendWebhook(body: object | string, webhookOptions: { signature?: SimSignature } = {}) {
    const bytes = typeof body === 'string' ? body : metaJson(body)
    if (!options.webhookUrl) throw new Error('the WhatsApp simulator has no webhookUrl')
    return post('raw', bytes, webhookOptions.signature ?? 'right')
  }

  async function replayWebhook(index?: number, replay: { times?: number; concurrent?: boolean } = {}) {
    const original = webhooks.at(index ?? -1)
    if (!original) throw new Error(`no webhook at index ${index}`)
    const times = replay.times ?? 1
    const send = () => post('replay', original.body, original.signature)
    if (replay.concurrent) return Promise.all(Array.from({ length: times }, send))
    const statuses: number[] = []
    for (let i = 0; i < times; i++) statuses.push(await send())
    return statuses
  }

  async function handshake(input: { verifyToken: string; challenge?: string; mode?: string }) {
    if (!options.webhookUrl) throw new Error('the WhatsApp simulator has no webhookUrl')
    const url = new URL(options.webhookUrl)
    url.searchParams.set('hub.mode', input.mode ?? 'subscribe')
    url.searchParams.set('hub.challenge', input.challenge ?? String(1_000_000_000 + randomBytes(3).readUIntBE(0, 3)))
    url.searchParams.set('hub.verify_token', input.verifyToken)
    try {
      const response = await fetch(url, {
        headers: { 'User-Agent': 'facebookplatform/1.0 (+http://developers.facebook.com)' },
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      })
      return { status: response.status, body: await response.text() }
    } catch {
      return { status: 0, body: '' }
    }
  }

  function addFault(fault: SimFault) {
    const times = fault.times ?? (PERSISTENT_FAULTS.has(fault.kind) ? 'always' : 1)
    faults.push({ fault, left: times === 'always' ? Number.POSITIVE_INFINITY : times })
  }

  function matches(fault: SimFault, to: string, template: string) {
    return (
      (fault.to === undefined || digits(fault.to) === to) &&
      (fault.template === undefined || fault.template === template)
    )
  }

  /** The first live fault of this kind for this send, used up by one. */
  function take(kind: SimFault['kind'], to: string, template: string): SimFault | undefined {
    const found = faults.find(
      (active) => active.fault.kind === kind && active.left > 0 && matches(active.fault, to, template),
    )
    if (!found) return undefined
    found.left--
    return found.fault
  }

  /** A fault that strikes before the send is checked: nothing is accepted. */
  function upfrontFault(to: string, template: string) {
    for (const active of faults) {
      const { fault } = active
      if (active.left <= 0 || !matches(fault, to, template)) continue
      const strikes =
        fault.kind === 'server-error' ||
        fault.kind === 'throughput' ||
        fault.kind === 'pair-rate' ||
        (fault.kind === 'slow' && !fault.accept) ||
        (fault.kind === 'error' && !fault.async)
      if (strikes) {
        active.left--
        return fault
      }
    }
    return undefined
  }

  function takeAsyncError(to: string, template: string) {
    const found = faults.find(
      (active) =>
        active.fault.kind === 'error' && active.fault.async && active.left > 0 && matches(active.fault, to, template),
    )
    if (found?.fault.kind !== 'error') return null
    found.left--
    return { code: found.fault.code }
  }

  /** A fault that strikes after the message was accepted: only the answer suffers. */
  function afterAcceptFault(to: string, template: string) {
    for (const active of faults) {
      const { fault } = active
      if (active.left <= 0 || !matches(fault, to, template)) continue
      if (fault.kind === 'lost-answer' || (fault.kind === 'slow' && fault.accept)) {
        active.left--
        return fault
      }
    }
    return undefined
  }

  function setScript(to: string, script: SimScript) {
    const key = to === '*' ? '*' : digits(to)
    scripts.set(key, { script, left: script.times ?? Number.POSITIVE_INFINITY })
  }

  function scriptFor(waId: string): SimScript | undefined {
    for (const key of [waId, '*']) {
      const active = scripts.get(key)
      if (active && active.left > 0) {
        active.left--
        return active.script
      }
    }
    return undefined
  }

  function setTemplateStatus(name: string, status: SimTemplateStatus, language?: string) {
    const found = templates.filter((t) => t.name === name && (language === undefined || t.language === language))
    if (found.length === 0) throw new Error(`no simulated template ${name}${language ? ` in ${language}` : ''}`)
    for (const template of found) template.status = status
  }

  function accepted(filter: MessageFilter = {}) {
    return messages.filter(
      (message) =>
        (filter.to === undefined || message.waId === digits(filter.to)) &&
        (filter.template === undefined || message.template === filter.template) &&
        (filter.language === undefined || message.language === filter.language) &&
        (filter.type === undefined || message.type === filter.type) &&
        (filter.callbackData === undefined ||
          (typeof filter.callbackData === 'string'
            ? message.callbackData === filter.callbackData
            : filter.callbackData.test(message.callbackData ?? ''))),
    )
  }

  function track(task: Promise<unknown>) {
    const settled = task.catch(() => {}).finally(() => pending.delete(settled))
    pending.add(settled)
  }

  async function idle() {
    while (pending.size > 0) await Promise.all([...pending])
  }

  /** A wait that close() cuts short. */
  function sleep(ms: number) {
    return new Promise<void>((resolve) => {
      if (closed || ms <= 0) return resolve()
      const timer = setTimeout(done, ms)
      timers.set(timer, done)
      function done() {
        timers.delete(timer)
        clearTimeout(timer)
        resolve()
      }
    })
  }

  function reset() {
    requests.length = 0
    messages.length = 0
    webhooks.length = 0
    byWamid.clear()
    lastInbound.clear()
    lastSend.clear()
    recentSends = []
    faults = []
    scripts = new Map()
  }

  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: options.port ?? 0 }) as Server
  await new Promise<void>((resolve) => server.once('listening', () => resolve()))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url,
    requests,
    messages,
    webhooks,
    accepted,
    message: (id) => byWamid.get(id),
    fault: addFault,
    clearFaults() {
      faults = []
    },
    script: setScript,
    clearScripts() {
      scripts = new Map()
    },
    configure,
    settings: () => ({ ...settings }),
    setAccessToken(token) {
      accessToken = token
    },
    setTemplateStatus,
    sendInbound,
    sendStatus,
    sendBatch,
    sendWebhook,
    replayWebhook,
    handshake,
    idle,
    reset,
    async close() {
      closed = true
      for (const done of [...timers.values()]) done()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await idle()
    },
  }
}

// Control API bodies: strict, so a typo in a drill is an error, not a silent no-op.
const SIGNATURE_SCHEMA = z.enum(['right', 'wrong', 'malformed', 'none'])
const OUTCOME_SCHEMA = z.enum([
  'delivered-read',
  'delivered',
  'read-only',
  'read-then-delivered',
  'undeliverable',
  'failed-then-delivered',
  'sent',
  'silent',
])
const DELIVERY_SCHEMA = z.enum(['normal', 'twice', 'concurrent', 'batch', 'drop', 'bad-signature', 'no-signature'])
const FILTER = {
  to: z.string().optional(),
  template: z.string().optional(),
  times: z.union([z.number().int().min(1), z.literal('always')]).optional(),
}
const FAULT_SCHEMA = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('expired-token'), ...FILTER }),
  z.strictObject({ kind: z.literal('throughput'), httpStatus: z.number().int().optional(), ...FILTER }),
  z.strictObject({ kind: z.literal('pair-rate'), httpStatus: z.number().int().optional(), ...FILTER }),
  z.strictObject({ kind: z.literal('marketing-limited'), ...FILTER }),
  z.strictObject({ kind: z.literal('marketing-stopped'), ...FILTER }),
  z.strictObject({ kind: z.literal('template-paused'), ...FILTER }),
  z.strictObject({ kind: z.literal('template-disabled'), ...FILTER }),
  z.strictObject({
    kind: z.literal('server-error'),
    httpStatus: z.union([z.literal(500), z.literal(502), z.literal(503), z.literal(504)]).optional(),
    ...FILTER,
  }),
  z.strictObject({ kind: z.literal('slow'), ms: z.number().int().min(0), accept: z.boolean().optional(), ...FILTER }),
  z.strictObject({ kind: z.literal('lost-answer'), ...FILTER }),
  z.strictObject({
    kind: z.literal('error'),
    code: z.number().int(),
    httpStatus: z.number().int().optional(),
    message: z.string().optional(),
    details: z.string().optional(),
    async: z.boolean().optional(),
    ...FILTER,
  }),
])
const SCRIPT_SCHEMA = z.strictObject({
  to: z.string().min(1),
  outcome: OUTCOME_SCHEMA.optional(),
  delivery: DELIVERY_SCHEMA.optional(),
  times: z.number().int().min(1).optional(),
})
const SETTINGS_SCHEMA = z.strictObject({
  latencyMs: z.number().min(0).optional(),
  webhookDelayMs: z.number().min(0).optional(),
  statusGapMs: z.number().min(0).optional(),
  pairRateWindowMs: z.number().min(0).optional(),
  throughputPerSecond: z.number().min(0).optional(),
  webhookAttempts: z.number().int().min(1).max(10).optional(),
  webhookRetryMs: z.number().min(0).optional(),
  rateLimitHttpStatus: z.number().int().min(400).max(599).optional(),
})
const INBOUND_FIELDS = {
  from: z.string().min(1),
  text: z.string().optional(),
  type: z.string().optional(),
  name: z.string().optional(),
  at: z.iso.datetime().optional(),
}
const INBOUND_SCHEMA = z.strictObject({
  ...INBOUND_FIELDS,
  signature: SIGNATURE_SCHEMA.optional(),
  delivery: z.enum(['normal', 'twice', 'concurrent', 'drop']).optional(),
})
const STATUS_FIELDS = {
  wamid: z.string().min(1),
  status: z.string().min(1),
  errorCode: z.number().int().optional(),
  recipientId: z.string().optional(),
  callbackData: z.string().nullable().optional(),
  at: z.iso.datetime().optional(),
}
const STATUS_SCHEMA = z.strictObject({
  ...STATUS_FIELDS,
  delivery: z.enum(['normal', 'twice', 'concurrent', 'drop', 'bad-signature', 'no-signature']).optional(),
})
const BATCH_SCHEMA = z.strictObject({
  items: z
    .array(
      z.discriminatedUnion('kind', [
        z.strictObject({ kind: z.literal('status'), ...STATUS_FIELDS }),
        z.strictObject({ kind: z.literal('inbound'), ...INBOUND_FIELDS }),
      ]),
    )
    .min(1),
  entries: z.number().int().min(1).optional(),
  signature: SIGNATURE_SCHEMA.optional(),
})

/** JSON as Meta writes it: every character beyond ASCII as a \uXXXX escape (an emoji as its two surrogates). */
export function metaJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

/** A wamid shaped like Meta's: base64 of the recipient's number and a random id. */
function wamid(waId: string) {
  const id = randomBytes(9).toString('hex').toUpperCase()
  const bytes = Buffer.concat([
    Buffer.from([0x1c, 0x18, waId.length]),
    Buffer.from(waId),
    Buffer.from([0x15, 0x02, 0x00, 0x11, 0x18, id.length]),
    Buffer.from(id),
    Buffer.from([0x00]),
  ])
  return `wamid.${bytes.toString('base64')}`
}

function traceId() {
  return randomBytes(15).toString('base64').replace(/[+/=]/g, 'A')
}

function graphError(refusal: GraphRefusal) {
  const error: Input = {
    message: refusal.code === 190 ? refusal.message : `(#${refusal.code}) ${refusal.message}`,
    type: 'OAuthException',
    code: refusal.code,
  }
  if (refusal.subcode !== undefined) error.error_subcode = refusal.subcode
  if (refusal.code !== 190) error.error_data = { messaging_product: 'whatsapp', details: refusal.details }
  error.fbtrace_id = traceId()
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  if (refusal.code === 190) headers['WWW-Authenticate'] = 'OAuth "Facebook Platform" "invalid_token"'
  return new Response(JSON.stringify({ error }), { status: refusal.httpStatus, headers })
}

function serverError(status: number) {
  if (status === 502 || status === 504) return edgePage(status)
  const code = status === 503 ? 131016 : 131000
  return graphError(new GraphRefusal(code, undefined, { httpStatus: status }))
}

/** A gateway's answer, in HTML: a client must not assume JSON. */
function edgePage(status: number) {
  const title = status === 502 ? 'Bad Gateway' : 'Gateway Timeout'
  return new Response(`<html><head><title>${status} ${title}</title></head><body><h1>${title}</h1></body></html>\n`, {
    status,
    headers: { 'Content-Type': 'text/html' },
  })
}

function digits(phone: string) {
  return phone.replace(/^\+/, '')
}

function asObject(value: unknown): Input {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Input) : {}
}

// `node server/whatsapp-simulator.ts`: a simulator for a shop started by hand, set up from the
// environment (WHATSAPP_ACCESS_TOKEN, WHATSAPP_APP_SECRET, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_GRAPH_VERSION,
// WHATSAPP_SIM_WEBHOOK_URL, WHATSAPP_SIM_PORT), driven through its /__sim/ control API.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const env = process.env
  const simulator = await startWhatsAppSimulator({
    accessToken: env.WHATSAPP_ACCESS_TOKEN || 'simulator-token',
    appSecret: env.WHATSAPP_APP_SECRET || 'simulator-app-secret',
    phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID || '106540352242922',
    graphVersion: env.WHATSAPP_GRAPH_VERSION || 'v23.0',
    webhookUrl: env.WHATSAPP_SIM_WEBHOOK_URL || undefined,
    port: Number(env.WHATSAPP_SIM_PORT) || 0,
  })
  console.warn(`WhatsApp simulator listening on ${simulator.url} (control API under /__sim/)`)
  const stop = () => void simulator.close().then(() => process.exit(0))
  process.once('SIGTERM', stop)
  process.once('SIGINT', stop)
}
