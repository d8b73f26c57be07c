// The shop keeps India's calendar (Asia/Kolkata), whatever the server's or the browser's time zone.

/** The India calendar day of an instant, 'YYYY-MM-DD'. */
export function istDay(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(instant)
}
