// Hand-worked invoices: every figure below was worked out on paper from the rules at the top of
// invoice-arithmetic.ts (all amounts in paise, GST 5% = 500 bp, so tax = amount x 5 / 105).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  computeInvoice,
  deliveryRate,
  extractTax,
  type GoodsLine,
  lineRate,
  spreadProRata,
} from './invoice-arithmetic.ts'
import { NotIssuable } from './not-issuable.ts'

const line = (description: string, quantity: number, unitPrice: number, rateBp = 500): GoodsLine => ({
  description,
  hsn: '210690',
  quantity,
  unitPrice,
  rateBp,
})

/** The columns a reader checks on each line: [gross, discount, taxable, cgst, sgst, igst, amount]. */
const columns = (invoice: ReturnType<typeof computeInvoice>) =>
  invoice.lines.map((l) => [l.description, l.gross, l.discount, l.taxable, l.cgst, l.sgst, l.igst, l.amount])

describe('a tax invoice within Madhya Pradesh (CGST + SGST)', () => {
  it('extracts the tax line by line and on the ₹50 delivery charge, adding up to the order total', () => {
    // Sev ₹80 x 2 = 16000: tax 16000 x 2.5/105 = 380.95 -> CGST 381, SGST 381, taxable 16000 - 762 = 15238.
    // Bhujia ₹150 x 1 = 15000: 15000 x 2.5/105 = 357.14 -> 357 + 357, taxable 14286.
    // Delivery 5000: 5000 x 2.5/105 = 119.05 -> 119 + 119, taxable 4762.
    // Total 15238 + 14286 + 4762 = 34286 taxable + 857 CGST + 857 SGST = 36000 = 31000 + 5000.
    const invoice = computeInvoice({
      lines: [line('Ratlami Sev 250g', 2, 8000), line('Aloo Bhujia 500g', 1, 15000)],
      discount: 0,
      deliveryFee: 5000,
      supply: 'intra-state',
    })
    expect(columns(invoice)).toEqual([
      ['Ratlami Sev 250g', 16000, 0, 15238, 381, 381, 0, 16000],
      ['Aloo Bhujia 500g', 15000, 0, 14286, 357, 357, 0, 15000],
      ['Delivery charge', 5000, 0, 4762, 119, 119, 0, 5000],
    ])
    expect(invoice.lines[2]).toMatchObject({ kind: 'delivery', rateBp: 500, hsn: '210690', quantity: 1 })
    expect(invoice.totals).toEqual({
      gross: 36000,
      discount: 0,
      taxable: 34286,
      cgst: 857,
      sgst: 857,
      igst: 0,
      total: 36000,
    })
  })

  it('spreads a ₹100 flat coupon pro rata with the left-over paisa to the largest remainder, delivery free', () => {
    // Goods 28000 + 15000 + 10000 = 53000 (free delivery from ₹500). Coupon 10000 pro rata:
    // 10000 x 28000/53000 = 5283.02 -> 5283 (remainder 1000/53000), x 15000/53000 = 2830.19 -> 2830
    // (10000/53000), x 10000/53000 = 1886.79 -> 1886 (42000/53000). Floors sum to 9999: the last paisa
    // goes to the largest remainder, the third line: 1887.
    // Amounts 22717, 12170, 8113. CGST = SGST = round(amount x 2.5/105): 540.88 -> 541, 289.76 -> 290,
    // 193.17 -> 193. Taxable 22717 - 1082 = 21635, 12170 - 580 = 11590, 8113 - 386 = 7727.
    // Totals: 40952 + 1024 + 1024 = 43000 = 53000 - 10000.
    const invoice = computeInvoice({
      lines: [line('Ratlami Sev 1kg', 1, 28000), line('Khatta Meetha 500g', 1, 15000), line('Moong Dal 250g', 2, 5000)],
      discount: 10000,
      deliveryFee: 0,
      supply: 'intra-state',
    })
    expect(columns(invoice)).toEqual([
      ['Ratlami Sev 1kg', 28000, 5283, 21635, 541, 541, 0, 22717],
      ['Khatta Meetha 500g', 15000, 2830, 11590, 290, 290, 0, 12170],
      ['Moong Dal 250g', 10000, 1887, 7727, 193, 193, 0, 8113],
    ])
    expect(invoice.totals).toEqual({
      gross: 53000,
      discount: 10000,
      taxable: 40952,
      cgst: 1024,
      sgst: 1024,
      igst: 0,
      total: 43000,
    })
  })
})

describe('a tax invoice to another state (IGST)', () => {
  it('takes IGST on a discounted product, FIRST10 and the delivery charge', () => {
    // Sev 500g MRP ₹150 at 15% off = 12750 x 2 = 25500; Garlic Sev ₹85 x 1 = 8500; goods 34000, so
    // delivery 5000. FIRST10: 3400, pro rata 3400 x 25500/34000 = 2550 and 850 (exact).
    // Amounts 22950 and 7650. IGST = round(amount x 5/105): 1092.86 -> 1093, 364.29 -> 364,
    // delivery 238.10 -> 238. Taxable 21857, 7286, 4762 = 33905; IGST 1695; total 35600.
    const invoice = computeInvoice({
      lines: [line('Ratlami Sev 500g', 2, 12750), line('Garlic Sev 250g', 1, 8500)],
      discount: 3400,
      deliveryFee: 5000,
      supply: 'inter-state',
    })
    expect(columns(invoice)).toEqual([
      ['Ratlami Sev 500g', 25500, 2550, 21857, 0, 0, 1093, 22950],
      ['Garlic Sev 250g', 8500, 850, 7286, 0, 0, 364, 7650],
      ['Delivery charge', 5000, 0, 4762, 0, 0, 238, 5000],
    ])
    expect(invoice.totals).toEqual({
      gross: 39000,
      discount: 3400,
      taxable: 33905,
      cgst: 0,
      sgst: 0,
      igst: 1695,
      total: 35600,
    })
  })

  it('has no delivery line when delivery is free', () => {
    // 60000 x 5/105 = 2857.14 -> 2857, taxable 57143.
    const invoice = computeInvoice({
      lines: [line('Ratlami Sev 1kg', 2, 30000)],
      discount: 0,
      deliveryFee: 0,
      supply: 'inter-state',
    })
    expect(columns(invoice)).toEqual([['Ratlami Sev 1kg', 60000, 0, 57143, 0, 0, 2857, 60000]])
  })
})

describe('mixed rates', () => {
  it('charges delivery at the rate of the larger share of the goods', () => {
    // 5% goods 30000, 18% goods 10000: delivery at 5%. The 18% line: 10000 x 9/118 = 762.71 -> CGST 763,
    // SGST 763, taxable 8474.
    const invoice = computeInvoice({
      lines: [line('Namkeen 1kg', 1, 30000), line('Gift tin', 1, 10000, 1800)],
      discount: 0,
      deliveryFee: 5000,
      supply: 'intra-state',
    })
    expect(invoice.lines[1]).toMatchObject({ taxable: 8474, cgst: 763, sgst: 763, rateBp: 1800 })
    expect(invoice.lines[2]).toMatchObject({ kind: 'delivery', rateBp: 500 })
    expect(
      deliveryRate([
        { rateBp: 500, amount: 100 },
        { rateBp: 1800, amount: 300 },
      ]),
    ).toBe(1800)
    expect(
      deliveryRate([
        { rateBp: 500, amount: 200 },
        { rateBp: 1800, amount: 200 },
      ]),
    ).toBe(1800)
  })
})

describe('a receipt (no GSTIN)', () => {
  it('lists the same amounts with no tax', () => {
    const invoice = computeInvoice({
      lines: [line('Ratlami Sev 250g', 2, 8000)],
      discount: 1600,
      deliveryFee: 5000,
      supply: 'untaxed',
    })
    expect(columns(invoice)).toEqual([
      ['Ratlami Sev 250g', 16000, 1600, 14400, 0, 0, 0, 14400],
      ['Delivery charge', 5000, 0, 5000, 0, 0, 0, 5000],
    ])
    expect(invoice.totals.total).toBe(19400)
  })
})

describe('the rounding rule', () => {
  it('refuses a discount larger than the goods', () => {
    expect(() =>
      computeInvoice({ lines: [line('x', 1, 100)], discount: 101, deliveryFee: 0, supply: 'untaxed' }),
    ).toThrow(NotIssuable)
  })

  it('always adds up to the order total to the paisa, CGST equal to SGST, taxable within a paisa of exact', () => {
    const rates = fc.constantFrom(0, 25, 300, 500, 1200, 1800, 2800, 4000)
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            quantity: fc.integer({ min: 1, max: 50 }),
            unitPrice: fc.integer({ min: 0, max: 1_00_000_00 }),
            rateBp: rates,
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 0, max: 20_000 }),
        fc.constantFrom('intra-state', 'inter-state', 'untaxed' as const),
        (goods, discountShare, deliveryFee, supply) => {
          const lines = goods.map((g, i) => ({ ...g, description: `line ${i}`, hsn: '210690' }))
          const subtotal = lines.reduce((sum, l) => sum + l.quantity * l.unitPrice, 0)
          const discount = Math.floor(subtotal * discountShare)
          const invoice = computeInvoice({ lines, discount, deliveryFee, supply })
          const t = invoice.totals
          expect(t.total).toBe(subtotal - discount + deliveryFee)
          expect(t.taxable + t.cgst + t.sgst + t.igst).toBe(t.total)
          expect(t.discount).toBe(discount)
          for (const l of invoice.lines) {
            expect(l.cgst).toBe(l.sgst)
            expect(l.taxable + l.cgst + l.sgst + l.igst).toBe(l.amount)
            const exact = supply === 'untaxed' ? l.amount : (l.amount * 10_000) / (10_000 + l.rateBp)
            expect(Math.abs(l.taxable - exact)).toBeLessThanOrEqual(1)
          }
        },
      ),
    )
  })

  it('spreads pro rata by largest remainder', () => {
    expect(spreadProRata(100, [1, 1, 1])).toEqual([34, 33, 33])
    expect(spreadProRata(0, [5, 5])).toEqual([0, 0])
    expect(spreadProRata(7, [0, 0])).toEqual([0, 0])
    expect(extractTax(105, 500, 'inter-state')).toEqual({ taxable: 100, cgst: 0, sgst: 0, igst: 5 })
  })
})

describe('the rate column', () => {
  it('halves the rate into CGST + SGST within the state, to the third decimal, and prints IGST whole', () => {
    expect(lineRate(500, true)).toBe('2.5%+2.5%')
    expect(lineRate(25, true)).toBe('0.125%+0.125%')
    expect(lineRate(1800, false)).toBe('18%')
  })
})
