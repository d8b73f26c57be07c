// The checkout form's one schema (spec section 3, checkout form; decisions.md: Indian formats). The
// browser runs it for early feedback (loading it when the form is used), the action for the decision.
// Its fields and limits are in delivery-fields.ts.
import { z } from 'zod'
import { deliveryTexts } from '#app/delivery/delivery-texts.ts'
import { PIN_CODE_PATTERN } from '#app/delivery/pin-code.ts'
import { pinContradictsState } from '#app/delivery/pin-regions.ts'
import { m } from '#app/paraglide/messages.js'
import { type FieldErrors, type FormValidation, formValues, validateForm } from '#app/shared/form-schema.ts'
import { isIndianState } from '#app/shared/india-states.ts'
import { normaliseIndianMobile } from '#app/shared/phone.ts'
import { stateName } from '#app/shared/state-names.ts'
import {
  DELIVERY_FIELDS,
  DELIVERY_LIMITS,
  type DeliveryField,
  type DeliveryFormValues,
  PAYMENT_METHODS,
} from './delivery-fields.ts'

export type DeliveryFieldErrors = FieldErrors<DeliveryField>

const NAME_PATTERN = /^[\p{L}\p{M}](?:[\p{L}\p{M} .'’-]|\u200c|\u200d)*$/u

/** A required text: its messages are functions, read in the page's language when a value is checked. */
function required(empty: () => string, tooLong: (inputs: { max: number }) => string, max: number) {
  return z
    .string()
    .trim()
    .min(1, { error: empty })
    .max(max, { error: () => tooLong({ max }) })
}

export const deliveryFormSchema = z.object({
  fullName: required(m.form_enter_full_name, m.form_full_name_max, DELIVERY_LIMITS.name).regex(NAME_PATTERN, {
    error: () => m.form_name_letters(),
  }),
  email: required(m.form_enter_email, m.form_email_max, DELIVERY_LIMITS.email).pipe(
    z.email({ error: () => m.form_email_invalid() }),
  ),
  phone: z
    .string()
    .trim()
    .min(1, { error: () => m.form_enter_mobile() })
    .transform((value, context) => {
      const canonical = normaliseIndianMobile(value)
      if (canonical) return canonical
      context.addIssue({ code: 'custom', message: m.form_mobile_invalid() })
      return z.NEVER
    }),
  address: required(m.form_enter_address, m.form_address_max, DELIVERY_LIMITS.address).min(10, {
    error: () => m.form_address_full(),
  }),
  city: required(m.form_enter_city, m.form_city_max, DELIVERY_LIMITS.city),
  state: z
    .string()
    .trim()
    .min(1, { error: () => m.form_choose_state() })
    .refine(isIndianState, { error: () => m.form_state_from_list() }),
  pincode: z
    .string()
    .trim()
    .min(1, { error: () => deliveryTexts.emptyPin() })
    .regex(PIN_CODE_PATTERN, { error: (issue) => deliveryTexts.badPin(String(issue.input)) }),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: () => m.form_choose_payment() }),
  acceptTerms: z.literal('on', { error: () => m.form_accept_terms() }),
})

/**
 * What a PIN code and a state say together: a PIN code from another postal region than the state
 * (reference/india.md) is a typo in one of them. Null when they agree, or when one of them is not valid
 * (its own rule says so). The checkout and the address book (app/addresses) ask the same.
 */
export function pinStateContradiction({ state, pincode }: { state: string; pincode: string }): string | null {
  if (!isIndianState(state) || !PIN_CODE_PATTERN.test(pincode)) return null
  return pinContradictsState(pincode, state) ? deliveryTexts.stateContradiction(stateName(state)) : null
}

/** The fields' rules, then what they say together. */
const deliveryFormRules = deliveryFormSchema.superRefine((details, context) => {
  // Zod runs this also when a field failed: only a valid PIN code and state can contradict each other.
  const contradiction = pinStateContradiction(details)
  if (contradiction) context.addIssue({ code: 'custom', path: ['pincode'], message: contradiction })
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

/**
 * The address fields back from an order's one-line address (shippingAddress), to fill in the form for
 * the customer's next order; null when it does not read back (typed before the checkout checked states).
 * A city typed with a comma comes back partly in the address, where the customer sees it.
 */
export function addressFieldsOf(
  oneLine: string,
): Pick<DeliveryFormValues, 'address' | 'city' | 'state' | 'pincode'> | null {
  const [, address, city, state, pincode] = /^(.+), ([^,]+), ([^,]+) - ([1-9]\d{5})$/s.exec(oneLine) ?? []
  if (!address || !city || !state || !pincode || !isIndianState(state)) return null
  return { address, city, state, pincode }
}
