// The /cart action's one schema: each intent with exactly the fields it needs.
import { z } from 'zod'
import { SIZES } from '#app/catalog/sizes.ts'

const productId = z.uuid('Product not found')
const size = z.enum(SIZES, 'Please choose a pack size.')

export const cartRequestSchema = z.discriminatedUnion('intent', [
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

export type CartRequest = z.output<typeof cartRequestSchema>
