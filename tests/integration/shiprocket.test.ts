// Shipping through Shiprocket (issue 30; docs/decisions/026-shiprocket.md) against a real database
// (PGlite, and PostgreSQL when TEST_DATABASE_URL is set) and the Shiprocket simulator speaking its
// protocol over HTTP: the desk's booking routes, the webhook route (posted by the simulator through a
// loopback server), the reconciler, and what each parcel state does to the order, its stock, its
// invoice and the customer's notices. Every booking is checked in the simulator's own request log.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { users } from '#app/accounts/schema.ts'
import { products } from '#app/catalog/schema.ts'
import type { Locale } from '#app/i18n/locale.ts'
import { creditNotes } from '#app/invoices/schema.ts'
import { createDiskStore } from '#app/media/file-store.server.ts'
import { adminNotificationsRealtime } from '#app/notifications/schema.ts'
import type { DeskContext } from '#app/orders/order-desk.server.ts'
import { orderAction } from '#app/orders/order-desk-routes.server.ts'
import { orders } from '#app/orders/schema.ts'
import type { Database } from '#app/platform/db.server.ts'
import { initialiseShop } from '#app/platform/first-start.server.ts'
import { outboxJobs } from '#app/platform/schema.ts'
import { createLoadContext, type Services } from '#app/platform/services.server.ts'
import { formatRupees } from '#app/shared/money.ts'
import type { ShippingServices } from '#app/shipping/booking.server.ts'
import { type CourierEventWorker, startCourierEventWorker } from '#app/shipping/courier-webhook.server.ts'
import { reconcileShipments } from '#app/shipping/reconciler.server.ts'
import { courierEvents, shipments } from '#app/shipping/schema.ts'
import { bookAction, couriersLoader, labelLoader, manifestAction } from '#app/shipping/shipping-routes.server.ts'
import { createShiprocket } from '#app/shipping/shiprocket.server.ts'
import { type ShiprocketSimulator, startShiprocketSimulator } from '#server/shiprocket-simulator.ts'
import { shopWebhooks, webhookIntake } from '#server/webhook-intake.ts'
import { temporaryDataDir } from '../server-process.ts'
import { DATABASE_KINDS, openTestDatabase } from './databases.ts'
import { placeGuestOrder } from './guest-order.ts'
import { changeStatus, orderVersion } from './order-status.ts'
import { drainOutbox } from './outbox.ts'
import { ratlamiSev } from './product-rows.ts'
import { notFound, OWNER_COOKIE, ownerPost, ownerServices, settle } from './route-answer.ts'

const PUBLIC_URL = 'http://127.0.0.1:3995'
const OWNER = {
  id: 'shiprocket-owner',
  name: 'Owner',
  email: 'owner@shop.test',
  role: 'admin',
  twoFactorEnabled: false,
}
const TOKEN = 'webhook-token-of-the-test-0123456789'
const ACCOUNT = { email: 'api@shop.test', password: 'api-password' }

describe.each(DATABASE_KINDS)('shipping through Shiprocket on %s', (kind) => {
  let database: Database
  let db: Database['db']
  let services: Services
  let simulator: ShiprocketSimulator
  let hook: Server
  let events: CourierEventWorker
  let sev: string
  const NOTICES = { publicUrl: PUBLIC_URL, whatsapp: false }
  const desk: DeskContext = {
    admin: { id: OWNER.id, email: OWNER.email, name: OWNER.name },
    otpKey: 'k'.repeat(64),
    notices: NOTICES,
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    db = database.db
    await initialiseShop(db, { seedDemo: false, showcaseMode: false })
    await db.insert(users).values({ id: OWNER.id, name: OWNER.name, email: OWNER.email, role: 'admin' })
    const [row] = await db
      .insert(products)
      .values(ratlamiSev({ stock250g: 100 }))
      .returning({ id: products.id })
    sev = row!.id
    // The shop's webhook intake (server/webhook-intake.ts) behind a loopback server, where the simulator
    // posts as Shiprocket would.
    hook = createServer((req, res) => webhookIntake(shopWebhooks(services), services.logger, notFound)(req, res))
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve))
    const hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/api/hooks/courier-events`
    simulator = await startShiprocketSimulator({ ...ACCOUNT, webhook: { url: hookUrl, token: TOKEN } })
    const logger = ownerServices(database, PUBLIC_URL, OWNER).logger
    events = startCourierEventWorker(db, { notices: NOTICES, log: logger })
    const shipping: ShippingServices = {
      shiprocket: createShiprocket({ ...ACCOUNT, baseUrl: simulator.url, timeoutMs: 1500, backoffMs: () => 1 }),
      pickupLocation: 'Indore Kitchen',
      webhookToken: TOKEN,
      events,
    }
    services = {
      ...ownerServices(database, PUBLIC_URL, OWNER),
      shipping,
      files: createDiskStore(temporaryDataDir()),
    }
  })
  afterAll(async () => {
    await events?.stop()
    await simulator?.close()
    await new Promise((resolve) => hook?.close(resolve))
    await database?.close()
  })
  beforeEach(async () => {
    simulator.clearFaults()
    await db.delete(outboxJobs)
  })

  function contextFor() {
    return createLoadContext(services, { requestId: 't', nonce: '', clientIp: '203.0.113.9', log: services.logger })
  }

  /** A confirmed order (cash on delivery unless said), its earlier notices delivered. */
  async function confirmedOrder(quantity = 2, locale: Locale = 'en') {
    const placed = await placeGuestOrder(db, [{ productId: sev, size: '250g', quantity }], {
      notices: NOTICES,
      locale,
    })
    await changeStatus(db, placed.orderId, 'confirmed', desk)
    await db.delete(outboxJobs)
    return { id: placed.orderId, number: placed.orderNumber }
  }

  /** The simulator moves the parcel and posts the webhook; the shop applies what it stored. */
  async function advance(awb: string, statusId: number, options?: Parameters<ShiprocketSimulator['advance']>[2]) {
    const answers = await simulator.advance(awb, statusId, options)
    await events.idle()
    return answers
  }

  async function sendWebhook(body: object, key: 'right' | 'wrong' | 'none') {
    const status = await simulator.sendWebhook(body, key)
    await events.idle()
    return status
  }

  const book = (orderId: string, fields: Record<string, string> = {}) =>
    settle(() => bookAction(ownerPost(services, `/admin/orders/${orderId}/book`, fields, { orderId }) as never))

  function ownerGet(path: string, params: Record<string, string>) {
    const request = new Request(`${PUBLIC_URL}${path}`, { headers: { cookie: OWNER_COOKIE } })
    return { request, context: contextFor(), params }
  }

  const orderRow = async (orderId: string) => (await db.select().from(orders).where(eq(orders.id, orderId)))[0]!
  const bookingOf = async (orderId: string) =>
    (await db.select().from(shipments).where(eq(shipments.orderId, orderId))).at(-1)!
  const stock = async () => (await db.select().from(products).where(eq(products.id, sev)))[0]!.stock250g

  /** The e-mails (subject and text) and SMS texts the outbox holds, delivered. */
  async function told() {
    const out: string[] = []
    await drainOutbox(db, {
      mail: async (payload: unknown) => {
        const { subject, text } = payload as { subject: string; text: string }
        out.push(subject, text)
      },
      sms: async (payload: unknown) => void out.push((payload as { text: string }).text),
      push: async () => {},
    })
    return out
  }

  it('lists the couriers that serve the PIN code for COD, cheapest first, with the recommended one', async () => {
    const order = await confirmedOrder()
    const answer = await settle(() =>
      couriersLoader(ownerGet(`/admin/orders/${order.id}/couriers`, { orderId: order.id }) as never),
    )
    expect(answer.status).toBe(200)
    const body = answer.body as {
      kind: string
      couriers: { rate: number; cod: boolean; courierCompanyId: number }[]
      recommendedId: number
    }
    expect(body.kind).toBe('serviceable')
    expect(body.couriers.length).toBeGreaterThan(0)
    expect(body.couriers.every((courier) => courier.cod)).toBe(true)
    expect(body.couriers.map((courier) => courier.rate)).toEqual(
      [...body.couriers.map((c) => c.rate)].sort((a, b) => a - b),
    )
    expect(body.couriers.map((courier) => courier.courierCompanyId)).toContain(body.recommendedId)
  })

  it('books once, however often and by however many it is asked: one create, one AWB, a label and a pickup', async () => {
    const order = await confirmedOrder()
    const [first, second] = await Promise.all([book(order.id), book(order.id)])
    const statuses = [first.status, second.status].sort()
    expect(statuses[0]).toBe(200)
    // The second tap either waited its turn and found the booking, or was told it is under way.
    expect([200, 409]).toContain(statuses[1])
    const again = await book(order.id)
    expect(again).toMatchObject({ status: 200, body: { ok: true, title: 'Already booked' } })
    const channelId = order.number.toUpperCase()
    expect(simulator.calls('orders/create/adhoc', { order_id: channelId })).toBe(1)
    const booking = await bookingOf(order.id)
    expect(booking).toMatchObject({ provider: 'shiprocket', trackState: 'booked', channelOrderId: channelId })
    expect(booking.awb).toMatch(/^\d+$/)
    expect(booking.labelKey).not.toBeNull()
    expect(booking.pickupRequestedAt).not.toBeNull()
    expect(simulator.calls('courier/assign/awb', { shipment_id: booking.srShipmentId })).toBe(1)
    // The order waits for its pickup as it was: confirmed.
    expect((await orderRow(order.id)).status).toBe('confirmed')
    const label = await settle(() =>
      labelLoader(ownerGet(`/admin/orders/${order.id}/label`, { orderId: order.id }) as never),
    )
    expect(label.status).toBe(200)
    expect(label.headers.get('content-type')).toBe('application/pdf')
  })

  it('keeps an order to book, with a clear message, while Shiprocket is down; nothing is half booked', async () => {
    // A parcel unlike the others (the same parcel's couriers are kept for 10 minutes).
    const order = await confirmedOrder(5)
    simulator.fault({ route: 'courier/serviceability', kind: 'status', status: 503, times: 'always' })
    const couriers = await settle(() =>
      couriersLoader(ownerGet(`/admin/orders/${order.id}/couriers`, { orderId: order.id }) as never),
    )
    expect(couriers.status).toBe(502)
    expect((couriers.body as { message: string }).message).toMatch(/Shiprocket could not list the couriers/)
    expect((couriers.body as { message: string }).message).not.toMatch(/unserviceable|does not serve/i)
    const booked = await book(order.id)
    expect(booked.status).toBe(502)
    expect(await db.select().from(shipments).where(eq(shipments.orderId, order.id))).toEqual([])
  })

  it('stops a COD booking when Shiprocket would collect other than the order owes, and tells the owner', async () => {
    // A parcel unlike the others (the same parcel's couriers are kept for 10 minutes).
    const order = await confirmedOrder(6)
    // The order owes a rupee more than its packets and delivery come to, as Shiprocket adds them up.
    await db
      .update(orders)
      .set({ totalAmount: sql`${orders.totalAmount} + 100` })
      .where(eq(orders.id, order.id))
    const owes = (await orderRow(order.id)).totalAmount
    const assigned = simulator.calls('courier/assign/awb')
    const booked = await book(order.id)
    expect(booked.status).toBe(409)
    const { message } = booked.body as { message: string }
    expect(message).toContain(`which owes ${formatRupees(owes)}: the booking was stopped`)
    // No AWB, no label, no pickup: the parcel cannot go out with the wrong amount to collect.
    expect(simulator.calls('courier/assign/awb')).toBe(assigned)
    expect((await bookingOf(order.id)).awb).toBeNull()
    const [alert] = await db
      .select()
      .from(adminNotificationsRealtime)
      .where(
        and(eq(adminNotificationsRealtime.orderId, order.id), eq(adminNotificationsRealtime.type, 'shipment_problem')),
      )
    expect(alert?.message).toBe(message)
  })

  it('finds again the order a slow create made, and assigns one AWB', async () => {
    const order = await confirmedOrder()
    // The create is done, its answer comes after the adapter gave up: the retry, with the same
    // order id, gets the same order back.
    simulator.fault({ route: 'orders/create/adhoc', kind: 'slow', ms: 2500, succeed: true })
    expect((await book(order.id)).status).toBe(200)
    const channelId = order.number.toUpperCase()
    expect(simulator.calls('orders/create/adhoc', { order_id: channelId })).toBe(2)
    expect(simulator.order(channelId)).toBeDefined()
    const booking = await bookingOf(order.id)
    expect(simulator.calls('courier/assign/awb', { shipment_id: booking.srShipmentId })).toBe(1)
  })

  it('finishes a half-done booking with the courier it was begun with, and books again after Shiprocket cancels', async () => {
    const order = await confirmedOrder(4)
    const couriers = await settle(() =>
      couriersLoader(ownerGet(`/admin/orders/${order.id}/couriers`, { orderId: order.id }) as never),
    )
    const { couriers: list, recommendedId } = couriers.body as {
      couriers: { courierCompanyId: number }[]
      recommendedId: number
    }
    const other = list.find((courier) => courier.courierCompanyId !== recommendedId)!.courierCompanyId
    // Assigning the AWB is not repeated on a failure: the booking stops there, with the courier chosen.
    simulator.fault({ route: 'courier/assign/awb', kind: 'status', status: 500 })
    expect((await book(order.id, { courierCompanyId: String(other) })).status).toBe(502)
    expect(await bookingOf(order.id)).toMatchObject({ awb: null, courierCompanyId: other })
    expect((await book(order.id)).status).toBe(200)
    const booking = await bookingOf(order.id)
    expect(simulator.shipmentByAwb(booking.awb!)?.courierId).toBe(other)

    // Cancelled at Shiprocket: the booking is over and the order is to book again, under a new number.
    await advance(booking.awb!, 8)
    expect((await bookingOf(order.id)).cancelledAt).not.toBeNull()
    expect((await book(order.id)).status).toBe(200)
    expect(await bookingOf(order.id)).toMatchObject({
      channelOrderId: `${order.number.toUpperCase()}-R2`,
      trackState: 'booked',
    })
  })

  it('prints a manifest of the parcels not on one yet, and the same one again when all are', async () => {
    const orders = [await confirmedOrder(6), await confirmedOrder(6)]
    for (const order of orders) expect((await book(order.id)).status).toBe(200)
    const post = (ids: string[]) => {
      const body = new URLSearchParams(ids.map((id) => ['orderId', id]))
      const request = new Request(`${PUBLIC_URL}/admin/shipping/manifest`, {
        method: 'POST',
        body,
        headers: { cookie: OWNER_COOKIE, origin: PUBLIC_URL },
      })
      return settle(() => manifestAction({ request, context: contextFor(), params: {} } as never))
    }
    const first = await post([orders[0]!.id])
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toBe('application/pdf')
    expect(simulator.calls('manifests/generate')).toBe(1)
    // The second order is new: a manifest of it alone; the first keeps its own.
    expect((await post(orders.map((order) => order.id))).status).toBe(200)
    expect(simulator.calls('manifests/generate')).toBe(2)
    const generated = simulator.requests.filter((request) => request.path === 'manifests/generate')
    expect((generated[1]!.body as { shipment_id: number[] }).shipment_id).toEqual([
      (await bookingOf(orders[1]!.id)).srShipmentId,
    ])
    // Both are on one: Shiprocket says so, and the manifest it has is printed again.
    expect((await post(orders.map((order) => order.id))).status).toBe(200)
    expect(simulator.calls('manifests/print')).toBe(1)
    for (const order of orders) expect((await bookingOf(order.id)).manifestedAt).not.toBeNull()
  })

  it('follows the parcel: picked up ships the order, out for delivery and a failed attempt are told, delivered is paid', async () => {
    const order = await confirmedOrder()
    await book(order.id)
    const { awb } = await bookingOf(order.id)
    await advance(awb!, 42)
    expect((await orderRow(order.id)).status).toBe('shipped')
    const shipped = (await told()).join('\n')
    expect(shipped).toMatch(/has been shipped/)
    // Its tracking page is Shiprocket's, whichever courier carries it: the link says so.
    expect(shipped).toContain(`Track on shiprocket.co: https://shiprocket.co/tracking/${awb}`)
    await advance(awb!, 17)
    await advance(awb!, 21, { ndrReason: 'Customer not available' })
    expect(await bookingOf(order.id)).toMatchObject({ trackState: 'undelivered', ndrReason: 'Customer not available' })
    const notices = (await told()).join('\n')
    expect(notices).toMatch(/out for delivery/)
    expect(notices).toMatch(/could not deliver/)
    await advance(awb!, 17)
    await advance(awb!, 7)
    expect(await orderRow(order.id)).toMatchObject({ status: 'delivered', paymentStatus: 'paid' })
    expect((await told()).join('\n')).toMatch(/delivered/)
  })

  it('tells the customer of a Hindi order in Hindi: shipped, out for delivery, a failed attempt with the shop’s phone', async () => {
    const order = await confirmedOrder(2, 'hi')
    await book(order.id)
    const { awb } = await bookingOf(order.id)
    await advance(awb!, 42)
    await advance(awb!, 17)
    await advance(awb!, 21, { ndrReason: 'Customer not available' })
    const notices = (await told()).join('\n')
    expect(notices).toContain(`ऑर्डर #${order.number} आज`)
    expect(notices).toContain('डिलीवर नहीं कर सका (Customer not available)')
    expect(notices).toMatch(/भेज दिया गया है/)
  })

  it('never moves a parcel backwards: repeats, concurrent repeats and late events change nothing', async () => {
    const order = await confirmedOrder()
    await book(order.id)
    const { awb } = await bookingOf(order.id)
    await advance(awb!, 42, { webhook: 'twice' })
    await advance(awb!, 17, { webhook: 'concurrent' })
    const late = { awb, shipment_status_id: 18, current_status_id: 20, scans: [] as object[] }
    await advance(awb!, 7)
    const events = await db.select().from(courierEvents).where(eq(courierEvents.awb, awb!))
    expect(new Set(events.map((event) => event.dedupeKey)).size).toBe(events.length)
    // In transit again, dated before the delivery: recorded, and nothing moves.
    expect(
      await sendWebhook(
        {
          ...late,
          scans: [
            { date: '2020-01-01 10:00:00', status: 'X', activity: 'In transit', location: 'Bhopal', 'sr-status': '18' },
          ],
        },
        'right',
      ),
    ).toBe(200)
    expect(await bookingOf(order.id)).toMatchObject({ trackState: 'delivered' })
    expect((await orderRow(order.id)).status).toBe('delivered')
  })

  it('refuses a webhook without the right key and stores nothing; accepts an unknown AWB and changes nothing', async () => {
    const before = (await db.select().from(courierEvents)).length
    const body = {
      awb: '99999999999999',
      shipment_status_id: 7,
      scans: [{ date: '2026-03-12 10:00:00', activity: 'Delivered', 'sr-status': '7' }],
    }
    expect(await sendWebhook(body, 'wrong')).toBe(401)
    expect(await sendWebhook(body, 'none')).toBe(401)
    expect((await db.select().from(courierEvents)).length).toBe(before)
    expect(await sendWebhook(body, 'right')).toBe(200)
    const [event] = await db.select().from(courierEvents).where(eq(courierEvents.awb, body.awb))
    expect(event).toMatchObject({ outcome: 'unknown-awb' })
  })

  it('puts a returned parcel back on the shelf once, credits its invoice, and keeps it returned', async () => {
    const order = await confirmedOrder(3)
    const before = await stock()
    await book(order.id)
    const { awb } = await bookingOf(order.id)
    await advance(awb!, 42)
    await advance(awb!, 21, { ndrReason: 'Address incomplete' })
    await advance(awb!, 9)
    await advance(awb!, 10, { webhook: 'twice' })
    await advance(awb!, 14)
    expect(await stock()).toBe(before + 3)
    expect(await orderRow(order.id)).toMatchObject({ status: 'cancelled' })
    expect(await db.select().from(creditNotes).where(eq(creditNotes.orderId, order.id))).toHaveLength(1)
    expect(await bookingOf(order.id)).toMatchObject({ trackState: 'rto_delivered' })
  })

  it('cancels the booking with the order before pickup, and refuses to cancel a parcel picked up', async () => {
    const cancel = async (orderId: string) => {
      const form = { intent: 'status', status: 'cancelled', version: await orderVersion(db, orderId) }
      return settle(() => orderAction(ownerPost(services, `/admin/orders/${orderId}`, form, { orderId }) as never))
    }
    const early = await confirmedOrder()
    await book(early.id)
    expect((await cancel(early.id)).status).toBe(200)
    expect(await bookingOf(early.id)).toMatchObject({ trackState: 'cancelled' })
    expect(simulator.calls('orders/cancel')).toBe(1)

    const late = await confirmedOrder()
    await book(late.id)
    await advance((await bookingOf(late.id)).awb!, 42)
    const refused = await cancel(late.id)
    expect(refused.status).toBe(409)
    expect((refused.body as { message: string }).message).toMatch(/can only come back as a return/)
    expect((await orderRow(late.id)).status).toBe('shipped')
  })

  it('catches up, by asking, on parcels whose webhooks never came', async () => {
    const order = await confirmedOrder()
    await book(order.id)
    const { awb } = await bookingOf(order.id)
    await advance(awb!, 42, { webhook: 'drop' })
    await advance(awb!, 7, { webhook: 'drop' })
    expect((await orderRow(order.id)).status).toBe('confirmed')
    const later = new Date(Date.now() + 4 * 60 * 60_000)
    await reconcileShipments(db, services.shipping!, { notices: NOTICES, log: services.logger, now: later })
    expect(await orderRow(order.id)).toMatchObject({ status: 'delivered', paymentStatus: 'paid' })
    expect(await bookingOf(order.id)).toMatchObject({ trackState: 'delivered' })
  })
})
