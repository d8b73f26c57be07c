import { describe, expect, it } from 'vitest'
import { expectedDelivery } from './expected-delivery.ts'

const ZONE = '2026-11-26'
const COURIER = '2026-11-28'

describe('the day a shopper is told', () => {
  it('before booking, and for a parcel sent by hand, is the zone’s promise', () => {
    expect(expectedDelivery(ZONE, null)).toEqual({ day: ZONE, from: 'zone' })
    expect(expectedDelivery(ZONE, undefined)).toEqual({ day: ZONE, from: 'zone' })
    expect(expectedDelivery(null, null)).toBeNull()
  })

  it('once the parcel is booked and on its way, is the courier’s estimate', () => {
    for (const state of ['booked', 'in_transit', 'out_for_delivery', 'undelivered'] as const) {
      expect(expectedDelivery(ZONE, { state, expectedBy: COURIER })).toEqual({ day: COURIER, from: 'courier' })
    }
    // An order placed before the zones had a promise still gets the courier's day.
    expect(expectedDelivery(null, { state: 'in_transit', expectedBy: COURIER })).toEqual({
      day: COURIER,
      from: 'courier',
    })
  })

  it('is the zone’s promise while the courier has given no estimate, or when the booking was cancelled', () => {
    expect(expectedDelivery(ZONE, { state: 'booked', expectedBy: null })).toEqual({ day: ZONE, from: 'zone' })
    expect(expectedDelivery(ZONE, { state: null, expectedBy: COURIER })).toEqual({ day: ZONE, from: 'zone' })
    expect(expectedDelivery(ZONE, { state: 'cancelled', expectedBy: COURIER })).toEqual({ day: ZONE, from: 'zone' })
  })

  it('is no day for a parcel delivered, coming back or lost', () => {
    for (const state of ['delivered', 'rto', 'rto_delivered', 'lost'] as const) {
      expect(expectedDelivery(ZONE, { state, expectedBy: COURIER })).toBeNull()
    }
  })
})
