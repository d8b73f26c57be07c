import { describe, expect, it } from 'vitest'
import { isPayable, paymentPath } from './status.ts'

const order = { id: '0b5f3c1e-8d2a-4c6b-9e71-3a4f5d6c7b8a', paymentMethod: 'online', status: 'pending' }

describe('paying for an order', () => {
  it('is possible only for an online order neither paid nor cancelled', () => {
    expect(isPayable({ ...order, paymentStatus: 'pending' })).toBe(true)
    expect(isPayable({ ...order, paymentStatus: 'failed' })).toBe(true)
    expect(isPayable({ ...order, paymentStatus: 'paid' })).toBe(false)
    expect(isPayable({ ...order, paymentStatus: 'failed', status: 'cancelled' })).toBe(false)
    expect(isPayable({ ...order, paymentStatus: 'pending', paymentMethod: 'cod' })).toBe(false)
  })

  it('goes on at the pay-again page after a failure, and checks a pending payment first', () => {
    expect(paymentPath({ ...order, paymentStatus: 'failed' })).toBe(`/checkout?orderId=${order.id}`)
    expect(paymentPath({ ...order, paymentStatus: 'pending' })).toBe(`/payment-status?orderId=${order.id}`)
  })
})
