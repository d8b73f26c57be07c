import { describe, expect, it } from 'vitest'
import { discounted, sellingPrice } from './pricing.ts'
import { isAvailable, isSize, priceOf, stockOf } from './sizes.ts'

const product = {
  price250g: 8000,
  price500g: 15000,
  price1kg: 0,
  stock250g: 3,
  stock500g: 0,
  stock1kg: 9,
  discountPercentage: 15,
}

describe('sizes', () => {
  it('knows the three sizes and nothing else', () => {
    expect(isSize('250g')).toBe(true)
    expect(isSize('1kg')).toBe(true)
    expect(isSize('2kg')).toBe(false)
    expect(isSize(250)).toBe(false)
  })

  it('reads the price and stock of a size', () => {
    expect(priceOf(product, '500g')).toBe(15000)
    expect(stockOf(product, '1kg')).toBe(9)
  })

  it('treats a size without a price or without stock as unavailable', () => {
    expect(isAvailable(product, '250g')).toBe(true)
    expect(isAvailable(product, '500g')).toBe(false)
    expect(isAvailable(product, '1kg')).toBe(false)
  })
})

describe('discounts', () => {
  it('takes a whole percentage off, rounding to the nearest paisa with halves up', () => {
    expect(discounted(8000, 10)).toBe(7200)
    expect(discounted(999, 15)).toBe(849) // 849.15
    expect(discounted(1001, 50)).toBe(501) // 500.5 rounds up
    expect(discounted(8000, 0)).toBe(8000)
    expect(discounted(8000, 100)).toBe(0)
  })

  it('prices a packet after the product discount', () => {
    expect(sellingPrice(product, '250g')).toBe(6800)
  })
})
