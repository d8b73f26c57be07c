// How invoices print dates, amounts and their totals' rows, shared by the page and the PDF.
import type { InvoiceDocument } from './invoice-document.ts'
import { INVOICE_TEXTS as T } from './invoice-texts.ts'

const istDate = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
})

/** '24 Nov 2026', by India's clock. */
export function formatInvoiceDate(at: Date | string): string {
  return istDate.format(new Date(at))
}

const plain = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** Amounts in the table: rupees with paise and Indian grouping, without the ₹ sign (the heading says it). */
export function formatAmount(paise: number): string {
  return plain.format(paise / 100)
}

/** The totals block's rows, label and paise: tax rows only on a tax invoice, split by the place of supply. */
export function totalsRows(doc: InvoiceDocument): [string, number][] {
  const { totals, supply } = doc.money
  const rows: [string, number][] = [[T.totals.gross, totals.gross]]
  if (totals.discount > 0) rows.push([T.totals.discount, -totals.discount])
  if (doc.kind === 'tax-invoice') {
    rows.push([T.totals.taxable, totals.taxable])
    if (supply === 'intra-state') rows.push([T.totals.cgst, totals.cgst], [doc.localTaxName, totals.sgst])
    else rows.push([T.totals.igst, totals.igst])
  }
  return rows
}
