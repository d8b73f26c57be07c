// The courier label and the order's packing slip as one PDF: the packer prints once and gets the label
// to stick on the parcel and the slip to check the packets against and put inside.
//
// The slip is drawn with pdfkit, as the invoice is, and only the combining is pdf-lib's: pdfkit shapes
// text through fontkit, so Devanagari product names and addresses come out with their vowel signs and
// conjuncts in place, while pdf-lib only places glyphs one after another (it cannot shape Devanagari).
// pdfkit cannot read a PDF, so pdf-lib copies Shiprocket's label pages as they are (nothing redrawn,
// the barcodes stay sharp) and then the slip's pages.
//
// The slip takes the label's paper (portrait): a 4x6 inch thermal label printer prints the whole job on
// its own labels, and an office printer given an A4 label gets an A4 slip. Its sizes are set for 4x6
// and grow with the paper, up to a limit, so A4 reads comfortably at arm's length and 4x6 still fits a
// dozen lines of items.
import type { PDFDocument as PdfLib } from 'pdf-lib'
import { formatDeliveryDay } from '#app/delivery/delivery-date.ts'
import { type AdminOrderDetails, collectText, type PackingSlipShop, zoneLabel } from '#app/orders/admin-orders.ts'
import { formatOrderDate } from '#app/orders/order-texts.ts'
import { type Pdf, runs, shopPdf } from '#app/shared/pdf-fonts.server.ts'
import { formatIndianMobile } from '#app/shared/phone.ts'

/** What the slip shows: the part of `readPackingSlip`'s answer (app/orders) that goes on paper. */
export interface PackingSlipData {
  order: Pick<
    AdminOrderDetails,
    | 'number'
    | 'createdAt'
    | 'customerName'
    | 'shippingAddress'
    | 'phone'
    | 'deliveryZone'
    | 'deliveryZoneFee'
    | 'deliveryBy'
    | 'items'
    | 'itemCount'
    | 'paymentMethod'
    | 'paymentStatus'
    | 'totalAmount'
  >
  shop: PackingSlipShop
}

/** Points (1/72 inch): width and height. */
type PaperSize = readonly [number, number]
const FOUR_BY_SIX: PaperSize = [288, 432]

/**
 * The label's pages, then the packing slip on the label's paper. `compress: false` leaves the slip's
 * text readable in the file (tests read it back).
 */
export async function labelWithPackingSlip(
  label: Uint8Array,
  slip: PackingSlipData,
  { compress = true } = {},
): Promise<Uint8Array<ArrayBuffer>> {
  // pdf-lib is imported with the first label, not when the server starts.
  const { PDFDocument: PdfLib } = await import('pdf-lib')
  const labelPdf = await PdfLib.load(label, { updateMetadata: false })
  const slipPdf = await PdfLib.load(await renderPackingSlip(slip, paperOf(labelPdf), { compress }))
  const combined = await PdfLib.create()
  combined.setTitle(`Label and packing slip, order #${slip.order.number}`)
  combined.setAuthor(slip.shop.shopName)
  for (const source of [labelPdf, slipPdf]) {
    for (const page of await combined.copyPages(source, source.getPageIndices())) combined.addPage(page)
  }
  // A copy typed as a plain ArrayBuffer's view, which a Response body takes.
  return new Uint8Array(await combined.save({ useObjectStreams: compress }))
}

/** The paper of the label's first page as it prints (its crop box), stood upright whatever its rotation. */
function paperOf(label: PdfLib): PaperSize {
  const first = label.getPages()[0]
  if (!first) return FOUR_BY_SIX
  const { width, height } = first.getCropBox()
  return [Math.min(width, height), Math.max(width, height)]
}

interface TextStyle {
  bold?: boolean
  /** Points at 4x6; scaled with the paper. */
  size?: number
  align?: 'left' | 'center' | 'right'
  spacing?: number
}

async function renderPackingSlip(slip: PackingSlipData, paper: PaperSize, { compress }: { compress: boolean }) {
  const [pageWidth, pageHeight] = paper
  // Sizes below are for 4x6; A4 gets them half as large again, a smaller label a little smaller.
  const scale = Math.min(1.5, Math.max(0.8, Math.min(pageWidth / FOUR_BY_SIX[0], pageHeight / FOUR_BY_SIX[1])))
  const u = (points: number) => points * scale
  const margin = u(14)
  const { pdf, bytes } = await shopPdf({
    size: [pageWidth, pageHeight],
    margin,
    compress,
    autoFirstPage: false,
    info: { Title: `Packing Slip, order #${slip.order.number}`, Author: slip.shop.shopName },
  })
  drawSlip(pdf, slip, { margin, u })
  pdf.end()
  return bytes
}

function drawSlip(
  pdf: Pdf,
  { order, shop }: PackingSlipData,
  { margin, u }: { margin: number; u: (n: number) => number },
) {
  pdf.addPage()
  const width = pdf.page.width - 2 * margin
  const bottom = pdf.page.height - margin

  const fontOf = (latin: boolean, bold = false) =>
    latin ? (bold ? 'latinBold' : 'latin') : bold ? 'devanagariBold' : 'devanagari'
  /** Text in mixed scripts at (x, y), wrapped to `w`; returns the y below it. */
  const write = (text: string, x: number, y: number, w: number, style: TextStyle = {}) => {
    const parts = runs(text)
    if (parts.length === 0) return y
    const align = style.align ?? 'left'
    pdf.fontSize(u(style.size ?? 8)).fillColor('#000000')
    // pdfkit centres (or right-aligns) each font's run on its own, on top of the others: a line of
    // mixed scripts that fits is placed here, run by run.
    if (align !== 'left' && parts.length > 1) {
      const widths = parts.map((part) => pdf.font(fontOf(part.latin, style.bold)).widthOfString(part.text))
      const total = widths.reduce((sum, width) => sum + width, 0)
      if (total <= w) {
        let at = align === 'center' ? x + (w - total) / 2 : x + w - total
        let below = y
        parts.forEach((part, index) => {
          pdf.font(fontOf(part.latin, style.bold)).text(part.text, at, y, { lineBreak: false })
          at += widths[index] ?? 0
          below = Math.max(below, y + pdf.currentLineHeight(true))
        })
        return below
      }
    }
    parts.forEach((part, index) => {
      pdf.font(fontOf(part.latin, style.bold))
      const continued = index < parts.length - 1
      const options = {
        width: w,
        continued,
        align: parts.length > 1 ? 'left' : align,
        characterSpacing: style.spacing ?? 0,
      }
      if (index === 0) pdf.text(part.text, x, y, options)
      else pdf.text(part.text, options)
    })
    return pdf.y
  }
  /** The height `write` will take: measured in the font of each script it uses, the tallest wins. */
  const measure = (text: string, w: number, style: TextStyle = {}) => {
    pdf.fontSize(u(style.size ?? 8))
    const scripts = new Set(runs(text).map((part) => part.latin))
    return Math.max(
      0,
      ...[...scripts].map((latin) => pdf.font(fontOf(latin, style.bold)).heightOfString(text, { width: w })),
    )
  }
  /** The width of one line of `text`, in the fonts `write` uses. */
  const widthOf = (text: string, style: TextStyle = {}) => {
    pdf.fontSize(u(style.size ?? 8))
    return runs(text).reduce((sum, part) => sum + pdf.font(fontOf(part.latin, style.bold)).widthOfString(part.text), 0)
  }
  const rule = (y: number, thickness: number) =>
    pdf
      .moveTo(margin, y)
      .lineTo(margin + width, y)
      .lineWidth(u(thickness))
      .strokeColor('#000000')
      .stroke()

  // Who sends it, and which order this is: the order's column as wide as its longest line.
  const heading = { bold: true, size: 11, align: 'right' } as const
  const date = formatOrderDate(order.createdAt, true, 'en')
  const rw = Math.min(
    width / 2,
    Math.max(widthOf('Packing Slip', heading), widthOf(`Order #${order.number}`, heading), widthOf(date, { size: 7 })) +
      u(1),
  )
  const gap = u(8)
  const left = width - rw - gap
  let ly = write(shop.shopName, margin, margin, left, { bold: true, size: 12 })
  ly = write(shop.address, margin, ly, left, { size: 7 })
  // The HTML slip's 'phone · email' line, split rather than broken after the dot where it does not fit.
  const contact = `${shop.phone} · ${shop.email}`
  for (const line of widthOf(contact, { size: 7 }) <= left ? [contact] : [shop.phone, shop.email]) {
    ly = write(line, margin, ly, left, { size: 7 })
  }
  ly = write(`FSSAI Lic. No. ${shop.fssaiLicence}`, margin, ly, left, { bold: true, size: 7 })
  const rx = margin + left + gap
  let ry = write('Packing Slip', rx, margin, rw, heading)
  ry = write(`Order #${order.number}`, rx, ry, rw, heading)
  ry = write(date, rx, ry, rw, { size: 7, align: 'right' })
  let y = Math.max(ly, ry) + u(3)
  rule(y, 1.5)
  y += u(7)

  // Ship to, in a box.
  const pad = u(6)
  const inner = width - 2 * pad
  const boxTop = y
  y = write('SHIP TO', margin + pad, y + pad, inner, { bold: true, size: 6.5, spacing: u(1.2) })
  y = write(order.customerName, margin + pad, y + u(1), inner, { bold: true, size: 15 })
  y = write(order.shippingAddress, margin + pad, y + u(1), inner, { size: 10 })
  y = write(formatIndianMobile(order.phone), margin + pad, y + u(1), inner, { bold: true, size: 10 })
  const zone = zoneLabel(order)
  if (zone) {
    const by = order.deliveryBy ? ` · deliver by ${formatDeliveryDay(order.deliveryBy, 'en')}` : ''
    y = write(`Zone: ${zone}${by}`, margin + pad, y + u(2), inner, { size: 7.5 })
  }
  y += pad
  pdf
    .roundedRect(margin, boxTop, width, y - boxTop, u(4))
    .lineWidth(u(1.5))
    .strokeColor('#000000')
    .stroke()
  y += u(7)

  // What the delivery person does at the door, in letters nobody can miss.
  const collectTop = y
  y = write(collectText(order, 'en'), margin + pad, y + pad, inner, { bold: true, size: 13, align: 'center' })
  y += pad
  pdf
    .roundedRect(margin, collectTop, width, y - collectTop, u(4))
    .lineWidth(u(2.5))
    .strokeColor('#000000')
    .stroke()
  y += u(8)

  // The packets, each with a box the packer ticks as it goes in.
  const box = u(9)
  const columns = { tick: box + u(6), quantity: u(26), size: u(46) }
  const itemWidth = width - columns.tick - columns.quantity - columns.size
  const xs = {
    tick: margin,
    quantity: margin + columns.tick,
    item: margin + columns.tick + columns.quantity,
    size: margin + width - columns.size,
  }
  const cell = u(3)
  const drawHead = (at: number) => {
    let below = write('IN THIS PARCEL', margin, at, width, { bold: true, size: 6.5, spacing: u(1.2) }) + u(2)
    for (const [text, x, w] of [
      ['Qty', xs.quantity, columns.quantity],
      ['Item', xs.item, itemWidth],
      ['Size', xs.size, columns.size],
    ] as const) {
      write(text, x, below, w - cell, { bold: true, size: 9 })
    }
    below = pdf.y + u(2)
    rule(below, 1.5)
    return below
  }
  y = drawHead(y)
  for (const item of order.items) {
    const height =
      Math.max(
        box,
        measure(item.productName, itemWidth - cell, { size: 10 }),
        measure(item.size, columns.size, { size: 10 }),
      ) +
      2 * cell
    if (y + height > bottom) {
      pdf.addPage()
      y = write(`Packing Slip · Order #${order.number} (continued)`, margin, margin, width, { bold: true, size: 9 })
      y = drawHead(y + u(6))
    }
    pdf
      .rect(xs.tick, y + cell + u(1), box, box)
      .lineWidth(u(1))
      .strokeColor('#000000')
      .stroke()
    write(String(item.quantity), xs.quantity, y + cell, columns.quantity - cell, { bold: true, size: 10 })
    write(item.productName, xs.item, y + cell, itemWidth - cell, { size: 10 })
    write(item.size, xs.size, y + cell, columns.size, { size: 10 })
    y += height
    pdf
      .moveTo(margin, y)
      .lineTo(margin + width, y)
      .lineWidth(u(0.5))
      .strokeColor('#000000')
      .stroke()
  }
  const count = `${order.itemCount} ${order.itemCount === 1 ? 'packet' : 'packets'} in all`
  if (y + u(4) + measure(count, width, { size: 8 }) > bottom) {
    pdf.addPage()
    y = margin
  }
  write(count, margin, y + u(4), width, { size: 8 })
}
