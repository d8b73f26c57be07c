// Small pieces every order view shares: the status badge, the delivery promise, money rows, the
// status history.
import { Truck } from 'lucide-react'
import { TotalsList } from '#app/checkout/totals-list.tsx'
import { deliveryTexts } from '#app/delivery/delivery-texts.ts'
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
 * 'Delivery by Thursday, 26 November': the day the zone promised at checkout, while the order is on its
 * way. Not while an online order waits for its payment: it is not sent before it is paid.
 */
export function DeliveryPromise({
  order,
}: {
  order: { status: string; deliveryBy: string | null; paymentMethod: string; paymentStatus: string }
}) {
  if (!order.deliveryBy || order.status === 'delivered' || order.status === 'cancelled') return null
  if (order.paymentMethod !== 'cod' && order.paymentStatus !== 'paid') return null
  return (
    <p className="flex items-center gap-1.5 text-sm font-semibold text-success">
      <Truck className="size-4 shrink-0" aria-hidden />
      {deliveryTexts.deliveryBy(order.deliveryBy)}
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
