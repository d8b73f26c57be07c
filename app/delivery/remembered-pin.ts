// The visitor's PIN code, remembered in a cookie the page's script may read: product pages come from
// the shared page cache, so the PIN code box fills itself in the browser; checkout fills it on the server.
import { isPinCode } from './pin-code.ts'

export const PIN_COOKIE = 'delivery_pin'
/** A year, in seconds. */
export const PIN_COOKIE_MAX_AGE = 60 * 60 * 24 * 365

/** The remembered PIN code in a Cookie header or document.cookie, or null. */
export function rememberedPin(cookieHeader: string | null | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [key, value] = part.trim().split('=')
    if (key === PIN_COOKIE && value && isPinCode(value)) return value
  }
  return null
}
