// The owner's coupon form (Settings tab): one zod schema for the browser's early feedback and the
// action's decision. Amounts are typed in rupees and stored in paise; the first and last days are
// days in India, stored as the moments the coupon starts and stops applying.

import { z } from 'zod'
import { inShopYears, isCalendarDay, istDay, istDayEnd, istDayStart, SHOP_YEARS } from '#app/shared/india-day.ts'
import { rupeesField, rupeesText } from '#app/shared/rupees-field.ts'
import type { CouponRow } from './coupons.server.ts'

export const COUPON_LIMITS = {
  codeMin: 3,
  code: 20,
  descriptionMin: 3,
  description: 80,
  flatRupees: 10_000,
  minOrderRupees: 1_00_000,
  maxUses: 1_000_000,
} as const

export const COUPON_FIELDS = [
  'code',
  'description',
  'kind',
  'percentOff',
  'amountOff',
  'minOrder',
  'firstOrderOnly',
  'onePerCustomer',
  'maxUses',
  'startsOn',
  'endsOn',
] as const
export type CouponField = (typeof COUPON_FIELDS)[number]
export type CouponFormValues = Record<CouponField, string>
export type CouponFieldErrors = Partial<Record<CouponField, string>>

export const couponCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .min(1, 'Please enter a code, like DIWALI25.')
  .regex(/^[A-Z0-9]*$/, 'A code has letters A-Z and digits only, like DIWALI25.')
  .min(COUPON_LIMITS.codeMin, `A code has at least ${COUPON_LIMITS.codeMin} characters.`)
  .max(COUPON_LIMITS.code, `A code has at most ${COUPON_LIMITS.code} characters.`)

const day = (what: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || isCalendarDay(value), `Please enter ${what} as a date.`)
    .refine(
      (value) => value === '' || inShopYears(value),
      `Please enter ${what} from ${SHOP_YEARS.first} to ${SHOP_YEARS.last}.`,
    )

const checkbox = z
  .union([z.literal('on'), z.literal('')], 'Please tick the box or leave it empty.')
  .transform((value) => value === 'on')

/** The discount fields of the chosen kind, or the field to correct. */
function readDiscount(form: {
  kind: string
  percentOff: string
  amountOff: string
}): { percentOff: number | null; amountOff: number | null } | { field: CouponField; message: string } {
  if (form.kind === 'flat') {
    const amount = rupeesField('the amount off', { min: 1, max: COUPON_LIMITS.flatRupees }).safeParse(form.amountOff)
    return amount.success
      ? { percentOff: null, amountOff: amount.data }
      : { field: 'amountOff', message: amount.error.issues[0]?.message ?? '' }
  }
  const percent = form.percentOff.trim()
  if (!/^\d{1,3}$/.test(percent) || Number(percent) < 1 || Number(percent) > 100) {
    return { field: 'percentOff', message: 'The percentage off is a whole number from 1 to 100.' }
  }
  return { percentOff: Number(percent), amountOff: null }
}

export const couponFormSchema = z
  .object({
    description: z
      .string()
      .trim()
      .min(COUPON_LIMITS.descriptionMin, 'Please describe the offer for shoppers, like “₹100 off orders over ₹999”.')
      .max(COUPON_LIMITS.description, `Please keep the description to ${COUPON_LIMITS.description} characters.`),
    kind: z.enum(['percent', 'flat'], 'Please choose a percentage or a flat amount.'),
    percentOff: z.string().trim(),
    amountOff: z.string().trim(),
    minOrder: z
      .string()
      .trim()
      .transform((value) => value || '0')
      .pipe(rupeesField('the minimum order', { min: 0, max: COUPON_LIMITS.minOrderRupees })),
    firstOrderOnly: checkbox,
    onePerCustomer: checkbox,
    maxUses: z
      .string()
      .trim()
      .refine(
        (value) =>
          value === '' || (/^\d{1,7}$/.test(value) && Number(value) >= 1 && Number(value) <= COUPON_LIMITS.maxUses),
        `Uses in all is a whole number from 1 to ${COUPON_LIMITS.maxUses.toLocaleString('en-IN')}, or empty for no limit.`,
      )
      .transform((value) => (value === '' ? null : Number(value))),
    startsOn: day('the first day'),
    endsOn: day('the last day'),
  })
  .transform((form, context) => {
    const discount = readDiscount(form)
    if ('field' in discount) {
      context.addIssue({ code: 'custom', path: [discount.field], message: discount.message })
      return z.NEVER
    }
    const { percentOff, amountOff } = discount
    if (form.startsOn && form.endsOn && form.endsOn < form.startsOn) {
      context.addIssue({
        code: 'custom',
        path: ['endsOn'],
        message: 'The last day must not come before the first day.',
      })
      return z.NEVER
    }
    return {
      description: form.description,
      kind: form.kind,
      percentOff,
      amountOff,
      minOrderAmount: form.minOrder,
      firstOrderOnly: form.firstOrderOnly,
      onePerCustomer: form.onePerCustomer,
      maxUses: form.maxUses,
      startsAt: form.startsOn ? istDayStart(form.startsOn) : null,
      endsAt: form.endsOn ? istDayEnd(form.endsOn) : null,
    }
  })

export type CouponTermsInput = z.output<typeof couponFormSchema>

export function couponFormValues(formData: FormData): CouponFormValues {
  return Object.fromEntries(
    COUPON_FIELDS.map((field) => {
      const value = formData.get(field)
      return [field, typeof value === 'string' ? value : '']
    }),
  ) as CouponFormValues
}

export type CouponValidation =
  | { ok: true; code: string; data: CouponTermsInput }
  | { ok: false; fieldErrors: CouponFieldErrors }

/** The whole form; `code` is checked only when a coupon is created (an existing code is fixed). */
export function validateCouponForm(values: CouponFormValues, { withCode }: { withCode: boolean }): CouponValidation {
  const fieldErrors: CouponFieldErrors = {}
  const code = withCode ? couponCodeSchema.safeParse(values.code) : null
  if (code && !code.success) fieldErrors.code = code.error.issues[0]?.message
  const result = couponFormSchema.safeParse(values)
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0]
      if (typeof field === 'string') fieldErrors[field as CouponField] ??= issue.message
    }
    // The form's own rules run only once every field passes: name the discount's problem at once too.
    const discount = readDiscount(values)
    if ('field' in discount) fieldErrors[discount.field] ??= discount.message
  }
  if (!result.success || (code && !code.success)) return { ok: false, fieldErrors }
  return { ok: true, code: code?.data ?? '', data: result.data }
}

/** A stored coupon as its form shows it. */
export function couponFormDefaults(coupon: CouponRow | null): CouponFormValues {
  if (!coupon) {
    return {
      code: '',
      description: '',
      kind: 'percent',
      percentOff: '',
      amountOff: '',
      minOrder: '',
      firstOrderOnly: '',
      onePerCustomer: 'on',
      maxUses: '',
      startsOn: '',
      endsOn: '',
    }
  }
  return {
    code: coupon.code,
    description: coupon.description,
    kind: coupon.kind,
    percentOff: coupon.percentOff === null ? '' : String(coupon.percentOff),
    amountOff: coupon.amountOff === null ? '' : rupeesText(coupon.amountOff),
    minOrder: coupon.minOrderAmount === 0 ? '' : rupeesText(coupon.minOrderAmount),
    firstOrderOnly: coupon.firstOrderOnly ? 'on' : '',
    onePerCustomer: coupon.onePerCustomer ? 'on' : '',
    maxUses: coupon.maxUses === null ? '' : String(coupon.maxUses),
    startsOn: coupon.startsAt ? istDay(coupon.startsAt) : '',
    endsOn: coupon.endsAt ? istDay(new Date(coupon.endsAt.getTime() - 1)) : '',
  }
}
