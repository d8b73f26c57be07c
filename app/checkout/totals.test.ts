import { describe, expect, it } from 'vitest'
import { type CouponTerms, couponDiscount, couponShortfall, orderTotals, withZoneFee } from './totals.ts'

const terms = { deliveryFee: 5000, freeDeliveryThreshold: 50000 }
const tenPercent: CouponTerms = { kind: 'percent', percentOff: 10, minOrderAmount: 0 }
const percent = (percentOff: number): CouponTerms => ({ kind: 'percent', percentOff, minOrderAmount: 0 })
const flat = (amountOff: number, minOrderAmount = 0): CouponTerms => ({ kind: 'flat', amountOff, minOrderAmount })

describe('delivery fee', () => {
  it('charges ₹50 one paisa below ₹500', () => {
    const totals = orderTotals([{ unitPrice: 49999, quantity: 1 }], terms)
    expect(totals).toEqual({ subtotal: 49999, discount: 0, delivery: 5000, total: 54999, freeDeliveryShortfall: 1 })
  })

  it('is free from exactly ₹500', () => {
    const totals = orderTotals([{ unitPrice: 25000, quantity: 2 }], terms)
    expect(totals).toEqual({ subtotal: 50000, discount: 0, delivery: 0, total: 50000, freeDeliveryShortfall: 0 })
  })

  it('is decided before the coupon, so a coupon never adds a delivery fee', () => {
    const totals = orderTotals([{ unitPrice: 50000, quantity: 1 }], terms, tenPercent)
    expect(totals).toMatchObject({ subtotal: 50000, discount: 5000, delivery: 0, total: 45000 })
  })

  it('is nothing for an empty cart', () => {
    expect(orderTotals([], terms)).toMatchObject({ subtotal: 0, delivery: 0, total: 0, freeDeliveryShortfall: 50000 })
  })

  it('follows the shop’s own terms', () => {
    const totals = orderTotals([{ unitPrice: 30000, quantity: 1 }], { deliveryFee: 4000, freeDeliveryThreshold: 30000 })
    expect(totals.delivery).toBe(0)
    expect(
      orderTotals([{ unitPrice: 29999, quantity: 1 }], { deliveryFee: 4000, freeDeliveryThreshold: 30000 }).delivery,
    ).toBe(4000)
  })
})

describe('coupon arithmetic', () => {
  it('rounds a coupon’s discount to the nearest paisa, halves up', () => {
    expect(couponDiscount(12345, tenPercent)).toBe(1235) // 1234.5
    expect(couponDiscount(12344, tenPercent)).toBe(1234) // 1234.4
    expect(couponDiscount(12346, tenPercent)).toBe(1235) // 1234.6
    expect(couponDiscount(0, tenPercent)).toBe(0)
    expect(couponDiscount(9999, percent(100))).toBe(9999)
    expect(couponDiscount(9999, null)).toBe(0)
  })

  it('adds lines, takes the coupon off the subtotal and adds delivery', () => {
    const totals = orderTotals(
      [
        { unitPrice: 7200, quantity: 2 },
        { unitPrice: 13500, quantity: 1 },
      ],
      terms,
      tenPercent,
    )
    // 14400 + 13500 = 27900; 10% = 2790; delivery 5000
    expect(totals).toEqual({
      subtotal: 27900,
      discount: 2790,
      delivery: 5000,
      total: 30110,
      freeDeliveryShortfall: 22100,
    })
  })
})

describe('flat coupons', () => {
  it('take their amount off the subtotal', () => {
    const totals = orderTotals([{ unitPrice: 30000, quantity: 1 }], terms, flat(7500))
    expect(totals).toEqual({
      subtotal: 30000,
      discount: 7500,
      delivery: 5000,
      total: 27500,
      freeDeliveryShortfall: 20000,
    })
  })

  it('never take more than the subtotal, so the shopper still pays the delivery fee', () => {
    expect(couponDiscount(8000, flat(10000))).toBe(8000)
    const totals = orderTotals([{ unitPrice: 8000, quantity: 1 }], terms, flat(10000))
    expect(totals).toMatchObject({ subtotal: 8000, discount: 8000, delivery: 5000, total: 5000 })
  })

  it('take nothing off an empty cart', () => {
    expect(orderTotals([], terms, flat(5000))).toMatchObject({ discount: 0, total: 0 })
  })
})

describe('minimum order', () => {
  it('gives no discount one paisa below the minimum, and the full discount from exactly the minimum', () => {
    const coupon: CouponTerms = { kind: 'percent', percentOff: 10, minOrderAmount: 40000 }
    expect(couponShortfall(39999, coupon)).toBe(1)
    expect(orderTotals([{ unitPrice: 39999, quantity: 1 }], terms, coupon).discount).toBe(0)
    expect(couponShortfall(40000, coupon)).toBe(0)
    expect(orderTotals([{ unitPrice: 20000, quantity: 2 }], terms, coupon)).toMatchObject({
      subtotal: 40000,
      discount: 4000,
      total: 41000,
    })
  })

  it('holds for flat coupons too, judged on the subtotal before the discount', () => {
    const coupon = flat(10000, 50000)
    expect(couponDiscount(49999, coupon)).toBe(0)
    // ₹500 reaches both the minimum and free delivery: ₹100 off, no fee.
    expect(orderTotals([{ unitPrice: 50000, quantity: 1 }], terms, coupon)).toMatchObject({
      discount: 10000,
      delivery: 0,
      total: 40000,
    })
  })
})

describe('a delivery zone’s extra fee', () => {
  it('is added to the delivery charge and the total', () => {
    const totals = withZoneFee(orderTotals([{ unitPrice: 20000, quantity: 1 }], terms), 4000)
    expect(totals).toMatchObject({ subtotal: 20000, delivery: 9000, total: 29000 })
  })
  it('is charged also when delivery is otherwise free, after the coupon', () => {
    const totals = withZoneFee(orderTotals([{ unitPrice: 60000, quantity: 1 }], terms, tenPercent), 4000)
    expect(totals).toMatchObject({ subtotal: 60000, discount: 6000, delivery: 4000, total: 58000 })
  })
  it('an empty cart costs nothing', () => {
    expect(withZoneFee(orderTotals([], terms), 4000).total).toBe(0)
  })
})
