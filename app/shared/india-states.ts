// India's 28 states and 8 union territories as they are named today (reference/india.md): the
// checkout's state list. Old names (Orissa, Pondicherry, Daman and Diu ...) are not accepted.

export const INDIAN_STATES = [
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chhattisgarh',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
] as const

export const UNION_TERRITORIES = [
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Jammu and Kashmir',
  'Ladakh',
  'Lakshadweep',
  'Puducherry',
] as const

export type IndianState = (typeof INDIAN_STATES)[number] | (typeof UNION_TERRITORIES)[number]

export function isIndianState(value: string): value is IndianState {
  return (
    (INDIAN_STATES as readonly string[]).includes(value) || (UNION_TERRITORIES as readonly string[]).includes(value)
  )
}

/**
 * The state of an order's one-line address ('address, city, state - pincode'), or null when the
 * address does not end that way (typed by hand before the checkout checked states).
 */
export function addressState(shippingAddress: string): IndianState | null {
  const match = /,\s*([^,]+?)\s*-\s*[1-9]\d{5}\s*$/.exec(shippingAddress)
  const state = match?.[1] ?? ''
  return isIndianState(state) ? state : null
}
