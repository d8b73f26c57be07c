// My Account's "WhatsApp order updates": the choice of the account's mobile number (the one it signs
// in with, else the one of its newest order), and one form post to opt in or withdraw. The number and
// the sentence recorded are the server's, never the form's; the form's copy of the number only
// proves the customer saw the number the choice is about.
import type { Viewer } from '#app/accounts/viewer.ts'
import type { Locale } from '#app/i18n/locale.ts'
import { lastDeliveryOf } from '#app/orders/orders.server.ts'
import { m } from '#app/paraglide/messages.js'
import type { Db, Tx } from '#app/platform/db.server.ts'
import { getSettings } from '#app/settings/settings.server.ts'
import { formatIndianMobile, normaliseIndianMobile } from '#app/shared/phone.ts'
import {
  latestWhatsAppConsent,
  recordWhatsAppConsent,
  whatsAppOptInWording,
  whatsAppWithdrawWording,
} from './consent.server.ts'

export const ACCOUNT_OPT_IN_CHOICES = ['opt-in', 'withdraw'] as const
export type AccountOptInChoice = (typeof ACCOUNT_OPT_IN_CHOICES)[number]

/** What the section shows. */
export interface AccountWhatsApp {
  /** '+91XXXXXXXXXX', or null: there is no number to send to. */
  phone: string | null
  /** The number is the newest order's (the account has none of its own). */
  fromOrder: boolean
  optedIn: boolean
  /** The sentence of the button that opts in, and of the one that withdraws, as recorded. */
  optInWording: string
  withdrawWording: string
}

/** The number WhatsApp updates for this account go to: its own, else its newest order's, else none. */
export async function accountWhatsAppPhone(
  db: Tx,
  viewer: Pick<Viewer, 'id' | 'phone'>,
): Promise<{ phone: string | null; fromOrder: boolean }> {
  const own = viewer.phone ? normaliseIndianMobile(viewer.phone) : null
  if (own) return { phone: own, fromOrder: false }
  const last = await lastDeliveryOf(db, viewer.id)
  const ordered = last ? normaliseIndianMobile(last.phone) : null
  return { phone: ordered, fromOrder: ordered !== null }
}

export async function accountWhatsApp(db: Tx, viewer: Viewer, locale: Locale): Promise<AccountWhatsApp> {
  const [{ phone, fromOrder }, { legalName }] = await Promise.all([accountWhatsAppPhone(db, viewer), getSettings(db)])
  return {
    phone,
    fromOrder,
    optedIn: phone ? ((await latestWhatsAppConsent(db, phone))?.granted ?? false) : false,
    optInWording: whatsAppOptInWording(legalName, locale),
    withdrawWording: whatsAppWithdrawWording(legalName, locale),
  }
}

export type AccountOptInResult = { ok: true; notice: string } | { ok: false; status: 400 | 409; error: string }

/**
 * Opts the account's number in or out, as the section's form posted it (`choice`, and `shownPhone`:
 * the number the page showed). A choice the number already has records nothing new.
 */
export async function changeAccountOptIn(
  db: Db,
  input: { viewer: Viewer; choice: unknown; shownPhone: unknown; locale: Locale; now?: Date },
): Promise<AccountOptInResult> {
  const choice = ACCOUNT_OPT_IN_CHOICES.find((each) => each === input.choice)
  if (!choice) return { ok: false, status: 400, error: m.whatsapp_optin_bad_choice() }
  return db.transaction(async (tx) => {
    const { phone } = await accountWhatsAppPhone(tx, input.viewer)
    if (!phone) return { ok: false, status: 409, error: m.whatsapp_optin_account_no_phone() }
    const shown = typeof input.shownPhone === 'string' ? normaliseIndianMobile(input.shownPhone) : null
    if (shown !== phone) return { ok: false, status: 409, error: m.whatsapp_optin_number_changed() }
    const granted = choice === 'opt-in'
    const shownNumber = formatIndianMobile(phone)
    const notice = granted
      ? m.whatsapp_optin_saved_on({ phone: shownNumber })
      : m.whatsapp_optin_saved_off({ phone: shownNumber })
    if (((await latestWhatsAppConsent(tx, phone))?.granted ?? false) === granted) return { ok: true, notice }
    const { legalName } = await getSettings(tx)
    await recordWhatsAppConsent(tx, {
      phone,
      userId: input.viewer.id,
      orderId: null,
      granted,
      wording: granted
        ? whatsAppOptInWording(legalName, input.locale)
        : whatsAppWithdrawWording(legalName, input.locale),
      locale: input.locale,
      source: 'account',
      now: input.now,
    })
    return { ok: true, notice }
  })
}
