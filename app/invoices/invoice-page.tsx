// The invoice page: the order's invoice (or receipt) and any credit note, each an A4 sheet, with
// Print and Download PDF above them (not printed), and who carries the order once it is shipped (the
// courier, its number and tracking link; on screen only). The page is in its address's language
// (/hi/...), the sheets in English.
import { Download, FileText, Printer } from 'lucide-react'
import { m } from '#app/paraglide/messages.js'
import type { ShipmentView } from '#app/shipping/couriers.ts'
import { ShipmentInfo } from '#app/shipping/shipment-info.tsx'
import { Button } from '#app/ui/button.tsx'
import type { CreditNoteFacts, InvoiceDocument } from './invoice-document.ts'
import { InvoiceSheet, PRINT_THE_SHEETS_ALONE } from './invoice-sheet.tsx'

export interface InvoicePageProps {
  orderNumber: string
  papers: { document: InvoiceDocument; creditNote?: CreditNoteFacts }[]
  pdfHref: string
  /** The order should have an invoice in force and has none: it could not be issued yet. */
  invoiceMissing: boolean
  /** The order's shipment while it is on its way or delivered. */
  shipment: ShipmentView | null
}

export function InvoicePage({ orderNumber, papers, pdfHref, invoiceMissing, shipment }: InvoicePageProps) {
  return (
    <div className="mx-auto max-w-[230mm] px-4 pb-16 print:max-w-none print:p-0">
      <style>{PRINT_THE_SHEETS_ALONE}</style>
      <div className="flex flex-wrap items-center justify-between gap-3 py-4 print:hidden">
        <h1 className="flex items-center gap-2 text-2xl font-bold">
          <FileText className="size-6 text-brown" aria-hidden />
          {m.invoice_page_title({ number: orderNumber })}
        </h1>
        {papers.length > 0 && (
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" className="h-11" onClick={() => window.print()}>
              <Printer aria-hidden />
              {m.invoice_print()}
            </Button>
            <Button asChild className="h-11">
              <a href={pdfHref} download>
                <Download aria-hidden />
                {m.invoice_download_pdf()}
              </a>
            </Button>
          </div>
        )}
      </div>
      <ShipmentInfo shipment={shipment} className="mb-6 print:hidden" />
      {(invoiceMissing || papers.length === 0) && (
        <p role="status" className="mb-8 rounded-lg border bg-muted p-4 print:hidden">
          {invoiceMissing ? m.invoice_not_ready() : m.invoice_not_yet()}
        </p>
      )}
      {papers.length > 0 && (
        <div className="grid gap-8 print:block">
          {papers.map((paper) => (
            <InvoiceSheet
              key={paper.creditNote?.number ?? paper.document.number}
              document={paper.document}
              creditNote={paper.creditNote}
            />
          ))}
        </div>
      )}
    </div>
  )
}
