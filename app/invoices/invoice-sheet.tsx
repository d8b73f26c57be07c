// The printable invoice (or receipt) and credit note: an A4 sheet laid out like an Indian tax
// invoice, in the shop's colours on screen and in plain black on paper. Drawn from the stored
// document only, so it prints what was issued.

import { paymentMethodText } from '#app/orders/order-texts.ts'
import { formatHsn } from '#app/shared/hsn.ts'
import { formatRupees } from '#app/shared/money.ts'
import { amountInWords } from './amount-in-words.ts'
import { type InvoiceLine, lineRate } from './invoice-arithmetic.ts'
import type { CreditNoteFacts, InvoiceDocument } from './invoice-document.ts'
import { formatAmount as amount, formatInvoiceDate, totalsRows } from './invoice-format.ts'
import { documentTitle, INVOICE_TEXTS as T } from './invoice-texts.ts'

/**
 * Only the sheets print: the shop's frame (skip link, header, breadcrumb, footer, toasts) and the
 * buttons stay on screen; each document starts a new A4 page.
 */
export const PRINT_THE_SHEETS_ALONE = `@media print {
  @page { size: A4; margin: 10mm; }
  body > :not(main), main > :not(:has([data-invoice-sheet])) { display: none !important; }
  [data-invoice-sheet] { break-after: page; }
  [data-invoice-sheet]:last-of-type { break-after: auto; }
  [data-invoice-sheet] table { break-inside: auto; }
  [data-invoice-sheet] tr { break-inside: avoid; }
}`

interface SheetProps {
  document: InvoiceDocument
  /** Set for a credit note: the sheet repeats the invoice's lines as credited. */
  creditNote?: CreditNoteFacts
}

export function InvoiceSheet({ document: doc, creditNote }: SheetProps) {
  const taxed = doc.kind === 'tax-invoice'
  const title = creditNote ? T.creditNote : documentTitle(doc.kind)
  const id = `sheet-${(creditNote?.number ?? doc.number).replace(/\W/g, '-')}`
  return (
    <article
      data-invoice-sheet
      aria-labelledby={id}
      className="mx-auto grid w-full max-w-[210mm] gap-5 rounded-xl border-t-8 border-turmeric bg-white p-5 text-[13px] leading-snug text-black shadow-md sm:p-8 print:max-w-none print:rounded-none print:border-0 print:p-0 print:text-[10.5pt] print:shadow-none"
    >
      <header className="flex flex-wrap items-start justify-between gap-4 border-b-2 border-brown pb-4 print:border-black">
        <div className="min-w-0 max-w-[60%]">
          <p className="font-serif text-2xl font-bold text-brown print:text-black">{doc.seller.shopName}</p>
          <p className="font-semibold">{doc.seller.legalName}</p>
          <p className="whitespace-pre-line">{doc.seller.address}</p>
          <p>
            {T.state}: {doc.seller.state}
            {doc.seller.stateCode && ` (${T.stateCode} ${doc.seller.stateCode})`}
          </p>
          {taxed && (
            <p className="font-semibold">
              {T.gstin}: <span className="font-mono">{doc.seller.gstin}</span>
            </p>
          )}
          <p>
            {doc.seller.phone} · {doc.seller.email}
          </p>
          <p>
            {T.fssai} {doc.seller.fssaiLicence}
          </p>
        </div>
        <div className="text-right">
          <h2 id={id} className="text-xl font-bold tracking-wide text-chilli uppercase print:text-black">
            {title}
          </h2>
          {!creditNote && <p className="text-xs italic">{T.original}</p>}
          <dl className="mt-2 grid grid-cols-[auto_auto] justify-end gap-x-3 gap-y-0.5 text-left">
            <dt className="font-semibold">
              {creditNote ? T.creditNoteNumber : taxed ? T.invoiceNumber : T.receiptNumber}
            </dt>
            <dd className="font-mono font-bold">{creditNote?.number ?? doc.number}</dd>
            <dt className="font-semibold">{T.date}</dt>
            <dd>{formatInvoiceDate(creditNote?.issuedAt ?? doc.issuedAt)}</dd>
            <dt className="font-semibold">{T.orderNumber}</dt>
            <dd className="font-mono">#{doc.orderNumber}</dd>
            <dt className="font-semibold">{T.orderDate}</dt>
            <dd>{formatInvoiceDate(doc.orderPlacedAt)}</dd>
            <dt className="font-semibold">{T.payment}</dt>
            <dd>{paymentMethodText(doc.paymentMethod, 'en')}</dd>
          </dl>
        </div>
      </header>

      {creditNote && (
        <p className="rounded-md bg-muted px-3 py-2 font-semibold print:border print:border-black print:bg-transparent">
          {T.creditNoteAgainst(creditNote.invoiceNumber, formatInvoiceDate(doc.issuedAt))} · {T.creditNoteReason}:{' '}
          {T.creditNoteReasons[creditNote.reason] ?? creditNote.reason}
        </p>
      )}

      <section className="grid gap-4 sm:grid-cols-2 print:grid-cols-2">
        <div className="rounded-md border border-brown/30 p-3 print:border-black">
          <h3 className="text-xs font-bold tracking-widest text-brown uppercase print:text-black">{T.buyer}</h3>
          <p className="mt-1 font-semibold">{doc.buyer.name}</p>
          <p className="break-words">{doc.buyer.address}</p>
          <p>{doc.buyer.phone}</p>
        </div>
        <div className="rounded-md border border-brown/30 p-3 print:border-black">
          <h3 className="text-xs font-bold tracking-widest text-brown uppercase print:text-black">{T.placeOfSupply}</h3>
          <p className="mt-1 font-semibold">
            {doc.buyer.state}
            {doc.buyer.stateCode && ` (${T.stateCode} ${doc.buyer.stateCode})`}
          </p>
          {taxed ? <p className="mt-2 text-xs">{T.reverseCharge}</p> : <p className="mt-2 text-xs">{T.unregistered}</p>}
        </div>
      </section>

      <LinesTable doc={doc} />
      <Totals doc={doc} creditNote={creditNote} />

      <footer className="flex flex-wrap items-end justify-between gap-4 border-t border-brown/30 pt-4 print:border-black">
        <div className="text-xs">
          {taxed && <p>{T.pricesIncludeTax}</p>}
          <p>{T.computerGenerated}</p>
        </div>
        <div className="text-right">
          <p className="font-semibold">{T.signatureFor(doc.seller.legalName)}</p>
          <div className="mt-10 ml-auto w-48 border-t border-black pt-1 text-xs">{T.signatory}</div>
        </div>
      </footer>
    </article>
  )
}

function LinesTable({ doc }: { doc: InvoiceDocument }) {
  const taxed = doc.kind === 'tax-invoice'
  const intra = doc.money.supply === 'intra-state'
  const hasDiscount = doc.money.totals.discount > 0
  const cell = 'border border-brown/25 px-1.5 py-1 print:border-black'
  const num = `${cell} text-right tabular-nums`
  const head = `${cell} bg-turmeric/15 text-left font-semibold print:bg-transparent`
  const taxCells = (line: InvoiceLine) =>
    intra ? (
      <>
        <td className={num}>{amount(line.cgst)}</td>
        <td className={num}>{amount(line.sgst)}</td>
      </>
    ) : (
      <td className={num}>{amount(line.igst)}</td>
    )
  return (
    // On a phone the table scrolls sideways: the region takes keyboard focus so it can be scrolled without a mouse.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable from the keyboard
    <section aria-label="Items" tabIndex={0} className="overflow-x-auto print:overflow-visible">
      <table className="w-full min-w-[640px] border-collapse print:min-w-0">
        <caption className="sr-only">Items, in rupees</caption>
        <thead>
          <tr>
            <th scope="col" className={head}>
              {T.columns.number}
            </th>
            <th scope="col" className={head}>
              {T.columns.description}
            </th>
            {taxed && (
              <th scope="col" className={head}>
                {T.columns.hsn}
              </th>
            )}
            <th scope="col" className={head}>
              {T.columns.quantity}
            </th>
            <th scope="col" className={head}>
              {T.columns.unitPrice} (₹)
            </th>
            {hasDiscount && (
              <th scope="col" className={head}>
                {T.columns.discount} (₹)
              </th>
            )}
            {taxed && (
              <>
                <th scope="col" className={head}>
                  {T.columns.taxable} (₹)
                </th>
                <th scope="col" className={head}>
                  {T.columns.rate}
                </th>
                {intra ? (
                  <>
                    <th scope="col" className={head}>
                      {T.columns.cgst} (₹)
                    </th>
                    <th scope="col" className={head}>
                      {doc.localTaxName} (₹)
                    </th>
                  </>
                ) : (
                  <th scope="col" className={head}>
                    {T.columns.igst} (₹)
                  </th>
                )}
              </>
            )}
            <th scope="col" className={head}>
              {T.columns.amount} (₹)
            </th>
          </tr>
        </thead>
        <tbody>
          {doc.money.lines.map((line, index) => (
            // A cart holds each product and size once, so a line's description is unique on its invoice.
            <tr key={`${line.kind}:${line.description}`}>
              <td className={num}>{index + 1}</td>
              <td className={cell}>{line.description}</td>
              {taxed && <td className={`${cell} whitespace-nowrap`}>{formatHsn(line.hsn)}</td>}
              <td className={`${num} whitespace-nowrap`}>
                {line.quantity} {line.unit}
              </td>
              <td className={num}>{amount(line.unitPrice)}</td>
              {hasDiscount && <td className={num}>{amount(line.discount)}</td>}
              {taxed && (
                <>
                  <td className={num}>{amount(line.taxable)}</td>
                  <td className={`${num} whitespace-nowrap`}>{lineRate(line.rateBp, intra)}</td>
                  {taxCells(line)}
                </>
              )}
              <td className={`${num} font-semibold`}>{amount(line.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

function Totals({ doc, creditNote }: { doc: InvoiceDocument; creditNote?: CreditNoteFacts }) {
  const { totals } = doc.money
  const rows = totalsRows(doc)
  return (
    <section className="grid gap-3 sm:grid-cols-[1fr_auto] print:grid-cols-[1fr_auto]">
      <p className="self-end text-sm">
        <span className="font-semibold">{T.inWords}:</span> {amountInWords(totals.total)}
      </p>
      <dl data-invoice-totals className="grid min-w-64 grid-cols-[1fr_auto] gap-x-6 gap-y-0.5">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt>{label}</dt>
            <dd className="text-right tabular-nums">{formatRupees(value)}</dd>
          </div>
        ))}
        <dt className="mt-1 border-t-2 border-brown pt-1 text-base font-bold print:border-black">
          {creditNote ? T.creditNoteTotal : T.totals.total}
        </dt>
        <dd className="mt-1 border-t-2 border-brown pt-1 text-right text-base font-bold tabular-nums print:border-black">
          {formatRupees(creditNote?.totalAmount ?? totals.total)}
        </dd>
      </dl>
    </section>
  )
}
