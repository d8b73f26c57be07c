// The shop keeps India's calendar (Asia/Kolkata), whatever the server's or the browser's time zone.

// Made once: building an Intl format costs more than formatting with it (it was on every order's path).
const IST_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' })
/** India Standard Time is UTC+5:30 all year: India keeps no daylight saving. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000

/** The years a date typed into the shop may fall in: beyond them it is a slip of the keyboard, and
 * year 0 is not one PostgreSQL keeps (a filter for it would fail the request). */
export const SHOP_YEARS = { first: 2000, last: 2099 } as const

/** Whether a 'YYYY-MM-DD' day exists on the calendar (not 2026-02-30). */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false
  const date = new Date(`${day}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day)
}

/** Whether a calendar day falls in SHOP_YEARS. */
export function inShopYears(day: string): boolean {
  const year = Number(day.slice(0, 4))
  return year >= SHOP_YEARS.first && year <= SHOP_YEARS.last
}

/** The India calendar day of an instant, 'YYYY-MM-DD'. */
export function istDay(instant: Date): string {
  return IST_DAY.format(instant)
}

/** The instant moved by India's offset: its UTC fields (getUTCMonth, toISOString ...) read India's clock. */
export function istClock(instant: Date): Date {
  return new Date(instant.getTime() + IST_OFFSET_MS)
}

/** When an India calendar day ('YYYY-MM-DD') begins, as an instant. */
export function istDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS)
}

/** When an India calendar day ends: the moment the next one begins. */
export function istDayEnd(day: string): Date {
  return new Date(istDayStart(day).getTime() + 24 * 60 * 60 * 1000)
}
