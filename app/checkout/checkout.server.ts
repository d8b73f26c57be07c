// /checkout on the server: the page's data, the order form's action, and paying again for an unpaid
// online order (?orderId=, after a failed or abandoned payment).

import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { data, type RouterContextProvider, redirect } from 'react-router'
import { enforceLimits, TooManyAttempts } from '#app/accounts/limits.server.ts'
import { getViewer } from '#app/accounts/session.server.ts'
import { findSavedAddress, listSavedAddresses } from '#app/addresses/address-book.server.ts'
import { MAX_SAVED_ADDRESSES, type SavedAddressView } from '#app/addresses/saved-address.ts'
import { cartCookie, cartErrorCookie, cartScope, loadCartView, takeCartError } from '#app/cart/cart-session.server.ts'
import { rememberPinCookie } from '#app/delivery/delivery-check.server.ts'
import { isPinCode } from '#app/delivery/pin-code.ts'
import { rememberedPin } from '#app/delivery/remembered-pin.ts'
import { type DeliveryQuote, deliveryQuote } from '#app/delivery/zones.server.ts'
import { localizedHref } from '#app/i18n/locale.ts'
import { noticeSetup } from '#app/orders/order-notices.server.ts'
import { findVisibleOrder, lastDeliveryOf } from '#app/orders/orders.server.ts'
import { orders } from '#app/orders/schema.ts'
import { isPayable, orderNumber } from '#app/orders/status.ts'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { paymentStartFailed } from '#app/payments/payment-messages.ts'
import { PaymentError, startPayment } from '#app/payments/payments.server.ts'
import { PhonePeError } from '#app/payments/phonepe.server.ts'
import { readCookie, serializeCookie } from '#app/platform/cookies.server.ts'
import type { Db } from '#app/platform/db.server.ts'
import type { RateLimitRule } from '#app/platform/rate-limit.server.ts'
import { requestContext, servicesContext } from '#app/platform/services.server.ts'
import { getRequestSettings } from '#app/settings/settings.server.ts'
import { isUuid } from '#app/shared/uuid.ts'
import { whatsAppOptInWording } from '#app/whatsapp/consent.server.ts'
import {
  type AddressChoice,
  type CheckoutFieldErrors,
  initialAddressChoice,
  validateCheckoutForm,
} from './address-choice.ts'
import { type DeliveryFormValues, NEW_ADDRESS } from './delivery-fields.ts'
import { addressFieldsOf, deliveryFormValues } from './delivery-form.ts'
import { OrderError, placeOrder } from './place-order.server.ts'
import { ensureVisitor, visitorHash } from './visitor.server.ts'

type Context = Readonly<RouterContextProvider>

/**
 * Orders placed from one address in 10 minutes (ORDER_RATE_LIMIT, 20 by default): far above a family's
 * or an office's (a mobile carrier's shared address included), far below a script filling the orders
 * desk and holding the stock with fake orders.
 */
export const orderRateLimit = (limit: number): RateLimitRule => ({
  name: 'place-order:ip',
  limit,
  windowMs: 10 * 60_000,
})

/** `delivery`: the answer for the PIN code the form posted (zone, date, cash on delivery, extra fee). */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

export type CheckoutActionData =
  | {
      status: 'invalid'
      fieldErrors: CheckoutFieldErrors
      values: DeliveryFormValues
      delivery: DeliveryQuote | null
      /** The WhatsApp box was ticked: a page drawn again from this answer (no JavaScript) keeps it ticked. */
      whatsappOptIn?: boolean
      /** The address chosen and the "save it" box, as posted: the page drawn again keeps them. */
      choice?: AddressChoice
    }
  | {
      status: 'refused'
      title: string
      message: string
      values: DeliveryFormValues
      whatsappOptIn?: boolean
      /** The PIN code's zone, when the refusal is about what delivery to it costs. */
      delivery?: DeliveryQuote | null
      /** The page was a signed-in shopper's and the session has ended: offer to sign in again. */
      signIn?: boolean
      choice?: AddressChoice
    }

/** How long an empty checkout names the order this browser placed from it. */
const JUST_PLACED_MS = 30 * 60_000

/** An unpaid online order this visitor may pay again, or null. */
async function payableOrder(request: Request, context: Context, orderId: string | null) {
  if (!isUuid(orderId)) return null
  const { db } = context.get(servicesContext)
  const { viewer } = await getViewer(request, context)
  const order = await findVisibleOrder(db, orderId, { userId: viewer?.id ?? null, visitorHash: visitorHash(request) })
  if (!order || !isPayable(order)) return null
  return { id: order.id, number: orderNumber(order.id), total: order.totalAmount }
}

/**
 * An order this browser placed, as an empty checkout names it: its number and the page that shows it
 * (its result, or paying for it while it is unpaid). Null for an order this visitor may not see.
 */
async function placedOrder(
  request: Request,
  context: Context,
  orderId: string,
): Promise<{ number: string; path: string; unpaid: boolean } | null> {
  const { db } = context.get(servicesContext)
  const { viewer } = await getViewer(request, context)
  const order = await findVisibleOrder(db, orderId, { userId: viewer?.id ?? null, visitorHash: visitorHash(request) })
  if (!order) return null
  const unpaid = isPayable(order)
  const page = order.paymentMethod !== 'online' ? '/order-success' : unpaid ? '/checkout' : '/payment-status'
  return { number: orderNumber(order.id), path: `${page}?orderId=${order.id}`, unpaid }
}

/** The order this browser placed last, for half an hour: an empty checkout names it (the back button from the order or the payment page). */
const LAST_ORDER_COOKIE = 'last_order'

export async function checkoutLoader(request: Request, context: Context) {
  const { db, config, payments } = context.get(servicesContext)
  const shop = await getRequestSettings(context)
  const { viewer } = await getViewer(request, context)
  const headers = new Headers()
  if (shop.showcaseMode) return data({ open: false as const }, { headers })
  // The browser gets its visitor id before it submits, so a double submit is recognised as the same shopper.
  const visitor = ensureVisitor(request, config.secure)
  if (visitor.setCookie) headers.append('Set-Cookie', visitor.setCookie)
  const params = new URL(request.url).searchParams
  const { cart, setCookie, orderedId } = await loadCartView(db, request, viewer, shop, config.secure)
  if (setCookie) headers.append('Set-Cookie', setCookie)
  // This browser's cart was ordered but the answer never arrived (a lost connection): its order, not an empty cart.
  const placed = orderedId && !params.has('orderId') ? await placedOrder(request, context, orderedId) : null
  if (placed) throw redirect(localizedHref(placed.path, getLocale()), { headers })
  const cartError = takeCartError(request, config.secure)
  if (cartError.clear) headers.append('Set-Cookie', cartError.clear)
  const pincode = rememberedPin(request.headers.get('cookie'))
  // A returning customer's form starts from their latest order's mobile number and address; the address
  // only while no other PIN code was asked about since (the delivery quote shown is that PIN code's).
  // And their address book, the default first (one query, for a signed-in shopper only).
  const [last, book] = viewer
    ? await Promise.all([lastDeliveryOf(db, viewer.id), listSavedAddresses(db, viewer.id)])
    : [null, [] as SavedAddressView[]]
  const lastAddress = last ? addressFieldsOf(last.shippingAddress) : null
  const address = lastAddress && (pincode === null || pincode === lastAddress.pincode) ? lastAddress : null
  const chosen = initialAddressChoice(book, pincode)
  const chosenAddress = book.find((saved) => saved.id === chosen)
  // The page's total is for the address it starts on: the saved one's PIN code when none is remembered
  // (a new device); otherwise the remembered PIN code is the chosen address's, quoted with the cart.
  const delivery =
    chosenAddress && chosenAddress.pincode !== pincode ? await deliveryQuote(db, chosenAddress.pincode) : cart.delivery
  // An empty cart this browser ordered from a moment ago names that order: after the back button from the
  // order or the payment page (the last_order cookie), or after an answer lost on a bad connection (a
  // signed-in cart is emptied by its order; a guest's is answered above).
  const recent =
    readCookie(request, LAST_ORDER_COOKIE) ??
    (last && last.placedBySession === visitor.hash && Date.now() - last.createdAt.getTime() < JUST_PLACED_MS
      ? last.id
      : null)
  const justPlaced = cart.lines.length === 0 && isUuid(recent) ? await placedOrder(request, context, recent) : null
  return data(
    {
      open: true as const,
      cart,
      cartError: cartError.message,
      justPlaced,
      retryOrder: payments ? await payableOrder(request, context, params.get('orderId')) : null,
      paymentFailed: params.get('payment') === 'failed',
      prefill: {
        fullName: viewer?.name ?? '',
        email: viewer?.email ?? '',
        phone: viewer?.phone ?? last?.phone ?? '',
        address: address?.address ?? '',
        city: address?.city ?? '',
        state: address?.state ?? '',
        pincode: pincode ?? '',
      },
      delivery,
      signedIn: viewer !== null,
      savedAddresses: book,
      initialChoice: chosen,
      // A signed-in shopper typing a new address may keep it, while the book has room.
      offerSave: viewer !== null && book.length < MAX_SAVED_ADDRESSES,
      idempotencyKey: randomUUID(),
      onlinePaymentAvailable: payments !== null,
      // The WhatsApp box, unticked, only when WhatsApp updates are configured: its sentence as recorded.
      whatsappOptIn: config.whatsapp ? { wording: whatsAppOptInWording(shop.legalName, getLocale()) } : null,
      publicUrl: config.publicUrl,
    },
    { headers },
  )
}

export async function checkoutAction(request: Request, context: Context) {
  const { db, config, payments } = context.get(servicesContext)
  const { log, clientIp } = context.get(requestContext)
  const form = await request.formData()
  if (form.get('intent') === 'pay-again') return payAgain(request, context, form.get('orderId'))

  const values = deliveryFormValues(form)
  // The opt-in box counts only when WhatsApp is configured (the page shows it then only), and only for
  // the order this form places: nothing here names another order.
  const whatsappOptIn = config.whatsapp !== null && form.get('whatsappOptIn') === 'on'
  const savedAddressId = String(form.get('savedAddressId') ?? NEW_ADDRESS) || NEW_ADDRESS
  const choice: AddressChoice = {
    savedAddressId,
    save: form.get('saveAddress') === 'on',
    saveLabel: String(form.get('saveLabel') ?? ''),
  }
  const refuse = (status: number, title: string, message: string, headers?: Record<string, string>) =>
    data<CheckoutActionData>({ status: 'refused', title, message, values, whatsappOptIn, choice }, { status, headers })

  const key = form.get('idempotencyKey')
  const shownTotal = form.get('shownTotal')
  if (!isUuid(key) || (shownTotal !== null && !/^\d{1,9}$/.test(String(shownTotal)))) {
    return refuse(400, m.order_error(), m.order_form_out_of_date())
  }
  // A saved address is read from the account's book by id and account, never from the form: another
  // account's id (or one deleted since) is not found, and nothing is ordered.
  let saved: SavedAddressView | null = null
  // A guest's "save this address" is nothing: a guest's address is never kept.
  let save = false
  if (savedAddressId !== NEW_ADDRESS || choice.save) {
    const { viewer } = await getViewer(request, context)
    if (!viewer && form.get('signedIn') === '1') return signedOut(values, whatsappOptIn, choice)
    if (savedAddressId !== NEW_ADDRESS) {
      saved = viewer ? await findSavedAddress(db, viewer.id, savedAddressId) : null
      if (!saved) return refuse(404, m.order_error(), m.checkout_saved_address_gone())
    }
    save = viewer !== null && choice.save
  }
  // The saved address goes through the same rules as a typed one (and, placing the order, its zone).
  const validation = validateCheckoutForm(values, saved, { save, saveLabel: choice.saveLabel })
  const pin = (validation.ok ? validation.data.pincode : (saved?.pincode ?? values.pincode)).trim()
  // An answer about the posted PIN code carries its zone (the page redraws its total) and remembers it.
  const withQuote = async (
    answer: DistributiveOmit<CheckoutActionData, 'values' | 'delivery' | 'choice'>,
    status: number,
  ) =>
    data<CheckoutActionData>(
      { ...answer, values, whatsappOptIn, choice, delivery: await deliveryQuote(db, pin) },
      { status, headers: isPinCode(pin) ? { 'Set-Cookie': rememberPinCookie(pin, config.secure) } : undefined },
    )
  const invalid = (fieldErrors: CheckoutFieldErrors) => withQuote({ status: 'invalid', fieldErrors }, 400)
  if (!validation.ok) return invalid(validation.fieldErrors)
  // Spec section 8: any unexpected failure on the way to the order is 'Order Failed', never the error page.
  const failed = (error: unknown) => {
    log.error({ err: error }, 'placing an order failed')
    return refuse(500, m.order_failed(), m.account_generic())
  }

  try {
    if (config.orderRateLimit > 0) await enforceLimits(db, [[orderRateLimit(config.orderRateLimit), clientIp]])
  } catch (error) {
    if (!(error instanceof TooManyAttempts)) return failed(error)
    log.warn({ clientIp }, 'order placement rate limit reached')
    return refuse(429, m.order_error(), error.message, { 'Retry-After': String(error.retryAfterSeconds) })
  }

  const { viewer } = await getViewer(request, context)
  // The page was drawn for a signed-in shopper whose session has ended since (expired, or signed out in
  // another tab): the cart is the account's, so this browser's empty guest cart is not what they meant.
  if (!viewer && form.get('signedIn') === '1') return signedOut(values, whatsappOptIn, choice)
  const scope = cartScope(request, viewer?.id ?? null)
  const visitor = ensureVisitor(request, config.secure)
  let order: Awaited<ReturnType<typeof placeOrder>>
  try {
    order = await placeOrder(db, {
      scope,
      details: validation.data,
      idempotencyKey: key,
      shownTotal: shownTotal === null ? undefined : Number(shownTotal),
      accountPhone: viewer?.phone ?? null,
      sessionHash: visitor.hash,
      onlinePaymentAvailable: payments !== null,
      notices: noticeSetup(config),
      locale: getLocale(),
      whatsappOptIn,
      // Only a signed-in shopper's typed address is kept, and only when they asked: a guest's never is.
      saveAddress: viewer && validation.save ? { userId: viewer.id, label: validation.save.label } : undefined,
    })
  } catch (error) {
    if (error instanceof OrderError) {
      log.info({ kind: error.kind, reason: error.message }, 'order refused')
      // A saved address's PIN code (its zone switched off since it was saved) is told at the choice.
      if (error.field)
        return invalid({ [saved && error.field === 'pincode' ? 'savedAddressId' : error.field]: error.message })
      if (error.kind === 'empty-cart') return refuse(409, m.order_error_title(), m.cart_empty())
      if (error.kind === 'total') {
        return withQuote({ status: 'refused', title: m.order_total_changed_title(), message: error.message }, 409)
      }
      return refuse(409, error.kind === 'payment' ? m.checkout_payment_error() : m.order_error(), error.message)
    }
    return failed(error)
  }
  log.info({ orderId: order.orderId, replayed: order.replayed, paymentMethod: order.paymentMethod }, 'order placed')

  // The order exists: the cart is emptied (a signed-in cart was emptied in the order's transaction).
  const headers = new Headers()
  headers.append('Set-Cookie', cartCookie({ ...scope.cookie, items: [], couponCode: null }, config.secure))
  headers.append('Set-Cookie', rememberPinCookie(validation.data.pincode, config.secure))
  headers.append(
    'Set-Cookie',
    serializeCookie(LAST_ORDER_COOKIE, order.orderId, { maxAge: JUST_PLACED_MS / 1000, secure: config.secure }),
  )
  if (visitor.setCookie) headers.append('Set-Cookie', visitor.setCookie)
  if (order.paymentMethod !== 'online' || !payments) {
    return redirect(`/order-success?orderId=${order.orderId}`, { headers })
  }
  // A repeat of the form goes to the payment the first one started (startPayment reuses it).
  return sendToGateway(context, order.orderId, headers)
}

/** The page was drawn for a signed-in shopper whose session has ended since: sign in again. */
function signedOut(values: DeliveryFormValues, whatsappOptIn: boolean, choice: AddressChoice) {
  return data<CheckoutActionData>(
    {
      status: 'refused',
      title: m.checkout_signed_out_title(),
      message: m.checkout_signed_out(),
      values,
      whatsappOptIn,
      choice,
      signIn: true,
    },
    { status: 401 },
  )
}

/** Starts a payment and sends the browser to the gateway; a failure leaves the order unpaid and payable. */
async function sendToGateway(context: Context, orderId: string, headers: Headers) {
  const { db, config, payments } = context.get(servicesContext)
  const { log } = context.get(requestContext)
  try {
    const { redirectUrl } = await startPayment(db, payments!.gateway, { orderId, publicUrl: config.publicUrl })
    return redirect(redirectUrl, { headers })
  } catch (error) {
    // Whatever went wrong, the order exists and stays payable: the shopper is told and can try again.
    if (error instanceof PaymentError || error instanceof PhonePeError) {
      log.warn({ err: error, orderId }, 'could not start an online payment')
    } else {
      log.error({ err: error, orderId }, 'starting an online payment failed')
    }
    // Already paid or cancelled (the form sent again from a page kept by the back button): its payment page says so.
    if (error instanceof PaymentError && !(await stillPayable(db, orderId))) {
      return redirect(localizedHref(`/payment-status?orderId=${orderId}`, getLocale()), { headers })
    }
    const message = error instanceof PaymentError ? error.message : paymentStartFailed()
    headers.append('Set-Cookie', cartErrorCookie(message, config.secure))
    return redirect(`/checkout?orderId=${orderId}&payment=failed`, { headers })
  }
}

/** Whether an online order can still be paid (not paid, not cancelled). */
async function stillPayable(db: Db, orderId: string): Promise<boolean> {
  const [order] = await db
    .select({ paymentMethod: orders.paymentMethod, paymentStatus: orders.paymentStatus, status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId))
  return order !== undefined && isPayable(order)
}

async function payAgain(request: Request, context: Context, orderId: FormDataEntryValue | null) {
  const order = await payableOrder(request, context, typeof orderId === 'string' ? orderId : null)
  if (!order || !context.get(servicesContext).payments) {
    return data<CheckoutActionData>(
      {
        status: 'refused',
        title: m.checkout_payment_error(),
        message: m.order_cannot_pay_online(),
        values: deliveryFormValues(new FormData()),
      },
      { status: 409 },
    )
  }
  return sendToGateway(context, order.id, new Headers())
}
