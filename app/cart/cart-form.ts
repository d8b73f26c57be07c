// What the cart's forms post (every button of the drawer, Add to Cart, the coupon field) and what the
// /cart action answers. Shared by the forms and the action.
import { z } from 'zod'
import { SIZES } from '#app/catalog/sizes.ts'

const productId = z.uuid('Product not found')
const size = z.enum(SIZES, 'Please choose a pack size.')

export const cartFormSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('add'), productId, size }),
  z.object({
    intent: z.literal('set'),
    productId,
    size,
    quantity: z
      .string()
      .regex(/^-?\d{1,10}$/, 'Please enter a whole number of packets.')
      .transform(Number),
  }),
  z.object({ intent: z.literal('remove'), productId, size }),
  z.object({ intent: z.literal('coupon'), code: z.string().max(100, 'Please enter a valid coupon code.') }),
  z.object({ intent: z.literal('remove-coupon') }),
])

export type CartRequest = z.output<typeof cartFormSchema>
export type CartIntent = CartRequest['intent']

/** What the /cart action answers a script (the toast's title and text). */
export interface CartResult {
  ok: boolean
  title: string
  message: string
}

/** The spec's message when a change fails for no reason worth naming (section 8, cart). */
export const CART_FAILURE: Record<CartIntent, string> = {
  add: 'Failed to add item to cart',
  set: 'Failed to update quantity',
  remove: 'Failed to remove item',
  coupon: 'Failed to apply the coupon',
  'remove-coupon': 'Failed to remove the coupon',
}

/** Set by the script that posts a cart form, so the action answers with data instead of a redirect. */
export const ENHANCED_FIELD = 'enhanced'
