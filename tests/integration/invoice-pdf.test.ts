// The invoice PDF opens and holds the invoice's numbers: rendered from a hand-worked invoice (the unit
// test's first example), read back with a small parser (tests/pdf-text.ts).
import { describe, expect, it } from 'vitest'
import { buildInvoiceDocument, type SellerSettings } from '#app/invoices/invoice-document.ts'
import { renderInvoicePdf } from '#app/invoices/invoice-pdf.server.ts'
import { readPdfText } from '../pdf-text.ts'

const seller: SellerSettings = {
  shopName: 'Malwa Namkeen',
  legalName: 'Malwa Foods LLP',
  address: 'Sarafa Bazaar, Indore, Madhya Pradesh 452002',
  gstin: '23ABCDE1234F1Z5',
  state: 'Madhya Pradesh',
  phone: '+91 98765 43210',
  email: 'hello@malwanamkeen.example',
  fssaiLicence: '11424999000123',
}

const order = {
  id: '0b7d2c4e-1f5a-4c3b-9d8e-7a6b1a2b3c4d',
  customerName: 'आशा वर्मा',
  phone: '+919876543210',
  shippingAddress: '12, Vijay Nagar, Scheme 54, Indore, Madhya Pradesh - 452010',
  paymentMethod: 'cod',
  discountAmount: 0,
  deliveryFee: 5000,
  totalAmount: 36000,
  createdAt: new Date('2026-11-24T09:00:00+05:30'),
  items: [
    { productName: 'Ratlami Sev', size: '250g', quantity: 2, price: 8000, hsnCode: '210690', gstRateBp: 500 },
    { productName: 'Aloo Bhujia', size: '500g', quantity: 1, price: 15000, hsnCode: null, gstRateBp: null },
  ],
}

describe('the invoice PDF', () => {
  it('opens as an A4 PDF with the invoice’s number, lines, taxes and total, ₹ and Devanagari included', async () => {
    const document = buildInvoiceDocument({
      order,
      seller,
      number: 'INV/26-27/000001',
      issuedAt: new Date('2026-11-24T10:00:00+05:30'),
    })
    const pdf = await renderInvoicePdf([{ document }], { compress: false })
    const read = readPdfText(pdf)
    expect(read.header).toBe('%PDF-1.3')
    expect(Buffer.from(pdf).subarray(-6).toString('latin1')).toContain('%%EOF')
    expect(read.pageCount).toBe(1)
    const text = read.pages[0] ?? ''
    for (const expected of [
      'TAX INVOICE',
      'INV/26-27/000001',
      '23ABCDE1234F1Z5',
      // Shaped Devanagari comes back in glyph order ('वर्मा' as व, म, ा, reph): its simple word is checked.
      'आशा',
      'Ratlami Sev (250g)',
      '2106 90',
      // Sev's line: 160.00 taxable 152.38, CGST 3.81; Bhujia 142.86 and 3.57; delivery 47.62 and 1.19.
      '152.38',
      '3.81',
      '142.86',
      '47.62',
      // Totals: taxable 342.86, CGST = SGST 8.57, total ₹360.00.
      '342.86',
      '8.57',
      '₹',
      '360.00',
      'Rupees Three Hundred Sixty Only',
      'Authorised signatory',
    ]) {
      expect(text, expected).toContain(expected)
    }
    expect(text).not.toContain('\uFFFD')
    expect(text).not.toContain('IGST')
  })

  it('puts a credit note on its own page after the invoice, and a receipt carries no tax', async () => {
    const document = buildInvoiceDocument({
      order: { ...order, customerName: 'Asha Verma' },
      seller: { ...seller, gstin: '' },
      number: 'RCT/26-27/000007',
      issuedAt: new Date('2026-11-24T10:00:00+05:30'),
    })
    const creditNote = {
      number: 'CN/26-27/000002',
      issuedAt: new Date('2026-11-25T10:00:00+05:30'),
      reason: 'Order cancelled',
      totalAmount: 36000,
      invoiceNumber: 'RCT/26-27/000007',
    }
    const read = readPdfText(await renderInvoicePdf([{ document }, { document, creditNote }], { compress: false }))
    expect(read.pageCount).toBe(2)
    expect(read.pages[0]).toContain('RECEIPT')
    expect(read.pages[0]).not.toContain('CGST')
    expect(read.pages[1]).toContain('CREDIT NOTE')
    expect(read.pages[1]).toContain('CN/26-27/000002')
    expect(read.pages[1]).toContain('Against invoice RCT/26-27/000007 dated 24 Nov 2026')
  })

  it('runs thirty lines (a full cart) onto a second page, with the heading repeated and the totals after', async () => {
    const items = Array.from({ length: 30 }, (_, i) => ({
      productName: `Namkeen number ${i + 1} with a long name that wraps`,
      size: '1kg',
      quantity: 1,
      price: 10000,
      hsnCode: '210690',
      gstRateBp: 500,
    }))
    const document = buildInvoiceDocument({
      order: { ...order, items, discountAmount: 0, deliveryFee: 0, totalAmount: 300000 },
      seller,
      number: 'INV/26-27/000009',
      issuedAt: new Date('2026-11-24T10:00:00+05:30'),
    })
    const read = readPdfText(await renderInvoicePdf([{ document }], { compress: false }))
    expect(read.pageCount).toBe(2)
    expect(read.pages[0]).toContain('Namkeen number 1 ')
    expect(read.pages[1]).toContain('Description')
    expect(read.pages[1]).toContain('Namkeen number 30 ')
    expect(read.pages[1]).toContain('3,000.00')
    expect(read.pages[1]).toContain('Rupees Three Thousand Only')
  })

  it('names the state half UTGST for a shop in a union territory without a legislature', async () => {
    const document = buildInvoiceDocument({
      order: {
        ...order,
        customerName: 'Asha Verma',
        shippingAddress: 'House 7, Sector 17, Chandigarh, Chandigarh - 160017',
      },
      seller: { ...seller, gstin: '04ABCDE1234F1Z5', state: 'Chandigarh' },
      number: 'INV/26-27/000003',
      issuedAt: new Date('2026-11-24T10:00:00+05:30'),
    })
    expect(document).toMatchObject({ localTaxName: 'UTGST', money: { supply: 'intra-state' } })
    const text = readPdfText(await renderInvoicePdf([{ document }], { compress: false })).pages[0] ?? ''
    expect(text).toContain('UTGST')
    expect(text).toContain('Chandigarh (Code 04)')
  })
})
