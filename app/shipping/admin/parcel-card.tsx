// One order on the Shipping view: who it goes to and where, its amount and how it is paid, its
// courier and AWB once booked, the day it is expected (or promised, before booking), what went wrong
// (a failed delivery, a booking that stopped half way), and its actions: Book, Try again, Label, Track.
import { AlertTriangle, CalendarClock, ExternalLink, FileText, MapPin, Truck, User } from 'lucide-react'
import type { ReactNode } from 'react'
import { formatOrderDate } from '#app/orders/order-texts.ts'
import { formatRupees } from '#app/shared/money.ts'
import { Button } from '#app/ui/button.tsx'
import { cn } from '#app/ui/cn.ts'
import type { ShippingGroup, ShippingRow } from '../shipping-desk.server.ts'
import { BookActions } from './book-actions.tsx'
import { labelHref } from './booking-requests.ts'
import { shortDay, TRACK_STATE_LABEL } from './booking-view.ts'

export function ParcelCard({ row, group }: { row: ShippingRow; group: ShippingGroup }) {
  const { shipment } = row
  const cod = row.paymentMethod === 'cod'
  const state = shipment?.trackState
  // Where the list's name does not say it all: out for delivery among those in transit, lost among the problems.
  const stateShown =
    state && group !== 'awaiting_pickup' && group !== 'to_book' && state !== 'in_transit'
      ? TRACK_STATE_LABEL[state]
      : null

  return (
    <article
      aria-label={`Order #${row.number}`}
      className="flex h-full flex-col gap-2 rounded-xl border bg-card p-3 text-sm shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-mono text-base font-bold">#{row.number}</h3>
          <p className="text-xs text-muted-foreground">
            <time dateTime={row.orderedAt}>{formatOrderDate(row.orderedAt, true, 'en')}</time>
          </p>
        </div>
        <div className="shrink-0 text-right">
          <p className="font-bold text-brown">{formatRupees(row.totalAmount, 'en')}</p>
          <span
            className={cn(
              'inline-block rounded-full px-2 py-0.5 text-xs font-semibold',
              cod ? 'bg-accent/40 text-brown' : 'bg-success/15 text-success',
            )}
          >
            {cod ? 'COD' : 'Prepaid'}
          </span>
        </div>
      </div>

      <div className="grid gap-1">
        <Line icon={<User />}>{row.customerName}</Line>
        <Line icon={<MapPin />}>{row.destination}</Line>
        {shipment?.courierName && (
          <Line icon={<Truck />}>
            {shipment.courierName}
            {shipment.awb && (
              <>
                {' · AWB '}
                {/* Moved whole to the next line rather than split, unless it is longer than a line. */}
                <span className="font-mono [overflow-wrap:anywhere]">{shipment.awb}</span>
              </>
            )}
          </Line>
        )}
        <DayLine row={row} group={group} />
        {stateShown && (
          <p
            className={cn(
              'w-fit rounded-full px-2 py-0.5 text-xs font-semibold',
              group === 'problems' ? 'bg-destructive/10 text-destructive' : 'bg-secondary text-brown',
            )}
          >
            {stateShown}
          </p>
        )}
        {group === 'awaiting_pickup' && shipment?.manifested && (
          <p className="text-xs text-muted-foreground">On a printed manifest</p>
        )}
        {group === 'problems' && shipment?.ndrReason && (
          <p className="flex items-start gap-2 font-semibold text-chilli">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span className="min-w-0 break-words">{shipment.ndrReason}</span>
          </p>
        )}
        {group === 'to_book' && shipment?.bookingError && (
          <p role="alert" className="flex items-start gap-2 rounded-md bg-destructive/10 p-2 text-destructive">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span className="min-w-0 break-words">
              <span className="font-semibold">Booking stopped: </span>
              {shipment.bookingError}
            </span>
          </p>
        )}
      </div>

      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        {group === 'to_book' ? (
          <BookActions
            orderId={row.orderId}
            number={row.number}
            booking={row.shipment}
            buttonClassName="h-11 flex-1 sm:flex-none"
          />
        ) : (
          <BookedActions row={row} />
        )}
      </div>
    </article>
  )
}

function Line({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <p className="flex items-start gap-2">
      <span className="mt-0.5 shrink-0 text-muted-foreground [&_svg]:size-4" aria-hidden>
        {icon}
      </span>
      <span className="min-w-0 break-words">{children}</span>
    </p>
  )
}

/** The courier's expected day once booked; before that, the day promised at checkout. */
function DayLine({ row, group }: { row: ShippingRow; group: ShippingGroup }) {
  if (group === 'returns') return null
  const expected = row.shipment?.pickupRequested ? row.shipment.expectedBy : null
  if (expected) return <Line icon={<CalendarClock />}>Expected {shortDay(expected)}</Line>
  if (row.deliveryBy) return <Line icon={<CalendarClock />}>Promised by {shortDay(row.deliveryBy)}</Line>
  return null
}

function BookedActions({ row }: { row: ShippingRow }) {
  const { shipment } = row
  if (!shipment) return null
  return (
    <>
      {shipment.labelReady && (
        <Button asChild variant="outline" className="h-11 flex-1 sm:flex-none">
          <a href={labelHref(row.orderId)} target="_blank" rel="noopener">
            <FileText aria-hidden />
            Label
            <span className="sr-only">of order #{row.number} (opens in a new tab)</span>
          </a>
        </Button>
      )}
      {shipment.trackingUrl && (
        <Button asChild variant="outline" className="h-11 flex-1 sm:flex-none">
          <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
            Track
            <ExternalLink className="size-3.5" aria-hidden />
            <span className="sr-only">the parcel on Shiprocket (opens in a new tab)</span>
          </a>
        </Button>
      )}
    </>
  )
}
