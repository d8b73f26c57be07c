import { describe, expect, it } from 'vitest'
import { documentNumber, financialYear, MAX_DOCUMENT_NUMBER_LENGTH } from './financial-year.ts'
import { NotIssuable } from './not-issuable.ts'

describe('the financial year (April to March, India time)', () => {
  it('ends at 31 March 23:59 IST and the next begins at 1 April 00:00 IST', () => {
    expect(financialYear(new Date('2027-03-31T23:59:59+05:30'))).toBe('26-27')
    expect(financialYear(new Date('2027-04-01T00:00:00+05:30'))).toBe('27-28')
    // 1 April 00:00 IST is still 31 March in UTC: India's date decides.
    expect(financialYear(new Date('2027-03-31T18:30:00Z'))).toBe('27-28')
    expect(financialYear(new Date('2026-04-01T00:00:00+05:30'))).toBe('26-27')
    expect(financialYear(new Date('2099-06-01T00:00:00+05:30'))).toBe('99-00')
  })

  it('numbers documents in at most 16 characters of letters, digits, - and /', () => {
    const number = documentNumber('INV', '26-27', 123)
    expect(number).toBe('INV/26-27/000123')
    expect(documentNumber('CN', '26-27', 4)).toBe('CN/26-27/000004')
    for (const n of [documentNumber('INV', '26-27', 999_999), documentNumber('RCT', '26-27', 1)]) {
      expect(n.length).toBeLessThanOrEqual(MAX_DOCUMENT_NUMBER_LENGTH)
      expect(n).toMatch(/^[A-Z0-9/-]+$/)
    }
    expect(() => documentNumber('INV', '26-27', 1_000_000)).toThrow(NotIssuable)
    expect(() => documentNumber('INV', '26-27', 0)).toThrow(RangeError)
  })
})
