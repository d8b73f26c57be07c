// What an invoice prints, built once when it is issued and stored as it is (invoices.document), so a
// later change to the shop's settings or a product never alters an issued invoice. Pure: the page and
// the PDF both draw from this.

import { DEFAULT_GST_RATE, DEFAULT_HSN, gstRateBp } from '#app/catalog/product-form.ts'
import { orderNumber } from '#app/orders/status.ts'
import { GST_STATE_CODES } from '#app/shared/gst-state-codes.ts'
import { addressState, isIndianState } from '#app/shared/india-states.ts'
import { formatRupees } from '#app/shared/money.ts'
import { formatIndianMobile } from '#app/shared/phone.ts'
import { computeInvoice, type InvoiceMoney, type RateBp, type Supply } from './invoice-arithmetic.ts'
import { NotIssuable } from './not-issuable.ts'

export interface InvoiceSeller {
  shopName: string
  legalName: string
  address: string
  /** '' for a shop not registered for GST: it issues receipts. */
  gstin: string
  state: string
  stateCode: string
  phone: string
  email: string
  fssaiLicence: string
}

export interface InvoiceBuyer {
  name: string
  address: string
  phone: string
  /** The place of supply: the delivery address's state. */
  state: string
  stateCode: string
}

export interface InvoiceDocument {
  kind: 'tax-invoice' | 'receipt'
  number: string
  /** ISO time of issue. */
  issuedAt: string
  orderId: string
  orderNumber: string
  orderPlacedAt: string
  paymentMethod: string
  seller: InvoiceSeller
  buyer: InvoiceBuyer
  /** The state half of the tax within the state: UTGST in a union territory without a legislature. */
  localTaxName: 'SGST' | 'UTGST'
  money: InvoiceMoney
}

/** Union territories without a legislature levy UTGST where states levy SGST. */
const UTGST_TERRITORIES: readonly string[] = [
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Ladakh',
  'Lakshadweep',
]

/** A credit note as its sheet prints it: it credits the whole invoice it names. */
export interface CreditNoteFacts {
  number: string
  issuedAt: Date | string
  reason: string
  totalAmount: number
  invoiceNumber: string
}

/** The seller's side of the settings row. */
export interface SellerSettings {
  shopName: string
  legalName: string
  address: string
  gstin: string
  state: string
  phone: string
  email: string
  fssaiLicence: string
}

export interface InvoicedOrder {
  id: string
  customerName: string
  phone: string
  shippingAddress: string
  paymentMethod: string
  discountAmount: number
  deliveryFee: number
  totalAmount: number
  createdAt: Date
  items: readonly {
    productName: string
    size: string
    quantity: number
    price: number
    /** The product's HSN and rate when the invoice is issued; null when the product is gone. */
    hsnCode: string | null
    gstRateBp: RateBp | null
  }[]
}

/** A product deleted since it was ordered: the defaults (reference/india.md). */
const DEFAULT_GST_RATE_BP = gstRateBp(DEFAULT_GST_RATE)

function stateCode(state: string): string {
  return isIndianState(state) ? GST_STATE_CODES[state] : ''
}

export function buildInvoiceDocument(input: {
  order: InvoicedOrder
  seller: SellerSettings
  number: string
  issuedAt: Date
}): InvoiceDocument {
  const { order, seller } = input
  const taxed = seller.gstin !== ''
  // An address without a known state is taken as within the shop's state (see the decision record).
  const buyerState = addressState(order.shippingAddress) ?? seller.state
  const supply: Supply = !taxed ? 'untaxed' : buyerState === seller.state ? 'intra-state' : 'inter-state'
  const money = computeInvoice({
    lines: order.items.map((item) => ({
      description: `${item.productName} (${item.size})`,
      hsn: item.hsnCode ?? DEFAULT_HSN,
      quantity: item.quantity,
      unitPrice: item.price,
      rateBp: item.gstRateBp ?? DEFAULT_GST_RATE_BP,
    })),
    discount: order.discountAmount,
    deliveryFee: order.deliveryFee,
    supply,
  })
  if (money.totals.total !== order.totalAmount) {
    throw new NotIssuable(
      `its lines and delivery come to ${formatRupees(money.totals.total, 'en')} but its total is ${formatRupees(order.totalAmount, 'en')}`,
    )
  }
  return {
    kind: taxed ? 'tax-invoice' : 'receipt',
    number: input.number,
    issuedAt: input.issuedAt.toISOString(),
    orderId: order.id,
    orderNumber: orderNumber(order.id),
    orderPlacedAt: order.createdAt.toISOString(),
    paymentMethod: order.paymentMethod,
    seller: { ...seller, stateCode: stateCode(seller.state) },
    buyer: {
      name: order.customerName,
      address: order.shippingAddress,
      phone: formatIndianMobile(order.phone),
      state: buyerState,
      stateCode: stateCode(buyerState),
    },
    localTaxName: UTGST_TERRITORIES.includes(seller.state) ? 'UTGST' : 'SGST',
    money,
  }
}
