// The cart as a page sees it: whose it is (the signed-in account, or this browser's guest_cart
// cookie), merged once at sign-in, priced with the shop's current products and terms, with the
// delivery quote for the PIN code the visitor's PIN code box remembered.
import { type CouponCheck, checkCoupon } from '#app/checkout/coupons.server.ts'
import { linesSubtotal, orderTotals, type Totals } from '#app/checkout/totals.ts'
import { rememberedPin } from '#app/delivery/remembered-pin.ts'
import { type DeliveryQuote, deliveryQuote } from '#app/delivery/zones.server.ts'
import { localizedHref } from '#app/i18n/locale.ts'
import { orderNumber } from '#app/orders/status.ts'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { readCookie, serializeCookie } from '#app/platform/cookies.server.ts'
import type { Db } from '#app/platform/db.server.ts'
import type { ShopSettings } from '#app/settings/settings.server.ts'
import {
  type CartLine,
  type CartScope,
  cartItemCount,
  mergeGuestCart,
  orderOfGuestCart,
  readCart,
} from './cart.server.ts'
import { emptyGuestCart, GUEST_CART_COOKIE, type GuestCart, parseGuestCart, serializeGuestCart } from './guest-cart.ts'

const CART_DAYS = 30
/** A refused cart change, carried to /checkout for a page without JavaScript (read once). */
const CART_ERROR_COOKIE = 'cart_error'

export interface CartView {
  lines: CartLine[]
  /** Packets in the cart (the header's count). */
  itemCount: number
  totals: Totals
  coupon: CouponCheck | null
  /**
   * The zone's answer for the remembered PIN code (the PIN code box's cookie), for a cart with lines:
   * its fee is not in `totals` (checkout adds the fee of the PIN code in its form). Null without one.
   */
  delivery: DeliveryQuote | null
  /** Something to tell the shopper once, e.g. after a merge at sign-in. */
  notice: string | null
}

export function cartScope(request: Request, userId: string | null): CartScope {
  return { userId, cookie: parseGuestCart(readCookie(request, GUEST_CART_COOKIE) ?? undefined) }
}

export function cartCookie(cart: GuestCart, secure: boolean): string {
  const empty = cart.items.length === 0 && !cart.couponCode
  return serializeCookie(GUEST_CART_COOKIE, empty ? '' : serializeGuestCart(cart), {
    maxAge: empty ? 0 : CART_DAYS * 24 * 60 * 60,
    secure,
  })
}

/**
 * The cart scope of a request whose guest cart may already have become an order (the answer that
 * emptied the cookie never arrived): such a cart reads as a new, empty one, and `orderedId` names its order.
 */
export async function currentCartScope(
  db: Db,
  request: Request,
  userId: string | null,
): Promise<{ scope: CartScope; orderedId: string | null }> {
  const scope = cartScope(request, userId)
  const orderedId = await orderOfGuestCart(db, scope.cookie)
  return orderedId ? { scope: { userId, cookie: emptyGuestCart() }, orderedId } : { scope, orderedId: null }
}

/** The drawer's cart, or null when it could not be read (the drawer says 'Failed to load cart'). */
export interface CartAnswer {
  cart: CartView | null
}

/** What every page's header shows of the visitor's cart: its count, and something to tell once. */
export interface CartBadge {
  itemCount: number
  /** Something to tell the shopper once, e.g. after a merge at sign-in. */
  notice: string | null
}

interface VisitorCart {
  scope: CartScope
  notice: string | null
  setCookie: string | null
  orderedId: string | null
}

/**
 * Whose cart the visitor has now. A signed-in shopper with guest lines in this browser gets them
 * merged into the account first; `setCookie` is then the emptied cookie to send back. A guest cart
 * that was already ordered is emptied too (never merged, never shown for ordering again);
 * `orderedId` then names its order.
 */
function visitorCart(db: Db, request: Request, viewer: { id: string } | null, secure: boolean): Promise<VisitorCart> {
  // Once per request: the root's count and the page's cart (checkout) share it.
  let found = visitorCarts.get(request)
  if (!found) {
    found = findVisitorCart(db, request, viewer, secure)
    visitorCarts.set(request, found)
  }
  return found
}

const visitorCarts = new WeakMap<Request, Promise<VisitorCart>>()

async function findVisitorCart(
  db: Db,
  request: Request,
  viewer: { id: string } | null,
  secure: boolean,
): Promise<VisitorCart> {
  const current = await currentCartScope(db, request, viewer?.id ?? null)
  const { orderedId } = current
  let scope = current.scope
  let notice: string | null = orderedId ? m.cart_already_ordered({ number: orderNumber(orderedId) }) : null
  let setCookie: string | null = orderedId ? cartCookie(scope.cookie, secure) : null
  if (viewer && scope.cookie.items.length > 0) {
    const merged = await mergeGuestCart(db, viewer.id, scope.cookie)
    scope = { ...scope, cookie: merged.cookie }
    notice = merged.notice
    setCookie = cartCookie(merged.cookie, secure)
  }
  return { scope, notice, setCookie, orderedId }
}

/** The visitor's cart for the page (checkout, the drawer), priced; see visitorCart. */
export async function loadCartView(
  db: Db,
  request: Request,
  viewer: { id: string; phone: string | null } | null,
  shop: ShopSettings,
  secure: boolean,
): Promise<{ cart: CartView; setCookie: string | null; orderedId: string | null }> {
  const { scope, notice, setCookie, orderedId } = await visitorCart(db, request, viewer, secure)
  const pin = rememberedPin(request.headers.get('cookie'))
  const lines = await visitorCartLines(db, request, scope)
  return {
    cart: await priceCart(db, scope, lines, shop, { phone: viewer?.phone ?? null, pin, notice }),
    setCookie,
    orderedId,
  }
}

const cartLines = new WeakMap<Request, Promise<CartLine[]>>()

/** The visitor's cart lines, read once per request: the header's count and the page's cart (checkout) share them. */
function visitorCartLines(db: Db, request: Request, scope: CartScope): Promise<CartLine[]> {
  let lines = cartLines.get(request)
  if (!lines) {
    lines = readCart(db, scope)
    cartLines.set(request, lines)
  }
  return lines
}

const packets = (lines: readonly CartLine[]) => lines.reduce((sum, line) => sum + line.quantity, 0)

/** The header's view of the visitor's cart, for every page; see visitorCart. */
export async function loadCartBadge(
  db: Db,
  request: Request,
  viewer: { id: string } | null,
  secure: boolean,
): Promise<{ badge: CartBadge; setCookie: string | null }> {
  const { scope, notice, setCookie } = await visitorCart(db, request, viewer, secure)
  return { badge: { itemCount: packets(await visitorCartLines(db, request, scope)), notice }, setCookie }
}

/**
 * Which stored copy of a public page a guest's request may get: pages differ by their cart only in
 * the header's count (the drawer asks for the cart when opened). '' without a cart (as a visitor
 * without cookies sees it), `cart=<count>` with one, and null when the page must be rendered for
 * this request: a cart already ordered is emptied by the answer, and says so once.
 */
export async function guestCartVariant(db: Db, request: Request): Promise<string | null> {
  const { scope, orderedId } = await currentCartScope(db, request, null)
  if (orderedId) return null
  return scope.cookie.items.length === 0 ? '' : `cart=${await cartItemCount(db, scope)}`
}

async function priceCart(
  db: Db,
  scope: CartScope,
  lines: CartLine[],
  shop: ShopSettings,
  { phone, pin, notice }: { phone: string | null; pin: string | null; notice: string | null },
): Promise<CartView> {
  const code = scope.cookie.couponCode
  const [coupon, delivery] = await Promise.all([
    code && lines.length > 0
      ? checkCoupon(db, code, { userId: scope.userId, phone }, { subtotal: linesSubtotal(lines) })
      : null,
    pin && lines.length > 0 ? deliveryQuote(db, pin) : null,
  ])
  return {
    lines,
    itemCount: packets(lines),
    totals: orderTotals(lines, shop, coupon?.ok ? coupon.terms : null),
    coupon,
    delivery,
    notice,
  }
}

/** The checkout page of the request's language, where the refusal is shown (and only there). */
const checkoutPath = () => localizedHref('/checkout', getLocale())

export function cartErrorCookie(message: string, secure: boolean): string {
  return serializeCookie(CART_ERROR_COOKIE, message, { path: checkoutPath(), maxAge: 60, secure })
}

/** The refusal carried by cartErrorCookie, and the header that forgets it. */
export function takeCartError(request: Request, secure: boolean): { message: string | null; clear: string | null } {
  const message = readCookie(request, CART_ERROR_COOKIE)
  return message
    ? { message, clear: serializeCookie(CART_ERROR_COOKIE, '', { path: checkoutPath(), maxAge: 0, secure }) }
    : { message: null, clear: null }
}
