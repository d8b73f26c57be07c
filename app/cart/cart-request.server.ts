// The /cart action's one schema: each intent with exactly the fields it needs.
import { z } from 'zod'
import { SIZES } from '#app/catalog/sizes.ts'
import { m } from '#app/paraglide/messages.js'

const productId = z.uuid({ error: () => m.product_not_found() })
const size = z.enum(SIZES, { error: () => m.cart_choose_size() })

export const cartRequestSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('add'), productId, size }),
  z.object({
    intent: z.literal('set'),
    productId,
    size,
    quantity: z
      .string()
      .regex(/^-?\d{1,10}$/, { error: () => m.cart_whole_packets() })
      .transform(Number),
  }),
  z.object({ intent: z.literal('remove'), productId, size }),
  z.object({ intent: z.literal('coupon'), code: z.string().max(100, { error: () => m.cart_valid_coupon() }) }),
  z.object({ intent: z.literal('remove-coupon') }),
])

export type CartRequest = z.output<typeof cartRequestSchema>
