import { describe, expect, it } from 'vitest'
import { inShopYears, isCalendarDay, istClock, istDay, istDayEnd, istDayStart } from './india-day.ts'

describe('India’s calendar', () => {
  it('starts a day at midnight in India, 18:30 UTC the evening before', () => {
    expect(istDayStart('2026-11-24').toISOString()).toBe('2026-11-23T18:30:00.000Z')
    expect(istDayEnd('2026-11-24').toISOString()).toBe('2026-11-24T18:30:00.000Z')
    // The year's last day ends when the next year begins.
    expect(istDayEnd('2026-12-31')).toEqual(istDayStart('2027-01-01'))
  })

  it('reads the day and the clock of an instant in India', () => {
    expect(istDay(new Date('2026-11-23T18:29:59.999Z'))).toBe('2026-11-23')
    expect(istDay(new Date('2026-11-23T18:30:00Z'))).toBe('2026-11-24')
    expect(istClock(new Date('2026-03-31T18:30:00Z')).toISOString()).toBe('2026-04-01T00:00:00.000Z')
  })

  it('takes typed days that exist, within the shop’s years', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true)
    for (const day of ['2026-02-30', '2026-13-01', '26-11-24', '2026-11-24T00:00', ''])
      expect(isCalendarDay(day)).toBe(false)
    expect(inShopYears('2000-01-01') && inShopYears('2099-12-31')).toBe(true)
    // Year 0 and 1 exist in JavaScript, not as PostgreSQL timestamps an order could be filtered by.
    for (const day of ['0000-01-01', '0001-01-01', '1999-12-31', '2100-01-01']) expect(inShopYears(day)).toBe(false)
  })
})
