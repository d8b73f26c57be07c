// Who carries a shopper's order, on My Orders, Track Order and the invoice page: the courier, the AWB
// and, when the courier has a page for it, a link to follow the parcel (in a new tab, telling the
// courier's site nothing of the page it came from).
import { ExternalLink, Truck } from 'lucide-react'
import { m } from '#app/paraglide/messages.js'
import { cn } from '#app/ui/cn.ts'
import type { ShipmentView } from './couriers.ts'
import { courierText, shipmentSentText } from './shipment-texts.ts'

export function ShipmentInfo({ shipment, className }: { shipment: ShipmentView | null; className?: string }) {
  if (!shipment) return null
  return (
    <section
      aria-label={m.shipment_heading()}
      className={cn('grid gap-1 rounded-lg border bg-secondary/40 p-3 text-sm', className)}
    >
      <p className="flex items-center gap-2 font-semibold">
        <Truck className="size-4 shrink-0 text-primary" aria-hidden />
        {shipmentSentText(shipment)}
      </p>
      {shipment.awb && (
        <p>
          {m.shipment_awb()}: <span className="font-mono font-semibold break-all">{shipment.awb}</span>
        </p>
      )}
      {shipment.trackingUrl && (
        <p>
          <a
            href={shipment.trackingUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex min-h-10 items-center gap-1.5 font-semibold text-primary underline underline-offset-2"
          >
            {m.shipment_track({ courier: courierText(shipment) })}
            <ExternalLink className="size-3.5" aria-hidden />
            <span className="sr-only">{m.opens_new_tab()}</span>
          </a>
        </p>
      )}
    </section>
  )
}
