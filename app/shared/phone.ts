// Indian mobile numbers (reference/india.md): ten digits starting with 6, 7, 8 or 9, written with an
// optional +91, 91 or 0 in front and any spaces or dashes. Stored as +91XXXXXXXXXX, shown as
// +91 98765 43210. Shared by the contact form and checkout.

/** Spaces (including the no-break spaces phones paste) and the dashes people type between digit groups. */
const SEPARATORS = /[\s\-‐‑–]/g
const TEN_DIGITS = /^[6-9]\d{9}$/

/** '098765-43210' -> '+919876543210'; anything that is not an Indian mobile number -> null. */
export function normaliseIndianMobile(input: string): string | null {
  const compact = input.replace(SEPARATORS, '')
  let national: string
  if (compact.startsWith('+')) {
    if (!compact.startsWith('+91')) return null
    national = compact.slice(3)
  } else if (compact.length === 12 && compact.startsWith('91')) {
    national = compact.slice(2)
  } else if (compact.length === 11 && compact.startsWith('0')) {
    national = compact.slice(1)
  } else {
    national = compact
  }
  return TEN_DIGITS.test(national) ? `+91${national}` : null
}

/** '+919876543210' -> '+91 98765 43210'. Text that is not a mobile number is returned as it is. */
export function formatIndianMobile(phone: string): string {
  const canonical = normaliseIndianMobile(phone)
  if (!canonical) return phone
  return `+91 ${canonical.slice(3, 8)} ${canonical.slice(8)}`
}

/** The href of a tel: link for a number as the shop writes it ('+91 98765 43210' -> 'tel:+919876543210'). */
export function telHref(phone: string): string {
  return `tel:${normaliseIndianMobile(phone) ?? phone.replace(SEPARATORS, '')}`
}

/**
 * A WhatsApp chat link for a mobile number ('+91 98765 43210' -> 'https://wa.me/919876543210'), with
 * the chat's first message typed in when `text` is given: wa.me's click-to-chat form
 * `https://wa.me/<number>?text=<URL-encoded text>` (the shopper still presses send).
 */
export function whatsappHref(phone: string, text?: string): string {
  const canonical = normaliseIndianMobile(phone) ?? phone.replace(/\D/g, '')
  const chat = `https://wa.me/${canonical.replace(/^\+/, '')}`
  return text ? `${chat}?text=${encodeURIComponent(text)}` : chat
}
