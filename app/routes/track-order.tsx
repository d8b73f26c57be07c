import { CircleAlert, PackageSearch } from 'lucide-react'
import { data, useNavigation } from 'react-router'
import { getViewer } from '#app/accounts/session.server.ts'
import { sizeName } from '#app/catalog/sizes.ts'
import { visitorHash } from '#app/checkout/visitor.server.ts'
import { Field, TextInput } from '#app/contact/form-field.tsx'
import { Form, Link } from '#app/i18n/links.tsx'
import { invoiceLinkKey } from '#app/invoices/invoice-link.server.ts'
import { InvoiceLinks } from '#app/invoices/invoice-links.tsx'
import { hasOrWillHaveInvoice } from '#app/invoices/invoices.server.ts'
import { DeliveryPromise, formatOrderDate, StatusBadge, StatusHistory } from '#app/orders/order-bits.tsx'
import { paymentMethodText, paymentStatusText } from '#app/orders/order-texts.ts'
import { findVisibleOrder } from '#app/orders/orders.server.ts'
import { isPayable, orderNumber, paymentPath } from '#app/orders/status.ts'
import { lookUpOrder, TRACKING_FIELDS } from '#app/orders/track-order.server.ts'
import { m } from '#app/paraglide/messages.js'
import { requestContext, servicesContext } from '#app/platform/services.server.ts'
import { pageMeta } from '#app/seo/page-meta.ts'
import { formValues } from '#app/shared/form-schema.ts'
import { formatRupees } from '#app/shared/money.ts'
import { PageHeading } from '#app/shell/page-heading.tsx'
import { INTERACTIVE_PAGE } from '#app/shell/page-hydration.ts'
import { WhatsAppChatLink } from '#app/shell/whatsapp-chat-link.tsx'
import { ShipmentInfo } from '#app/shipping/shipment-info.tsx'
import { Button } from '#app/ui/button.tsx'
import { Card, CardContent } from '#app/ui/card.tsx'
import type { Route } from './+types/track-order'

export const handle = INTERACTIVE_PAGE

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: m.track_meta_title(),
    description: m.track_meta_description(),
    noindex: true,
  })

export async function action({ request, context }: Route.ActionArgs) {
  const { db, otpKey } = context.get(servicesContext)
  const { clientIp } = context.get(requestContext)
  const form = await request.formData()
  const values = formValues(form, TRACKING_FIELDS)
  const result = await lookUpOrder(db, values, clientIp)
  // The number and mobile number are the guest's proof: the invoice opens with a key for a day.
  const invoiceKey =
    result.status === 'found' && (await hasOrWillHaveInvoice(db, result.order))
      ? invoiceLinkKey(otpKey, result.order.id)
      : null
  // An online order waiting for its payment is paid, or its payment checked, from the browser or account
  // that placed it (a shopper who closed PhonePe's page and came back here); its pages refuse anyone else.
  const paymentPath = result.status === 'found' ? await paymentPathFor(request, context, result.order) : null
  // No order for that number and phone is an answer, not a failed request.
  const status = { found: 200, 'not-found': 200, invalid: 400, 'rate-limited': 429 }[result.status]
  const headers: HeadersInit =
    result.status === 'rate-limited' ? { 'Retry-After': String(result.retryAfterSeconds) } : {}
  return data({ result, values, invoiceKey, paymentPath }, { status, headers })
}

async function paymentPathFor(
  request: Request,
  context: Route.ActionArgs['context'],
  order: { id: string; paymentMethod: string; paymentStatus: string; status: string },
): Promise<string | null> {
  if (!isPayable(order)) return null
  const { db } = context.get(servicesContext)
  const { viewer } = await getViewer(request, context)
  const visible = await findVisibleOrder(db, order.id, {
    userId: viewer?.id ?? null,
    visitorHash: visitorHash(request),
  })
  return visible ? paymentPath(order) : null
}

export default function TrackOrder({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const result = actionData?.result
  const errors = result?.status === 'invalid' ? result.fieldErrors : {}
  return (
    <>
      <PageHeading title={m.nav_track_order()}>
        <p>{m.track_intro()}</p>
      </PageHeading>
      <div className="mx-auto grid max-w-6xl items-start gap-6 px-4 pb-16 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <Card>
          <CardContent className="p-5 sm:p-6">
            <Form method="post" className="space-y-4">
              <Field
                id="orderNumber"
                label={m.success_order_number()}
                error={errors.orderNumber}
                hint={m.track_number_hint()}
              >
                {(described) => (
                  <TextInput
                    id="orderNumber"
                    name="orderNumber"
                    autoComplete="off"
                    maxLength={9}
                    defaultValue={actionData?.values.orderNumber}
                    {...described}
                  />
                )}
              </Field>
              <Field id="phone" label={m.checkout_mobile()} error={errors.phone}>
                {(described) => (
                  <TextInput
                    id="phone"
                    name="phone"
                    type="tel"
                    inputMode="tel"
                    autoComplete="tel"
                    maxLength={20}
                    defaultValue={actionData?.values.phone}
                    {...described}
                  />
                )}
              </Field>
              <Button type="submit" size="lg" className="w-full" disabled={busy}>
                <PackageSearch aria-hidden />
                {busy ? m.track_looking() : m.track_submit()}
              </Button>
            </Form>
          </CardContent>
        </Card>
        <div aria-live="polite">
          {result?.status === 'not-found' && <Notice>{m.track_not_found()}</Notice>}
          {result?.status === 'rate-limited' && (
            <Notice>{m.track_rate_limited({ minutes: Math.ceil(result.retryAfterSeconds / 60) })}</Notice>
          )}
          {result?.status === 'found' && (
            <Card>
              <CardContent className="space-y-4 p-5 sm:p-6">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div>
                    <h2 className="font-mono text-xl font-bold text-brown">
                      {m.track_order_heading({ number: orderNumber(result.order.id) })}
                    </h2>
                    <p className="text-sm text-muted-foreground">
                      {m.track_placed({ date: formatOrderDate(result.order.createdAt, true) })}
                    </p>
                  </div>
                  <StatusBadge status={result.order.status} className="text-sm" />
                </div>
                <p className="text-sm">
                  {formatRupees(result.order.totalAmount)} · {paymentMethodText(result.order.paymentMethod)} ·{' '}
                  {paymentStatusText(result.order.paymentStatus)}
                </p>
                <DeliveryPromise order={result.order} />
                <ShipmentInfo shipment={result.order.shipment} />
                {actionData?.paymentPath && (
                  <Button asChild className="h-11 w-full sm:w-auto">
                    <Link to={actionData.paymentPath}>
                      {result.order.paymentStatus === 'failed'
                        ? m.shop_my_orders_pay_now()
                        : m.shop_my_orders_check_payment()}
                    </Link>
                  </Button>
                )}
                <ul className="text-sm">
                  {result.order.items.map((item) => (
                    <li key={item.id}>
                      {item.productName} ({sizeName(item.size)}) × {item.quantity}
                    </li>
                  ))}
                </ul>
                {actionData?.invoiceKey && <InvoiceLinks orderId={result.order.id} linkKey={actionData.invoiceKey} />}
                <WhatsAppChatLink text={m.chat_whatsapp_order_text({ number: orderNumber(result.order.id) })} />
                <section aria-labelledby="history-title">
                  <h3 id="history-title" className="mb-3 font-bold">
                    {m.track_history()}
                  </h3>
                  <StatusHistory history={result.order.history} />
                </section>
              </CardContent>
            </Card>
          )}
        </div>
      </div>
    </>
  )
}

function Notice({ children }: { children: React.ReactNode }) {
  return (
    <div role="alert" className="flex gap-3 rounded-lg border border-destructive/40 bg-destructive/10 p-4">
      <CircleAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
      <p className="text-sm">{children}</p>
    </div>
  )
}
