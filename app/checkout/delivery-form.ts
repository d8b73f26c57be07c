// The checkout form's one schema (spec section 3, checkout form; decisions.md: Indian formats). The
// browser runs it for early feedback, the action for the decision.
import { z } from 'zod'
import { deliveryTexts } from '#app/delivery/delivery-texts.ts'
import { pinContradictsState } from '#app/delivery/pin-code.ts'
import { type FieldErrors, type FormValidation, formValues, validateForm } from '#app/shared/form-schema.ts'
import { isIndianState, PIN_CODE_PATTERN } from '#app/shared/india-states.ts'
import { normaliseIndianMobile } from '#app/shared/phone.ts'

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
export type DeliveryFieldErrors = FieldErrors<DeliveryField>

export const DELIVERY_LIMITS = { name: 80, email: 254, address: 300, city: 60 } as const

const NAME_PATTERN = /^[\p{L}\p{M}](?:[\p{L}\p{M} .'’-]|\u200c|\u200d)*$/u

function required(what: string, max: number) {
  return z
    .string()
    .trim()
    .min(1, `Please enter your ${what}.`)
    .max(max, `Please keep your ${what} to ${max} characters or fewer.`)
}

export const deliveryFormSchema = z.object({
  fullName: required('full name', DELIVERY_LIMITS.name).regex(
    NAME_PATTERN,
    'Please use letters only in your name (spaces, dots, apostrophes and hyphens are fine).',
  ),
  email: required('e-mail address', DELIVERY_LIMITS.email).pipe(
    z.email('Please enter a valid e-mail address, like name@example.com.'),
  ),
  phone: z
    .string()
    .trim()
    .min(1, 'Please enter your mobile number.')
    .transform((value, context) => {
      const canonical = normaliseIndianMobile(value)
      if (canonical) return canonical
      context.addIssue({ code: 'custom', message: 'Please enter a 10-digit Indian mobile number, like 98765 43210.' })
      return z.NEVER
    }),
  address: required('address', DELIVERY_LIMITS.address).min(
    10,
    'Please enter your full address: house number, street and area.',
  ),
  city: required('city', DELIVERY_LIMITS.city),
  state: z
    .string()
    .trim()
    .min(1, 'Please choose your state or union territory.')
    .refine(isIndianState, 'Please choose your state or union territory from the list.'),
  pincode: z
    .string()
    .trim()
    .min(1, 'Please enter your PIN code.')
    .regex(PIN_CODE_PATTERN, 'Please enter a 6-digit PIN code, like 452001.'),
  paymentMethod: z.enum(PAYMENT_METHODS, 'Please choose how you will pay.'),
  acceptTerms: z.literal('on', 'Please accept the terms and conditions and the privacy policy to place your order.'),
})

/** The fields' rules, then what they say together. */
const deliveryFormRules = deliveryFormSchema.superRefine((details, context) => {
  // A PIN code from another postal region than the state (reference/india.md): a typo in one of them.
  // Zod runs this also when a field failed: only a valid PIN code and state can contradict each other.
  if (!isIndianState(details.state) || !PIN_CODE_PATTERN.test(details.pincode)) return
  if (pinContradictsState(details.pincode, details.state)) {
    context.addIssue({ code: 'custom', path: ['pincode'], message: deliveryTexts.stateContradiction(details.state) })
  }
})

export type DeliveryDetails = z.output<typeof deliveryFormSchema>

export type DeliveryValidation = FormValidation<DeliveryDetails, DeliveryField>

export function deliveryFormValues(formData: FormData): DeliveryFormValues {
  return formValues(formData, DELIVERY_FIELDS)
}

export function validateDeliveryForm(values: unknown): DeliveryValidation {
  return validateForm(deliveryFormRules, DELIVERY_FIELDS, values)
}

/** The order's one-line address (spec section 3): 'address, city, state - pincode'. */
export function shippingAddress({ address, city, state, pincode }: DeliveryDetails): string {
  return `${address.replace(/\s*\n\s*/g, ', ')}, ${city}, ${state} - ${pincode}`
}
