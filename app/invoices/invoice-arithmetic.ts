// The money of a tax invoice, in paise, from the order's MRP prices (tax included). Pure functions:
// the same order always gives the same invoice, and the invoice adds up to the order's total exactly.
//
// Rules (docs/decisions/022-tax-invoices.md):
// - A coupon's discount comes off the goods, never the delivery charge: it is spread over the goods
//   lines in proportion to their value, each share rounded down, the paise left over going one each
//   to the lines with the largest remainders (the earlier line on a tie).
// - Per line, the tax is extracted from the amount charged (after discount): tax = amount x rate /
//   (100 + rate), rounded to the nearest paisa (half up). Within the shop's state it is CGST and SGST,
//   each half of the rate and rounded on its own, so they are always equal; the taxable value is the
//   amount less the tax, so each line adds up to what was charged and the invoice to the order's total.
// - The delivery charge is its own line at the goods' rate; when the goods carry different rates it
//   takes the rate of the largest share of the goods' value (the principal supply of a composite
//   supply), the higher rate on a tie.
// - A shop without a GSTIN issues a receipt: the same lines, no tax.
import { formatRupees } from '#app/shared/money.ts'
import { NotIssuable } from './not-issuable.ts'

/** A GST rate in hundredths of a percent (500 = 5%), so 0.25% and 3% are exact too. */
export type RateBp = number

export interface GoodsLine {
  description: string
  /** HSN code, digits only ('210690'). */
  hsn: string
  quantity: number
  /** MRP per unit in paise, tax included. */
  unitPrice: number
  rateBp: RateBp
}

export type Supply = 'intra-state' | 'inter-state' | 'untaxed'

export interface InvoiceInput {
  lines: readonly GoodsLine[]
  /** Paise off the goods (coupon). */
  discount: number
  /** Paise, tax included; 0 when delivery is free. */
  deliveryFee: number
  supply: Supply
}

export interface InvoiceLine {
  kind: 'goods' | 'delivery'
  description: string
  hsn: string
  quantity: number
  unit: string
  unitPrice: number
  /** quantity x unitPrice. */
  gross: number
  /** This line's share of the coupon discount. */
  discount: number
  /** What the line costs the buyer: gross - discount = taxable + taxes. */
  amount: number
  taxable: number
  rateBp: RateBp
  cgst: number
  sgst: number
  igst: number
}

export interface InvoiceTotals {
  gross: number
  discount: number
  taxable: number
  cgst: number
  sgst: number
  igst: number
  /** The order's total: taxable + cgst + sgst + igst. */
  total: number
}

export interface InvoiceMoney {
  supply: Supply
  lines: InvoiceLine[]
  totals: InvoiceTotals
}

export const DELIVERY_DESCRIPTION = 'Delivery charge'
export const GOODS_UNIT = 'pkt'
export const DELIVERY_UNIT = 'job'

/** round(numerator / denominator), halves up, for non-negative integers. */
function roundDiv(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator))
}

/**
 * Splits `amount` over `weights` in proportion, in whole paise that add up to `amount`: shares rounded
 * down, the rest one paisa each to the largest remainders (the earlier on a tie).
 */
export function spreadProRata(amount: number, weights: readonly number[]): number[] {
  const whole = weights.reduce((sum, weight) => sum + weight, 0)
  if (amount === 0 || whole === 0) return weights.map(() => 0)
  const shares = weights.map((weight) => Math.floor((amount * weight) / whole))
  const remainders = weights.map((weight, index) => ({ index, remainder: (amount * weight) % whole }))
  remainders.sort((a, b) => b.remainder - a.remainder || a.index - b.index)
  let left = amount - shares.reduce((sum, share) => sum + share, 0)
  for (const { index } of remainders) {
    if (left === 0) break
    shares[index] = (shares[index] ?? 0) + 1
    left--
  }
  return shares
}

/** The tax inside `amount` (tax included) at `rateBp`, as the supply splits it. */
export function extractTax(amount: number, rateBp: RateBp, supply: Supply) {
  const inclusive = 10_000 + rateBp
  if (supply === 'untaxed' || rateBp === 0) return { taxable: amount, cgst: 0, sgst: 0, igst: 0 }
  if (supply === 'inter-state') {
    const igst = roundDiv(amount * rateBp, inclusive)
    return { taxable: amount - igst, cgst: 0, sgst: 0, igst }
  }
  const half = roundDiv(amount * rateBp, 2 * inclusive)
  return { taxable: amount - 2 * half, cgst: half, sgst: half, igst: 0 }
}

/** The delivery line's rate: the rate of the largest share of the goods' value, the higher on a tie. */
export function deliveryRate(lines: readonly { rateBp: RateBp; amount: number }[]): RateBp {
  const byRate = new Map<RateBp, number>()
  for (const line of lines) byRate.set(line.rateBp, (byRate.get(line.rateBp) ?? 0) + line.amount)
  let best: [RateBp, number] | null = null
  for (const entry of byRate) {
    if (!best || entry[1] > best[1] || (entry[1] === best[1] && entry[0] > best[0])) best = entry
  }
  return best?.[0] ?? 0
}

export function computeInvoice({ lines, discount, deliveryFee, supply }: InvoiceInput): InvoiceMoney {
  const grosses = lines.map((line) => line.quantity * line.unitPrice)
  const subtotal = grosses.reduce((sum, gross) => sum + gross, 0)
  if (discount < 0 || discount > subtotal) {
    throw new NotIssuable(
      `its discount of ${formatRupees(discount, 'en')} does not fit its goods worth ${formatRupees(subtotal, 'en')}`,
    )
  }
  const discounts = spreadProRata(discount, grosses)
  const goods: InvoiceLine[] = lines.map((line, index) => {
    const gross = grosses[index] ?? 0
    const lineDiscount = discounts[index] ?? 0
    const amount = gross - lineDiscount
    return {
      kind: 'goods',
      description: line.description,
      hsn: line.hsn,
      quantity: line.quantity,
      unit: GOODS_UNIT,
      unitPrice: line.unitPrice,
      gross,
      discount: lineDiscount,
      amount,
      rateBp: line.rateBp,
      ...extractTax(amount, line.rateBp, supply),
    }
  })
  const all = [...goods]
  if (deliveryFee > 0) {
    const rateBp = deliveryRate(goods)
    // The delivery line carries the HSN of the goods whose rate it follows.
    const hsn = goods.find((line) => line.rateBp === rateBp)?.hsn ?? ''
    all.push({
      kind: 'delivery',
      description: DELIVERY_DESCRIPTION,
      hsn,
      quantity: 1,
      unit: DELIVERY_UNIT,
      unitPrice: deliveryFee,
      gross: deliveryFee,
      discount: 0,
      amount: deliveryFee,
      rateBp,
      ...extractTax(deliveryFee, rateBp, supply),
    })
  }
  const sum = (pick: (line: InvoiceLine) => number) => all.reduce((total, line) => total + pick(line), 0)
  return {
    supply,
    lines: all,
    totals: {
      gross: sum((line) => line.gross),
      discount: sum((line) => line.discount),
      taxable: sum((line) => line.taxable),
      cgst: sum((line) => line.cgst),
      sgst: sum((line) => line.sgst),
      igst: sum((line) => line.igst),
      total: sum((line) => line.amount),
    },
  }
}

/** '5%', '0.25%', and half of 0.25% as '0.125%'. */
function formatRate(rateBp: number): string {
  return `${(rateBp / 100).toLocaleString('en-IN', { maximumFractionDigits: 3 })}%`
}

/** A line's rate as the invoice prints it: '2.5%+2.5%' (CGST+SGST) within the shop's state, '5%' (IGST) outside. */
export function lineRate(rateBp: RateBp, intraState: boolean): string {
  return intraState ? `${formatRate(rateBp / 2)}+${formatRate(rateBp / 2)}` : formatRate(rateBp)
}
