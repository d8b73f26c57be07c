// PIN codes (reference/india.md): six digits, never starting with 0; the first digit names a postal
// region (pin-regions.ts). Kept apart from the states' lists, which a page checking a PIN code
// need not load.

/** Six digits, never starting with 0. */
export const PIN_CODE_PATTERN = /^[1-9][0-9]{5}$/

export function isPinCode(value: string): boolean {
  return PIN_CODE_PATTERN.test(value)
}
