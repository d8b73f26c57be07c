// Shipping's HTTP side: the owner's Shipping view, the couriers for an order, booking it, its label and
// the day's manifest (the admin guard first). Shiprocket's webhook is server/webhook-intake.ts's.
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm'
import { data, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { assertSameOrigin } from '#app/accounts/session.server.ts'
import { findAdmin, requireAdmin } from '#app/admin/guard.server.ts'
import { readPackingSlip } from '#app/orders/order-desk-routes.server.ts'
import { orderNumber } from '#app/orders/status.ts'
import { requestContext, servicesContext } from '#app/platform/services.server.ts'
import { istDay } from '#app/shared/india-day.ts'
import { isUuid } from '#app/shared/uuid.ts'
import { BookingError, bookOrder, courierChoices, liveBooking } from './booking.server.ts'
import { labelWithPackingSlip } from './label-pdf.server.ts'
import { shipments } from './schema.ts'
import { shippingOverview } from './shipping-desk.server.ts'
import { isShiprocketError } from './shiprocket.server.ts'

type Args = { request: Request; context: Readonly<RouterContextProvider>; params?: Record<string, string | undefined> }

const NO_STORE = { 'Cache-Control': 'no-store' }

function orderIdFrom(params: Args['params']): string {
  const orderId = params?.orderId
  if (!isUuid(orderId)) throw data({ message: 'This order does not exist.' }, { status: 404, headers: NO_STORE })
  return orderId
}

function shippingOf(context: Args['context']) {
  const { shipping } = context.get(servicesContext)
  if (!shipping) {
    throw data(
      { ok: false, message: 'Shipping through Shiprocket is not set up: see the README’s “Shipping” section.' },
      { status: 409, headers: NO_STORE },
    )
  }
  return shipping
}

function refusal(error: unknown, title: string) {
  if (error instanceof BookingError) {
    return data({ ok: false, title, message: error.message }, { status: error.status, headers: NO_STORE })
  }
  throw error
}

/** The Shipping tab: nothing for anyone but the admin, whose login form the layout shows. */
export async function shippingTabLoader({ request, context }: Args) {
  if (!(await findAdmin(request, context))) return null
  const { db, shipping } = context.get(servicesContext)
  return { configured: shipping !== null, ...(await shippingOverview(db)) }
}

/** The couriers that serve an order's PIN code, with the recommended one. */
export async function couriersLoader({ request, context, params }: Args) {
  await requireAdmin(request, context)
  const orderId = orderIdFrom(params)
  const shipping = shippingOf(context)
  const { db } = context.get(servicesContext)
  try {
    return data(await courierChoices(db, shipping, orderId), { headers: NO_STORE })
  } catch (error) {
    return refusal(error, 'Couriers not listed')
  }
}

const bookSchema = z.object({
  courierCompanyId: z
    .string()
    .regex(/^\d{1,9}$/, 'Choose a courier from the list.')
    .transform(Number)
    .optional(),
})

export async function bookAction({ request, context, params }: Args) {
  const admin = await requireAdmin(request, context)
  const { db, config, files } = context.get(servicesContext)
  const { log } = context.get(requestContext)
  assertSameOrigin(request, config.publicUrl)
  const orderId = orderIdFrom(params)
  const shipping = shippingOf(context)
  const form = bookSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!form.success) {
    return data(
      { ok: false, title: 'Not booked', message: form.error.issues[0]?.message ?? 'Bad request.' },
      { status: 400, headers: NO_STORE },
    )
  }
  try {
    const booked = await bookOrder(
      db,
      shipping,
      { orderId, courierCompanyId: form.data.courierCompanyId },
      { admin, files, log },
    )
    return data(
      {
        ok: true,
        title: booked.already ? 'Already booked' : 'Booked',
        message: `Order #${orderNumber(orderId)} goes with ${booked.courierName}, AWB ${booked.awb}. The pickup is requested: print its label.`,
        awb: booked.awb,
        labelHref: `/admin/orders/${orderId}/label`,
      },
      { headers: NO_STORE },
    )
  } catch (error) {
    return refusal(error, 'Not booked')
  }
}

function pdf(body: ReadableStream | Uint8Array<ArrayBuffer>, name: string, size?: number) {
  return new Response(body, {
    headers: {
      ...NO_STORE,
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${name}"`,
      ...(size === undefined ? {} : { 'Content-Length': String(size) }),
    },
  })
}

/**
 * The booked parcel's label as Shiprocket made it, then the order's packing slip on the same paper:
 * one print job gives the packer both. Should the stored label not open as a PDF, it is answered
 * as it is (and the failure logged): the parcel cannot leave without its label.
 */
export async function labelLoader({ request, context, params }: Args) {
  await requireAdmin(request, context)
  const orderId = orderIdFrom(params)
  const { db, files } = context.get(servicesContext)
  const booking = await liveBooking(db, orderId)
  const stored = booking?.labelKey ? await files.get(booking.labelKey) : null
  if (!booking || !stored) {
    throw data({ message: 'This order has no label yet: book it first.' }, { status: 404, headers: NO_STORE })
  }
  const [label, slip] = await Promise.all([
    new Response(stored.body).arrayBuffer().then((bytes) => new Uint8Array(bytes)),
    readPackingSlip(db, orderId),
  ])
  if (!slip) throw data({ message: 'This order does not exist.' }, { status: 404, headers: NO_STORE })
  const name = `label-${orderNumber(orderId)}-${booking.awb}.pdf`
  try {
    const combined = await labelWithPackingSlip(label, slip)
    return pdf(combined, name, combined.length)
  } catch (error) {
    context.get(requestContext).log.error({ err: error, orderId }, 'label not combined with its packing slip')
    return pdf(label, name, label.length)
  }
}

const manifestSchema = z.object({
  orderIds: z.array(z.uuid()).min(1, 'Choose the orders to hand over.').max(500),
})

/** The handover sheet for the chosen booked parcels: Shiprocket's manifest, answered as a PDF. */
export async function manifestAction({ request, context }: Args) {
  const admin = await requireAdmin(request, context)
  const { db, config } = context.get(servicesContext)
  assertSameOrigin(request, config.publicUrl)
  const shipping = shippingOf(context)
  const form = await request.formData()
  const parsed = manifestSchema.safeParse({ orderIds: form.getAll('orderId') })
  if (!parsed.success) {
    return data(
      { ok: false, title: 'No manifest', message: parsed.error.issues[0]?.message ?? 'Bad request.' },
      { status: 400, headers: NO_STORE },
    )
  }
  const rows = await db
    .select()
    .from(shipments)
    .where(
      and(
        inArray(shipments.orderId, parsed.data.orderIds),
        eq(shipments.provider, 'shiprocket'),
        isNull(shipments.cancelledAt),
        isNotNull(shipments.pickupRequestedAt),
      ),
    )
  if (rows.length === 0) {
    return data(
      { ok: false, title: 'No manifest', message: 'None of these orders is booked and awaiting pickup.' },
      { status: 409, headers: NO_STORE },
    )
  }
  // Parcels not on a manifest yet get a new one; when every one is on one already, it is printed again.
  const fresh = rows.filter((row) => row.manifestedAt === null)
  const listed = fresh.length > 0 ? fresh : rows
  try {
    const url = await shipping.shiprocket.manifest(
      listed.map((row) => row.srShipmentId!),
      listed.map((row) => row.srOrderId!),
    )
    const file = await shipping.shiprocket.download(url)
    if (fresh.length > 0) {
      await db
        .update(shipments)
        .set({ manifestedAt: new Date() })
        .where(
          inArray(
            shipments.id,
            fresh.map((row) => row.id),
          ),
        )
    }
    context.get(requestContext).log.info({ by: admin.id, parcels: listed.length }, 'manifest printed')
    return pdf(new Uint8Array(file), `manifest-${istDay(new Date())}.pdf`, file.length)
  } catch (error) {
    if (isShiprocketError(error)) {
      return data(
        { ok: false, title: 'No manifest', message: `Shiprocket did not make the manifest: ${error.message}` },
        { status: 502, headers: NO_STORE },
      )
    }
    throw error
  }
}
