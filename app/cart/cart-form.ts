// What the cart's forms post (every button of the drawer, Add to Cart, the coupon field) and what the
// /cart action answers. No zod here: this module reaches every page's JavaScript.
import { m } from '#app/paraglide/messages.js'

export const CART_INTENTS = ['add', 'set', 'remove', 'coupon', 'remove-coupon'] as const
export type CartIntent = (typeof CART_INTENTS)[number]

/** What the /cart action answers a script (the toast's title and text). */
export interface CartResult {
  ok: boolean
  title: string
  message: string
}

/** The spec's message when a change fails for no reason worth naming (section 8, cart). */
export const CART_FAILURE: Record<CartIntent, () => string> = {
  add: m.cart_failed_add,
  set: m.cart_failed_set,
  remove: m.cart_failed_remove,
  coupon: m.cart_failed_coupon,
  'remove-coupon': m.cart_failed_remove_coupon,
}

/** Set by the script that posts a cart form, so the action answers with data instead of a redirect. */
export const ENHANCED_FIELD = 'enhanced'
