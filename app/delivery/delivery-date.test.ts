import { describe, expect, it } from 'vitest'
import { countingDay, deliveryBy, formatDeliveryDay } from './delivery-date.ts'

const plain = { holidays: [], cutoff: '14:00' }
/** An instant given in IST. */
const ist = (text: string) => new Date(`${text}+05:30`)

describe('the delivery date (IST business days)', () => {
  it('an order on a business day before the cut-off counts from that day', () => {
    // Monday 23 November 2026, 10:00 IST.
    expect(countingDay(ist('2026-11-23T10:00:00'), plain)).toBe('2026-11-23')
    expect(deliveryBy(ist('2026-11-23T10:00:00'), 3, plain)).toBe('2026-11-26')
    expect(formatDeliveryDay('2026-11-26')).toBe('Thursday, 26 November')
  })
  it('an order at or after the cut-off counts from the next business day', () => {
    expect(countingDay(ist('2026-11-23T14:00:00'), plain)).toBe('2026-11-24')
    expect(deliveryBy(ist('2026-11-23T18:30:00'), 3, plain)).toBe('2026-11-27')
  })
  it('the IST day decides, not the server’s: 23:00 UTC on Monday is Tuesday morning in India', () => {
    expect(countingDay(new Date('2026-11-23T23:00:00Z'), plain)).toBe('2026-11-24')
  })
  it('Sundays are skipped across a weekend', () => {
    // Friday 27 November after the cut-off: counted from Saturday; 3 business days skip Sunday.
    expect(deliveryBy(ist('2026-11-27T16:00:00'), 3, plain)).toBe('2026-12-02')
    // Saturday is a business day: Saturday morning counts from Saturday.
    expect(deliveryBy(ist('2026-11-28T09:00:00'), 2, plain)).toBe('2026-12-01')
    // An order on Sunday counts from Monday.
    expect(countingDay(ist('2026-11-29T09:00:00'), plain)).toBe('2026-11-30')
    expect(deliveryBy(ist('2026-11-29T09:00:00'), 2, plain)).toBe('2026-12-02')
  })
  it('days on the holiday list are skipped, as counting day and as delivery days', () => {
    const calendar = { holidays: ['2026-11-24', '2026-11-26'], cutoff: '14:00' }
    // Monday after the cut-off: Tuesday is a holiday, counted from Wednesday; Thursday is skipped.
    expect(countingDay(ist('2026-11-23T15:00:00'), calendar)).toBe('2026-11-25')
    expect(deliveryBy(ist('2026-11-23T15:00:00'), 2, calendar)).toBe('2026-11-28')
    // A holiday next to a Sunday: Saturday 28 November off too, so Friday + 1 is Monday.
    const longWeekend = { holidays: ['2026-11-28'], cutoff: '14:00' }
    expect(deliveryBy(ist('2026-11-27T10:00:00'), 1, longWeekend)).toBe('2026-11-30')
  })
})
