import { describe, expect, it } from 'vitest'
import { istClock, istDay, istDayEnd, istDayStart } from './india-day.ts'

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
})
