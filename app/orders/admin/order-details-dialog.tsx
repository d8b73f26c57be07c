// The desk's Details dialog: everything about one order, loaded when opened (and reloaded with the
// page after any change, since React Router revalidates loaded fetchers too).
import { AlertTriangle, ExternalLink, FileText, Mail, Phone, Printer, Undo2 } from 'lucide-react'
import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { formatDeliveryDay } from '#app/delivery/delivery-date.ts'
import { invoicePaths } from '#app/invoices/invoice-links.tsx'
import { formatRupees } from '#app/shared/money.ts'
import { formatIndianMobile, telHref } from '#app/shared/phone.ts'
import { BookActions } from '#app/shipping/admin/book-actions.tsx'
import { labelHref } from '#app/shipping/admin/booking-requests.ts'
import { bookingStateText, shortDay } from '#app/shipping/admin/booking-view.ts'
import { courierLabel } from '#app/shipping/couriers.ts'
import { Button } from '#app/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '#app/ui/dialog.tsx'
import { Skeleton } from '#app/ui/skeleton.tsx'
import { WhatsAppNotices } from '#app/whatsapp/admin/whatsapp-notices.tsx'
import { type AdminOrderDetails, zoneLabel } from '../admin-orders.ts'
import { formatOrderDate, OrderTotals } from '../order-bits.tsx'
import { paymentMethodText } from '../order-texts.ts'
import { statusLabel } from '../status.ts'
import { orderActionUrl, useOrderAction } from './order-action.ts'
import { AdminStatusBadge, PaymentStatusText, StatusIcon } from './status-display.tsx'

function packingSlipHref(orderId: string): string {
  return `${orderActionUrl(orderId)}/slip`
}

export function OrderDetailsDialog({
  orderId,
  number,
  children,
}: {
  orderId: string
  number: string
  /** The button that opens the dialog; focus returns to it on close. */
  children: ReactNode
}) {
  const [open, setOpen] = useState(false)
  const fetcher = useFetcher<AdminOrderDetails>()
  const onOpenChange = (next: boolean) => {
    setOpen(next)
    if (next) void fetcher.load(orderActionUrl(orderId))
  }
  // A missing order is a 404 from the loader, which the Orders tab's error boundary shows.
  const details = fetcher.data?.id === orderId ? fetcher.data : null

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{children}</DialogTrigger>
      <DialogContent className="sm:max-w-2xl" closeLabel="Close order details">
        <DialogHeader>
          <DialogTitle>
            Order Details <span className="font-mono">#{number}</span>
          </DialogTitle>
          <DialogDescription>
            {details ? `Placed ${formatOrderDate(details.createdAt, true)}` : 'Items, customer, payments and history.'}
          </DialogDescription>
        </DialogHeader>
        {details ? (
          <DetailsBody order={details} />
        ) : (
          <div role="status" className="grid gap-3">
            <p className="text-sm text-muted-foreground">Loading order details...</p>
            <Skeleton className="h-8 w-2/3" />
            <Skeleton className="h-24" />
            <Skeleton className="h-16" />
          </div>
        )}
      </DialogContent>
    </Dialog>
  )
}

function DetailsBody({ order }: { order: AdminOrderDetails }) {
  const zone = zoneLabel(order)
  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <AdminStatusBadge status={order.status} />
        <p className="text-xl font-bold text-brown">{formatRupees(order.totalAmount)}</p>
        <p className="text-sm">
          {paymentMethodText(order.paymentMethod, 'en')} · <PaymentStatusText status={order.paymentStatus} />
        </p>
      </div>

      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline" className="h-11">
          <a href={packingSlipHref(order.id)} target="_blank" rel="noopener">
            <Printer aria-hidden />
            Packing slip
            <ExternalLink className="size-3.5" aria-hidden />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </Button>
        <Button asChild variant="outline" className="h-11">
          <a href={invoicePaths(order.id).page} target="_blank" rel="noopener">
            <FileText aria-hidden />
            Invoice
            <ExternalLink className="size-3.5" aria-hidden />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </Button>
        {order.refundable && <RefundControl order={order} />}
      </div>

      {order.attentionNotices.length > 0 && <AttentionNotices notices={order.attentionNotices} />}

      <CourierBooking order={order} />

      {/* A Shiprocket booking is shown by CourierBooking, whatever the parcel's state. */}
      {order.shipment && !order.booking && (
        <Section title="Shipment">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Courier</dt>
            <dd>{courierLabel(order.shipment)}</dd>
            {order.shipment.awb && (
              <>
                <dt className="text-muted-foreground">AWB</dt>
                <dd className="font-mono break-all">{order.shipment.awb}</dd>
              </>
            )}
            <dt className="text-muted-foreground">Shipped</dt>
            <dd>{formatOrderDate(order.shipment.shippedAt, true)}</dd>
            {order.shipment.trackingUrl && (
              <>
                <dt className="text-muted-foreground">Tracking</dt>
                <dd>
                  <a
                    href={order.shipment.trackingUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="break-all text-primary underline underline-offset-2"
                  >
                    {order.shipment.trackingUrl}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </dd>
              </>
            )}
          </dl>
        </Section>
      )}

      <Section title="Delivery verification">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">OTP</dt>
          <dd>{deliveryOtpText(order)}</dd>
          <dt className="text-muted-foreground">Delivered</dt>
          <dd>{order.deliveredAt ? formatOrderDate(order.deliveredAt, true) : 'Not yet'}</dd>
          {order.otp.expiresAt && !order.deliveryOtpVerified && (
            <>
              <dt className="text-muted-foreground">OTP valid until</dt>
              <dd>{formatOrderDate(order.otp.expiresAt, true)}</dd>
            </>
          )}
          {order.deliveryOtpRequired && !order.deliveryOtpVerified && (
            <>
              <dt className="text-muted-foreground">Tries left</dt>
              <dd className={order.otp.locked ? 'font-semibold text-destructive' : undefined}>
                {order.otp.locked ? 'None: locked. Generate a new OTP.' : order.otp.attemptsLeft}
              </dd>
            </>
          )}
        </dl>
      </Section>

      <Section title="Customer">
        <div className="grid text-sm">
          <p className="font-semibold">{order.customerName}</p>
          <a href={telHref(order.phone)} className={CONTACT_LINK}>
            <Phone className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            {formatIndianMobile(order.phone)}
          </a>
          <a href={`mailto:${order.email}`} className={CONTACT_LINK}>
            <Mail className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            <span className="min-w-0 break-all">{order.email}</span>
          </a>
          <p className="mt-1 whitespace-pre-line">
            <span className="font-semibold">Shipping address: </span>
            {order.shippingAddress}
          </p>
          {zone && (
            <p>
              <span className="font-semibold">Delivery zone: </span>
              {zone}
            </p>
          )}
          {order.deliveryBy && (
            <p>
              <span className="font-semibold">Promised by: </span>
              {formatDeliveryDay(order.deliveryBy, 'en')}
            </p>
          )}
        </div>
      </Section>

      <Section title="Items">
        <table className="w-full text-sm">
          <thead className="text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="pb-1 font-semibold">
                Item
              </th>
              <th scope="col" className="pb-1 text-right font-semibold">
                Qty
              </th>
              <th scope="col" className="pb-1 text-right font-semibold">
                Price
              </th>
              <th scope="col" className="pb-1 text-right font-semibold">
                Amount
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {order.items.map((item) => (
              <tr key={`${item.productName}-${item.size}`}>
                <td className="py-1.5 pr-2">
                  {item.productName} <span className="text-muted-foreground">({item.size})</span>
                </td>
                <td className="py-1.5 text-right">{item.quantity}</td>
                <td className="py-1.5 pl-2 text-right whitespace-nowrap">{formatRupees(item.price)}</td>
                <td className="py-1.5 pl-2 text-right font-semibold whitespace-nowrap">
                  {formatRupees(item.price * item.quantity)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="mt-3 border-t pt-3">
          <OrderTotals order={order} />
        </div>
      </Section>

      {order.payments.length > 0 && (
        <Section title="Payment attempts">
          <ul className="grid gap-2 text-sm">
            {order.payments.map((attempt) => (
              <li key={attempt.merchantOrderId} className="rounded-lg border p-2">
                <p className="flex flex-wrap justify-between gap-2">
                  <span className="font-semibold">{statusLabel(attempt.state.toLowerCase())}</span>
                  <span className="font-semibold">{formatRupees(attempt.amount)}</span>
                </p>
                <p className="break-all text-muted-foreground">Merchant order: {attempt.merchantOrderId}</p>
                <p className="break-all text-muted-foreground">Transaction: {attempt.transactionId ?? 'none yet'}</p>
                <p className="text-muted-foreground">
                  Started {formatOrderDate(attempt.createdAt, true)} · updated{' '}
                  {formatOrderDate(attempt.updatedAt, true)}
                </p>
              </li>
            ))}
          </ul>
        </Section>
      )}

      {order.refunds.length > 0 && (
        <Section title="Refunds">
          <ul className="grid gap-2 text-sm">
            {order.refunds.map((refund) => (
              <li key={refund.merchantRefundId} className="rounded-lg border p-2">
                <p className="flex flex-wrap justify-between gap-2">
                  <span className="font-semibold">{statusLabel(refund.state.toLowerCase())}</span>
                  <span className="font-semibold">{formatRupees(refund.amount)}</span>
                </p>
                <p className="break-all text-muted-foreground">Refund: {refund.merchantRefundId}</p>
                <p className="text-muted-foreground">
                  Started {formatOrderDate(refund.createdAt, true)} · updated {formatOrderDate(refund.updatedAt, true)}
                </p>
              </li>
            ))}
          </ul>
        </Section>
      )}

      <WhatsAppNotices notices={order.whatsappNotices} />

      <Section title="Status history">
        <AdminStatusHistory history={order.history} />
      </Section>
    </div>
  )
}

/**
 * The order's parcel booked through Shiprocket: its courier, AWB, where it is and its label; or, for a
 * confirmed order not booked yet, the button that books it (the Shipping view's booking dialog).
 */
function CourierBooking({ order }: { order: AdminOrderDetails }) {
  const { booking } = order
  const bookable = order.shippingConfigured && order.status === 'confirmed' && !booking?.pickupRequested
  if (!booking && !bookable) return null
  return (
    <Section title="Courier booking">
      {booking && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">Courier</dt>
          <dd className="break-words">{booking.courierName ?? 'Not chosen yet'}</dd>
          {booking.awb && (
            <>
              <dt className="text-muted-foreground">AWB</dt>
              <dd className="font-mono break-all">{booking.awb}</dd>
            </>
          )}
          <dt className="text-muted-foreground">State</dt>
          <dd className="font-semibold">{bookingStateText(booking)}</dd>
          {booking.pickupRequested && booking.expectedBy && (
            <>
              <dt className="text-muted-foreground">Expected</dt>
              <dd>{shortDay(booking.expectedBy)}</dd>
            </>
          )}
          {booking.ndrReason && (
            <>
              <dt className="text-muted-foreground">Failed attempt</dt>
              <dd className="font-semibold text-chilli">{booking.ndrReason}</dd>
            </>
          )}
        </dl>
      )}
      {booking?.bookingError && (
        <p role="alert" className="rounded-md bg-destructive/10 p-2 text-sm text-destructive">
          <span className="font-semibold">Booking stopped: </span>
          {booking.bookingError}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {bookable && (
          <BookActions orderId={order.id} number={order.number} booking={order.booking} bookLabel="Book courier" />
        )}
        {booking?.labelReady && (
          <Button asChild variant="outline" className="h-11">
            <a href={labelHref(order.id)} target="_blank" rel="noopener">
              <FileText aria-hidden />
              Label
              <ExternalLink className="size-3.5" aria-hidden />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </Button>
        )}
        {booking?.trackingUrl && (
          <Button asChild variant="outline" className="h-11">
            <a href={booking.trackingUrl} target="_blank" rel="noopener noreferrer">
              Track
              <ExternalLink className="size-3.5" aria-hidden />
              <span className="sr-only">the parcel on Shiprocket (opens in a new tab)</span>
            </a>
          </Button>
        )}
      </div>
    </Section>
  )
}

const CONTACT_LINK = 'flex min-h-10 w-fit max-w-full items-center gap-2 text-primary underline-offset-2 hover:underline'

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h3 className="font-bold">{title}</h3>
      {children}
    </section>
  )
}

function deliveryOtpText(order: AdminOrderDetails): string {
  if (order.deliveryOtpVerified) return 'OTP Verified'
  if (order.deliveryOtpRequired) return 'OTP Required, not verified yet'
  return 'Not required'
}

/** What the owner should do about each kind of notice. */
const NOTICE_ADVICE: Record<string, string> = {
  payment_twice: 'Paid twice: refund the extra payment',
  payment_after_cancel: 'Paid after the order was cancelled: refund it',
  payment_after_release: 'Paid after the order was released: refund it or restore the order',
  payment_amount_mismatch: 'The amount paid differs from the order total',
  refund_failed: 'A refund failed: start it again',
  invoice_not_issued: 'No invoice: it could not be issued',
}

function AttentionNotices({ notices }: { notices: AdminOrderDetails['attentionNotices'] }) {
  const titleId = useId()
  return (
    <section aria-labelledby={titleId} className="rounded-lg border border-accent bg-accent/20 p-3 text-brown">
      <h3 id={titleId} className="flex items-center gap-2 font-bold">
        <AlertTriangle className="size-4" aria-hidden />
        Needs your attention
      </h3>
      <ul className="mt-2 grid gap-2 text-sm">
        {notices.map((notice) => (
          <li key={`${notice.type}-${notice.createdAt}`}>
            <p className="font-semibold">{NOTICE_ADVICE[notice.type] ?? 'Check this order'}</p>
            <p>{notice.message}</p>
            <p className="text-xs opacity-80">{formatOrderDate(notice.createdAt, true)}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** Who changed what and when: the admin's view of the history, with the person behind each change. */
function AdminStatusHistory({ history }: { history: AdminOrderDetails['history'] }) {
  if (history.length === 0) return <p className="text-sm text-muted-foreground">No changes recorded.</p>
  return (
    <ol className="grid gap-3 border-l-2 border-secondary pl-4">
      {history.map((change) => (
        <li key={`${change.toStatus}-${change.createdAt}`} className="relative text-sm">
          <span className="absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full bg-primary" aria-hidden />
          <p className="flex flex-wrap items-center gap-1.5 font-semibold">
            {change.fromStatus ? (
              <>
                <StatusName status={change.fromStatus} />
                <span aria-hidden>→</span>
                <span className="sr-only">to</span>
              </>
            ) : (
              <span>Placed as</span>
            )}
            <StatusName status={change.toStatus} />
          </p>
          <p className="text-muted-foreground">
            {change.by ? `by ${change.by}` : change.fromStatus ? 'automatically' : 'by the customer'} ·{' '}
            <time dateTime={change.createdAt}>{formatOrderDate(change.createdAt, true)}</time>
          </p>
          {change.note && <p className="mt-0.5">{change.note}</p>}
        </li>
      ))}
    </ol>
  )
}

function StatusName({ status }: { status: string }) {
  return (
    <span className="inline-flex items-center gap-1">
      <StatusIcon status={status} />
      {statusLabel(status)}
    </span>
  )
}

/** A refund asks once more before it starts: money that leaves cannot be called back. */
function RefundControl({ order }: { order: AdminOrderDetails }) {
  const [confirming, setConfirming] = useState(false)
  const confirmButton = useRef<HTMLButtonElement>(null)
  const refundButton = useRef<HTMLButtonElement>(null)
  // Focus follows the step, so a keyboard user is never left on a button that just went away.
  const asked = useRef(false)
  const { submit, busy } = useOrderAction(order.id, () => setConfirming(false))
  const amount = formatRupees(order.totalAmount)
  useEffect(() => {
    if (confirming) {
      asked.current = true
      confirmButton.current?.focus()
    } else if (asked.current) {
      refundButton.current?.focus()
    }
  }, [confirming])

  if (!confirming) {
    return (
      <Button ref={refundButton} variant="destructive" className="h-11" onClick={() => setConfirming(true)}>
        <Undo2 aria-hidden />
        Refund {amount}
      </Button>
    )
  }
  return (
    <fieldset className="w-full rounded-lg border border-destructive/50 p-3">
      <legend className="float-left w-full text-sm font-semibold">
        Refund {amount} to the customer's original payment method? This cannot be undone.
      </legend>
      <div className="clear-both flex flex-wrap gap-2 pt-2">
        <Button
          ref={confirmButton}
          variant="destructive"
          className="h-11"
          disabled={busy}
          onClick={() => submit('refund')}
        >
          Yes, refund {amount}
        </Button>
        <Button variant="outline" className="h-11" disabled={busy} onClick={() => setConfirming(false)}>
          Don't refund
        </Button>
      </div>
    </fieldset>
  )
}
