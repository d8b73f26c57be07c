// A message from the contact form: checked, rate-limited per client address, stored, and announced by
// two e-mails (to the shop, and a confirmation to the sender) queued in the same transaction.
import { m } from '#app/paraglide/messages.js'
import type { Db } from '#app/platform/db.server.ts'
import type { MailMessage } from '#app/platform/mailer.server.ts'
import { enqueue } from '#app/platform/outbox.server.ts'
import { hitRateLimit, type RateLimitRule } from '#app/platform/rate-limit.server.ts'
import type { ShopSettings } from '#app/settings/settings.server.ts'
import { getSettings } from '#app/settings/settings.server.ts'
import { formatIndianMobile } from '#app/shared/phone.ts'
import { type ContactFieldErrors, type ContactMessageInput, validateContactForm } from './contact-form.ts'
import { contactMessages } from './schema.ts'

/**
 * Five messages an hour from one address. Only well-formed messages count: a refused form stores and
 * sends nothing, so typing mistakes never use up a shopper's allowance.
 */
export const CONTACT_RATE_LIMIT: RateLimitRule = { name: 'contact:ip', limit: 5, windowMs: 60 * 60_000 }

export type SendContactMessageResult =
  | { status: 'sent'; messageId: string }
  | { status: 'invalid'; fieldErrors: ContactFieldErrors }
  | { status: 'rate-limited'; retryAfterSeconds: number }

export interface SendContactMessageInput {
  /** The form as posted; checked here, whatever the browser already checked. */
  values: unknown
  clientIp: string
  now?: number
}

export async function sendContactMessage(
  db: Db,
  { values, clientIp, now = Date.now() }: SendContactMessageInput,
): Promise<SendContactMessageResult> {
  const validation = validateContactForm(values)
  if (!validation.ok) return { status: 'invalid', fieldErrors: validation.fieldErrors }
  const message = validation.data

  return db.transaction(async (tx): Promise<SendContactMessageResult> => {
    const limit = await hitRateLimit(tx, CONTACT_RATE_LIMIT, clientIp, now)
    if (!limit.allowed) return { status: 'rate-limited', retryAfterSeconds: limit.retryAfterSeconds }

    const shop = await getSettings(tx)
    const [stored] = await tx
      .insert(contactMessages)
      .values({ ...message, createdAt: new Date(now) })
      .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt })
    if (!stored) throw new Error('the contact message was not stored')

    await enqueue(tx, 'mail', messageToShop(shop, message, stored))
    await enqueue(tx, 'mail', confirmationToSender(shop, message, stored.id))
    return { status: 'sent', messageId: stored.id }
  })
}

const istDateTime = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
})

/** The short reference a shopper can quote on the phone. */
export function messageReference(messageId: string): string {
  return messageId.slice(0, 8).toUpperCase()
}

function messageToShop(
  shop: ShopSettings,
  message: ContactMessageInput,
  stored: { id: string; createdAt: Date },
): MailMessage {
  const name = `${message.firstName} ${message.lastName}`
  return {
    to: shop.email,
    replyTo: message.email,
    subject: `Contact form: message from ${name}`,
    text: [
      `A new message arrived through the contact form of ${shop.shopName}.`,
      '',
      `From: ${name}`,
      `E-mail: ${message.email}`,
      `Phone: ${message.phone ? formatIndianMobile(message.phone) : 'not given'}`,
      `Received: ${istDateTime.format(stored.createdAt)} IST`,
      `Reference: ${messageReference(stored.id)}`,
      '',
      'Message:',
      message.message,
      '',
      `Reply to this e-mail to answer ${message.firstName} directly. We promised a reply within 24 hours.`,
    ].join('\n'),
  }
}

// The confirmation goes to an address anyone can type, so it never repeats the message itself:
// the form cannot be used to send someone else a text of one's choosing. It is written in the
// language of the page the form was sent from.
function confirmationToSender(shop: ShopSettings, message: ContactMessageInput, messageId: string): MailMessage {
  return {
    to: message.email,
    replyTo: shop.email,
    subject: m.contact_mail_subject({ shopName: shop.shopName }),
    text: [
      m.notice_greeting({ name: message.firstName }),
      '',
      m.contact_mail_thanks({ shopName: shop.shopName }),
      m.contact_mail_reference({ reference: messageReference(messageId) }),
      '',
      m.contact_mail_urgent({ phone: shop.phone }),
      '',
      m.contact_mail_not_you(),
      '',
      m.notice_regards(),
      m.notice_team({ shopName: shop.shopName }),
      shop.address,
    ].join('\n'),
  }
}
