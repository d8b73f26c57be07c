// How invoices print dates and amounts, shared by the page and the PDF.

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
