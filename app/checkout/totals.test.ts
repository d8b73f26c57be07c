import { describe, expect, it } from 'vitest'
import { couponDiscount, orderTotals } from './totals.ts'

const terms = { deliveryFee: 5000, freeDeliveryThreshold: 50000 }

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
    const totals = orderTotals([{ unitPrice: 50000, quantity: 1 }], terms, 10)
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
    expect(couponDiscount(12345, 10)).toBe(1235) // 1234.5
    expect(couponDiscount(12344, 10)).toBe(1234) // 1234.4
    expect(couponDiscount(12346, 10)).toBe(1235) // 1234.6
    expect(couponDiscount(0, 10)).toBe(0)
    expect(couponDiscount(9999, 100)).toBe(9999)
  })

  it('adds lines, takes the coupon off the subtotal and adds delivery', () => {
    const totals = orderTotals(
      [
        { unitPrice: 7200, quantity: 2 },
        { unitPrice: 13500, quantity: 1 },
      ],
      terms,
      10,
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
