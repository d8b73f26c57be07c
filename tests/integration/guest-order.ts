// A guest's order placed straight through placeOrder, as the checkout action places it: a cart cookie
// of its own, a fresh idempotency key and the usual shopper's delivery form (tests/delivery-details.ts),
// cash on delivery. Tests give the cart's lines and change what their case is about.
import { randomUUID } from 'node:crypto'
import type { CartEntry } from '#app/cart/guest-cart.ts'
import type { DeliveryDetails } from '#app/checkout/delivery-form.ts'
import { type PlaceOrderInput, placeOrder } from '#app/checkout/place-order.server.ts'
import type { Db } from '#app/platform/db.server.ts'
import { deliveryDetails } from '../delivery-details.ts'

export type GuestOrderInput = Partial<Omit<PlaceOrderInput, 'scope' | 'details'>> & {
  /** Fields of the delivery form that differ from the usual shopper's. */
  details?: Partial<DeliveryDetails>
  /** The guest cart's id (its cookie's), when the test keeps the cookie. */
  cartId?: string
}

export function placeGuestOrder(
  db: Db,
  items: CartEntry[],
  { details, cartId = randomUUID(), ...input }: GuestOrderInput = {},
) {
  return placeOrder(db, {
    scope: { userId: null, cookie: { id: cartId, items, couponCode: null } },
    details: deliveryDetails(details),
    idempotencyKey: randomUUID(),
    sessionHash: 'session',
    onlinePaymentAvailable: false,
    notices: { publicUrl: 'http://shop.test', whatsapp: false },
    ...input,
  })
}
