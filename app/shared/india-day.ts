// The shop keeps India's calendar (Asia/Kolkata), whatever the server's or the browser's time zone.

// Made once: building an Intl format costs more than formatting with it (it was on every order's path).
const IST_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' })

/** The India calendar day of an instant, 'YYYY-MM-DD'. */
export function istDay(instant: Date): string {
  return IST_DAY.format(instant)
}
