// /my-orders (spec section 2): a signed-in customer's own orders, newest first, with search, each
// card showing its first 2 items then '+N more items', and a details overlay opened by ?order=.
import { Package, Search, X } from 'lucide-react'
import { Dialog } from 'radix-ui'
import { useRef } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { sizeName } from '#app/catalog/sizes.ts'
import { Form, Link } from '#app/i18n/links.tsx'
import { InvoiceLinks } from '#app/invoices/invoice-links.tsx'
import { m } from '#app/paraglide/messages.js'
import { pageLoadOffline } from '#app/pwa/offline-notice-marker.ts'
import { RateLink } from '#app/reviews/rate-link.tsx'
import type { RateableLine } from '#app/reviews/reviews.server.ts'
import { formatRupees } from '#app/shared/money.ts'
import { formatIndianMobile } from '#app/shared/phone.ts'
import { shownAddress } from '#app/shared/state-names.ts'
import { WhatsAppChatLink } from '#app/shell/whatsapp-chat-link.tsx'
import { ShipmentInfo } from '#app/shipping/shipment-info.tsx'
import { Button } from '#app/ui/button.tsx'
import { Card, CardContent } from '#app/ui/card.tsx'
import type { AgainNotice } from './order-again.server.ts'
import { OrderAgainAnswer, OrderAgainButton, OrderAgainNotice } from './order-again-form.tsx'
import { DeliveryPromise, formatOrderDate, OrderTotals, StatusBadge, StatusHistory } from './order-bits.tsx'
import { paymentMethodText, paymentStatusText } from './order-texts.ts'
import type { CustomerOrder, CustomerOrderDetails } from './orders.server.ts'
import { ITEMS_ON_CARD, isPayable, orderNumber, paymentPath } from './status.ts'

export function MyOrdersPage({
  orders,
  total,
  page,
  pageCount,
  q,
  details,
  rateable,
  invoiced,
  again,
  refused,
}: {
  orders: CustomerOrder[]
  total: number
  page: number
  pageCount: number
  q: string
  details: CustomerOrderDetails | null
  /** Delivered lines whose product can be rated, by line id (app/reviews). */
  rateable: Record<string, RateableLine>
  /** The open order has an invoice (or receipt) to show. */
  invoiced: boolean
  /** What "Order again" did, without JavaScript (with it, each form says its answer). */
  again: AgainNotice | null
  /** "Order again" refused, without JavaScript. */
  refused: AgainNotice | null
}) {
  const [searchParams] = useSearchParams()
  const pageNotice = refused ?? again
  const navigate = useNavigate()
  // The order whose details were open last, so closing them returns focus to its card's link.
  const lastOpened = useRef<string | null>(null)
  if (details) lastOpened.current = details.id
  const linkWith = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(searchParams)
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key)
      else next.set(key, value)
    }
    const query = next.toString()
    return query ? `?${query}` : '.'
  }

  return (
    <div className="mx-auto max-w-4xl px-4 pb-16">
      <h1 className="pt-6 text-3xl font-bold sm:text-4xl">{m.nav_my_orders()}</h1>
      {pageNotice && <OrderAgainNotice notice={pageNotice} className="mt-6" />}
      {(orders.length > 0 || q) && (
        <Form method="get" {...pageLoadOffline} role="search" className="mt-6 flex gap-2">
          <label htmlFor="order-search" className="sr-only">
            {m.my_orders_search_label()}
          </label>
          <input
            id="order-search"
            type="search"
            name="q"
            defaultValue={q}
            placeholder={m.my_orders_search_placeholder()}
            className="h-11 min-w-0 flex-1 rounded-md border border-input bg-card px-3 text-base outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40"
          />
          <Button type="submit" size="lg" className="h-11">
            <Search aria-hidden />
            {m.my_orders_search()}
          </Button>
        </Form>
      )}

      {orders.length === 0 ? (
        <div className="mt-12 flex flex-col items-center gap-4 text-center">
          <Package className="size-12 text-muted-foreground/60" aria-hidden />
          <p className="text-lg font-semibold">{q ? m.my_orders_no_match({ q }) : m.my_orders_none()}</p>
          <Button asChild className="h-11">
            <Link to={q ? '/my-orders' : '/products'}>{q ? m.my_orders_show_all() : m.my_orders_start_shopping()}</Link>
          </Button>
        </div>
      ) : (
        <>
          <p className="mt-4 text-sm text-muted-foreground" role="status">
            {ordersCount(total, q)}
          </p>
          <ul className="mt-3 space-y-4">
            {orders.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} detailsHref={linkWith({ order: order.id })} rateable={rateable} />
              </li>
            ))}
          </ul>
          {pageCount > 1 && (
            <nav aria-label={m.my_orders_pages()} className="mt-6 flex items-center justify-between">
              {page > 1 ? (
                <Button asChild variant="outline" className="h-11">
                  <Link to={linkWith({ page: String(page - 1), order: null })}>{m.my_orders_newer()}</Link>
                </Button>
              ) : (
                <span />
              )}
              <span className="text-sm text-muted-foreground">{m.my_orders_page_of({ page, count: pageCount })}</span>
              {page < pageCount ? (
                <Button asChild variant="outline" className="h-11">
                  <Link to={linkWith({ page: String(page + 1), order: null })}>{m.my_orders_older()}</Link>
                </Button>
              ) : (
                <span />
              )}
            </nav>
          )}
        </>
      )}

      <Dialog.Root
        open={details !== null}
        onOpenChange={(open) => {
          if (!open) void navigate(linkWith({ order: null }), { preventScrollReset: true, replace: true })
        }}
      >
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
          {details && (
            <Dialog.Content
              onCloseAutoFocus={(event) => {
                event.preventDefault()
                document.getElementById(`order-link-${lastOpened.current}`)?.focus()
              }}
              className="fixed inset-x-0 bottom-0 z-50 max-h-[90dvh] overflow-y-auto rounded-t-2xl bg-background p-5 shadow-xl sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-full sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:p-6"
            >
              <OrderDetails order={details} rateable={rateable} invoiced={invoiced} />
            </Dialog.Content>
          )}
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  )
}

function OrderCard({
  order,
  detailsHref,
  rateable,
}: {
  order: CustomerOrder
  detailsHref: string
  rateable: Record<string, RateableLine>
}) {
  const shown = order.items.slice(0, ITEMS_ON_CARD)
  const more = order.items.length - shown.length
  return (
    <Card>
      <CardContent className="space-y-3 p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 className="font-mono text-lg font-bold text-brown">#{orderNumber(order.id)}</h2>
            <p className="text-sm text-muted-foreground">{formatOrderDate(order.createdAt)}</p>
          </div>
          <StatusBadge status={order.status} />
        </div>
        <DeliveryPromise order={order} />
        <ShipmentInfo shipment={order.shipment} summary />
        <ul className="text-sm">
          {shown.map((item) => (
            <li key={item.id} className="flex min-h-6 items-center justify-between gap-3">
              <span>
                {item.productName} ({sizeName(item.size)})&nbsp;×&nbsp;{item.quantity}
              </span>
              <RateLink line={rateable[item.id]} productName={item.productName} />
            </li>
          ))}
          {more > 0 && <li className="text-muted-foreground">{m.my_orders_more_items({ count: more })}</li>}
        </ul>
        <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-3">
          <p className="font-bold">{formatRupees(order.totalAmount)}</p>
          <div className="flex flex-wrap justify-end gap-2">
            {order.items.length > 0 && <OrderAgainButton orderId={order.id} />}
            <Button asChild variant="outline" className="h-11">
              <Link
                id={`order-link-${order.id}`}
                to={detailsHref}
                preventScrollReset
                aria-label={m.my_orders_details_of({ number: orderNumber(order.id) })}
              >
                {m.my_orders_view_details()}
              </Link>
            </Button>
          </div>
        </div>
        <OrderAgainAnswer orderId={order.id} />
      </CardContent>
    </Card>
  )
}

function OrderDetails({
  order,
  rateable,
  invoiced,
}: {
  order: CustomerOrderDetails
  rateable: Record<string, RateableLine>
  invoiced: boolean
}) {
  return (
    <div className="space-y-5">
      <div className="flex items-start justify-between gap-3">
        <div>
          <Dialog.Title className="text-xl font-bold">
            {m.track_order_heading({ number: orderNumber(order.id) })}
          </Dialog.Title>
          <Dialog.Description className="text-sm text-muted-foreground">
            {m.track_placed({ date: formatOrderDate(order.createdAt, true) })}
          </Dialog.Description>
        </div>
        <Dialog.Close asChild>
          <Button variant="ghost" size="icon" className="size-11" aria-label={m.my_orders_close_details()}>
            <X className="size-5" aria-hidden />
          </Button>
        </Dialog.Close>
      </div>
      <div className="flex flex-wrap gap-2">
        <StatusBadge status={order.status} />
        <span className="rounded-full border px-2.5 py-0.5 text-xs font-semibold">
          {paymentMethodText(order.paymentMethod)} · {paymentStatusText(order.paymentStatus)}
        </span>
      </div>
      <PaymentLink order={order} />
      <DeliveryPromise order={order} />
      <ShipmentInfo shipment={order.shipment} />
      <section aria-label={m.my_orders_items()}>
        <ul className="divide-y rounded-lg border">
          {order.items.map((item) => (
            <li key={item.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
              <span className="min-w-0 flex-1">
                {item.productName} ({sizeName(item.size)})&nbsp;×&nbsp;{item.quantity}
              </span>
              <RateLink line={rateable[item.id]} productName={item.productName} />
              <span className="font-semibold">{formatRupees(item.price * item.quantity)}</span>
            </li>
          ))}
        </ul>
      </section>
      <OrderTotals order={order} />
      {order.items.length > 0 && (
        <div className="space-y-3">
          <OrderAgainButton orderId={order.id} />
          <OrderAgainAnswer orderId={order.id} />
        </div>
      )}
      {invoiced && <InvoiceLinks orderId={order.id} />}
      <WhatsAppChatLink text={m.chat_whatsapp_order_text({ number: orderNumber(order.id) })} />
      <section aria-labelledby="delivery-title">
        <h3 id="delivery-title" className="font-bold">
          {m.my_orders_delivery_address()}
        </h3>
        <p className="mt-1 text-sm">
          {order.customerName}
          <br />
          {shownAddress(order.shippingAddress)}
          <br />
          {formatIndianMobile(order.phone)}
        </p>
      </section>
      <section aria-labelledby="history-title">
        <h3 id="history-title" className="mb-3 font-bold">
          {m.track_history()}
        </h3>
        <StatusHistory history={order.history} />
      </section>
    </div>
  )
}

/**
 * An online order not paid yet: a failed payment can be paid again (the checkout's pay-again page); a
 * pending one is checked first on the payment-status page, which says not to pay twice.
 */
function PaymentLink({ order }: { order: CustomerOrderDetails }) {
  if (!isPayable(order)) return null
  return (
    <Button asChild className="h-11 w-full sm:w-auto">
      <Link to={paymentPath(order)}>
        {order.paymentStatus === 'failed' ? m.shop_my_orders_pay_now() : m.shop_my_orders_check_payment()}
      </Link>
    </Button>
  )
}

/** '3 orders', '3 orders matching “sev”'. */
function ordersCount(count: number, q: string): string {
  if (q)
    return count === 1 ? m.my_orders_count_one_matching({ count, q }) : m.my_orders_count_other_matching({ count, q })
  return count === 1 ? m.my_orders_count_one({ count }) : m.my_orders_count_other({ count })
}
