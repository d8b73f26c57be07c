// The guest cart lives in the browser under `guest_cart`: a cookie, so the server renders the cart, the
// checkout works without JavaScript, and every name, price and stock figure shown is the server's
// current one (docs/decisions/007-buying.md). It remembers only what was chosen: product id, size and
// quantity, plus the coupon code the shopper applied. Anything malformed reads as an empty cart.

import { isSize, type Size } from '#app/catalog/sizes.ts'
import { isUuid } from '#app/shared/uuid.ts'

export const GUEST_CART_COOKIE = 'guest_cart'
/** Distinct product-and-size lines a cart holds (keeps the cookie well under 4 KB). */
export const MAX_CART_LINES = 30
/** Packets of one product and size in one order. */
export const MAX_LINE_QUANTITY = 99

export interface CartEntry {
  productId: string
  size: Size
  quantity: number
}

export interface GuestCart {
  /** Random; names this cart when it is merged into an account (merged once). */
  id: string
  items: CartEntry[]
  couponCode: string | null
}

export function isLineQuantity(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_LINE_QUANTITY
}

export function emptyGuestCart(): GuestCart {
  return { id: crypto.randomUUID(), items: [], couponCode: null }
}

/** The cookie's (decoded) value -> cart. Unknown shapes, duplicate lines and impossible quantities are dropped. */
export function parseGuestCart(value: string | undefined): GuestCart {
  if (!value) return emptyGuestCart()
  let raw: unknown
  try {
    raw = JSON.parse(value)
  } catch {
    return emptyGuestCart()
  }
  if (typeof raw !== 'object' || raw === null) return emptyGuestCart()
  const { id, items, coupon } = raw as { id?: unknown; items?: unknown; coupon?: unknown }
  const cart: GuestCart = {
    id: isUuid(id) ? id : crypto.randomUUID(),
    items: [],
    couponCode: typeof coupon === 'string' && /^[A-Z0-9]{1,30}$/.test(coupon) ? coupon : null,
  }
  if (!Array.isArray(items)) return cart
  for (const item of items.slice(0, MAX_CART_LINES)) {
    if (!Array.isArray(item)) continue
    const [productId, size, quantity] = item
    if (!isUuid(productId) || !isSize(size) || !isLineQuantity(quantity)) continue
    if (cart.items.some((entry) => entry.productId === productId && entry.size === size)) continue
    cart.items.push({ productId, size, quantity })
  }
  return cart
}

/** Cart -> compact JSON for the cookie. */
export function serializeGuestCart(cart: GuestCart): string {
  return JSON.stringify({
    id: cart.id,
    items: cart.items.map((entry) => [entry.productId, entry.size, entry.quantity]),
    ...(cart.couponCode ? { coupon: cart.couponCode } : {}),
  })
}
