import { CircleCheck, Clock, Phone, Truck } from 'lucide-react'
import { redirect } from 'react-router'
import { getViewer } from '#app/accounts/session.server.ts'
import { visitorHash } from '#app/checkout/visitor.server.ts'
import { formatDeliveryDay } from '#app/delivery/delivery-date.ts'
import { Link } from '#app/i18n/links.tsx'
import { paymentMethodText } from '#app/orders/order-texts.ts'
import { findVisibleOrder } from '#app/orders/orders.server.ts'
import { orderNumber } from '#app/orders/status.ts'
import { m } from '#app/paraglide/messages.js'
import { servicesContext } from '#app/platform/services.server.ts'
import { pageMeta } from '#app/seo/page-meta.ts'
import { formatRupees } from '#app/shared/money.ts'
import { formatIndianMobile, telHref } from '#app/shared/phone.ts'
import { isUuid } from '#app/shared/uuid.ts'
import { INTERACTIVE_PAGE } from '#app/shell/page-hydration.ts'
import { expectedDelivery } from '#app/shipping/expected-delivery.ts'
import { latestShipment } from '#app/shipping/shipments.server.ts'
import { Button } from '#app/ui/button.tsx'
import { Card, CardContent } from '#app/ui/card.tsx'
import type { Route } from './+types/order-success'

export const handle = INTERACTIVE_PAGE

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: m.success_meta_title(), noindex: true })

/** Only for the order's owner or the browser that placed it; anyone else (or no order) goes home. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext)
  const orderId = new URL(request.url).searchParams.get('orderId') ?? ''
  if (!isUuid(orderId)) throw redirect('/')
  const { viewer } = await getViewer(request, context)
  const order = await findVisibleOrder(db, orderId, { userId: viewer?.id ?? null, visitorHash: visitorHash(request) })
  if (!order) throw redirect('/')
  // Once the parcel is booked, the courier's estimate is the day the shopper is told.
  const parcel = await latestShipment(db, order.id)
  return {
    orderId: order.id,
    orderNumber: orderNumber(order.id),
    total: order.totalAmount,
    paymentMethod: order.paymentMethod,
    deliveryBy: expectedDelivery(order.deliveryBy, parcel?.tracking)?.day ?? order.deliveryBy,
    signedIn: viewer !== null,
  }
}

export default function OrderSuccess({ loaderData, matches }: Route.ComponentProps) {
  const { settings } = matches[0].loaderData
  const order = loaderData
  return (
    <div className="mx-auto max-w-2xl px-4 pt-6 pb-16">
      <div className="text-center">
        <CircleCheck className="mx-auto size-16 text-success" aria-hidden />
        <h1 className="mt-4 text-3xl font-bold sm:text-4xl">{m.success_title()}</h1>
        <p className="mt-2 text-lg text-muted-foreground">{m.success_thanks({ shop: settings.shopName })}</p>
      </div>
      <Card className="mt-8">
        <CardContent className="grid gap-4 p-5 sm:grid-cols-2 sm:p-6">
          <div>
            <p className="text-sm text-muted-foreground">{m.success_order_number()}</p>
            <p className="font-mono text-2xl font-bold text-brown">#{order.orderNumber}</p>
          </div>
          <div className="sm:text-right">
            <p className="text-sm text-muted-foreground">
              {m.success_total({ method: paymentMethodText(order.paymentMethod) })}
            </p>
            <p className="text-2xl font-bold text-brown">{formatRupees(order.total)}</p>
          </div>
        </CardContent>
      </Card>
      <section aria-labelledby="next-title" className="mt-8">
        <h2 id="next-title" className="text-xl font-bold">
          {m.success_next()}
        </h2>
        <ul className="mt-4 space-y-3">
          <NextStep icon={<Phone aria-hidden />}>{m.success_next_call()}</NextStep>
          <NextStep icon={<Clock aria-hidden />}>{m.success_next_pack()}</NextStep>
          <NextStep icon={<Truck aria-hidden />}>
            {order.deliveryBy
              ? m.success_next_deliver_by({ day: formatDeliveryDay(order.deliveryBy) })
              : m.success_next_deliver()}
          </NextStep>
        </ul>
      </section>
      <section aria-labelledby="help-title" className="mt-8 rounded-xl bg-secondary/70 p-5">
        <h2 id="help-title" className="font-bold text-brown">
          {m.success_help()}
        </h2>
        <p className="mt-2 text-sm">
          {m.success_call()}{' '}
          <a href={telHref(settings.phone)} className="font-semibold text-primary underline-offset-4 hover:underline">
            {formatIndianMobile(settings.phone)}
          </a>{' '}
          {m.success_hours_or_write()}{' '}
          <a
            href={`mailto:${settings.email}`}
            className="font-semibold text-primary underline-offset-4 hover:underline"
          >
            {settings.email}
          </a>
          {m.success_quoting({ number: order.orderNumber })}
        </p>
      </section>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild size="lg">
          <Link to="/products">{m.continue_shopping()}</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={order.signedIn ? '/my-orders' : '/track-order'}>
            {order.signedIn ? m.payment_view_my_orders() : m.success_track()}
          </Link>
        </Button>
        <Button asChild size="lg" variant="ghost">
          <Link to="/">{m.success_back_home()}</Link>
        </Button>
      </div>
    </div>
  )
}

function NextStep({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <li className="flex items-center gap-3">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-primary [&_svg]:size-5">
        {icon}
      </span>
      {children}
    </li>
  )
}
