import { describe, expect, it } from 'vitest'
import { MAX_CART_LINES, parseGuestCart, serializeGuestCart } from './guest-cart.ts'

const A = '7b0c2a34-1111-4c3e-9d1a-0a1b2c3d4e5f'
const B = '7b0c2a34-2222-4c3e-9d1a-0a1b2c3d4e5f'
const CART_ID = '0e7c9b1a-3333-4c3e-9d1a-0a1b2c3d4e5f'

describe('the guest cart cookie', () => {
  it('reads back what it wrote', () => {
    const cart = {
      id: CART_ID,
      items: [
        { productId: A, size: '250g' as const, quantity: 2 },
        { productId: B, size: '1kg' as const, quantity: 1 },
      ],
      couponCode: 'FIRST10',
    }
    expect(parseGuestCart(serializeGuestCart(cart))).toEqual(cart)
  })

  it('reads garbage as an empty cart', () => {
    for (const value of [undefined, '', 'not json', '{', '"text"', 'null', '[1,2]']) {
      const cart = parseGuestCart(value)
      expect(cart.items).toEqual([])
      expect(cart.couponCode).toBeNull()
    }
  })

  it('drops impossible lines: unknown ids and sizes, quantities 0, -1, 1.5, 10^9, and duplicates', () => {
    const value = JSON.stringify({
      id: CART_ID,
      items: [
        [A, '250g', 1],
        [A, '250g', 5],
        ['drop table', '250g', 1],
        [B, '2kg', 1],
        [B, '500g', 0],
        [B, '500g', -1],
        [B, '500g', 1.5],
        [B, '500g', 1e9],
        [B, '1kg', 3],
      ],
      coupon: 'first10; drop',
    })
    expect(parseGuestCart(value)).toEqual({
      id: CART_ID,
      items: [
        { productId: A, size: '250g', quantity: 1 },
        { productId: B, size: '1kg', quantity: 3 },
      ],
      couponCode: null,
    })
  })

  it('holds at most the line limit', () => {
    const items = Array.from({ length: MAX_CART_LINES + 5 }, (_, index) => [
      `7b0c2a34-${String(index).padStart(4, '0')}-4c3e-9d1a-0a1b2c3d4e5f`,
      '250g',
      1,
    ])
    expect(parseGuestCart(JSON.stringify({ id: CART_ID, items })).items).toHaveLength(MAX_CART_LINES)
  })
})
