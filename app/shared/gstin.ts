// GST registration numbers (reference/india.md): 15 characters, the state's two-digit GST code, the
// holder's PAN (five letters, four digits, a letter), the registration's number in that state (1-9 or
// a letter), the letter Z, and a check character computed from the first fourteen.
import { GST_STATE_CODES } from './gst-state-codes.ts'

/** The GST state codes of today's states and union territories. */
const STATE_CODES = new Set(Object.values(GST_STATE_CODES))

const GSTIN_PATTERN = /^(\d{2})[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'

/** The check character of a GSTIN's first fourteen characters (a weighted sum modulo 36). */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0
  for (let i = 0; i < 14; i++) {
    const product = ALPHABET.indexOf(first14[i] ?? '') * (i % 2 === 0 ? 1 : 2)
    sum += Math.floor(product / 36) + (product % 36)
  }
  return ALPHABET[(36 - (sum % 36)) % 36] ?? ''
}

/** Why `gstin` (already upper-cased) is not a GSTIN, or null when it is one. */
export function gstinProblem(gstin: string): string | null {
  const match = GSTIN_PATTERN.exec(gstin)
  if (gstin.length !== 15 || !match) {
    return 'A GSTIN has 15 characters: the state code, the PAN, a digit, Z and a check character, like 23ABCDE1234F1Z8.'
  }
  if (!STATE_CODES.has(match[1] ?? '')) return `${match[1]} is not the GST code of an Indian state or union territory.`
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) {
    return 'This GSTIN’s last character does not match the others: please check it for a typo.'
  }
  return null
}
