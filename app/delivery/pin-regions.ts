// A PIN code's first digit names its postal region (reference/india.md): the checkout refuses a PIN
// code whose region cannot be the chosen state's.
import type { IndianState } from '#app/shared/india-states.ts'

/**
 * The postal regions (a PIN code's first digit) each state's and union territory's addresses use.
 * Puducherry spans two: Yanam is 533 (region 5), the rest 605 and 673 (region 6). Region 9, the army
 * postal service, belongs to no state.
 */
const STATE_REGIONS: Record<IndianState, readonly number[]> = {
  Delhi: [1],
  Haryana: [1],
  Punjab: [1],
  'Himachal Pradesh': [1],
  'Jammu and Kashmir': [1],
  Ladakh: [1],
  Chandigarh: [1],
  'Uttar Pradesh': [2],
  Uttarakhand: [2],
  Rajasthan: [3],
  Gujarat: [3],
  'Dadra and Nagar Haveli and Daman and Diu': [3],
  Maharashtra: [4],
  'Madhya Pradesh': [4],
  Chhattisgarh: [4],
  Goa: [4],
  'Andhra Pradesh': [5],
  Telangana: [5],
  Karnataka: [5],
  'Tamil Nadu': [6],
  Kerala: [6],
  Lakshadweep: [6],
  Puducherry: [5, 6],
  'West Bengal': [7],
  Odisha: [7],
  Assam: [7],
  'Arunachal Pradesh': [7],
  Manipur: [7],
  Meghalaya: [7],
  Mizoram: [7],
  Nagaland: [7],
  Tripura: [7],
  Sikkim: [7],
  'Andaman and Nicobar Islands': [7],
  Bihar: [8],
  Jharkhand: [8],
}

/** Whether a valid PIN code's postal region cannot be in the state (the army postal service's 9 never contradicts). */
export function pinContradictsState(pin: string, state: IndianState): boolean {
  const region = Number(pin[0])
  if (region === 9) return false
  return !STATE_REGIONS[state].includes(region)
}
