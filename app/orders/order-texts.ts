// What a shopper reads about an order's state, in the page's language (messages/*.json, keys order_*).
// The admin panel is English only and keeps status.ts's labels; so do notices stored for the owner.
import type { Locale } from '#app/i18n/locale.ts'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { statusLabel } from './status.ts'

const ORDER_STATUS_TEXT: Record<string, () => string> = {
  pending: m.order_status_pending,
  confirmed: m.order_status_confirmed,
  shipped: m.order_status_shipped,
  delivered: m.order_status_delivered,
  cancelled: m.order_status_cancelled,
}

const PAYMENT_STATUS_TEXT: Record<string, () => string> = {
  pending: m.order_payment_pending,
  paid: m.order_payment_paid,
  failed: m.order_payment_failed,
}

/** 'Shipped' ('भेज दिया गया'); a status the shop does not know shows as stored. */
export function orderStatusText(status: string): string {
  return ORDER_STATUS_TEXT[status]?.() ?? statusLabel(status)
}

export function paymentStatusText(status: string): string {
  return PAYMENT_STATUS_TEXT[status]?.() ?? status
}

/**
 * 'cod' -> 'Cash on Delivery' ('कैश ऑन डिलीवरी'): in the page's language, or the one given (an
 * order's e-mails: its own; the admin panel, the shop's own notices and the invoice document: 'en').
 */
export function paymentMethodText(method: string, locale: Locale = getLocale()): string {
  return method === 'cod' ? m.order_method_cod({}, { locale }) : m.order_method_online({}, { locale })
}

/**
 * The notes the shop itself writes in an order's history, by their stored English words, and what a
 * shopper reads for each; a note the owner typed shows as typed.
 */
export const SHOP_NOTE = {
  placed: 'Order placed',
  otpVerified: 'Delivery OTP verified',
  pickedUp: 'Picked up by the courier',
  courierDelivered: 'Delivered, as the courier reports',
  returned: 'Returned to the shop by the courier',
} as const

const SHOP_NOTES: Record<string, () => string> = {
  [SHOP_NOTE.placed]: m.order_note_placed,
  [SHOP_NOTE.otpVerified]: m.order_note_otp_verified,
  [SHOP_NOTE.pickedUp]: m.order_note_picked_up,
  [SHOP_NOTE.courierDelivered]: m.order_note_courier_delivered,
  [SHOP_NOTE.returned]: m.order_note_returned,
}

export function statusNoteText(note: string): string {
  return Object.hasOwn(SHOP_NOTES, note) ? SHOP_NOTES[note]!() : note
}

// Hindi times read 'रात 11:09' rather than '11:09 pm'.
const HINDI_DATE_TIME = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  dayPeriod: 'short',
  timeZone: 'Asia/Kolkata',
} as const

const DATE_FORMATS = {
  en: {
    dateTime: new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' }),
    date: new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' }),
  },
  hi: {
    dateTime: new Intl.DateTimeFormat('hi-IN', HINDI_DATE_TIME),
    date: new Intl.DateTimeFormat('hi-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' }),
  },
}

/** An order's date in India's time, in the page's language or the one given (an order's e-mails). */
export function formatOrderDate(date: Date | string, withTime = false, locale: Locale = getLocale()): string {
  const formats = DATE_FORMATS[locale]
  return (withTime ? formats.dateTime : formats.date).format(new Date(date))
}
