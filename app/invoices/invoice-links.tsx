// Links to an order's invoice: the printable page (in the page's language) and the PDF download.
import { Download, FileText } from 'lucide-react'
import { localize } from '#app/i18n/links.tsx'
import { m } from '#app/paraglide/messages.js'
import { Button } from '#app/ui/button.tsx'

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
        <a href={localize(paths.page)}>
          <FileText aria-hidden />
          {m.invoice_view()}
        </a>
      </Button>
      <Button asChild variant="outline" className="h-11">
        <a href={paths.pdf} download>
          <Download aria-hidden />
          {m.invoice_download_pdf()}
        </a>
      </Button>
    </div>
  )
}
