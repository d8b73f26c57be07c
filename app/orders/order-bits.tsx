// Small pieces every order view shares: the status badge, the delivery promise, money rows, the
// status history.
import { Truck } from 'lucide-react'
import { TotalsList } from '#app/checkout/totals-list.tsx'
import { formatDeliveryDay } from '#app/delivery/delivery-date.ts'
import { deliveryTexts } from '#app/delivery/delivery-texts.ts'
import { m } from '#app/paraglide/messages.js'
import type { ShipmentView } from '#app/shipping/couriers.ts'
import type { ExpectedDelivery } from '#app/shipping/expected-delivery.ts'
import { cn } from '#app/ui/cn.ts'
import { formatOrderDate, orderStatusText, statusNoteText } from './order-texts.ts'
import type { StatusChange } from './orders.server.ts'
import { statusBadgeClass } from './status.ts'

export function StatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        statusBadgeClass(status),
        className,
      )}
    >
      {orderStatusText(status)}
    </span>
  )
}

/**
 * 'Delivery by Thursday, 26 November', the zone's promise at checkout, or 'Expected by Friday, 27
 * November', the courier's once the parcel is booked, while the order is on its way. Not while an online
 * order waits for its payment: it is not sent before it is paid. Not when the shipment shown beside it
 * carries the courier's day itself, next to where the parcel is.
 */
export function DeliveryPromise({
  order,
}: {
  order: {
    status: string
    paymentMethod: string
    paymentStatus: string
    expected: ExpectedDelivery | null
    shipment: ShipmentView | null
  }
}) {
  const { expected } = order
  if (!expected || order.status === 'delivered' || order.status === 'cancelled') return null
  if (order.paymentMethod !== 'cod' && order.paymentStatus !== 'paid') return null
  if (expected.from === 'courier' && order.shipment?.tracking) return null
  return (
    <p className="flex items-center gap-1.5 text-sm font-semibold text-success">
      <Truck className="size-4 shrink-0" aria-hidden />
      {expected.from === 'courier'
        ? m.shipment_expected({ day: formatDeliveryDay(expected.day) })
        : deliveryTexts.deliveryBy(expected.day)}
    </p>
  )
}

export { formatOrderDate } from './order-texts.ts'

export function OrderTotals({
  order,
}: {
  order: {
    subtotalAmount: number
    discountAmount: number
    deliveryFee: number
    totalAmount: number
    couponCode: string | null
  }
}) {
  return (
    <TotalsList
      subtotal={order.subtotalAmount}
      discount={order.discountAmount}
      delivery={order.deliveryFee}
      total={order.totalAmount}
      couponCode={order.couponCode}
    />
  )
}

export function StatusHistory({ history }: { history: StatusChange[] }) {
  return (
    <ol className="space-y-3 border-l-2 border-secondary pl-4">
      {history.map((change) => (
        <li key={`${change.toStatus}-${String(change.createdAt)}`} className="relative">
          <span className="absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full bg-primary" aria-hidden />
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <StatusBadge status={change.toStatus} />
            <time dateTime={new Date(change.createdAt).toISOString()} className="text-muted-foreground">
              {formatOrderDate(change.createdAt, true)}
            </time>
          </p>
          {change.note && <p className="mt-1 text-sm">{statusNoteText(change.note)}</p>}
        </li>
      ))}
    </ol>
  )
}
