// The invoice (or receipt) and any credit notes of an order as one PDF, drawn with pdfkit from the
// stored documents, one A4 page each. Text is set in Noto Sans (the Latin files of
// @fontsource/noto-sans-devanagari) with the Devanagari file embedded for ₹ and for names or
// addresses typed in Devanagari, so the PDF shows them without any font on the reader's machine.
import { paymentMethodText } from '#app/orders/order-texts.ts'
import { formatHsn } from '#app/shared/hsn.ts'
import { type Pdf, runs, shopPdf } from '#app/shared/pdf-fonts.server.ts'
import { amountInWords } from './amount-in-words.ts'
import { type InvoiceLine, lineRate } from './invoice-arithmetic.ts'
import type { CreditNoteFacts, InvoiceDocument } from './invoice-document.ts'
import { formatAmount as amount, formatInvoiceDate, totalsRows } from './invoice-format.ts'
import { documentTitle, INVOICE_TEXTS as T } from './invoice-texts.ts'

const COLOURS = { brown: '#4b2e1f', turmeric: '#dfa43a', chilli: '#a83a2a', rule: '#c9b8a6', black: '#111111' }
const MARGIN = 36
/** Room for the totals, the amount in words and the signature under the lines. */
const FOOT_HEIGHT = 230

export interface PdfPaper {
  document: InvoiceDocument
  creditNote?: CreditNoteFacts
}

/** The order's papers as a PDF. `compress: false` leaves the text readable in the file (tests read it back). */
export async function renderInvoicePdf(papers: readonly PdfPaper[], { compress = true } = {}): Promise<Buffer> {
  const { pdf, bytes } = await shopPdf({
    size: 'A4',
    margin: MARGIN,
    compress,
    autoFirstPage: false,
    info: pdfInfo(papers),
  })
  for (const paper of papers) drawPaper(pdf, paper)
  pdf.end()
  return bytes
}

function pdfInfo(papers: readonly PdfPaper[]) {
  const first = papers[0]?.document
  return {
    Title: first ? `${documentTitle(first.kind)} ${first.number}` : 'Invoice',
    Author: first?.seller.legalName ?? '',
    Subject: first ? `Order #${first.orderNumber}` : '',
  }
}

function drawPaper(pdf: Pdf, { document: doc, creditNote }: PdfPaper) {
  pdf.addPage()
  const width = pdf.page.width - 2 * MARGIN
  const taxed = doc.kind === 'tax-invoice'
  const intra = doc.money.supply === 'intra-state'

  /** Left-aligned text in mixed scripts at (x, y), wrapped to `w`; returns the y below it. */
  const write = (
    text: string,
    x: number,
    y: number,
    w: number,
    opts: { bold?: boolean; size?: number; colour?: string } = {},
  ) => {
    const latinFont = opts.bold ? 'latinBold' : 'latin'
    const otherFont = opts.bold ? 'devanagariBold' : 'devanagari'
    pdf.fontSize(opts.size ?? 9).fillColor(opts.colour ?? COLOURS.black)
    const parts = runs(text)
    if (parts.length === 0) return y
    parts.forEach((part, index) => {
      pdf.font(part.latin ? latinFont : otherFont)
      const last = index === parts.length - 1
      if (index === 0) pdf.text(part.text, x, y, { width: w, continued: !last })
      else pdf.text(part.text, { continued: !last })
    })
    return pdf.y
  }
  /** A number right-aligned in a cell (Latin digits only). */
  const figure = (text: string, x: number, y: number, w: number, bold = false) => {
    pdf
      .font(bold ? 'latinBold' : 'latin')
      .fontSize(8)
      .fillColor(COLOURS.black)
      .text(text, x, y, { width: w, align: 'right' })
  }

  // The shop's colour band and heading.
  pdf.rect(0, 0, pdf.page.width, 8).fill(COLOURS.turmeric)
  let y = MARGIN
  const left = width * 0.58
  let ly = write(doc.seller.shopName, MARGIN, y, left, { bold: true, size: 16, colour: COLOURS.brown })
  ly = write(doc.seller.legalName, MARGIN, ly, left, { bold: true })
  ly = write(doc.seller.address, MARGIN, ly, left)
  ly = write(
    `${T.state}: ${doc.seller.state}${doc.seller.stateCode ? ` (${T.stateCode} ${doc.seller.stateCode})` : ''}`,
    MARGIN,
    ly,
    left,
  )
  if (taxed) ly = write(`${T.gstin}: ${doc.seller.gstin}`, MARGIN, ly, left, { bold: true })
  ly = write(`${doc.seller.phone} · ${doc.seller.email}`, MARGIN, ly, left)
  ly = write(`${T.fssai} ${doc.seller.fssaiLicence}`, MARGIN, ly, left)

  const rx = MARGIN + left + 10
  const rw = width - left - 10
  const title = creditNote ? T.creditNote : documentTitle(doc.kind)
  pdf
    .font('latinBold')
    .fontSize(15)
    .fillColor(COLOURS.chilli)
    .text(title.toUpperCase(), rx, y, { width: rw, align: 'right' })
  let ry = pdf.y
  if (!creditNote) {
    pdf.font('latin').fontSize(7.5).fillColor(COLOURS.black).text(T.original, rx, ry, { width: rw, align: 'right' })
    ry = pdf.y + 4
  }
  const facts: [string, string][] = [
    [creditNote ? T.creditNoteNumber : taxed ? T.invoiceNumber : T.receiptNumber, creditNote?.number ?? doc.number],
    [T.date, formatInvoiceDate(creditNote?.issuedAt ?? doc.issuedAt)],
    [T.orderNumber, `#${doc.orderNumber}`],
    [T.orderDate, formatInvoiceDate(doc.orderPlacedAt)],
    [T.payment, paymentMethodText(doc.paymentMethod, 'en')],
  ]
  for (const [label, value] of facts) {
    pdf
      .font('latinBold')
      .fontSize(9)
      .fillColor(COLOURS.black)
      .text(label, rx, ry, { width: rw * 0.45 })
    pdf.font('latin').text(value, rx + rw * 0.45, ry, { width: rw * 0.55, align: 'right' })
    ry = pdf.y
  }
  y = Math.max(ly, ry) + 6
  pdf
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + width, y)
    .lineWidth(1.5)
    .strokeColor(COLOURS.brown)
    .stroke()
  y += 8

  if (creditNote) {
    y = write(
      `${T.creditNoteAgainst(creditNote.invoiceNumber, formatInvoiceDate(doc.issuedAt))} · ${T.creditNoteReason}: ${T.creditNoteReasons[creditNote.reason] ?? creditNote.reason}`,
      MARGIN,
      y,
      width,
      { bold: true },
    )
    y += 6
  }

  // Buyer and place of supply.
  const half = (width - 10) / 2
  let by = write(T.buyer.toUpperCase(), MARGIN, y, half, { bold: true, size: 7.5, colour: COLOURS.brown })
  by = write(doc.buyer.name, MARGIN, by, half, { bold: true })
  by = write(doc.buyer.address, MARGIN, by, half)
  by = write(doc.buyer.phone, MARGIN, by, half)
  let py = write(T.placeOfSupply.toUpperCase(), MARGIN + half + 10, y, half, {
    bold: true,
    size: 7.5,
    colour: COLOURS.brown,
  })
  py = write(
    `${doc.buyer.state}${doc.buyer.stateCode ? ` (${T.stateCode} ${doc.buyer.stateCode})` : ''}`,
    MARGIN + half + 10,
    py,
    half,
    { bold: true },
  )
  py = write(taxed ? T.reverseCharge : T.unregistered, MARGIN + half + 10, py + 2, half, { size: 8 })
  y = Math.max(by, py) + 10

  y = drawLines(pdf, doc, y, width, write, figure, intra)
  y = drawTotals(pdf, doc, creditNote, y, width, figure)

  // Amount in words, the signature line and the note.
  y = write(`${T.inWords}: ${amountInWords(doc.money.totals.total)}`, MARGIN, y + 6, width * 0.6, { size: 8.5 })
  const sy = Math.max(y + 14, pdf.y + 14)
  write(T.signatureFor(doc.seller.legalName), MARGIN + width * 0.6, sy, width * 0.4, { bold: true })
  pdf
    .moveTo(MARGIN + width * 0.7, sy + 48)
    .lineTo(MARGIN + width, sy + 48)
    .lineWidth(0.7)
    .strokeColor(COLOURS.black)
    .stroke()
  pdf
    .font('latin')
    .fontSize(8)
    .text(T.signatory, MARGIN + width * 0.7, sy + 52, { width: width * 0.3, align: 'right' })
  let ny = sy
  if (taxed) ny = write(T.pricesIncludeTax, MARGIN, ny, width * 0.55, { size: 7.5 })
  write(T.computerGenerated, MARGIN, ny, width * 0.55, { size: 7.5 })
}

type Write = (
  text: string,
  x: number,
  y: number,
  w: number,
  opts?: { bold?: boolean; size?: number; colour?: string },
) => number
type Figure = (text: string, x: number, y: number, w: number, bold?: boolean) => void

function drawLines(
  pdf: Pdf,
  doc: InvoiceDocument,
  top: number,
  width: number,
  write: Write,
  figure: Figure,
  intra: boolean,
) {
  const taxed = doc.kind === 'tax-invoice'
  const hasDiscount = doc.money.totals.discount > 0
  type Column = { head: string; weight: number; cell: (line: InvoiceLine, index: number) => string; text?: boolean }
  const columns: Column[] = [
    { head: T.columns.number, weight: 0.4, cell: (_, i) => String(i + 1) },
    { head: T.columns.description, weight: 3.2, cell: (line) => line.description, text: true },
    ...(taxed
      ? [{ head: T.columns.hsn, weight: 1, cell: (line: InvoiceLine) => formatHsn(line.hsn), text: true }]
      : []),
    { head: T.columns.quantity, weight: 0.8, cell: (line) => `${line.quantity} ${line.unit}` },
    { head: `${T.columns.unitPrice} (₹)`, weight: 1.1, cell: (line) => amount(line.unitPrice) },
    ...(hasDiscount
      ? [{ head: `${T.columns.discount} (₹)`, weight: 1, cell: (line: InvoiceLine) => amount(line.discount) }]
      : []),
    ...(taxed
      ? [
          { head: `${T.columns.taxable} (₹)`, weight: 1.2, cell: (line: InvoiceLine) => amount(line.taxable) },
          {
            head: T.columns.rate,
            weight: 1,
            cell: (line: InvoiceLine) => lineRate(line.rateBp, intra),
          },
          ...(intra
            ? [
                { head: `${T.columns.cgst} (₹)`, weight: 1, cell: (line: InvoiceLine) => amount(line.cgst) },
                { head: `${doc.localTaxName} (₹)`, weight: 1, cell: (line: InvoiceLine) => amount(line.sgst) },
              ]
            : [{ head: `${T.columns.igst} (₹)`, weight: 1, cell: (line: InvoiceLine) => amount(line.igst) }]),
        ]
      : []),
    { head: `${T.columns.amount} (₹)`, weight: 1.2, cell: (line) => amount(line.amount) },
  ]
  const total = columns.reduce((sum, column) => sum + column.weight, 0)
  const widths = columns.map((column) => (column.weight / total) * width)
  const xs = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((a, b) => a + b, 0))
  const pad = 3

  // The heading row on the shop's turmeric, again at the top of each page the lines run onto.
  pdf.font('latinBold').fontSize(7.5)
  const headHeight =
    Math.max(...columns.map((column, i) => pdf.heightOfString(column.head, { width: (widths[i] ?? 0) - 2 * pad }))) +
    2 * pad
  const drawHead = (at: number) => {
    pdf.rect(MARGIN, at, width, headHeight).fillColor('#f7e6c0').fill()
    for (const [i, column] of columns.entries()) {
      write(column.head, (xs[i] ?? 0) + pad, at + pad, (widths[i] ?? 0) - 2 * pad, {
        bold: true,
        size: 7.5,
        colour: COLOURS.brown,
      })
    }
    return at + headHeight
  }
  const frame = (from: number, to: number) =>
    pdf
      .rect(MARGIN, from, width, to - from)
      .lineWidth(0.8)
      .strokeColor(COLOURS.brown)
      .stroke()
  let tableTop = top
  let y = drawHead(top)
  for (const [index, line] of doc.money.lines.entries()) {
    pdf.font('latin').fontSize(8)
    const height =
      Math.max(
        ...columns.map((column, i) =>
          pdf.heightOfString(column.cell(line, index), { width: (widths[i] ?? 0) - 2 * pad }),
        ),
      ) +
      2 * pad
    if (y + height > pdf.page.height - MARGIN) {
      frame(tableTop, y)
      pdf.addPage()
      tableTop = MARGIN
      y = drawHead(MARGIN)
    }
    for (const [i, column] of columns.entries()) {
      const x = (xs[i] ?? 0) + pad
      const w = (widths[i] ?? 0) - 2 * pad
      if (column.text) write(column.cell(line, index), x, y + pad, w, { size: 8 })
      else figure(column.cell(line, index), x, y + pad, w, i === columns.length - 1)
    }
    y += height
    pdf
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .lineWidth(0.5)
      .strokeColor(COLOURS.rule)
      .stroke()
  }
  frame(tableTop, y)
  // The totals, the amount in words and the signature stay together.
  if (y + FOOT_HEIGHT > pdf.page.height - MARGIN) {
    pdf.addPage()
    return MARGIN
  }
  return y + 8
}

function drawTotals(
  pdf: Pdf,
  doc: InvoiceDocument,
  creditNote: CreditNoteFacts | undefined,
  top: number,
  width: number,
  figure: Figure,
) {
  const { totals } = doc.money
  const rows = totalsRows(doc)
  const x = MARGIN + width * 0.55
  const w = width * 0.45
  let y = top
  for (const [label, value] of rows) {
    pdf
      .font('latin')
      .fontSize(9)
      .fillColor(COLOURS.black)
      .text(label, x, y, { width: w * 0.6 })
    figure(amount(value), x + w * 0.6, y, w * 0.4)
    y = pdf.y + 2
  }
  pdf
    .moveTo(x, y)
    .lineTo(x + w, y)
    .lineWidth(1.2)
    .strokeColor(COLOURS.brown)
    .stroke()
  y += 4
  const label = creditNote ? T.creditNoteTotal : T.totals.total
  pdf
    .font('latinBold')
    .fontSize(11)
    .fillColor(COLOURS.black)
    .text(label, x, y, { width: w * 0.5 })
  // The total carries the ₹ sign, from the Devanagari file.
  const value = amount(creditNote?.totalAmount ?? totals.total)
  pdf.font('latinBold').fontSize(11)
  const valueWidth = pdf.widthOfString(value)
  pdf.font('devanagariBold').fontSize(11)
  const signWidth = pdf.widthOfString('₹')
  pdf.text('₹', x + w - valueWidth - signWidth - 1, y, { lineBreak: false })
  pdf
    .font('latinBold')
    .fontSize(11)
    .text(value, x + w - valueWidth, y, { lineBreak: false })
  return y + 20
}
