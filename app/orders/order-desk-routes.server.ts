// The orders desk's HTTP side: what its routes read from a request (filters, forms), which operation
// they call, and how refusals become 4xx answers with the spec's toast texts. Every function here
// asks the admin guard first.
import { data, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { enforceLimits, TooManyAttempts } from '#app/accounts/limits.server.ts'
import { assertSameOrigin } from '#app/accounts/session.server.ts'
import { findAdmin, requireAdmin } from '#app/admin/guard.server.ts'
import { startRefund } from '#app/payments/refunds.server.ts'
import type { Tx } from '#app/platform/db.server.ts'
import type { RateLimitRule } from '#app/platform/rate-limit.server.ts'
import { requestContext, servicesContext } from '#app/platform/services.server.ts'
import { getSettings } from '#app/settings/settings.server.ts'
import { istDay } from '#app/shared/india-day.ts'
import { formatRupees } from '#app/shared/money.ts'
import { isUuid } from '#app/shared/uuid.ts'
import { BookingError, cancelBooking } from '#app/shipping/booking.server.ts'
import { parseShipment, type ShipmentFieldErrors, type ShipmentInput } from '#app/shipping/couriers.ts'
import {
  BadOrderFilter,
  getAdminOrderDetails,
  listAdminOrders,
  markAllNotificationsRead,
  recentNotifications,
} from './admin-orders.server.ts'
import { type AdminOrderFilters, adminOrderFiltersSchema, deliveryOtpSchema, filterFields } from './admin-orders.ts'
import {
  changeOrderStatus,
  type DeskContext,
  generateDeliveryOtp,
  OrderDeskError,
  verifyDeliveryOtp,
} from './order-desk.server.ts'
import { noticeSetup } from './order-notices.server.ts'
import { ordersCsv } from './orders-csv.server.ts'
import { ORDER_STATUSES } from './status.ts'

type Args = { request: Request; context: Readonly<RouterContextProvider>; params?: Record<string, string | undefined> }

const MINUTE = 60_000
/**
 * OTP guessing is bounded per order (5 wrong tries lock it), per admin account (the checks one account
 * may make in 15 minutes, DELIVERY_OTP_VERIFY_LIMIT, 30 by default) and per address, at twice that: a
 * stolen admin session from elsewhere is bounded by where it asks from.
 */
export function otpVerifyLimits(perAdmin: number) {
  return {
    admin: { name: 'delivery-otp-verify:admin', limit: perAdmin, windowMs: 15 * MINUTE },
    client: { name: 'delivery-otp-verify:ip', limit: 2 * perAdmin, windowMs: 15 * MINUTE },
  } as const satisfies Record<string, RateLimitRule>
}

export const DELIVERY_OTP_LIMITS = {
  /** Each new OTP is an SMS and an e-mail to the customer. */
  generateOrder: { name: 'delivery-otp-generate:order', limit: 5, windowMs: 60 * MINUTE },
  generateClient: { name: 'delivery-otp-generate:ip', limit: 60, windowMs: 60 * MINUTE },
} as const satisfies Record<string, RateLimitRule>

const NO_STORE = { 'Cache-Control': 'no-store' }
/** Added to a change's answer when the order was left without the invoice it needs (decision 022). */
const INVOICE_MISSING = 'Its invoice could not be issued: see the order’s details.'

/** What every order action answers: the toast the owner sees, and what the screen needs next. */
export interface DeskResult {
  ok: boolean
  title: string
  message: string
  stale?: boolean
  code?: string
  expiresAt?: string
  refundable?: boolean
  /** The Shipped dialog's fields to correct. */
  fieldErrors?: ShipmentFieldErrors
}

function triesLeft(count: number): string {
  return `${count} ${count === 1 ? 'try' : 'tries'} left.`
}

function answer(result: DeskResult, status = result.ok ? 200 : 400, headers: Record<string, string> = {}) {
  return data(result, { status, headers: { ...NO_STORE, ...headers } })
}

/** The list's filters, or a 400 naming what is wrong with them. */
function readFilters(request: Request): AdminOrderFilters {
  const parsed = adminOrderFiltersSchema.safeParse(filterFields(new URL(request.url).searchParams))
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const message =
      issue?.code === 'unrecognized_keys'
        ? 'That filter is not one of the list’s filters.'
        : (issue?.message ?? 'Bad filter.')
    throw data({ message }, { status: 400, headers: NO_STORE })
  }
  return parsed.data
}

/** The orders tab (/admin): nothing for anyone but the admin, whose login form the layout shows. */
export async function ordersTabLoader({ request, context }: Args) {
  if (!(await findAdmin(request, context))) return null
  const { db } = context.get(servicesContext)
  const filters = readFilters(request)
  try {
    const [page, activity] = await Promise.all([listAdminOrders(db, filters), recentNotifications(db)])
    return { page, activity }
  } catch (error) {
    if (error instanceof BadOrderFilter) throw data({ message: error.message }, { status: 400, headers: NO_STORE })
    throw error
  }
}

export async function ordersCsvLoader({ request, context }: Args) {
  await requireAdmin(request, context)
  const { db } = context.get(servicesContext)
  const { cursor: _cursor, ...filters } = readFilters(request)
  const day = istDay(new Date())
  return new Response(ordersCsv(db, filters), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="orders-${day}.csv"`,
      ...NO_STORE,
    },
  })
}

function orderIdFrom(params: Args['params']): string {
  const orderId = params?.orderId
  if (!isUuid(orderId)) throw data({ message: 'This order does not exist.' }, { status: 404, headers: NO_STORE })
  return orderId
}

async function loadDetails({ request, context, params }: Args) {
  await requireAdmin(request, context)
  const { db, shipping } = context.get(servicesContext)
  const details = await getAdminOrderDetails(db, orderIdFrom(params), { shippingConfigured: shipping !== null })
  if (!details) throw data({ message: 'This order does not exist.' }, { status: 404, headers: NO_STORE })
  return details
}

export async function orderDetailsLoader(args: Args) {
  return data(await loadDetails(args), { headers: NO_STORE })
}

/**
 * What a packing slip shows, the order and the shop that sends it; null for no such order. Read by the
 * HTML slip below and by the courier label's PDF (app/shipping), which prints the slip after the label.
 */
export async function readPackingSlip(db: Tx, orderId: string) {
  const [order, shop] = await Promise.all([getAdminOrderDetails(db, orderId), getSettings(db)])
  if (!order) return null
  return {
    order,
    shop: {
      shopName: shop.shopName,
      address: shop.address,
      phone: shop.phone,
      email: shop.email,
      fssaiLicence: shop.fssaiLicence,
    },
  }
}

/** The packing slip: the order and the shop's details for its header. */
export async function packingSlipLoader({ request, context, params }: Args) {
  await requireAdmin(request, context)
  const slip = await readPackingSlip(context.get(servicesContext).db, orderIdFrom(params))
  if (!slip) throw data({ message: 'This order does not exist.' }, { status: 404, headers: NO_STORE })
  return slip
}

const actionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('status'),
    status: z.enum(ORDER_STATUSES, 'Choose one of the five statuses.'),
    version: z.iso.datetime({ message: 'This screen is out of date: reload it and try again.' }),
    // Marking it shipped: the Shipped dialog's fields, checked by parseShipment below.
    courier: z.string().optional(),
    courierName: z.string().optional(),
    awb: z.string().optional(),
  }),
  z.object({ intent: z.literal('otp-generate') }),
  z.object({ intent: z.literal('otp-verify'), otp: deliveryOtpSchema }),
  z.object({ intent: z.literal('refund') }),
])

const FAILURE_TITLE = {
  status: 'Failed to update order status',
  'otp-generate': 'Failed to generate OTP. Please try again.',
  'otp-verify': 'Invalid OTP',
  refund: 'Refund not started',
} as const

const DESK_ERROR_STATUS: Record<OrderDeskError['kind'], number> = {
  'not-found': 404,
  stale: 409,
  unchanged: 409,
  'sold-out': 409,
  'not-shipped': 409,
  'no-otp': 409,
  'no-credit-note': 409,
  'no-courier': 400,
  'by-courier': 409,
  booked: 409,
}

export async function orderAction({ request, context, params }: Args) {
  const admin = await requireAdmin(request, context)
  const { db, config, otpKey, payments, shipping, logger } = context.get(servicesContext)
  const { clientIp, log } = context.get(requestContext)
  assertSameOrigin(request, config.publicUrl)
  const orderId = orderIdFrom(params)
  const form = Object.fromEntries(await request.formData())
  const intent = (
    typeof form.intent === 'string' && form.intent in FAILURE_TITLE ? form.intent : 'status'
  ) as keyof typeof FAILURE_TITLE
  const parsed = actionSchema.safeParse(form)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const message =
      issue?.path[0] === 'intent' ? 'That is not something an order can do.' : (issue?.message ?? 'Bad request.')
    // The spec's OTP text is one sentence with its title: 'Invalid OTP: Please enter a 6-digit OTP'.
    return answer({ ok: false, title: FAILURE_TITLE[intent], message: message.replace(/^Invalid OTP: /, '') })
  }
  const notices = noticeSetup(config)
  const desk: DeskContext = { admin, otpKey, notices, log }
  const input = parsed.data
  /** Set when a cancellation cancelled the order's Shiprocket booking before the order itself. */
  let bookingCancelled = false

  try {
    switch (input.intent) {
      case 'status': {
        let shipment: ShipmentInput | undefined
        if (input.status === 'shipped') {
          const parsed = parseShipment({ courier: input.courier, courierName: input.courierName, awb: input.awb })
          if (!parsed.ok) {
            return answer({
              ok: false,
              title: FAILURE_TITLE.status,
              message: Object.values(parsed.fieldErrors).join(' '),
              fieldErrors: parsed.fieldErrors,
            })
          }
          shipment = parsed.shipment
        }
        // A booked parcel is cancelled with its courier first; one picked up is refused (BookingError).
        if (input.status === 'cancelled') {
          bookingCancelled = await cancelBooking(db, shipping, { orderId, version: input.version })
        }
        const changed = await changeOrderStatus(
          db,
          { orderId, to: input.status, version: input.version, shipment },
          desk,
        )
        const told = changed.refundable
          ? 'The customer paid online: start the refund from the order’s details.'
          : changed.status === 'pending'
            ? 'The customer is not sent a message for this change.'
            : changed.shippedWith
              ? `Sent with ${changed.shippedWith}. The customer has been told.`
              : 'The customer has been told.'
        return answer({
          ok: true,
          title: `Order status updated to ${changed.status}`,
          message: changed.invoiceMissing ? `${told} ${INVOICE_MISSING}` : told,
          refundable: changed.refundable,
        })
      }
      case 'otp-generate': {
        await enforceLimits(db, [
          [DELIVERY_OTP_LIMITS.generateOrder, orderId],
          [DELIVERY_OTP_LIMITS.generateClient, clientIp],
        ])
        const { code, expiresAt } = await generateDeliveryOtp(db, orderId, desk)
        return answer({
          ok: true,
          title: 'OTP Generated! 📱',
          message: `Delivery OTP: ${code}. Share this with the customer.`,
          code,
          expiresAt: expiresAt.toISOString(),
        })
      }
      case 'otp-verify': {
        const verifyLimits = otpVerifyLimits(config.deliveryOtpVerifyLimit)
        await enforceLimits(db, [
          [verifyLimits.admin, admin.id],
          [verifyLimits.client, clientIp],
        ])
        const check = await verifyDeliveryOtp(db, { orderId, code: input.otp }, desk)
        if (check.ok) {
          return answer({
            ok: true,
            title: 'Order Delivered Successfully! 🎉',
            message: `OTP verified and order marked as delivered.${check.invoiceMissing ? ` ${INVOICE_MISSING}` : ''}`,
          })
        }
        return answer(
          {
            ok: false,
            title: 'Invalid OTP',
            message:
              check.reason === 'locked'
                ? 'Too many wrong tries: this OTP is locked. Generate a new OTP and ask the customer for it.'
                : `The OTP is incorrect or expired. Please try again. ${triesLeft(check.attemptsLeft)}`,
          },
          check.reason === 'locked' ? 429 : 400,
        )
      }
      case 'refund': {
        if (!payments) {
          return answer({ ok: false, title: FAILURE_TITLE.refund, message: 'No payment provider is configured.' }, 409)
        }
        const refund = await startRefund(db, payments.gateway, { log: logger, notices }, orderId, admin)
        return answer({
          ok: true,
          title: 'Refund started',
          message: `${formatRupees(refund.amount)} is on its way back to the customer (${refund.state.toLowerCase()}).`,
        })
      }
    }
  } catch (error) {
    if (error instanceof OrderDeskError) {
      const message = bookingCancelled
        ? `${error.message} Its Shiprocket booking was cancelled: book it again if it is to go.`
        : error.message
      return answer(
        { ok: false, title: FAILURE_TITLE[input.intent], message, stale: error.kind === 'stale' },
        DESK_ERROR_STATUS[error.kind],
      )
    }
    if (error instanceof BookingError) {
      return answer({ ok: false, title: FAILURE_TITLE[input.intent], message: error.message }, error.status)
    }
    if (error instanceof TooManyAttempts)
      return answer({ ok: false, title: FAILURE_TITLE[input.intent], message: error.message }, 429, {
        'Retry-After': String(error.retryAfterSeconds),
      })
    if (error instanceof Error && error.name === 'PaymentError') {
      return answer({ ok: false, title: FAILURE_TITLE.refund, message: error.message }, 409)
    }
    logger.error({ err: error, orderId, intent: input.intent }, 'an order action failed')
    const message =
      input.intent === 'otp-verify'
        ? 'Failed to verify OTP. Please try again.'
        : 'Something went wrong. Please try again.'
    return answer(
      { ok: false, title: input.intent === 'otp-verify' ? 'Error' : FAILURE_TITLE[input.intent], message },
      500,
    )
  }
}

export async function notificationsAction({ request, context }: Args) {
  await requireAdmin(request, context)
  const { db, config } = context.get(servicesContext)
  assertSameOrigin(request, config.publicUrl)
  const form = await request.formData()
  if (form.get('intent') !== 'mark-all-read') {
    return data(
      { ok: false, message: 'That is not something notifications can do.' },
      { status: 400, headers: NO_STORE },
    )
  }
  return data({ ok: true, marked: await markAllNotificationsRead(db) }, { headers: NO_STORE })
}
