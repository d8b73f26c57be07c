// What Meta posts to the shop's WhatsApp webhook (reference/whatsapp.md), read without trusting it:
// the X-Hub-Signature-256 check over the raw bytes, the GET handshake, the statuses of sent messages
// and the customers' own messages, and the rule that keeps a message's state from going backwards
// when webhooks come late, twice or out of order. Pure functions: the route that stores and answers
// lives with the notifier.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

// Meta writes lowercase hex; uppercase hex is the same bytes, so it is not refused for its case.
const SIGNATURE = /^sha256=([0-9a-fA-F]{64})$/

/**
 * Whether `header` (X-Hub-Signature-256) is `sha256=` and the HMAC-SHA256 of the exact bytes received,
 * keyed with the app secret. Over the raw body, never re-serialised JSON: Meta escapes non-ASCII as
 * \uXXXX and signs that text. Compared in constant time; missing, malformed or wrong is false.
 */
export function isRightSignature(rawBody: Uint8Array, header: string | null, appSecret: string): boolean {
  if (!appSecret || !header) return false
  const match = SIGNATURE.exec(header.trim())
  if (!match) return false
  const expected = createHmac('sha256', appSecret).update(rawBody).digest()
  return timingSafeEqual(expected, Buffer.from(match[1]!, 'hex'))
}

/**
 * The GET handshake Meta sends when the callback URL is saved: the challenge to answer (200, as plain
 * text) when hub.mode is subscribe and hub.verify_token is the shop's, otherwise null (answer 403).
 */
export function handshakeChallenge(url: URL, verifyToken: string): string | null {
  const params = url.searchParams
  const challenge = params.get('hub.challenge')
  if (!verifyToken || params.get('hub.mode') !== 'subscribe' || !challenge) return null
  if (!sameSecret(params.get('hub.verify_token') ?? '', verifyToken)) return null
  // Meta's challenge is a number; anything else is not echoed back into a response.
  return /^[A-Za-z0-9._-]{1,256}$/.test(challenge) ? challenge : null
}

/** Constant time whatever the lengths: both sides hashed to 32 bytes first. */
function sameSecret(given: string, expected: string) {
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(given), digest(expected))
}

export interface WebhookStatus {
  wamid: string
  /** sent, delivered, read or failed; played and deleted exist too, and others may come. */
  status: string
  at: Date
  recipientId: string | null
  /** biz_opaque_callback_data, as it was sent. */
  callbackData: string | null
  /** The first of `errors`, on a failed status. */
  error: { code: number; title: string; details: string } | null
  /** The business number it concerns (metadata.phone_number_id). */
  phoneNumberId: string | null
  /** pricing.category ('utility', 'authentication', 'marketing', 'service'), when Meta says. */
  pricingCategory: string | null
}

export interface WebhookInbound {
  /** The customer's number, digits without '+'. */
  from: string
  id: string
  at: Date
  /** The text, a button's text or an interactive reply's title; null for media and the like. */
  text: string | null
  type: string
  /** The name on the customer's WhatsApp profile, when Meta sends it. */
  profileName: string | null
  phoneNumberId: string | null
}

export interface WhatsAppWebhook {
  statuses: WebhookStatus[]
  inbound: WebhookInbound[]
}

type Loose = Record<string, unknown>

/**
 * Every status and inbound message of a notification, over every entry, change and item: one POST may
 * carry several of each. Tolerant: unknown fields are ignored, an item without what it needs is
 * skipped, and fields other than `messages` (template status updates, quality ...) are left out. A
 * timestamp Meta left out or garbled reads as the time of reading.
 */
export function readWhatsAppWebhook(json: unknown): WhatsAppWebhook {
  const result: WhatsAppWebhook = { statuses: [], inbound: [] }
  const root = object(json)
  if (root.object !== 'whatsapp_business_account') return result
  for (const entry of list(root.entry)) {
    for (const change of list(object(entry).changes)) {
      const { field, value: raw } = object(change)
      if (field !== 'messages') continue
      const value = object(raw)
      const phoneNumberId = text(object(value.metadata).phone_number_id)
      const names = new Map<string, string>()
      for (const contact of list(value.contacts)) {
        const { wa_id, profile } = object(contact)
        const name = text(object(profile).name)
        if (typeof wa_id === 'string' && name) names.set(wa_id, name)
      }
      for (const item of list(value.statuses)) {
        const status = object(item)
        const wamid = text(status.id)
        const state = text(status.status)
        if (!wamid || !state) continue
        const first = object(list(status.errors)[0])
        result.statuses.push({
          wamid,
          status: state,
          at: timestamp(status.timestamp),
          recipientId: text(status.recipient_id),
          callbackData: typeof status.biz_opaque_callback_data === 'string' ? status.biz_opaque_callback_data : null,
          error:
            typeof first.code === 'number'
              ? {
                  code: first.code,
                  title: text(first.title) ?? text(first.message) ?? '',
                  details: text(object(first.error_data).details) ?? text(first.message) ?? text(first.title) ?? '',
                }
              : null,
          phoneNumberId,
          pricingCategory: text(object(status.pricing).category),
        })
      }
      for (const item of list(value.messages)) {
        const message = object(item)
        const from = text(message.from)
        const id = text(message.id)
        if (!from || !id) continue
        const type = text(message.type) ?? 'unknown'
        result.inbound.push({
          from: from.replace(/^\+/, ''),
          id,
          at: timestamp(message.timestamp),
          text: messageText(message),
          type,
          profileName: names.get(from) ?? null,
          phoneNumberId,
        })
      }
    }
  }
  return result
}

function messageText(message: Loose): string | null {
  return (
    text(object(message.text).body) ??
    text(object(message.button).text) ??
    text(object(object(message.interactive).button_reply).title) ??
    text(object(object(message.interactive).list_reply).title)
  )
}

function object(value: unknown): Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Loose) : {}
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : []
}

function text(value: unknown): string | null {
  if (typeof value === 'number') return String(value)
  return typeof value === 'string' && value !== '' ? value : null
}

/** Unix seconds, as a string (Meta's) or a number. */
function timestamp(value: unknown): Date {
  const seconds = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value
  return typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(seconds * 1000) : new Date()
}

/**
 * How far a message has got: sent < delivered < read. `failed` and the others have no rank: see
 * higherStatus for how they meet the ranked ones.
 */
export const STATUS_RANK: Readonly<Record<string, number>> = { sent: 1, delivered: 2, read: 3 }

/**
 * The state to keep when `incoming` arrives for a message in state `current` (null: none yet). The
 * reference's rule: the higher rank wins and nothing is lowered (a late `delivered` after `read`, a
 * repeated `sent`); a `failed` after `delivered` or `read` changes nothing (the customer did get it);
 * a `delivered` or `read` after `failed` wins for the same reason; a status the shop does not rank
 * (played, deleted, anything new) changes nothing once there is a state.
 */
export function higherStatus(current: string | null, incoming: string): string {
  if (current === null) return incoming
  const now = STATUS_RANK[current]
  const next = STATUS_RANK[incoming]
  if (incoming === 'failed') return now !== undefined && now >= STATUS_RANK.delivered! ? current : 'failed'
  if (next === undefined) return current
  if (current === 'failed') return next >= STATUS_RANK.delivered! ? incoming : current
  if (now === undefined) return incoming
  return next > now ? incoming : current
}

/** Whether the customer's phone has the message: `read` implies `delivered` (Meta may send only `read`). */
export function isDeliveredStatus(status: string | null): boolean {
  return status === 'delivered' || status === 'read'
}

// Only a whole message that is one of these words (any case, with a full stop or "!" after it) revokes
// the opt-in: "stop sending the sev, send bundi" or "बंद डिब्बा" must not. English STOP and UNSUBSCRIBE
// as WhatsApp users write them; Hindi बंद ("off/stop") and रोकें ("stop"), and the two-word forms
// people type for them.
const STOP_WORDS = new Set(['stop', 'unsubscribe', 'बंद', 'बंद करें', 'बंद करो', 'रोकें', 'रोको'])

/** Whether an inbound text asks the shop to stop WhatsApp messages (conservative: see STOP_WORDS). */
export function isStopMessage(text: string | null): boolean {
  if (!text) return false
  const word = text
    .normalize('NFC')
    .trim()
    .replace(/[\s.!।]+$/u, '')
    .replace(/\s+/g, ' ')
    .toLowerCase()
  return STOP_WORDS.has(word)
}
