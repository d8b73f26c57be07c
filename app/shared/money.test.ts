import { describe, expect, it } from 'vitest'
import { formatRupees, formatWholeRupees } from './money.ts'

describe('rupee formatting', () => {
  it('shows paise as rupees with two decimals', () => {
    expect(formatRupees(8000)).toBe('₹80.00')
    expect(formatRupees(5)).toBe('₹0.05')
    expect(formatRupees(0)).toBe('₹0.00')
  })

  it('groups digits the Indian way (lakh)', () => {
    expect(formatRupees(10_000_000)).toBe('₹1,00,000.00')
  })

  it('shows the admin revenue without decimals', () => {
    expect(formatWholeRupees(12_345_678)).toBe('₹1,23,457')
  })
})
