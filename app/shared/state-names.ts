// The names of India's states and union territories in the page's language (messages/*.json, keys
// state_*). The form posts and the order stores the English name (india-states.ts); only the shown name changes.
import { m } from '#app/paraglide/messages.js'
import { addressState, type IndianState } from './india-states.ts'

const STATE_NAMES: Record<IndianState, () => string> = {
  'Andhra Pradesh': m.state_andhra_pradesh,
  'Arunachal Pradesh': m.state_arunachal_pradesh,
  Assam: m.state_assam,
  Bihar: m.state_bihar,
  Chhattisgarh: m.state_chhattisgarh,
  Goa: m.state_goa,
  Gujarat: m.state_gujarat,
  Haryana: m.state_haryana,
  'Himachal Pradesh': m.state_himachal_pradesh,
  Jharkhand: m.state_jharkhand,
  Karnataka: m.state_karnataka,
  Kerala: m.state_kerala,
  'Madhya Pradesh': m.state_madhya_pradesh,
  Maharashtra: m.state_maharashtra,
  Manipur: m.state_manipur,
  Meghalaya: m.state_meghalaya,
  Mizoram: m.state_mizoram,
  Nagaland: m.state_nagaland,
  Odisha: m.state_odisha,
  Punjab: m.state_punjab,
  Rajasthan: m.state_rajasthan,
  Sikkim: m.state_sikkim,
  'Tamil Nadu': m.state_tamil_nadu,
  Telangana: m.state_telangana,
  Tripura: m.state_tripura,
  'Uttar Pradesh': m.state_uttar_pradesh,
  Uttarakhand: m.state_uttarakhand,
  'West Bengal': m.state_west_bengal,
  'Andaman and Nicobar Islands': m.state_andaman_and_nicobar_islands,
  Chandigarh: m.state_chandigarh,
  'Dadra and Nagar Haveli and Daman and Diu': m.state_dadra_and_nagar_haveli_and_daman_and_diu,
  Delhi: m.state_delhi,
  'Jammu and Kashmir': m.state_jammu_and_kashmir,
  Ladakh: m.state_ladakh,
  Lakshadweep: m.state_lakshadweep,
  Puducherry: m.state_puducherry,
}

/** 'Madhya Pradesh' ('मध्य प्रदेश' on a Hindi page). */
export function stateName(state: IndianState): string {
  return STATE_NAMES[state]()
}

/** An order's one-line address as stored, with its state named in the page's language. */
export function shownAddress(shippingAddress: string): string {
  const state = addressState(shippingAddress)
  if (!state) return shippingAddress
  const at = shippingAddress.lastIndexOf(state)
  return `${shippingAddress.slice(0, at)}${stateName(state)}${shippingAddress.slice(at + state.length)}`
}
