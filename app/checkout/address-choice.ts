// Where the checkout delivers (docs/decisions/029-saved-addresses.md): one of the signed-in shopper's
// saved addresses or a new one typed in, and for a new one whether to keep it in the address book.
// Shared by the page (early feedback) and the action (the decision, with the saved address read from
// the database): a saved address goes through the delivery form's rules exactly as a typed one. With
// zod: the page loads it when its form is used.
import type { AddressLabel } from '#app/addresses/address-labels.ts'
import {
  ADDRESS_DETAIL_FIELDS,
  type AddressDetailField,
  type AddressDetails,
  QUICK_LABELS,
} from '#app/addresses/saved-address.ts'
import { m } from '#app/paraglide/messages.js'
import type { FieldErrors } from '#app/shared/form-schema.ts'
import { type DeliveryField, NEW_ADDRESS } from './delivery-fields.ts'
import { type DeliveryDetails, validateDeliveryForm } from './delivery-form.ts'

/** What the form posted about the address: the radio (a saved address's id or NEW_ADDRESS) and the save box. */
export interface AddressChoice {
  savedAddressId: string
  save: boolean
  saveLabel: string
}

export type CheckoutField = DeliveryField | 'savedAddressId' | 'saveLabel'
export type CheckoutFieldErrors = FieldErrors<CheckoutField>

export type CheckoutValidation =
  | { ok: true; data: DeliveryDetails; save: { label: AddressLabel } | null }
  | { ok: false; fieldErrors: CheckoutFieldErrors }

/**
 * The choice a page starts on: the saved address for the PIN code the visitor last asked about (the
 * default first), the default when none was asked about (a new device), and a new address when the
 * visitor asked about a PIN code none of them has (they are sending somewhere else).
 */
export function initialAddressChoice(book: readonly { id: string; pincode: string }[], rememberedPin: string | null) {
  if (book.length === 0) return NEW_ADDRESS
  if (rememberedPin === null) return book[0]!.id
  return book.find((saved) => saved.pincode === rememberedPin)?.id ?? NEW_ADDRESS
}

const isDetailField = (field: string): field is AddressDetailField =>
  (ADDRESS_DETAIL_FIELDS as readonly string[]).includes(field)

/**
 * The delivery form's rules on the posted form, with a saved address's recipient and address in place
 * of the typed ones. A saved address's failure is told at the choice (its fields are not on the page).
 * `choice.save` counts only for a new address.
 */
export function validateCheckoutForm(
  values: Record<string, unknown>,
  saved: AddressDetails | null,
  choice: Pick<AddressChoice, 'save' | 'saveLabel'>,
): CheckoutValidation {
  const merged = saved
    ? { ...values, ...Object.fromEntries(ADDRESS_DETAIL_FIELDS.map((field) => [field, saved[field]])) }
    : values
  const result = validateDeliveryForm(merged)
  const fieldErrors: CheckoutFieldErrors = {}
  if (!result.ok) {
    for (const [field, message] of Object.entries(result.fieldErrors) as [DeliveryField, string][]) {
      if (saved && isDetailField(field)) fieldErrors.savedAddressId ??= message
      else fieldErrors[field] = message
    }
  }
  let save: { label: AddressLabel } | null = null
  if (!saved && choice.save) {
    const label = QUICK_LABELS.find((quick) => quick === choice.saveLabel)
    if (label) save = { label }
    else fieldErrors.saveLabel = m.address_choose_label()
  }
  if (!result.ok || Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors }
  return { ok: true, data: result.data, save }
}
