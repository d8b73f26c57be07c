// What a shopper is told an applied coupon gives: the owner's words in English, the coupon's own terms
// in Hindi (the owner's words have no Hindi twin).
import { describe, expect, test } from 'vitest'
import { type CouponRow, couponDescription } from './coupons.server.ts'

function coupon(fields: Partial<CouponRow>): CouponRow {
  return {
    code: 'FIRST10',
    description: '10% off your first order',
    kind: 'percent',
    percentOff: 10,
    amountOff: null,
    minOrderAmount: 0,
    firstOrderOnly: true,
    onePerCustomer: true,
    maxUses: null,
    startsAt: null,
    endsAt: null,
    isActive: true,
    createdAt: new Date(),
    updatedAt: new Date(),
    ...fields,
  }
}

describe('couponDescription', () => {
  test("an English page shows the owner's description as entered", () => {
    expect(couponDescription(coupon({}), 'en')).toBe('10% off your first order')
  })

  test('a Hindi page describes a first-order percent coupon in Hindi', () => {
    expect(couponDescription(coupon({}), 'hi')).toBe('पहले ऑर्डर पर 10% की छूट')
  })

  test('a Hindi page describes a flat coupon with its amount in rupees, and no minimum order', () => {
    const flat = coupon({
      code: 'DIWALI100',
      description: '₹100 off orders over ₹999',
      kind: 'flat',
      percentOff: null,
      amountOff: 10000,
      minOrderAmount: 99900,
      firstOrderOnly: false,
    })
    expect(couponDescription(flat, 'hi')).toBe('₹100.00 की छूट')
  })
})
