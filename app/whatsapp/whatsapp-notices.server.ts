// WhatsApp as a channel of the outbox, beside e-mail and SMS: a notice is a row of whatsapp_messages
// (the template, its parameters, the number, the language, how far it got) and an outbox job naming
// the row, both written in the transaction of the change they announce. The sender
// (app/whatsapp/sender.server.ts) makes the row one message at most, whatever the retries.
// The rows are keyed by the notice (order:<order id>:<template>:<n>, the order's n-th of that template);
// their ids are made here, so a caller writing everything in one statement (placing an order) can
// write the job beside its row.
import { randomUUID } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Tx } from '#app/platform/db.server.ts'
import { type OutboxJobRow, outboxJob } from '#app/platform/outbox.server.ts'
import { outboxJobs } from '#app/platform/schema.ts'
import { type MessageAudience, whatsappMessages } from './schema.ts'
import { isTemplateParamsError, type TemplateName, templateMessage, type WhatsAppLocale } from './templates.ts'

/** One WhatsApp message of a notice. */
export interface WhatsAppNotice {
  template: TemplateName
  /** The template's body parameters, in order. */
  params: string[]
  /** The SMS it replaces, sent instead when WhatsApp cannot deliver it (a customer's notices have one). */
  fallbackSms?: string
  /** The parameters carry a secret (the delivery OTP): wiped once no longer needed (see the schema). */
  sensitive?: boolean
}

export interface WhatsAppRecipient {
  orderId: string
  audience: MessageAudience
  locale: WhatsAppLocale
  /** '+91XXXXXXXXXX' */
  to: string
}

export type WhatsAppMessageRow = typeof whatsappMessages.$inferInsert

/**
 * A text as a template parameter: Meta refuses a newline, a tab or more than four spaces in a row in
 * one (132018), so a courier's reason or a name typed with them is written on one line.
 */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/**
 * Whether Meta would take every message of the notice (templates.ts checks each parameter): a notice
 * that would be refused (an empty AWB, a courier's reason of 2,000 characters) goes as it did before
 * WhatsApp, by SMS, rather than become a failure to send.
 */
export function whatsAppNoticeFits(notices: readonly WhatsAppNotice[], locale: WhatsAppLocale): boolean {
  try {
    for (const notice of notices) templateMessage(notice.template, locale, notice.params)
    return true
  } catch (error) {
    if (isTemplateParamsError(error)) return false
    throw error
  }
}

/** A notice's row and its job, the n-th of its template for the order (for a caller that writes them itself). */
export function whatsAppNoticeRows(
  notice: WhatsAppNotice,
  recipient: WhatsAppRecipient,
  n: number,
): { message: WhatsAppMessageRow; job: OutboxJobRow } {
  const id = randomUUID()
  return {
    message: {
      id,
      noticeKey: `order:${recipient.orderId}:${notice.template}:${n}`,
      orderId: recipient.orderId,
      audience: recipient.audience,
      template: notice.template,
      locale: recipient.locale,
      toPhone: recipient.to,
      params: notice.params,
      fallbackSms: notice.fallbackSms ?? null,
      sensitive: notice.sensitive ?? false,
      status: 'queued',
    },
    job: outboxJob('whatsapp', { messageId: id }),
  }
}

/**
 * Queues a notice's messages to one recipient, in order, in the caller's transaction. The callers
 * hold the order's row locked (FOR UPDATE), so the numbering of its notices cannot race.
 */
export async function enqueueWhatsAppNotices(
  tx: Tx,
  notices: readonly WhatsAppNotice[],
  recipient: WhatsAppRecipient,
): Promise<void> {
  if (notices.length === 0) return
  const templates = [...new Set(notices.map((notice) => notice.template))]
  const counts = await tx
    .select({ template: whatsappMessages.template, count: sql<number>`count(*)::int` })
    .from(whatsappMessages)
    .where(and(eq(whatsappMessages.orderId, recipient.orderId), inArray(whatsappMessages.template, templates)))
    .groupBy(whatsappMessages.template)
  const sent = new Map(counts.map((row) => [row.template, row.count]))
  const rows = notices.map((notice) => {
    const n = (sent.get(notice.template) ?? 0) + 1
    sent.set(notice.template, n)
    return whatsAppNoticeRows(notice, recipient, n)
  })
  await tx.insert(whatsappMessages).values(rows.map((row) => row.message))
  // In the notice's order: the outbox claims by id, and the sender keeps one number's messages in turn.
  await tx.insert(outboxJobs).values(rows.map((row) => row.job))
}
