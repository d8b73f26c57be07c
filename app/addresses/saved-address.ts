// A saved address as pages show it (docs/decisions/029-saved-addresses.md): its fields, its label and
// one-line address in the page's language, the book's size. No rules here: the address book's form
// (with zod) is address-form.ts, which the checkout's page loads only when its form is used.

import { m } from '#app/paraglide/messages.js'
import { isIndianState } from '#app/shared/india-states.ts'
import { formatIndianMobile } from '#app/shared/phone.ts'
import { stateName } from '#app/shared/state-names.ts'
import type { AddressLabel } from './address-labels.ts'

/** Addresses one account may keep: more than any family delivers to, few enough to choose from. */
export const MAX_SAVED_ADDRESSES = 20

/** The fields an address shares with the checkout's delivery form. */
export const ADDRESS_DETAIL_FIELDS = ['fullName', 'phone', 'address', 'city', 'state', 'pincode'] as const
export type AddressDetailField = (typeof ADDRESS_DETAIL_FIELDS)[number]
export type AddressDetails = Record<AddressDetailField, string>

/** The labels the checkout's "save this address" offers (a name of one's own is given in the address book). */
export const QUICK_LABELS = ['home', 'parents', 'office'] as const satisfies readonly AddressLabel[]

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
