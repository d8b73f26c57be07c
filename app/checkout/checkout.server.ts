// /checkout on the server: the page's data, and the order form's action.
import { randomUUID } from 'node:crypto'
import { data, type RouterContextProvider, redirect } from 'react-router'
import { getViewer } from '#app/accounts/session.server.ts'
import { cartCookie, cartScope, loadCartView, takeCartError } from '#app/cart/cart-session.server.ts'
import { requestContext, servicesContext } from '#app/platform/services.server.ts'
import { getSettings } from '#app/settings/settings.server.ts'
import {
  type DeliveryFieldErrors,
  type DeliveryFormValues,
  deliveryFormValues,
  validateDeliveryForm,
} from './delivery-form.ts'
import { OrderError, placeOrder } from './place-order.server.ts'
import { ensureVisitor } from './visitor.server.ts'

type Context = Readonly<RouterContextProvider>

/** Online payment needs the gateway (PhonePe), which is not part of the shop yet: cash on delivery only. */
const ONLINE_PAYMENT_AVAILABLE = false

export type CheckoutActionData =
  | { status: 'invalid'; fieldErrors: DeliveryFieldErrors; values: DeliveryFormValues }
  | { status: 'refused'; title: string; message: string; values: DeliveryFormValues }

export async function checkoutLoader(request: Request, context: Context) {
  const { db, config } = context.get(servicesContext)
  const shop = await getSettings(db)
  const { viewer } = await getViewer(request, context)
  const headers = new Headers()
  if (shop.showcaseMode) return data({ open: false as const }, { headers })
  const { cart, setCookie } = await loadCartView(db, request, viewer, shop, config.secure)
  if (setCookie) headers.append('Set-Cookie', setCookie)
  const cartError = takeCartError(request, config.secure)
  if (cartError.clear) headers.append('Set-Cookie', cartError.clear)
  return data(
    {
      open: true as const,
      cart,
      cartError: cartError.message,
      prefill: {
        fullName: viewer?.name ?? '',
        email: viewer?.email ?? '',
        phone: viewer?.phone ?? '',
      },
      signedIn: viewer !== null,
      idempotencyKey: randomUUID(),
      onlinePaymentAvailable: ONLINE_PAYMENT_AVAILABLE,
    },
    { headers },
  )
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export async function checkoutAction(request: Request, context: Context) {
  const { db, config } = context.get(servicesContext)
  const { log } = context.get(requestContext)
  const form = await request.formData()
  const values = deliveryFormValues(form)
  const refuse = (status: number, title: string, message: string) =>
    data<CheckoutActionData>({ status: 'refused', title, message, values }, { status })

  const key = form.get('idempotencyKey')
  if (typeof key !== 'string' || !UUID.test(key)) {
    return refuse(400, 'Order Error', 'This checkout form is out of date. Please reload the page and try again.')
  }
  const validation = validateDeliveryForm(values)
  if (!validation.ok) {
    return data<CheckoutActionData>({ status: 'invalid', fieldErrors: validation.fieldErrors, values }, { status: 400 })
  }

  const { viewer } = await getViewer(request, context)
  const scope = cartScope(request, viewer?.id ?? null)
  const visitor = ensureVisitor(request, config.secure)
  try {
    const order = await placeOrder(db, {
      scope,
      details: validation.data,
      idempotencyKey: key,
      sessionHash: visitor.hash,
      onlinePaymentAvailable: ONLINE_PAYMENT_AVAILABLE,
    })
    log.info({ orderId: order.orderId, replayed: order.replayed }, 'order placed')
    const headers = new Headers()
    // Cash on delivery: the cart is emptied (a signed-in cart was emptied in the order's transaction).
    headers.append('Set-Cookie', cartCookie({ ...scope.cookie, items: [], couponCode: null }, config.secure))
    if (visitor.setCookie) headers.append('Set-Cookie', visitor.setCookie)
    return redirect(`/order-success?orderId=${order.orderId}`, { headers })
  } catch (error) {
    if (error instanceof OrderError) {
      log.info({ kind: error.kind, reason: error.message }, 'order refused')
      if (error.kind === 'empty-cart') return refuse(409, 'Error', 'Your cart is empty')
      return refuse(409, error.kind === 'payment' ? 'Payment Error' : 'Order Error', error.message)
    }
    log.error({ err: error }, 'placing an order failed')
    return refuse(500, 'Order Failed', 'Something went wrong. Please try again.')
  }
}
