// The address book's form (docs/decisions/029-saved-addresses.md): the checkout's rules for the
// recipient and the address (app/checkout/delivery-form.ts: name, Indian mobile, state from the list,
// 6-digit PIN code that agrees with the state), with a label. The browser runs it for early feedback,
// the action for the decision.
import { z } from 'zod'
import { deliveryFormSchema, pinStateContradiction } from '#app/checkout/delivery-form.ts'
import { m } from '#app/paraglide/messages.js'
import { type FieldErrors, type FormValidation, formValues, validateForm } from '#app/shared/form-schema.ts'
import { isIndianState } from '#app/shared/india-states.ts'
import { formatIndianMobile } from '#app/shared/phone.ts'
import { stateName } from '#app/shared/state-names.ts'
import { ADDRESS_LABELS, type AddressLabel } from './address-labels.ts'

/** Addresses one account may keep: more than any family delivers to, few enough to choose from. */
export const MAX_SAVED_ADDRESSES = 20
export const CUSTOM_LABEL_MAX = 30

/** The fields an address shares with the checkout's delivery form. */
export const ADDRESS_DETAIL_FIELDS = ['fullName', 'phone', 'address', 'city', 'state', 'pincode'] as const
export type AddressDetailField = (typeof ADDRESS_DETAIL_FIELDS)[number]
export type AddressDetails = Record<AddressDetailField, string>

export const ADDRESS_FIELDS = ['label', 'customLabel', ...ADDRESS_DETAIL_FIELDS, 'makeDefault'] as const
export type AddressField = (typeof ADDRESS_FIELDS)[number]
export type AddressFormValues = Record<AddressField, string>
export type AddressFieldErrors = FieldErrors<AddressField>

/** The labels the checkout's "save this address" offers (a name of one's own is given in the address book). */
export const QUICK_LABELS = ['home', 'parents', 'office'] as const satisfies readonly AddressLabel[]

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

/** A saved address as pages show it (the browser gets these). */
export interface SavedAddressView extends AddressDetails {
  id: string
  label: AddressLabel
  customLabel: string | null
  isDefault: boolean
}

/** The label as the shopper reads it, in the page's language. */
export function labelText(address: Pick<SavedAddressView, 'label' | 'customLabel'>): string {
  switch (address.label) {
    case 'home':
      return m.address_label_home()
    case 'parents':
      return m.address_label_parents()
    case 'office':
      return m.address_label_office()
    default:
      return address.customLabel ?? m.address_label_other()
  }
}

/** 'address, city, State - pincode' in the page's language, as the address book and the checkout list it. */
export function addressLine({ address, city, state, pincode }: AddressDetails): string {
  return `${address.replace(/\s*\n\s*/g, ', ')}, ${city}, ${isIndianState(state) ? stateName(state) : state} - ${pincode}`
}

export function phoneText(address: Pick<AddressDetails, 'phone'>): string {
  return formatIndianMobile(address.phone)
}

/** The book's pages in the breadcrumb, after Home (their addresses do not read as a trail: ids, "new"). */
export function addressBookCrumbs(last?: { label: string; path: string }) {
  return [
    { label: m.nav_account(), path: '/account' },
    { label: m.address_book_title(), path: '/account/addresses' },
    ...(last ? [last] : []),
  ]
}
