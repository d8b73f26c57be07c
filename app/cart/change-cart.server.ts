// The /cart action: one change to the visitor's cart, checked against the products as they are now.

import { checkCoupon, normaliseCouponCode } from '#app/checkout/coupons.server.ts'
import { linesSubtotal } from '#app/checkout/totals.ts'
import { m } from '#app/paraglide/messages.js'
import type { Db } from '#app/platform/db.server.ts'
import { addToCart, type CartChange, type CartScope, readCart, removeFromCart, setQuantity } from './cart.server.ts'
import type { CartRequest } from './cart-request.server.ts'

/** Applies `change`; success messages are the spec's toasts (section 8, cart). */
export async function changeCart(
  db: Db,
  scope: CartScope,
  change: CartRequest,
  phone: string | null,
): Promise<CartChange & { title?: string }> {
  switch (change.intent) {
    case 'add': {
      const result = await addToCart(db, scope, change.productId, change.size)
      return result.ok ? { ...result, title: m.cart_added_title(), message: m.cart_added_message() } : result
    }
    case 'set':
      return setQuantity(db, scope, change.productId, change.size, change.quantity)
    case 'remove': {
      const result = await removeFromCart(db, scope, change.productId, change.size)
      return result.ok ? { ...result, title: m.cart_removed_title(), message: m.cart_removed_message() } : result
    }
    case 'coupon': {
      const code = normaliseCouponCode(change.code)
      if (!code) return { ok: false, message: m.cart_enter_coupon() }
      // The minimum order is judged on the cart as it is now; the drawer re-checks it after every change.
      const subtotal = linesSubtotal(await readCart(db, scope))
      const coupon = await checkCoupon(db, code, { userId: scope.userId, phone }, { subtotal })
      if (!coupon.ok) return { ok: false, message: coupon.reason }
      return {
        ok: true,
        cookie: { ...scope.cookie, couponCode: code },
        title: m.cart_coupon_applied(),
        message: m.shop_coupon_applied_toast({ code, description: coupon.description }),
      }
    }
    case 'remove-coupon':
      return {
        ok: true,
        cookie: { ...scope.cookie, couponCode: null },
        title: m.cart_coupon_removed(),
        message: m.cart_coupon_removed_message(),
      }
  }
}
