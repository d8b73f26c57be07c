// The tracking page's proof: a guest who gave an order's number and mobile number gets links to that
// order's invoice carrying a key, an HMAC of the order id and an expiry under the shop's secret, so
// the invoice opens without an account and nobody can make a key for another order.
import { createHmac, timingSafeEqual } from 'node:crypto'

export const INVOICE_LINK_TTL_MS = 24 * 60 * 60 * 1000

function signature(secret: string, orderId: string, expires: number): Buffer {
  return createHmac('sha256', secret).update(`invoice-link:${orderId}:${expires}`).digest()
}

/** '1795600000.<base64url>': valid for a day from `now`. */
export function invoiceLinkKey(secret: string, orderId: string, now = new Date()): string {
  const expires = Math.floor((now.getTime() + INVOICE_LINK_TTL_MS) / 1000)
  return `${expires}.${signature(secret, orderId, expires).toString('base64url')}`
}

export function isValidInvoiceLinkKey(secret: string, orderId: string, key: string | null, now = new Date()): boolean {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(key ?? '')
  if (!match) return false
  const expires = Number(match[1])
  if (expires * 1000 <= now.getTime()) return false
  const given = Buffer.from(match[2] ?? '', 'base64url')
  const expected = signature(secret, orderId, expires)
  return given.length === expected.length && timingSafeEqual(given, expected)
}
