// Admin forms take money in rupees (up to two decimals) and store paise: round(value x 100). One
// field rule for the settings and coupon forms, so '49.999' or '₹-5' get the same clear message.
import { z } from 'zod'

const RUPEES_PATTERN = /^\d{1,9}(\.\d{1,2})?$/

/** Paise as a form shows them in rupees: 5000 -> '50', 7950 -> '79.50'. */
export function rupeesText(paise: number): string {
  return paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2)
}

function wholeRupees(rupees: number): string {
  return `₹${rupees.toLocaleString('en-IN')}`
}

/**
 * A rupee amount from `min` to `max` rupees, as paise. `what` names the field in its messages
 * ('the delivery fee').
 */
export function rupeesField(what: string, { min, max }: { min: number; max: number }) {
  const What = what.charAt(0).toUpperCase() + what.slice(1)
  return z
    .string()
    .trim()
    .transform((value, context) => {
      const compact = value.replace(/^₹\s*/, '').replaceAll(',', '')
      if (compact === '') {
        context.addIssue({ code: 'custom', message: `Please enter ${what} in rupees.` })
        return z.NEVER
      }
      const outOfRange = () => {
        context.addIssue({
          code: 'custom',
          message: `${What} must be between ${wholeRupees(min)} and ${wholeRupees(max)}.`,
        })
        return z.NEVER
      }
      // A minus sign makes an amount out of range, not a badly written one.
      if (compact.startsWith('-') && RUPEES_PATTERN.test(compact.slice(1))) return outOfRange()
      if (!RUPEES_PATTERN.test(compact)) {
        context.addIssue({
          code: 'custom',
          message: `${What} must be an amount in rupees with at most two decimals, like 50 or 49.50.`,
        })
        return z.NEVER
      }
      const paise = Math.round(Number(compact) * 100)
      if (paise < min * 100 || paise > max * 100) return outOfRange()
      return paise
    })
}
