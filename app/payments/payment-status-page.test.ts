// The payment result page's re-check schedule (spec sections 4 and 9): while a payment is pending it
// is checked again up to 5 times, after 1 s, doubling, never more than 10 s apart.
import { describe, expect, it } from 'vitest'
import { recheckDelayMs, VERIFY_ATTEMPTS } from './payment-status-page.tsx'

describe('re-checking a pending payment', () => {
  it('tries 5 times, 1 s first and doubling up to at most 10 s', () => {
    const delays = Array.from({ length: VERIFY_ATTEMPTS }, (_, attempt) => recheckDelayMs(attempt))
    expect(delays).toEqual([1000, 2000, 4000, 8000, 10_000])
  })
})
