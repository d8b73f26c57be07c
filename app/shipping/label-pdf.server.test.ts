// The label PDF the admin prints carries Shiprocket's label pages first and the packing slip after them,
// on the label's paper. The label here is a stand-in drawn with pdfkit; the text is read back with the
// tests' small PDF reader (tests/pdf-text.ts).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { PDFDocument as PdfLib } from 'pdf-lib'
import PDFDocument from 'pdfkit'
import { describe, expect, it } from 'vitest'
import { readPdfText } from '../../tests/pdf-text.ts'
import { labelWithPackingSlip, type PackingSlipData } from './label-pdf.server.ts'

const FOUR_BY_SIX = [288, 432] as const
// An embedded font, so the reader can map the label's text back (pdfkit's built-in Helvetica has no ToUnicode map).
const LABEL_FONT = readFileSync(
  createRequire(import.meta.url).resolve(
    '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-latin-400-normal.woff',
  ),
)

function labelPdf(pages: number, size: readonly [number, number] = FOUR_BY_SIX): Promise<Uint8Array> {
  const pdf = new PDFDocument({ size: [...size], margin: 10, compress: false, autoFirstPage: false })
  const chunks: Buffer[] = []
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Uint8Array>((resolve) => pdf.on('end', () => resolve(Buffer.concat(chunks))))
  for (let page = 1; page <= pages; page++) {
    pdf.addPage()
    pdf.font(LABEL_FONT).fontSize(14).text(`AWB 1900${page} DELHIVERY SURFACE`)
  }
  pdf.end()
  return done
}

function slip(overrides: Partial<PackingSlipData['order']> = {}): PackingSlipData {
  return {
    shop: {
      shopName: 'Malwa Namkeen',
      address: 'Sarafa Bazaar, Indore, Madhya Pradesh 452002',
      phone: '+91 98765 43210',
      email: 'hello@malwanamkeen.example',
      fssaiLicence: '11424999000123',
    },
    order: {
      number: '1a2b3c4d',
      createdAt: '2026-11-24T03:30:00.000Z',
      customerName: 'आशा वर्मा',
      shippingAddress: '12, Vijay Nagar, Scheme 54\nIndore, Madhya Pradesh - 452010',
      phone: '+919876543210',
      deliveryZone: 'Indore city',
      deliveryZoneFee: 0,
      deliveryBy: '2026-11-26',
      items: [
        { productName: 'Ratlami Sev', size: '250g', quantity: 2, price: 8000 },
        { productName: 'आलू भुजिया', size: '500g', quantity: 1, price: 15000 },
      ],
      itemCount: 3,
      paymentMethod: 'cod',
      paymentStatus: 'pending',
      totalAmount: 36000,
      ...overrides,
    },
  }
}

describe('the label with its packing slip', () => {
  it('keeps the label’s pages first and adds the packing slip as the last page, on the same paper', async () => {
    const combined = await labelWithPackingSlip(await labelPdf(2), slip(), { compress: false })
    const read = readPdfText(combined)
    expect(read.pageCount).toBe(3)
    expect(read.pages[0]).toContain('AWB 19001')
    expect(read.pages[1]).toContain('AWB 19002')
    const text = read.pages[2] ?? ''
    for (const expected of [
      'Packing Slip',
      'Order #1a2b3c4d',
      '24 Nov 2026',
      'Malwa Namkeen',
      'Sarafa Bazaar, Indore',
      'FSSAI Lic. No. 11424999000123',
      'SHIP TO',
      // Shaped Devanagari comes back in glyph order ('वर्मा' as व, म, ा, reph): its simple word is checked.
      'आशा',
      'Vijay Nagar',
      '+91 98765 43210',
      'Zone: Indore city',
      'Collect ',
      '₹',
      '360.00 on delivery',
      'Ratlami Sev',
      '250g',
      '500g',
      '3 packets in all',
    ]) {
      expect(text, expected).toContain(expected)
    }
    expect(text).not.toContain('\uFFFD')
    const pages = (await PdfLib.load(combined)).getPages().map((page) => [page.getWidth(), page.getHeight()])
    expect(pages).toEqual([[...FOUR_BY_SIX], [...FOUR_BY_SIX], [...FOUR_BY_SIX]])
  })

  it('tells the courier to collect nothing for an order paid online', async () => {
    const combined = await labelWithPackingSlip(
      await labelPdf(1),
      slip({ paymentMethod: 'phonepe', paymentStatus: 'paid', itemCount: 1, items: slip().order.items.slice(0, 1) }),
      { compress: false },
    )
    const read = readPdfText(combined)
    expect(read.pageCount).toBe(2)
    expect(read.pages[1]).toContain('Paid online: collect nothing')
    expect(read.pages[1]).toContain('1 packet in all')
    expect(read.pages[1]).not.toContain('Collect ')
  })

  it('prints the slip on A4 when the label is A4, and runs a long order onto a second slip page', async () => {
    const a4 = [595.28, 841.89] as const
    const items = Array.from({ length: 40 }, (_, i) => ({
      productName: `Namkeen ${i + 1}`,
      size: '200g',
      quantity: 1,
      price: 5000,
    }))
    const combined = await labelWithPackingSlip(await labelPdf(1, a4), slip({ items, itemCount: 40 }), {
      compress: false,
    })
    const read = readPdfText(combined)
    expect(read.pageCount).toBe(3)
    expect(read.pages[1]).toContain('Namkeen 1')
    expect(read.pages[2]).toContain('(continued)')
    expect(read.pages[2]).toContain('Namkeen 40')
    expect(read.pages[2]).toContain('40 packets in all')
    const sizes = (await PdfLib.load(combined)).getPages().map((page) => Math.round(page.getWidth()))
    expect(sizes).toEqual([595, 595, 595])
  })

  it('writes a compressed PDF by default that still opens with every page', async () => {
    const combined = await labelWithPackingSlip(await labelPdf(1), slip())
    expect(Buffer.from(combined).subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect((await PdfLib.load(combined)).getPageCount()).toBe(2)
  })
})
