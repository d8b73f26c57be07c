// India's financial year runs from 1 April to 31 March, by the clock in India (IST, UTC+5:30, no
// daylight saving). Invoice and credit-note numbers restart every financial year.
import { istClock } from '#app/shared/india-day.ts'
import { NotIssuable } from './not-issuable.ts'

/** The financial year `at` falls in, by its India date, as invoices print it: '26-27' for April 2026 to March 2027. */
export function financialYear(at: Date): string {
  const india = istClock(at)
  const start = india.getUTCMonth() >= 3 ? india.getUTCFullYear() : india.getUTCFullYear() - 1
  const two = (year: number) => String(year % 100).padStart(2, '0')
  return `${two(start)}-${two(start + 1)}`
}

/** The series a document number belongs to: tax invoices, receipts (a shop without a GSTIN), credit notes. */
export const DOCUMENT_SERIES = { 'tax-invoice': 'INV', receipt: 'RCT', 'credit-note': 'CN' } as const
export type DocumentSeries = (typeof DOCUMENT_SERIES)[keyof typeof DOCUMENT_SERIES]

/** The GST rules allow an invoice number of at most 16 characters: letters, digits, '-' and '/'. */
export const MAX_DOCUMENT_NUMBER_LENGTH = 16
const SERIAL_DIGITS = 6

/** 'INV/26-27/000123': series, financial year and the serial, 16 characters at most. */
export function documentNumber(series: DocumentSeries, year: string, serial: number): string {
  if (!Number.isInteger(serial) || serial < 1) throw new RangeError(`Serial ${serial} is not a document serial.`)
  if (serial >= 10 ** SERIAL_DIGITS) {
    throw new NotIssuable(
      `all ${(10 ** SERIAL_DIGITS - 1).toLocaleString('en-IN')} numbers of the ${series}/${year} series are used up`,
    )
  }
  return `${series}/${year}/${String(serial).padStart(SERIAL_DIGITS, '0')}`
}
