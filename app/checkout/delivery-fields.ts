// The checkout's delivery form: its fields and their limits, which the page draws with. Its rules
// (with zod) are in delivery-form.ts, which the browser loads when the form is used.

export const PAYMENT_METHODS = ['cod', 'online'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

export const DELIVERY_FIELDS = [
  'fullName',
  'email',
  'phone',
  'address',
  'city',
  'state',
  'pincode',
  'paymentMethod',
  'acceptTerms',
] as const
export type DeliveryField = (typeof DELIVERY_FIELDS)[number]
export type DeliveryFormValues = Record<DeliveryField, string>

/** The saved-address radio's value for "A new address" (docs/decisions/029-saved-addresses.md). */
export const NEW_ADDRESS = 'new'

export const DELIVERY_LIMITS = { name: 80, email: 254, address: 300, city: 60 } as const
