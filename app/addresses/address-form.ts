// The address book's form (docs/decisions/029-saved-addresses.md): the checkout's rules for the
// recipient and the address (app/checkout/delivery-form.ts: name, Indian mobile, state from the list,
// 6-digit PIN code that agrees with the state), with a label. The browser runs it for early feedback,
// the action for the decision. What pages show of a saved address is in saved-address.ts (no zod).
import { z } from 'zod'
import { deliveryFormSchema, pinStateContradiction } from '#app/checkout/delivery-form.ts'
import { m } from '#app/paraglide/messages.js'
import { type FieldErrors, type FormValidation, formValues, validateForm } from '#app/shared/form-schema.ts'
import { ADDRESS_LABELS } from './address-labels.ts'
import { ADDRESS_DETAIL_FIELDS } from './saved-address.ts'

export const CUSTOM_LABEL_MAX = 30

export const ADDRESS_FIELDS = ['label', 'customLabel', ...ADDRESS_DETAIL_FIELDS, 'makeDefault'] as const
export type AddressField = (typeof ADDRESS_FIELDS)[number]
export type AddressFormValues = Record<AddressField, string>
export type AddressFieldErrors = FieldErrors<AddressField>

const addressFormSchema = deliveryFormSchema
  .pick({ fullName: true, phone: true, address: true, city: true, state: true, pincode: true })
  .extend({
    label: z.enum(ADDRESS_LABELS, { error: () => m.address_choose_label() }),
    customLabel: z
      .string()
      .trim()
      .max(CUSTOM_LABEL_MAX, { error: () => m.address_custom_label_max({ max: CUSTOM_LABEL_MAX }) }),
    // A checkbox: ticked posts 'on', unticked posts nothing.
    makeDefault: z.string().transform((value) => value === 'on'),
  })
  .superRefine((details, context) => {
    if (details.label === 'other' && details.customLabel === '') {
      context.addIssue({ code: 'custom', path: ['customLabel'], message: m.address_custom_label_empty() })
    }
    const contradiction = pinStateContradiction(details)
    if (contradiction) context.addIssue({ code: 'custom', path: ['pincode'], message: contradiction })
  })
  .transform(({ customLabel, ...details }) => ({
    ...details,
    // A name of one's own only for 'other'; the column is null for the three labels.
    customLabel: details.label === 'other' ? customLabel : null,
  }))

export type AddressInput = z.output<typeof addressFormSchema>
export type AddressValidation = FormValidation<AddressInput, AddressField>

export function addressFormValues(formData: FormData): AddressFormValues {
  return formValues(formData, ADDRESS_FIELDS)
}

export function validateAddressForm(values: unknown): AddressValidation {
  return validateForm(addressFormSchema, ADDRESS_FIELDS, values)
}
