// Who carries a shopper's order, on My Orders, Track Order and the invoice page: the courier, the AWB
// and, when the courier has a page for it, a link to follow the parcel (in a new tab, telling the
// courier's site nothing of the page it came from). A parcel booked through Shiprocket also shows where
// it is, the courier's expected day and its scans, newest first: the three newest, the rest behind a
// <details> that opens without JavaScript. The scans' state is in the page's language; the courier's
// own words (its activity and the scan's place) are shown as it wrote them, in English.
import {
  ChevronDown,
  CircleAlert,
  ExternalLink,
  type LucideIcon,
  MapPin,
  Package,
  PackageCheck,
  PackageX,
  Truck,
  Undo2,
} from 'lucide-react'
import { useId } from 'react'
import { formatDeliveryDay } from '#app/delivery/delivery-date.ts'
import { formatOrderDate } from '#app/orders/order-texts.ts'
import { m } from '#app/paraglide/messages.js'
import { cn } from '#app/ui/cn.ts'
import { type ShipmentScan, type ShipmentTracking, type ShipmentView, trackingSite } from './couriers.ts'
import { expectedDelivery } from './expected-delivery.ts'
import { courierText, shipmentSentText } from './shipment-texts.ts'
import type { TrackState } from './track-states.ts'

/** The scans shown before "Earlier updates". */
export const NEWEST_SCANS = 3

/**
 * `summary` (a card in a list) shows where the parcel is and the expected day, and leaves the scans to
 * the order's own view.
 */
export function ShipmentInfo({
  shipment,
  summary = false,
  className,
}: {
  shipment: ShipmentView | null
  summary?: boolean
  className?: string
}) {
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
            {m.shipment_track({ site: trackingSite(shipment.trackingUrl) })}
            <ExternalLink className="size-3.5" aria-hidden />
            <span className="sr-only">{m.opens_new_tab()}</span>
          </a>
        </p>
      )}
      {shipment.tracking && (
        <ParcelTracking tracking={shipment.tracking} courier={courierText(shipment)} summary={summary} />
      )}
    </section>
  )
}

const STATE_TEXT: Record<TrackState, () => string> = {
  booked: m.shipment_state_booked,
  in_transit: m.shipment_state_in_transit,
  out_for_delivery: m.shipment_state_out_for_delivery,
  undelivered: m.shipment_state_undelivered,
  delivered: m.shipment_state_delivered,
  rto: m.shipment_state_rto,
  rto_delivered: m.shipment_state_rto_delivered,
  cancelled: m.shipment_state_cancelled,
  lost: m.shipment_state_lost,
}

/**
 * Each state's look, calm throughout: the parcel moving in the brand's saffron, delivered in leaf
 * green, a failed attempt in a soft chilli, a return or a stop in the quiet brown of the page.
 */
const STATE_LOOK: Record<TrackState, { icon: LucideIcon; badge: string; dot: string }> = {
  booked: { icon: Package, badge: 'border-border bg-card text-brown', dot: 'bg-brown/50' },
  in_transit: { icon: Truck, badge: 'border-primary/30 bg-primary/10 text-primary', dot: 'bg-primary' },
  out_for_delivery: { icon: MapPin, badge: 'border-primary/40 bg-primary/15 text-primary', dot: 'bg-primary' },
  undelivered: { icon: CircleAlert, badge: 'border-chilli/30 bg-chilli/10 text-chilli', dot: 'bg-chilli' },
  delivered: { icon: PackageCheck, badge: 'border-success/30 bg-success/10 text-success', dot: 'bg-success' },
  rto: { icon: Undo2, badge: 'border-brown/25 bg-muted text-brown', dot: 'bg-brown/60' },
  rto_delivered: { icon: Undo2, badge: 'border-brown/25 bg-muted text-brown', dot: 'bg-brown/60' },
  cancelled: { icon: PackageX, badge: 'border-brown/25 bg-muted text-brown', dot: 'bg-brown/60' },
  lost: { icon: PackageX, badge: 'border-chilli/30 bg-chilli/10 text-chilli', dot: 'bg-chilli' },
}

function ParcelTracking({
  tracking,
  courier,
  summary,
}: {
  tracking: ShipmentTracking
  courier: string
  summary: boolean
}) {
  const headingId = useId()
  const expected = expectedDelivery(null, tracking)
  const newest = tracking.scans.slice(0, NEWEST_SCANS)
  const earlier = tracking.scans.slice(NEWEST_SCANS)
  return (
    <div className="mt-2 grid gap-3 border-t border-border/80 pt-3">
      {(tracking.state || expected) && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
          {tracking.state && <StateBadge state={tracking.state} />}
          {expected?.from === 'courier' && (
            <p className="font-semibold text-success">
              {m.shipment_expected({ day: formatDeliveryDay(expected.day) })}
            </p>
          )}
        </div>
      )}
      {tracking.state === 'undelivered' && tracking.ndrReason && (
        <p className="text-muted-foreground">
          {courier && <span className="font-semibold">{courier}: </span>}
          <span lang="en">{tracking.ndrReason}</span>
        </p>
      )}
      {!summary && newest.length > 0 && (
        <div>
          <h3 id={headingId} className="mb-2 text-sm font-bold">
            {m.shipment_timeline()}
          </h3>
          <ol aria-labelledby={headingId} className="grid gap-3 border-l-2 border-secondary pl-4">
            {/* A fixed list, never reordered: its place is each scan's key (two scans may share a time and words). */}
            {newest.map((scan, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <ScanItem key={index} scan={scan} current={index === 0} />
            ))}
          </ol>
          {earlier.length > 0 && (
            <details className="group mt-1">
              <summary className="inline-flex min-h-10 cursor-pointer list-none items-center gap-1 font-semibold text-primary underline-offset-2 hover:underline [&::-webkit-details-marker]:hidden">
                {m.shipment_scans_earlier({ count: earlier.length })}
                <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden />
              </summary>
              <ol className="mt-1 grid gap-3 border-l-2 border-secondary pl-4">
                {earlier.map((scan, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, as above
                  <ScanItem key={index} scan={scan} current={false} />
                ))}
              </ol>
            </details>
          )}
        </div>
      )}
    </div>
  )
}

function StateBadge({ state }: { state: TrackState }) {
  const { icon: Icon, badge } = STATE_LOOK[state]
  return (
    <p
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-1 text-sm leading-tight font-semibold',
        badge,
      )}
    >
      <Icon className="size-4 shrink-0" aria-hidden />
      {STATE_TEXT[state]()}
    </p>
  )
}

/**
 * One scan: its state in the page's language, its time, and the courier's words. A scan whose status
 * moves nothing (a warehouse step) is named by the courier's words alone.
 */
function ScanItem({ scan, current }: { scan: ShipmentScan; current: boolean }) {
  const look = scan.state ? STATE_LOOK[scan.state] : null
  const place = scan.location.trim()
  const words = (scan.state ? [scan.activity, place] : [place]).filter(Boolean).join(' · ')
  return (
    <li className="relative">
      <span
        className={cn(
          'absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full',
          look?.dot ?? 'bg-brown/30',
          current && 'ring-4 ring-brown/10',
        )}
        aria-hidden
      />
      <p className="flex flex-col sm:flex-row sm:flex-wrap sm:items-baseline sm:gap-x-2">
        {scan.state ? (
          <span className={cn('font-semibold', current && 'text-brown')}>{STATE_TEXT[scan.state]()}</span>
        ) : (
          <span lang="en">{scan.activity}</span>
        )}
        <time dateTime={scan.at} className="text-xs text-muted-foreground">
          {formatOrderDate(scan.at, true)}
        </time>
      </p>
      {words && (
        <p className="text-xs break-words text-muted-foreground" lang="en">
          {words}
        </p>
      )}
    </li>
  )
}
