// Printing for the courier's pickup: Shiprocket's manifest (the handover sheet the courier signs) and
// the parcels' labels in one PDF, for the orders given. Each opens in a new tab; a browser that gives
// no tab gets a link to it instead.
import { ExternalLink, FileText, Printer } from 'lucide-react'
import { useState } from 'react'
import { useRevalidator } from 'react-router'
import { Button } from '#app/ui/button.tsx'
import { toast } from '#app/ui/toast.tsx'
import { fetchLabels, fetchManifest, pdfTab } from './booking-requests.ts'

export function PrintButtons({ orders }: { orders: readonly { orderId: string; number: string }[] }) {
  const { revalidate } = useRevalidator()
  const [busy, setBusy] = useState<'manifest' | 'labels' | null>(null)
  // Links to PDFs the browser would not open in a tab of their own.
  const [links, setLinks] = useState<{ manifest?: string; labels?: string }>({})

  const print = async (what: 'manifest' | 'labels') => {
    const tab = pdfTab()
    setBusy(what)
    try {
      const answer =
        what === 'manifest' ? await fetchManifest(orders.map((order) => order.orderId)) : await fetchLabels(orders)
      if (!answer.ok) {
        tab.close()
        toast.error(answer.title, { description: answer.message })
        return
      }
      const url = tab.show(answer.pdf)
      setLinks((current) => ({ ...current, [what]: url ?? undefined }))
      const missing = answer.missing ?? []
      if (missing.length > 0) {
        toast('Some labels left out', {
          description: `No label yet for ${missing.map((number) => `#${number}`).join(', ')}.`,
        })
      }
      // A manifest printed marks its parcels as handed over on the Shipping view.
      if (what === 'manifest') void revalidate()
    } finally {
      setBusy(null)
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="outline"
        className="h-11 flex-1 sm:flex-none"
        disabled={busy !== null}
        onClick={() => void print('manifest')}
      >
        <FileText aria-hidden />
        {busy === 'manifest' ? 'Making manifest…' : 'Print manifest'}
      </Button>
      <Button
        variant="outline"
        className="h-11 flex-1 sm:flex-none"
        disabled={busy !== null}
        onClick={() => void print('labels')}
      >
        <Printer aria-hidden />
        {busy === 'labels' ? 'Collecting labels…' : `Print ${orders.length === 1 ? 'label' : 'labels'}`}
      </Button>
      {links.manifest && <PdfLink href={links.manifest}>Open the manifest</PdfLink>}
      {links.labels && <PdfLink href={links.labels}>Open the labels</PdfLink>}
    </div>
  )
}

function PdfLink({ href, children }: { href: string; children: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      className="inline-flex min-h-11 items-center gap-1 px-1 text-sm font-semibold text-primary underline underline-offset-2"
    >
      {children}
      <ExternalLink className="size-3.5" aria-hidden />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  )
}
