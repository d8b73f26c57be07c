// Opt-in to WhatsApp order updates (reference/whatsapp.md, "Opt-in"): WhatsApp's policy asks for the
// person's opt-in naming the business before any message, and India's rules for an explicit one (no
// pre-ticked box). Each opt-in and withdrawal is a new row of whatsapp_consents with the number, the
// exact sentence shown (built here, from the messages and the shop's legal name: never taken from a
// browser), its language, where and when; a number's newest row is its choice.
import { desc, eq } from 'drizzle-orm'
import type { Locale } from '#app/i18n/locale.ts'
import { m } from '#app/paraglide/messages.js'
import type { Tx } from '#app/platform/db.server.ts'
import { normaliseIndianMobile } from '#app/shared/phone.ts'
import { type ConsentSource, whatsappConsents } from './schema.ts'

export interface WhatsAppConsentInput {
  /** An Indian mobile number in any of the forms people write; stored as '+91XXXXXXXXXX'. */
  phone: string
  /** The signed-in customer, if any. */
  userId: string | null
  /** The order placed with the box ticked (source 'checkout'); null otherwise. */
  orderId: string | null
  granted: boolean
  /** The exact sentence the person saw, in `locale` (whatsAppOptInWording, whatsAppWithdrawWording). */
  wording: string
  locale: Locale
  source: ConsentSource
  now?: Date
}

/** A consent that cannot be recorded as given: a programming error, never a shopper's typo. */
export class WhatsAppConsentError extends Error {
  override name = 'WhatsAppConsentError'
}

/** The checkout's box and My Account's button: "Send me order updates on WhatsApp from <legal name>". */
export function whatsAppOptInWording(legalName: string, locale: Locale): string {
  return m.whatsapp_optin_wording({ legalName }, { locale })
}

/** My Account's button to withdraw: "Stop sending me order updates on WhatsApp from <legal name>". */
export function whatsAppWithdrawWording(legalName: string, locale: Locale): string {
  return m.whatsapp_optin_withdraw_wording({ legalName }, { locale })
}

/**
 * The row an opt-in or withdrawal adds, checked: for a caller that writes it within a statement of
 * its own (placing an order writes everything in one).
 */
export function whatsAppConsentRow(input: WhatsAppConsentInput): typeof whatsappConsents.$inferInsert {
  const phone = normaliseIndianMobile(input.phone)
  if (!phone) throw new WhatsAppConsentError('a WhatsApp consent needs an Indian mobile number')
  const wording = input.wording.trim()
  if (!wording) throw new WhatsAppConsentError('a WhatsApp consent needs the sentence the person saw')
  if (input.source === 'checkout' && !input.orderId) {
    throw new WhatsAppConsentError('a WhatsApp consent given at checkout names its order')
  }
  return {
    phone,
    userId: input.userId,
    orderId: input.orderId,
    granted: input.granted,
    wording,
    locale: input.locale,
    source: input.source,
    createdAt: input.now ?? new Date(),
  }
}

/** Records an opt-in (granted) or a withdrawal, in the caller's transaction. */
export async function recordWhatsAppConsent(tx: Tx, input: WhatsAppConsentInput): Promise<void> {
  await tx.insert(whatsappConsents).values(whatsAppConsentRow(input))
}

/** Records a withdrawal: from My Account, or a STOP reply on WhatsApp (`wording`: what the customer wrote). */
export function withdrawWhatsAppConsent(tx: Tx, input: Omit<WhatsAppConsentInput, 'granted'>): Promise<void> {
  return recordWhatsAppConsent(tx, { ...input, granted: false })
}

export interface WhatsAppConsentState {
  granted: boolean
  source: ConsentSource
  createdAt: Date
}

/** A number's newest consent row, or null when it never opted in or out. */
export async function latestWhatsAppConsent(db: Tx, phone: string): Promise<WhatsAppConsentState | null> {
  const canonical = normaliseIndianMobile(phone)
  if (!canonical) return null
  const [row] = await db
    .select({
      granted: whatsappConsents.granted,
      source: whatsappConsents.source,
      createdAt: whatsappConsents.createdAt,
    })
    .from(whatsappConsents)
    .where(eq(whatsappConsents.phone, canonical))
    .orderBy(desc(whatsappConsents.createdAt), desc(whatsappConsents.id))
    .limit(1)
  return row ?? null
}

/** Whether WhatsApp messages may go to this number: its newest consent row is an opt-in. */
export async function hasWhatsAppConsent(db: Tx, phone: string): Promise<boolean> {
  return (await latestWhatsAppConsent(db, phone))?.granted ?? false
}
