// WhatsApp order updates (reference/whatsapp.md): every opt-in and withdrawal as it was given, one row
// per notice sent (or held back), and each webhook item stored before it is applied.
import { sql } from 'drizzle-orm'
import { bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { LOCALES } from '#app/i18n/locale.ts'
import { users } from '../accounts/schema.ts'
import { orders } from '../orders/schema.ts'

/** Where a consent was given or withdrawn: the checkout's box, My Account, or a STOP reply on WhatsApp. */
export const CONSENT_SOURCES = ['checkout', 'account', 'whatsapp'] as const
export type ConsentSource = (typeof CONSENT_SOURCES)[number]

export const MESSAGE_AUDIENCES = ['customer', 'owner'] as const
export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number]

/**
 * A notice's way: queued in the outbox; sending (marked before Meta is called, so a send whose answer
 * was lost is never made again); accepted (Meta's 200 and its wamid: accepted for delivery, nothing
 * more); then sent, delivered and read as the status webhooks say (ranked in that order, never
 * lowered); failed (Meta's error code and title kept), or fallback: failed, and the SMS it replaced
 * queued instead (a customer's notices have one; the owner's alert and the money notices do not).
 */
export const MESSAGE_STATUSES = [
  'queued',
  'sending',
  'accepted',
  'sent',
  'delivered',
  'read',
  'failed',
  'fallback',
] as const
export type MessageStatus = (typeof MESSAGE_STATUSES)[number]

export const EVENT_KINDS = ['status', 'inbound'] as const
export type EventKind = (typeof EVENT_KINDS)[number]

/** A template's body parameters, positional ({{1}}, {{2}} ...) in order (app/whatsapp/templates.ts). */
export type MessageParams = string[]

/**
 * Every opt-in to and withdrawal from WhatsApp order updates, never changed or deleted: the number,
 * the exact sentence the person saw (in the language they saw it), where and when. A number's current
 * choice is its newest row (created_at, then id).
 */
export const whatsappConsents = pgTable(
  'whatsapp_consents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** '+91XXXXXXXXXX' */
    phone: text('phone').notNull(),
    /** The signed-in customer who gave it, if any; the record outlives the account. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The order placed with the checkout's box ticked; null from My Account or a STOP reply. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    granted: boolean('granted').notNull(),
    wording: text('wording').notNull(),
    locale: text('locale', { enum: LOCALES }).notNull(),
    source: text('source', { enum: CONSENT_SOURCES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('whatsapp_consents_phone_check', sql`${t.phone} ~ '^\\+91[6-9][0-9]{9}$'`),
    check('whatsapp_consents_locale_check', sql`${t.locale} in ('en', 'hi')`),
    check('whatsapp_consents_source_check', sql`${t.source} in ('checkout', 'account', 'whatsapp')`),
    check('whatsapp_consents_wording_check', sql`length(${t.wording}) between 1 and 500`),
    // DESC NULLS FIRST is plain DESC: 'order by created_at desc, id desc' reads the newest row first.
    index('whatsapp_consents_phone_idx').on(t.phone, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
)

/**
 * One row per WhatsApp notice, written in the transaction of the change it announces with its outbox
 * job ('whatsapp', { messageId }), and keyed by the notice (order:<order id>:<template>:<n>, the n-th
 * of that template for the order): a retry updates this row, so it can never become a second message.
 * The wamid Meta answers with is what the status webhooks name; the row id goes out as
 * biz_opaque_callback_data ('msg:<id>'), so a status names the row even when the send's answer was lost.
 */
export const whatsappMessages = pgTable(
  'whatsapp_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    noticeKey: text('notice_key').notNull().unique(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    audience: text('audience', { enum: MESSAGE_AUDIENCES }).notNull(),
    template: text('template').notNull(),
    locale: text('locale', { enum: LOCALES }).notNull(),
    /** '+91XXXXXXXXXX' */
    toPhone: text('to_phone').notNull(),
    params: jsonb('params').$type<MessageParams>().notNull(),
    wamid: text('wamid').unique(),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull().default('queued'),
    /** Meta's error code (131026, 132001 ...) and title, for a failed send. */
    errorCode: integer('error_code'),
    errorTitle: text('error_title'),
    attempts: integer('attempts').notNull().default(0),
    /**
     * The SMS the notice replaced, sent instead when WhatsApp cannot deliver it: every customer's
     * notice has one but payment received and refunded (news WhatsApp alone gives).
     */
    fallbackSms: text('fallback_sms'),
    /** When the fallback SMS was queued (once at most). */
    fallbackQueuedAt: timestamp('fallback_queued_at', { withTimezone: true }),
    /**
     * The parameters carry a secret (the delivery OTP): they are wiped once Meta has the message, and
     * the fallback text once it is delivered, read or sent by SMS instead (a trigger, migration 0016).
     */
    sensitive: boolean('sensitive').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The time of the status webhook the status came from. */
    statusAt: timestamp('status_at', { withTimezone: true }),
  },
  (t) => [
    check('whatsapp_messages_audience_check', sql`${t.audience} in ('customer', 'owner')`),
    check('whatsapp_messages_locale_check', sql`${t.locale} in ('en', 'hi')`),
    check(
      'whatsapp_messages_status_check',
      sql`${t.status} in ('queued', 'sending', 'accepted', 'sent', 'delivered', 'read', 'failed', 'fallback')`,
    ),
    check('whatsapp_messages_attempts_check', sql`${t.attempts} >= 0`),
    index('whatsapp_messages_order_idx').on(t.orderId),
  ],
)

/**
 * Every webhook item the shop accepted (a status of a sent message, or a customer's message), stored
 * before it is applied; a repeat has the same dedupe key (wamid|status, or the inbound message's id)
 * and is not stored again.
 */
export const whatsappEvents = pgTable(
  'whatsapp_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    kind: text('kind', { enum: EVENT_KINDS }).notNull(),
    body: jsonb('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** What applying it did. */
    outcome: text('outcome'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
  },
  (t) => [
    check('whatsapp_events_kind_check', sql`${t.kind} in ('status', 'inbound')`),
    index('whatsapp_events_unprocessed_idx').on(t.receivedAt).where(sql`${t.processedAt} is null`),
    // A send whose answer was lost is looked up by the row id it carried (biz_opaque_callback_data
    // 'msg:<id>', stored as callbackData): rare, but over every status ever stored.
    index('whatsapp_events_callback_idx')
      .on(sql`(${t.body}->>'callbackData')`)
      .where(sql`${t.kind} = 'status' and ${t.body}->>'callbackData' like 'msg:%'`),
  ],
)
