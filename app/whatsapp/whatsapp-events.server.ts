// WhatsApp's webhook (reference/whatsapp.md, "Webhooks"), store then apply, as the courier's is
// (app/shipping/courier-webhook.server.ts): the POST's signature is checked over the raw bytes before
// anything is read, each status and inbound message in it is stored (a repeat, by its dedupe key, is
// not stored again) and Meta is answered at once; the event worker then applies the stored items in
// order, a batch per commit, each in a savepoint of it. An item that could not be applied stays stored
// and is tried again, five times at most.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db, Tx } from '#app/platform/db.server.ts'
import {
  applyStoredEventBatch,
  type EventWorker,
  startEventWorker,
  storeNewEvents,
} from '#app/platform/event-worker.server.ts'
import type { Logger } from '#app/platform/logger.server.ts'
import { withdrawWhatsAppConsent } from './consent.server.ts'
import { failureReason } from './notice-view.ts'
import { whatsappEvents, whatsappMessages } from './schema.ts'
import { alertFailedNotice, fallbackToSms } from './sender.server.ts'
import {
  higherStatus,
  isDeliveredStatus,
  isRightSignature,
  isStopMessage,
  readWhatsAppWebhook,
  type WebhookInbound,
  type WebhookStatus,
} from './webhook.ts'

export type WhatsAppWebhookOutcome = 'stored' | 'duplicate' | 'refused' | 'ignored'

/** A status or a message as stored: the webhook's reading of it, its time as ISO text, its place in the POST. */
type StoredStatus = Omit<WebhookStatus, 'at'> & { at: string; seq: number }
type StoredInbound = Omit<WebhookInbound, 'at'> & { at: string; seq: number }

/** The columns a webhook's item is stored in (whatsapp_events), beside the time it came. */
const EVENT_COLUMNS = { dedupe_key: 'text', kind: 'text', body: 'jsonb' } as const

/**
 * Checks and stores one POST; `stored` is told of new items (the worker's cue). The signature is
 * checked over `body` exactly as received, before it is parsed: a missing or wrong one is a 401 and
 * nothing is stored.
 */
export async function handleWhatsAppWebhook(
  db: Db,
  input: {
    body: Uint8Array
    signature: string | null
    appSecret: string
    log: Logger
    now?: Date
    stored?: () => void
  },
): Promise<{ status: 200 | 401; outcome: WhatsAppWebhookOutcome; stored: number }> {
  const { log } = input
  if (!isRightSignature(input.body, input.signature, input.appSecret)) {
    log.warn('WhatsApp webhook with a missing or wrong X-Hub-Signature-256: refused')
    return { status: 401, outcome: 'refused', stored: 0 }
  }
  let json: unknown = null
  try {
    json = JSON.parse(new TextDecoder().decode(input.body))
  } catch {
    // Signed by Meta, so answered 200 (anything else is sent again for days), but nothing to read.
    log.warn('signed WhatsApp webhook that is not JSON: ignored')
    return { status: 200, outcome: 'ignored', stored: 0 }
  }
  const { statuses, inbound } = readWhatsAppWebhook(json)
  const now = input.now ?? new Date()
  const rows = new Map<string, { dedupe_key: string; kind: 'status' | 'inbound'; body: StoredStatus | StoredInbound }>()
  let seq = 0
  for (const status of statuses) {
    const body: StoredStatus = { ...status, at: status.at.toISOString(), seq: seq++ }
    const key = `status|${status.wamid}|${status.status}`
    if (!rows.has(key)) rows.set(key, { dedupe_key: key, kind: 'status', body })
  }
  for (const message of inbound) {
    const body: StoredInbound = { ...message, at: message.at.toISOString(), seq: seq++ }
    const key = `inbound|${message.id}`
    if (!rows.has(key)) rows.set(key, { dedupe_key: key, kind: 'inbound', body })
  }
  // Template reviews, quality ratings and the like: not subscribed to, answered and left.
  if (rows.size === 0) return { status: 200, outcome: 'ignored', stored: 0 }
  const inserted = await storeNewEvents(db, 'whatsapp_events', EVENT_COLUMNS, [...rows.values()], now)
  if (inserted === 0) return { status: 200, outcome: 'duplicate', stored: 0 }
  input.stored?.()
  return { status: 200, outcome: 'stored', stored: inserted }
}

export interface WhatsAppEventContext {
  log?: Logger
  /** The shop's address. */
  publicUrl: string
  now?: Date
}

/**
 * What applying an item did: a status changed its message (applied), changed nothing (unchanged: a
 * repeat, a lower rank, a failure after delivery), or named no message of the shop's (unknown); a
 * customer's message withdrew their opt-in (stop), or was only recorded (recorded).
 */
export type WhatsAppEventOutcome = 'applied' | 'unchanged' | 'unknown' | 'stop' | 'recorded'

/** The row id the sender puts in biz_opaque_callback_data ('msg:<row id>'), for a send whose answer was lost. */
const CALLBACK_DATA = /^msg:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i

/** A customer's number as WhatsApp sends it (digits with the country code): '+91' and the ten digits, Indian only. */
const INDIAN_WA_ID = /^91([6-9]\d{9})$/

/**
 * Applies stored items not applied yet, oldest first (and within one POST, by Meta's time, then as
 * they came), `limit` at most, as one batch (applyStoredEventBatch: one commit, a savepoint per item);
 * returns how many were applied.
 */
export async function applyStoredWhatsAppEvents(db: Db, context: WhatsAppEventContext, limit = 50): Promise<number> {
  return applyStoredEventBatch(db, {
    table: whatsappEvents,
    name: 'WhatsApp webhook item',
    read: (waiting) =>
      db
        .select()
        .from(whatsappEvents)
        .where(waiting)
        .orderBy(
          asc(whatsappEvents.failedAttempts),
          asc(whatsappEvents.receivedAt),
          sql`${whatsappEvents.body}->>'at'`,
          sql`(${whatsappEvents.body}->>'seq')::int`,
          asc(whatsappEvents.id),
        )
        .limit(limit),
    apply(savepoint, event) {
      const now = context.now ?? new Date()
      return event.kind === 'status'
        ? applyStatus(savepoint, event.body as StoredStatus, { ...context, now })
        : applyInbound(savepoint, event.body as StoredInbound, { ...context, now })
    },
    applyTogether: (savepoint, events) => applyPlainStatuses(savepoint, events, context.now ?? new Date()),
    describe: (event) => ({ event: event.id, kind: event.kind }),
    log: context.log,
    now: context.now,
  })
}

type MessageRow = typeof whatsappMessages.$inferSelect

/**
 * The batch's sent, delivered and read statuses of messages found by their wamid, applied together
 * (most of what Meta sends): the messages read and locked in one statement, each one's statuses taken
 * in the batch's order by higherStatus as applyStatus takes them one by one, the changed messages
 * written in one statement. A message with a failure in the batch, a status naming its row only by
 * its callback data, an unknown wamid and customers' messages are left to applyStatus and
 * applyInbound. Outcomes by event id.
 */
async function applyPlainStatuses(
  tx: Tx,
  events: (typeof whatsappEvents.$inferSelect)[],
  now: Date,
): Promise<Map<string, string>> {
  const statuses = events.flatMap((event) =>
    event.kind === 'status' ? [{ id: event.id, status: event.body as StoredStatus }] : [],
  )
  const failing = new Set(statuses.filter(({ status }) => status.status === 'failed').map(({ status }) => status.wamid))
  const plain = statuses.filter(({ status }) => !failing.has(status.wamid))
  const outcomes = new Map<string, string>()
  if (plain.length === 0) return outcomes
  const found = await tx
    .select({ id: whatsappMessages.id, wamid: whatsappMessages.wamid, status: whatsappMessages.status })
    .from(whatsappMessages)
    .where(inArray(whatsappMessages.wamid, [...new Set(plain.map(({ status }) => status.wamid))]))
    .for('update')
  const messages = new Map(found.map((message) => [message.wamid!, { ...message, statusAt: null as string | null }]))
  for (const { id, status } of plain) {
    const message = messages.get(status.wamid)
    if (!message) continue
    const next = higherStatus(message.status, status.status) as MessageRow['status']
    if (next === message.status) {
      outcomes.set(id, 'unchanged')
      continue
    }
    message.status = next
    message.statusAt = status.at
    outcomes.set(id, 'applied')
  }
  const changed = [...messages.values()].filter((message) => message.statusAt !== null)
  if (changed.length > 0) {
    await tx.execute(sql`
      update ${whatsappMessages} set status = changed.status, status_at = changed.status_at::timestamptz,
        updated_at = ${now.toISOString()}::timestamptz
      from (values ${sql.join(
        changed.map((message) => sql`(${message.id}::uuid, ${message.status}, ${message.statusAt})`),
        sql`, `,
      )}) as changed(id, status, status_at)
      where ${whatsappMessages.id} = changed.id`)
  }
  return outcomes
}

/**
 * The message a status names: by its wamid, or (the send's answer lost, so the row has none yet) by
 * the row id it carried in biz_opaque_callback_data, the wamid then adopted. Locked for the change.
 */
async function findMessage(tx: Tx, status: StoredStatus, log: Logger | undefined): Promise<MessageRow | null> {
  const [byWamid] = await tx
    .select()
    .from(whatsappMessages)
    .where(eq(whatsappMessages.wamid, status.wamid))
    .for('update')
  if (byWamid) return byWamid
  const rowId = status.callbackData ? CALLBACK_DATA.exec(status.callbackData)?.[1] : undefined
  if (!rowId) return null
  const [byId] = await tx.select().from(whatsappMessages).where(eq(whatsappMessages.id, rowId)).for('update')
  if (!byId) return null
  // Its send's answer was saved between the two reads (each statement reads what is committed then).
  if (byId.wamid === status.wamid) return byId
  if (byId.wamid !== null) {
    // The row went out under another wamid: a second message for one notice, which the sender must
    // never make. Not applied to it: its own wamid's statuses tell how it went.
    log?.warn({ message: byId.id }, 'a WhatsApp status names a notice that has another wamid: not applied')
    return null
  }
  const [adopted] = await tx
    .update(whatsappMessages)
    .set({ wamid: status.wamid })
    .where(and(eq(whatsappMessages.id, byId.id), isNull(whatsappMessages.wamid)))
    .returning()
  log?.info({ message: byId.id }, "a WhatsApp notice's wamid, lost with the send's answer, is taken from its status")
  return adopted ?? null
}

/**
 * A status, by the reference's rule (higherStatus): never lowered, `read` without `delivered` taken,
 * a `failed` after delivery logged and nothing more, a `delivered`/`read` after `failed` winning. A
 * failure keeps Meta's code and title, tells the owner (for a customer's notice) and sends the
 * notice's SMS fallback, if it has one.
 */
async function applyStatus(
  tx: Tx,
  status: StoredStatus,
  context: WhatsAppEventContext & { now: Date },
): Promise<WhatsAppEventOutcome> {
  const { log, now } = context
  const message = await findMessage(tx, status, log)
  if (!message) {
    log?.info({ status: status.status }, 'WhatsApp status for a message the shop did not send: kept, nothing changed')
    return 'unknown'
  }
  const at = new Date(status.at)
  if (status.status === 'failed') {
    if (isDeliveredStatus(message.status)) {
      log?.warn(
        { message: message.id, code: status.error?.code ?? null },
        'WhatsApp says a delivered message failed (another device): it stays delivered',
      )
      return 'unchanged'
    }
    // Already failed (or sent by SMS instead): a second report of it changes nothing more.
    if (message.status === 'failed' || message.status === 'fallback') {
      if (message.errorCode !== null || !status.error) return 'unchanged'
      await tx
        .update(whatsappMessages)
        .set({ errorCode: status.error.code, errorTitle: status.error.title, updatedAt: now })
        .where(eq(whatsappMessages.id, message.id))
      return 'applied'
    }
    const error = status.error ?? { code: null, title: 'Failed without a reason from WhatsApp' }
    await tx
      .update(whatsappMessages)
      .set({ status: 'failed', errorCode: error.code, errorTitle: error.title, statusAt: at, updatedAt: now })
      .where(eq(whatsappMessages.id, message.id))
    const reason = failureReason({ errorCode: error.code, errorTitle: error.title }) ?? error.title
    log?.warn({ message: message.id, code: error.code }, 'a WhatsApp notice failed')
    if (message.audience === 'customer') await alertFailedNotice(tx, message, reason, now)
    await fallbackToSms(tx, message.id, reason)
    return 'applied'
  }
  const next = higherStatus(message.status, status.status)
  if (next === message.status) return 'unchanged'
  await tx
    .update(whatsappMessages)
    .set({ status: next as MessageRow['status'], statusAt: at, updatedAt: now })
    .where(eq(whatsappMessages.id, message.id))
  return 'applied'
}

/**
 * A customer's message: a STOP withdraws their number's opt-in, in their own words; anything else is
 * only kept (it opens the 24-hour window; the shop sends no free-form replies).
 */
async function applyInbound(
  tx: Tx,
  message: StoredInbound,
  context: WhatsAppEventContext & { now: Date },
): Promise<WhatsAppEventOutcome> {
  if (!isStopMessage(message.text)) return 'recorded'
  const national = INDIAN_WA_ID.exec(message.from)?.[1]
  if (!national) {
    context.log?.info('STOP from a number outside India: the shop sends nothing there, nothing to withdraw')
    return 'recorded'
  }
  const wrote = new Date(message.at)
  await withdrawWhatsAppConsent(tx, {
    phone: `+91${national}`,
    userId: null,
    orderId: null,
    wording: message.text!.trim().slice(0, 500),
    locale: /\p{Script=Devanagari}/u.test(message.text!) ? 'hi' : 'en',
    source: 'whatsapp',
    // When the customer wrote, so an opt-in given after it (in My Account) stays the newest; never later than now.
    now: wrote < context.now ? wrote : context.now,
  })
  context.log?.info('a customer replied STOP on WhatsApp: their opt-in is withdrawn')
  return 'stop'
}

export type WhatsAppEventWorker = EventWorker

/** Applies stored items as they come (app/platform/event-worker.server.ts), statuses of a message in order. */
export function startWhatsAppEventWorker(db: Db, context: WhatsAppEventContext): WhatsAppEventWorker {
  return startEventWorker(() => applyStoredWhatsAppEvents(db, context), {
    name: 'WhatsApp event worker',
    log: context.log,
  })
}
