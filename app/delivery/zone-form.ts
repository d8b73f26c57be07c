// The delivery settings' forms (admin): a zone (name, PIN prefixes and ranges, days, cash on
// delivery, extra fee) and the calendar (holidays, order cut-off). One zod schema each, run by the
// browser for early feedback and by the action for the decision.
import { z } from 'zod'
import { type FieldErrors, type FormValidation, formValues, validateForm } from '#app/shared/form-schema.ts'
import { rupeesField } from '#app/shared/rupees-field.ts'
import { parsePinSpan } from './zones.ts'

export const ZONE_LIMITS = { name: 60, pins: 200, days: 30, extraFeeRupees: 1_000, holidays: 100 } as const

export const ZONE_FIELDS = ['name', 'pins', 'minDays', 'maxDays', 'codAllowed', 'extraFee'] as const
export type ZoneField = (typeof ZONE_FIELDS)[number]
export type ZoneFieldErrors = FieldErrors<ZoneField>

function days(what: string) {
  return z
    .string()
    .trim()
    .min(1, `Please enter the ${what}.`)
    .regex(/^\d{1,2}$/, `The ${what} is a whole number of business days, like 3.`)
    .transform(Number)
    .refine(
      (value) => value >= 1 && value <= ZONE_LIMITS.days,
      `The ${what} must be from 1 to ${ZONE_LIMITS.days} business days.`,
    )
}

/** PIN prefixes and ranges, one per line or separated by commas: '452, 453' or '452001-452020'. */
const pinsField = z
  .string()
  .transform((value) =>
    value
      .split(/[\n,]+/)
      .map((part) => part.trim().replace(/\s*-\s*/, '-'))
      .filter((part) => part !== ''),
  )
  .superRefine((pins, context) => {
    if (pins.length === 0) {
      context.addIssue({
        code: 'custom',
        message: 'Please enter the PIN codes this zone covers, like 452 or 452001-452020.',
      })
      return
    }
    if (pins.length > ZONE_LIMITS.pins) {
      context.addIssue({ code: 'custom', message: `Please keep a zone to ${ZONE_LIMITS.pins} prefixes and ranges.` })
      return
    }
    const bad = pins.find((pin) => parsePinSpan(pin) === null)
    if (bad) {
      context.addIssue({
        code: 'custom',
        message: `‘${bad.slice(0, 20)}’ is not a PIN prefix or range: write 1 to 6 digits not starting with 0, like 452, or a range of two 6-digit PIN codes, like 452001-452020.`,
      })
    }
  })
  .transform((pins) => [...new Set(pins)])

export const zoneFormSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Please enter the zone’s name, like Metro cities.')
      .max(ZONE_LIMITS.name, `Please keep the name to ${ZONE_LIMITS.name} characters or fewer.`),
    pins: pinsField,
    minDays: days('fastest delivery'),
    maxDays: days('slowest delivery'),
    codAllowed: z
      .enum(['yes', 'no'], 'Please choose whether cash on delivery is offered.')
      .transform((v) => v === 'yes'),
    extraFee: rupeesField('the extra fee', { min: 0, max: ZONE_LIMITS.extraFeeRupees }),
  })
  .refine((zone) => zone.maxDays >= zone.minDays, {
    path: ['maxDays'],
    message: 'The slowest delivery cannot be fewer days than the fastest.',
  })

export type ZoneInput = z.output<typeof zoneFormSchema>

export function zoneFormValues(formData: FormData): Record<ZoneField, string> {
  return formValues(formData, ZONE_FIELDS)
}

export function validateZoneForm(values: unknown): FormValidation<ZoneInput, ZoneField> {
  return validateForm(zoneFormSchema, ZONE_FIELDS, values)
}

export const CALENDAR_FIELDS = ['holidays', 'orderCutoff'] as const
export type CalendarField = (typeof CALENDAR_FIELDS)[number]

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/

function isCalendarDay(text: string): boolean {
  if (!DAY_PATTERN.test(text)) return false
  const day = new Date(`${text}T00:00:00Z`)
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text)
}

export const calendarFormSchema = z.object({
  holidays: z
    .string()
    .transform((value) =>
      value
        .split(/[\n,]+/)
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    )
    .superRefine((days, context) => {
      if (days.length > ZONE_LIMITS.holidays) {
        context.addIssue({ code: 'custom', message: `Please keep the list to ${ZONE_LIMITS.holidays} days.` })
        return
      }
      const bad = days.find((day) => !isCalendarDay(day))
      if (bad) {
        context.addIssue({
          code: 'custom',
          message: `‘${bad.slice(0, 20)}’ is not a date: write each holiday as year-month-day, like 2026-11-08.`,
        })
      }
    })
    .transform((days) => [...new Set(days)].sort()),
  orderCutoff: z
    .string()
    .trim()
    .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'Please enter the cut-off as a 24-hour time in IST, like 14:00.'),
})

export type CalendarInput = z.output<typeof calendarFormSchema>

export function calendarFormValues(formData: FormData): Record<CalendarField, string> {
  return formValues(formData, CALENDAR_FIELDS)
}

export function validateCalendarForm(values: unknown): FormValidation<CalendarInput, CalendarField> {
  return validateForm(calendarFormSchema, CALENDAR_FIELDS, values)
}
