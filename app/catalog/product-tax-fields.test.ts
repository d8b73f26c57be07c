// The product form's tax fields: HSN code and GST rate, printed on tax invoices.
import { describe, expect, it } from 'vitest'
import { PRODUCT_DEFAULTS, validateProductForm } from './product-form.ts'

const form = (changes: Partial<typeof PRODUCT_DEFAULTS>) =>
  validateProductForm({ ...PRODUCT_DEFAULTS, name: 'Ratlami Sev', category: 'Premium Products', ...changes })

describe('the product form’s tax fields', () => {
  it('defaults to HSN 2106 90 at 5% and stores digits and hundredths of a percent', () => {
    const result = form({})
    expect(result.ok && [result.data.hsnCode, result.data.gstRate]).toEqual(['210690', 500])
    const empty = form({ hsnCode: '', gstRate: '' })
    expect(empty.ok && [empty.data.hsnCode, empty.data.gstRate]).toEqual(['210690', 500])
    const other = form({ hsnCode: '1905 90 20', gstRate: '18%' })
    expect(other.ok && [other.data.hsnCode, other.data.gstRate]).toEqual(['19059020', 1800])
    const quarter = form({ gstRate: '0.25' })
    expect(quarter.ok && quarter.data.gstRate).toBe(25)
  })

  it('refuses a malformed HSN code or a rate that is not a GST rate, saying what is expected', () => {
    for (const hsnCode of ['21069', 'ABCD', '2106 90 1', '210690123']) {
      const result = form({ hsnCode })
      expect(!result.ok && result.fieldErrors.hsnCode, hsnCode).toBe(
        'The HSN code has 4, 6 or 8 digits, like 2106 90 for namkeen.',
      )
    }
    for (const gstRate of ['7', '-5', 'five', '500']) {
      const result = form({ gstRate })
      expect(!result.ok && result.fieldErrors.gstRate, gstRate).toBe(
        'Choose a GST rate: 0, 0.25, 3, 5, 12, 18, 28, 40 %.',
      )
    }
  })
})
