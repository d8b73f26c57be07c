// Links to an order's invoice: the printable page and the PDF download.
import { Download, FileText } from 'lucide-react'
import { Button } from '#app/ui/button.tsx'
import { INVOICE_TEXTS as T } from './invoice-texts.ts'

/** The page's address; the PDF's is the same with '.pdf' before any query. */
export function invoicePaths(orderId: string, key?: string | null) {
  const query = key ? `?key=${encodeURIComponent(key)}` : ''
  return { page: `/orders/${orderId}/invoice${query}`, pdf: `/orders/${orderId}/invoice.pdf${query}` }
}

export function InvoiceLinks({ orderId, linkKey }: { orderId: string; linkKey?: string | null }) {
  const paths = invoicePaths(orderId, linkKey)
  return (
    <div className="flex flex-wrap gap-2">
      <Button asChild variant="outline" className="h-11">
        <a href={paths.page}>
          <FileText aria-hidden />
          {T.viewInvoice}
        </a>
      </Button>
      <Button asChild variant="outline" className="h-11">
        <a href={paths.pdf} download>
          <Download aria-hidden />
          {T.downloadPdf}
        </a>
      </Button>
    </div>
  )
}
