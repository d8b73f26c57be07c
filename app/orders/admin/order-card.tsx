// One order on the desk (spec section 2): what the owner needs at a glance to pack and deliver it,
// and the three controls: the status dropdown (whose Shipped asks for the courier first), Details, and
// OTP Verify (for the shop's own rider).
import { ExternalLink, MapPin, Package, Phone, ShieldAlert, ShieldCheck, Truck, User } from 'lucide-react'
import { type KeyboardEvent, type RefObject, useEffect, useId, useRef, useState } from 'react'
import { formatRupees } from '#app/shared/money.ts'
import { formatIndianMobile, telHref } from '#app/shared/phone.ts'
import { courierLabel, type ShipmentFieldErrors, type ShipmentView, shipmentShown } from '#app/shipping/couriers.ts'
import { Button } from '#app/ui/button.tsx'
import { type AdminOrderCard, STATUS_CHOICES, zoneLabel } from '../admin-orders.ts'
import { formatOrderDate } from '../order-bits.tsx'
import { statusLabel } from '../status.ts'
import { DeliveryOtpDialog } from './delivery-otp-dialog.tsx'
import { FIELD_CLASS } from './field-class.ts'
import { useOrderAction } from './order-action.ts'
import { OrderDetailsDialog } from './order-details-dialog.tsx'
import { ShipDialog, type ShipFields } from './ship-dialog.tsx'
import { AdminStatusBadge, PaymentStatusText } from './status-display.tsx'

export function OrderCard({ order }: { order: AdminOrderCard }) {
  const titleId = useId()
  const detailsButton = useRef<HTMLButtonElement>(null)
  // The control that sent a change is disabled until the answer is in, which drops the focus to the
  // page: it gets it back then, and again once the card shows the new status (the reload can land
  // after the answer, and a shipped order's OTP Verify is a new button, the one that opens the check).
  const focusAfterChange = useRef<{ control: RefObject<HTMLElement | null>; status: string | null } | null>(null)
  // The Shipped dialog: open (a new one each time, so nothing typed before stays), and what the server refused.
  const [shipping, setShipping] = useState<{ key: number; errors: ShipmentFieldErrors } | null>(null)
  const shipSent = useRef(false)
  const { submit, busy, pending } = useOrderAction(order.id, (result, intent) => {
    if (intent === 'status' && !result.ok && focusAfterChange.current) focusAfterChange.current.status = null
    if (intent === 'status' && shipSent.current) {
      shipSent.current = false
      // Shipped: the dialog closes. Refused: it stays open with the server's reasons, to correct them.
      setShipping((current) => (result.ok || !current ? null : { key: current.key, errors: result.fieldErrors ?? {} }))
    }
  })
  const requestedStatus = pending?.get('intent') === 'status' ? pending.get('status') : null
  const shownStatus = typeof requestedStatus === 'string' ? requestedStatus : order.status
  const statusSelect = useRef<HTMLSelectElement>(null)
  const otpButton = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    const after = focusAfterChange.current
    if (busy || !after) return
    if (!document.activeElement || document.activeElement === document.body) after.control.current?.focus()
    if (after.status === null || after.status === order.status) focusAfterChange.current = null
  }, [busy, order.status])
  const changeStatus = (status: string, control: RefObject<HTMLElement | null>) => {
    if (status === 'shipped') {
      setShipping((current) => ({ key: (current?.key ?? 0) + 1, errors: {} }))
      return
    }
    focusAfterChange.current = { control, status }
    submit('status', { status, version: order.version })
  }
  const ship = (fields: ShipFields) => {
    shipSent.current = true
    focusAfterChange.current = { control: statusSelect, status: 'shipped' }
    submit('status', { status: 'shipped', version: order.version, ...fields })
  }
  // OTP Verify on an order not shipped yet sends it with the shop's own rider, who checks the OTP.
  const shipWithOwnRider = () => {
    focusAfterChange.current = { control: otpButton, status: 'shipped' }
    submit('status', { status: 'shipped', version: order.version, courier: 'own_rider' })
  }
  const keyed = useKeyedChoice(shownStatus, (status) => changeStatus(status, statusSelect))
  const zone = zoneLabel(order)

  return (
    <article aria-labelledby={titleId} className="flex h-full flex-col rounded-xl border bg-card shadow-sm">
      <div className="flex-1 space-y-3 p-4">
        <div className="flex items-start justify-between gap-2">
          <div>
            <h3 id={titleId} className="font-mono text-lg font-bold">
              #{order.number}
            </h3>
            <p className="text-sm text-muted-foreground">
              <time dateTime={order.createdAt}>{formatOrderDate(order.createdAt, true)}</time>
            </p>
          </div>
          <AdminStatusBadge status={shownStatus} />
        </div>

        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <p className="text-xl font-bold text-brown">{formatRupees(order.totalAmount)}</p>
          <p className="text-sm text-muted-foreground">
            {order.itemCount} {order.itemCount === 1 ? 'item' : 'items'}
          </p>
          <p className="text-sm">
            <span className="font-semibold">{order.paymentMethod.toUpperCase()}</span>
            {' · '}
            <PaymentStatusText status={order.paymentStatus} />
          </p>
        </div>

        <ul className="space-y-0.5 text-sm" aria-label="Items">
          {order.firstItems.map((item) => (
            <li key={`${item.productName}-${item.size}`}>
              {item.quantity} x {item.productName} ({item.size})
            </li>
          ))}
          {order.moreItems > 0 && <li className="text-muted-foreground">+{order.moreItems} more items</li>}
        </ul>

        <div className="text-sm">
          <p className="flex items-center gap-2">
            <User className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            <span className="min-w-0 break-words">{order.customerName}</span>
          </p>
          <a
            href={telHref(order.phone)}
            className="flex min-h-10 w-fit items-center gap-2 font-medium text-primary underline-offset-2 hover:underline"
          >
            <Phone className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            {formatIndianMobile(order.phone)}
          </a>
          {zone && (
            <p className="flex items-center gap-2">
              <MapPin className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              <span className="min-w-0 break-words">Zone: {zone}</span>
            </p>
          )}
          {order.shipment && shipmentShown(order.status) && <ShipmentLine shipment={order.shipment} />}
          {order.deliveryOtpRequired && <OtpLine verified={order.deliveryOtpVerified} />}
        </div>
      </div>

      <div className="grid grid-cols-2 gap-2 border-t bg-muted/40 p-3">
        <div className="col-span-2 grid gap-1">
          <label htmlFor={`${titleId}-status`} className="text-xs font-semibold text-muted-foreground">
            Status
          </label>
          <select
            ref={statusSelect}
            id={`${titleId}-status`}
            value={keyed.value}
            disabled={busy}
            onChange={(event) => keyed.onChange(event.target.value)}
            onKeyDown={keyed.onKeyDown}
            onPointerDown={keyed.onPointerDown}
            onBlur={keyed.onBlur}
            aria-describedby={keyed.choosing ? `${titleId}-status-hint` : undefined}
            className={FIELD_CLASS}
          >
            {STATUS_CHOICES.map((status) => (
              <option key={status} value={status}>
                {statusLabel(status)}
              </option>
            ))}
          </select>
          {keyed.choosing && (
            <p id={`${titleId}-status-hint`} className="text-xs text-muted-foreground">
              Press Enter to save, Escape to keep {statusLabel(shownStatus)}.
            </p>
          )}
        </div>
        <OrderDetailsDialog orderId={order.id} number={order.number}>
          <Button ref={detailsButton} variant="outline" className="h-11 last:col-span-2">
            Details
          </Button>
        </OrderDetailsDialog>
        <OtpVerifyControl
          order={order}
          busy={busy}
          onShip={shipWithOwnRider}
          otpButton={otpButton}
          afterDelivered={detailsButton}
        />
      </div>
      {shipping && (
        <ShipDialog
          key={shipping.key}
          open
          number={order.number}
          busy={busy}
          serverErrors={shipping.errors}
          onShip={ship}
          onClose={() => setShipping(null)}
          returnFocus={statusSelect}
        />
      )}
    </article>
  )
}

/** Who carries a shipped order: the courier and its AWB (with the courier's page), or the shop's own rider. */
function ShipmentLine({ shipment }: { shipment: ShipmentView }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2">
      <Package className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <span className="min-w-0 break-words">
        {courierLabel(shipment)}
        {shipment.awb && (
          <>
            {' · AWB '}
            <span className="font-mono break-all">{shipment.awb}</span>
          </>
        )}
      </span>
      {shipment.trackingUrl && (
        <a
          href={shipment.trackingUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-10 items-center gap-1 font-medium text-primary underline-offset-2 hover:underline"
        >
          Track
          <ExternalLink className="size-3.5" aria-hidden />
          <span className="sr-only">the parcel on the courier’s website (opens in a new tab)</span>
        </a>
      )}
    </p>
  )
}

function OtpLine({ verified }: { verified: boolean }) {
  return verified ? (
    <p className="flex items-center gap-2 font-semibold text-success">
      <ShieldCheck className="size-4 shrink-0" aria-hidden />
      OTP Verified
    </p>
  ) : (
    <p className="flex items-center gap-2 font-semibold text-chilli">
      <ShieldAlert className="size-4 shrink-0" aria-hidden />
      OTP Required
    </p>
  )
}

/**
 * The spec's one button with two jobs: on a shipped order it opens the OTP check; on an order not
 * yet shipped it sends it out for delivery first. A delivered or cancelled order has no use for it.
 */
function OtpVerifyControl({
  order,
  busy,
  onShip,
  otpButton,
  afterDelivered,
}: {
  order: AdminOrderCard
  busy: boolean
  onShip: () => void
  otpButton: RefObject<HTMLButtonElement | null>
  afterDelivered: RefObject<HTMLButtonElement | null>
}) {
  if (order.status === 'delivered' || order.status === 'cancelled') return null
  // A courier's parcel is delivered by the courier: the owner marks it Delivered from the dropdown.
  if (order.status === 'shipped' && !order.deliveryOtpRequired) return null
  if (order.status === 'shipped') {
    return (
      <DeliveryOtpDialog order={order} afterDelivered={afterDelivered}>
        <Button ref={otpButton} className="h-11">
          <ShieldCheck aria-hidden />
          OTP Verify
        </Button>
      </DeliveryOtpDialog>
    )
  }
  return (
    <Button
      ref={otpButton}
      className="h-11"
      disabled={busy}
      onClick={onShip}
      title="Sends the order out with the shop’s own rider, who asks the customer for the delivery OTP"
    >
      <Truck aria-hidden />
      OTP Verify
    </Button>
  )
}

/**
 * Keys that step a closed dropdown's value in place (Chromium, Firefox on Windows and Linux); so does
 * typing a letter, while Space opens the list.
 */
const STEPPING_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown'])

/**
 * A status picked with the mouse (or from the open list) is saved at once; one reached by stepping
 * through the closed dropdown with the arrow keys or by typing is saved on Enter or when the focus
 * leaves, and Escape drops it. Otherwise every status passed on the way (Confirmed, Shipped on the
 * way to Cancelled) would be saved, each with its message to the customer.
 */
function useKeyedChoice(saved: string, save: (status: string) => void) {
  const [choice, setChoice] = useState<string | null>(null)
  const stepping = useRef(false)
  const commit = () => {
    if (choice !== null && choice !== saved) save(choice)
    setChoice(null)
  }
  return {
    value: choice ?? saved,
    choosing: choice !== null && choice !== saved,
    onChange: (status: string) => {
      if (stepping.current) setChoice(status)
      else save(status)
    },
    onKeyDown: (event: KeyboardEvent<HTMLSelectElement>) => {
      if (event.key === 'Enter' && choice !== null) {
        event.preventDefault()
        commit()
      } else if (event.key === 'Escape' && choice !== null) {
        event.preventDefault()
        setChoice(null)
      } else if (!event.altKey && (STEPPING_KEYS.has(event.key) || (event.key.length === 1 && event.key !== ' '))) {
        stepping.current = true
      }
    },
    onPointerDown: () => {
      stepping.current = false
    },
    onBlur: () => {
      stepping.current = false
      commit()
    },
  }
}
