// When an order reaches the shopper: business days in India (IST, no daylight saving), Sundays and the
// owner's holidays skipped. An order placed on a business day before the cut-off is counted from that
// day; later, or on a day off, from the next business day. The promise is the zone's last day.
import type { Locale } from '#app/i18n/locale.ts'
import { getLocale } from '#app/paraglide/runtime.js'
import { istClock } from '#app/shared/india-day.ts'

export interface DeliveryCalendar {
  /** Days off besides Sundays, 'YYYY-MM-DD'. */
  holidays: readonly string[]
  /** The order cut-off, 'HH:MM' in IST. */
  cutoff: string
}

const DAY_MS = 86_400_000

/** A calendar day as a UTC midnight, so that adding days never meets a time-zone change. */
function dayOf(text: string): Date {
  return new Date(`${text}T00:00:00Z`)
}

function dayText(day: Date): string {
  return day.toISOString().slice(0, 10)
}

function isBusinessDay(day: Date, holidays: ReadonlySet<string>): boolean {
  return day.getUTCDay() !== 0 && !holidays.has(dayText(day))
}

function nextBusinessDay(day: Date, holidays: ReadonlySet<string>): Date {
  let next = new Date(day.getTime() + DAY_MS)
  while (!isBusinessDay(next, holidays)) next = new Date(next.getTime() + DAY_MS)
  return next
}

/** The business day an order placed at `now` is counted from. */
export function countingDay(now: Date, calendar: DeliveryCalendar): string {
  const holidays = new Set(calendar.holidays)
  const ist = istClock(now)
  const today = dayOf(ist.toISOString().slice(0, 10))
  const clock = ist.toISOString().slice(11, 16)
  const open = isBusinessDay(today, holidays) && clock < calendar.cutoff
  return dayText(open ? today : nextBusinessDay(today, holidays))
}

/** The day an order placed at `now` arrives by, `days` business days after its counting day: 'YYYY-MM-DD'. */
export function deliveryBy(now: Date, days: number, calendar: DeliveryCalendar): string {
  const holidays = new Set(calendar.holidays)
  let day = dayOf(countingDay(now, calendar))
  for (let left = days; left > 0; left--) day = nextBusinessDay(day, holidays)
  return dayText(day)
}

const DELIVERY_DAY_OPTIONS: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
}
const DELIVERY_DAY: Record<Locale, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-IN', DELIVERY_DAY_OPTIONS),
  hi: new Intl.DateTimeFormat('hi-IN', DELIVERY_DAY_OPTIONS),
}

/** 'Thursday, 26 November' for '2026-11-26' ('गुरुवार, 26 नवंबर' on a Hindi page, or in a Hindi order's mail). */
export function formatDeliveryDay(day: string, locale: Locale = getLocale()): string {
  return DELIVERY_DAY[locale].format(dayOf(day))
}
