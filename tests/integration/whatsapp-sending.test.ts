// WhatsApp order updates sent (issue 31; reference/whatsapp.md, "Errors" and "Throughput") on a real
// database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), through the code that changes an
// order (placing it, the desk's status changes, the courier's tracking, the gateway's payment), the
// real outbox and the sender, against the Graph API simulator speaking Meta's protocol over HTTP. Its
// status webhooks come back through the shop's webhook route. What reached "Meta" is read from the
// simulator's own request log: each notice once, with its template, language and parameters; no
// WhatsApp without an opt-in; the SMS replaced except the delivery OTP's and a failed attempt's
// fallbacks; every fault with its retry or fallback; the number's throughput and the pair rate.
import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { users } from '#app/accounts/schema.ts'
import { cartCookie } from '#app/cart/cart-session.server.ts'
import { products } from '#app/catalog/schema.ts'
import { checkoutAction } from '#app/checkout/checkout.server.ts'
import type { Locale } from '#app/i18n/locale.ts'
import { adminNotificationsRealtime } from '#app/notifications/schema.ts'
import { type DeskContext, generateDeliveryOtp, verifyDeliveryOtp } from '#app/orders/order-desk.server.ts'
import { orderAction } from '#app/orders/order-desk-routes.server.ts'
import { orders } from '#app/orders/schema.ts'
import { orderNumber } from '#app/orders/status.ts'
import { applyGatewayReport } from '#app/payments/payments.server.ts'
import { type PhonePe, webhookAuthorization } from '#app/payments/phonepe.server.ts'
import { startRefund } from '#app/payments/refunds.server.ts'
import { paymentAttempts, refunds } from '#app/payments/schema.ts'
import { PHONEPE_WEBHOOK_PATH } from '#app/payments/webhook.ts'
import { parseConfig } from '#app/platform/config.server.ts'
import type { Database } from '#app/platform/db.server.ts'
import { initialiseShop } from '#app/platform/first-start.server.ts'
import type { MailMessage } from '#app/platform/mailer.server.ts'
import { drainDueJobs, MAX_ATTEMPTS, type OutboxHandlers } from '#app/platform/outbox.server.ts'
import { outboxJobs } from '#app/platform/schema.ts'
import { createLoadContext, type Services, type WhatsAppServices } from '#app/platform/services.server.ts'
import type { SmsMessage } from '#app/platform/sms.server.ts'
import { action as phonePeWebhookAction } from '#app/routes/api.payments.phonepe.webhook.ts'
import { settings } from '#app/settings/schema.ts'
import { getSettings } from '#app/settings/settings.server.ts'
import { formatRupees } from '#app/shared/money.ts'
import { formatIndianMobile, normaliseIndianMobile } from '#app/shared/phone.ts'
import { shipments } from '#app/shipping/schema.ts'
import { applyTracking } from '#app/shipping/tracking.server.ts'
import { recordWhatsAppConsent } from '#app/whatsapp/consent.server.ts'
import { createWhatsAppClient } from '#app/whatsapp/graph-api.server.ts'
import { whatsappEvents, whatsappMessages } from '#app/whatsapp/schema.ts'
import { createWhatsAppSender, type WhatsAppSender } from '#app/whatsapp/sender.server.ts'
import { startWhatsAppEventWorker } from '#app/whatsapp/whatsapp-events.server.ts'
import { enqueueWhatsAppNotices } from '#app/whatsapp/whatsapp-notices.server.ts'
import { shopWebhooks, webhookIntake } from '#server/webhook-intake.ts'
import { type SimRequest, startWhatsAppSimulator, type WhatsAppSimulator } from '#server/whatsapp-simulator.ts'
import { deliveryDetails } from '../delivery-details.ts'
import { DATABASE_KINDS, openTestDatabase } from './databases.ts'
import { placeGuestOrder } from './guest-order.ts'
import { changeStatus, orderVersion } from './order-status.ts'
import { drainOutbox } from './outbox.ts'
import { ratlamiSev } from './product-rows.ts'
import { notFound, ownerPost, ownerServices, settle } from './route-answer.ts'

const PUBLIC_URL = 'http://127.0.0.1:3996'
/** The notices' setup of a shop with WhatsApp configured. */
const NOTICES = { publicUrl: PUBLIC_URL, whatsapp: true }
const OWNER = { id: 'whatsapp-owner', name: 'Owner', email: 'owner@shop.test', role: 'admin', twoFactorEnabled: false }
const SECRETS = {
  accessToken: 'test-access-token-0123456789',
  appSecret: 'test-app-secret',
  verifyToken: 'test-verify-token-0123456789',
  phoneNumberId: '106540352242922',
}
const GRAPH_VERSION = 'v23.0'
/** PhonePe's webhook credentials, for the payments and refunds these tests report. */
const PHONEPE = { username: 'shop', password: 'hook-secret' }
/** The sender's pair window in these tests (Meta's is about 6 s). */
const PAIR_MS = 60

describe.each(DATABASE_KINDS)('WhatsApp notices sent on %s', (kind) => {
  let database: Database
  let db: Database['db']
  let simulator: WhatsAppSimulator
  let hook: Server
  /** The shop with WhatsApp configured (WHATSAPP_PROVIDER=simulator), and the same shop without it (none). */
  let services: Services
  let off: Services
  let whatsapp: WhatsAppServices
  let sender: WhatsAppSender
  let sev: string
  /** The event worker only hears of new webhook items while this is true. */
  let applying = true
  const mails: MailMessage[] = []
  const texts: SmsMessage[] = []
  const desk: DeskContext = {
    admin: { id: OWNER.id, email: OWNER.email, name: OWNER.name },
    otpKey: 'k'.repeat(64),
    notices: NOTICES,
  }
  let phoneSeq = 0
  /** A customer's number of its own, so no test sees another's consent or pair rate. */
  const newPhone = () => `+9198${String(10_000_000 + kindIndex() * 1_000_000 + ++phoneSeq).slice(-8)}`
  const kindIndex = () => DATABASE_KINDS.indexOf(kind)

  const handlersFor = (whatsappSender: WhatsAppSender): OutboxHandlers => ({
    mail: async (message) => {
      mails.push(message)
    },
    sms: async (message) => {
      texts.push(message)
    },
    push: async () => {},
    whatsapp: whatsappSender.handle,
  })

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    db = database.db
    await initialiseShop(db, { seedDemo: false, showcaseMode: false })
    await db.insert(users).values({ id: OWNER.id, name: OWNER.name, email: OWNER.email, role: 'admin' })
    const [row] = await db
      .insert(products)
      .values(ratlamiSev({ stock250g: 1000 }))
      .returning({ id: products.id })
    sev = row!.id
    // The shop's webhook intake (server/webhook-intake.ts) behind a loopback server, where the simulator
    // posts as Meta would.
    hook = createServer((req, res) => webhookIntake(shopWebhooks(services), services.logger, notFound)(req, res))
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve))
    simulator = await startWhatsAppSimulator({
      ...SECRETS,
      graphVersion: GRAPH_VERSION,
      webhookUrl: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/api/hooks/whatsapp`,
      webhookDelayMs: 5,
      statusGapMs: 5,
      throughputPerSecond: 1000,
    })
    const base = ownerServices(database, PUBLIC_URL, OWNER)
    const worker = startWhatsAppEventWorker(db, { log: base.logger, publicUrl: PUBLIC_URL })
    const config = parseConfig({ PUBLIC_URL, DATA_DIR: '/nonexistent', WHATSAPP_PROVIDER: 'simulator' }).whatsapp!
    const full = { ...config, ...SECRETS, baseUrl: simulator.url, messagesPerSecond: 1000 }
    whatsapp = {
      config: full,
      client: createWhatsAppClient({ ...full, timeoutMs: 1000 }),
      events: { ...worker, kick: () => (applying ? worker.kick() : undefined) },
    }
    services = { ...base, config: { ...base.config, whatsapp: full }, whatsapp }
    off = base
    sender = newSender()
  })
  afterAll(async () => {
    await whatsapp?.events.stop()
    await simulator?.close()
    await new Promise((resolve) => hook?.close(resolve))
    await database?.close()
  })
  beforeEach(async () => {
    simulator.reset()
    simulator.configure({ throughputPerSecond: 1000, pairRateWindowMs: 0 })
    applying = true
    mails.length = 0
    texts.length = 0
    await db.delete(outboxJobs)
    await db.update(settings).set({ whatsappOwnerAlerts: false, whatsappNumber: '', whatsappAlertsTo: '' })
  })

  function newSender(options: Partial<Parameters<typeof createWhatsAppSender>[0]> = {}) {
    return createWhatsAppSender({
      db,
      client: whatsapp.client,
      messagesPerSecond: 1000,
      logger: services.logger,
      pairWindowMs: PAIR_MS,
      ...options,
    })
  }

  /**
   * Runs the outbox until nothing is due, waiting for the jobs postponed for the pair rate (a retry
   * with the outbox's backoff is left for the test to bring forward), then lets the status webhooks
   * arrive and be applied.
   */
  async function deliver(
    whatsappSender = sender,
    drain: () => Promise<unknown> = () => drainOutbox(db, handlersFor(whatsappSender)),
  ) {
    for (let round = 0; round < 100; round++) {
      await drain()
      // A status webhook may queue work of its own (a failed notice's SMS).
      await simulator.idle()
      await whatsapp.events.idle()
      const [next] = await db
        .select({ runAfter: outboxJobs.runAfter })
        .from(outboxJobs)
        .where(eq(outboxJobs.status, 'pending'))
        .orderBy(asc(outboxJobs.runAfter))
        .limit(1)
      const wait = next ? next.runAfter.getTime() - Date.now() : Number.POSITIVE_INFINITY
      if (wait > 5_000) break
      await new Promise((resolve) => setTimeout(resolve, Math.max(wait, 5)))
    }
  }

  /** The outbox's next try of every job waiting for one, now rather than after its backoff. */
  async function retryNow() {
    await db
      .update(outboxJobs)
      .set({ runAfter: new Date(0) })
      .where(eq(outboxJobs.status, 'pending'))
  }

  /** An opted-in guest's order (two packets of sev, cash on delivery unless said), its own number. */
  async function order({
    locale = 'en' as Locale,
    optIn = true,
    paymentMethod = 'cod' as 'cod' | 'online',
    name = 'Asha Verma',
    notices = NOTICES,
  } = {}) {
    const phone = newPhone()
    const placed = await placeGuestOrder(db, [{ productId: sev, size: '250g', quantity: 2 }], {
      notices,
      locale,
      whatsappOptIn: optIn,
      onlinePaymentAvailable: paymentMethod === 'online',
      details: { phone, fullName: name, paymentMethod },
    })
    const [row] = await db.select().from(orders).where(eq(orders.id, placed.orderId))
    return { id: placed.orderId, number: placed.orderNumber, phone, total: row!.totalAmount }
  }

  const contextOf = (shop: Services) =>
    createLoadContext(shop, { requestId: 't', nonce: '', clientIp: '127.0.0.1', log: shop.logger })

  /** The checkout form as its page posts it, the WhatsApp box ticked, to `shop`: the order it placed. */
  async function checkout(shop: Services, phone: string): Promise<string> {
    const cart = { id: randomUUID(), items: [{ productId: sev, size: '250g' as const, quantity: 1 }], couponCode: null }
    const fields = Object.entries(deliveryDetails({ phone })).map(([name, value]) => [name, String(value)])
    const request = new Request(`${PUBLIC_URL}/checkout`, {
      method: 'POST',
      body: new URLSearchParams([...fields, ['idempotencyKey', randomUUID()], ['whatsappOptIn', 'on']]),
      headers: { cookie: cartCookie(cart, false).split(';')[0]!, origin: PUBLIC_URL },
    })
    const answer = await settle(() => checkoutAction(request, contextOf(shop)))
    const orderId = /orderId=([0-9a-f-]{36})/.exec(answer.headers.get('Location') ?? '')?.[1]
    expect(orderId, JSON.stringify(answer.body)).toBeDefined()
    return orderId!
  }

  /** A status change on the desk as its dialog posts it, to `shop`. */
  async function deskChange(shop: Services, orderId: string, status: string, fields: Record<string, string> = {}) {
    const form = { intent: 'status', status, version: await orderVersion(db, orderId), ...fields }
    return settle(() => orderAction(ownerPost(shop, `/admin/orders/${orderId}`, form, { orderId }) as never))
  }

  /** PhonePe's webhook as PhonePe posts it, through the shop's route, to `shop` (with PhonePe configured). */
  function phonePe(shop: Services, event: string, payload: Record<string, unknown>) {
    const request = new Request(`${PUBLIC_URL}${PHONEPE_WEBHOOK_PATH}`, {
      method: 'POST',
      body: JSON.stringify({ event, payload }),
      headers: {
        authorization: webhookAuthorization(PHONEPE.username, PHONEPE.password),
        'content-type': 'application/json',
      },
    })
    const context = contextOf({ ...shop, payments: { gateway: null as unknown as PhonePe, webhook: PHONEPE } })
    return settle(() => phonePeWebhookAction({ request, context, params: {} } as never))
  }

  /** An online order's payment under way, then PhonePe's webhook saying it was paid. */
  async function pay(shop: Services, placed: { id: string; total: number }) {
    const merchantOrderId = `MN-${placed.id}-1`
    await db
      .insert(paymentAttempts)
      .values({ orderId: placed.id, provider: 'phonepe', merchantOrderId, amount: placed.total, state: 'PENDING' })
    expect(
      await phonePe(shop, 'checkout.order.completed', { merchantOrderId, state: 'COMPLETED', amount: placed.total }),
    ).toMatchObject({ status: 200, body: { outcome: 'paid' } })
  }

  /** A cancelled paid order's refund as the desk starts it (pending), then PhonePe's webhook with its final state. */
  async function refund(shop: Services, placed: { id: string; total: number }, state = 'COMPLETED') {
    const merchantRefundId = `MR-${placed.id}-1`
    await db.insert(refunds).values({ orderId: placed.id, merchantRefundId, amount: placed.total })
    const report = { merchantRefundId, state, amount: placed.total }
    const event = `pg.refund.${state === 'COMPLETED' ? 'completed' : 'failed'}`
    expect(await phonePe(shop, event, report)).toMatchObject({ status: 200, body: { outcome: 'refund' } })
    return report
  }

  const digits = (phone: string) => phone.replace('+', '')
  const rowsOf = (orderId: string) =>
    db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.orderId, orderId))
      .orderBy(asc(whatsappMessages.createdAt), asc(whatsappMessages.noticeKey))
  const sendsTo = (phone: string) =>
    simulator.requests.filter((request) => (request.body as { to?: string } | null)?.to === digits(phone))
  const acceptedTo = (phone: string) => simulator.accepted({ to: digits(phone) })
  const smsTo = (phone: string) => texts.filter((text) => text.to === phone)

  it('each notice of an English order goes out once, with its template and parameters, and replaces the SMS', async () => {
    const shop = await getSettings(db)
    const placed = await order()
    await changeStatus(db, placed.id, 'confirmed', desk)
    await changeStatus(db, placed.id, 'shipped', desk, { courier: 'delhivery', awb: '19041424751540' })
    const [shipment] = await db.select().from(shipments).where(eq(shipments.orderId, placed.id))
    // The parcel's tracking, as Shiprocket's reports would move it.
    await db
      .update(shipments)
      .set({ provider: 'shiprocket', channelOrderId: `MN-${placed.id}`, courierCompanyId: 1 })
      .where(eq(shipments.id, shipment!.id))
    const track = (statusId: number, minute: number, activity = '') =>
      applyTracking(
        db,
        {
          awb: '19041424751540',
          statusId,
          at: new Date(Date.UTC(2026, 11, 2, 10, minute)),
          scans: [
            {
              at: new Date(Date.UTC(2026, 11, 2, 10, minute)),
              code: String(statusId),
              activity,
              location: 'Indore',
              statusId,
            },
          ],
          etd: null,
        },
        { notices: NOTICES },
      )
    expect(await track(17, 1)).toBe('applied')
    expect(await track(21, 2, 'Undelivered - Customer not available')).toBe('applied')
    expect(await track(7, 3)).toBe('applied')
    await deliver()

    const number = placed.number
    // In any order: the outbox runs the jobs it claims side by side, and here the whole journey's notices
    // are due together (a shopper's come hours apart).
    const accepted = acceptedTo(placed.phone).map((message) => [message.template, message.language, message.params])
    expect(accepted).toHaveLength(5)
    expect(accepted).toEqual(
      expect.arrayContaining([
        ['order_placed', 'en', ['Asha Verma', number, formatRupees(placed.total, 'en'), 'Cash on Delivery']],
        ['order_shipped', 'en', ['Asha Verma', number, 'Delhivery', '19041424751540', shipment!.trackingUrl]],
        ['out_for_delivery', 'en', ['Asha Verma', number, 'Delhivery']],
        ['delivery_failed', 'en', ['Asha Verma', number, 'Delhivery', 'Customer not available', shop.phone]],
        ['order_delivered', 'en', ['Asha Verma', number, shop.phone]],
      ]),
    )
    expect(shipment!.trackingUrl).toMatch(/^https:\/\/.*19041424751540/)
    // Each once: as many requests as messages, each carrying its row's id for the status webhooks.
    expect(sendsTo(placed.phone)).toHaveLength(5)
    const rows = await rowsOf(placed.id)
    expect(acceptedTo(placed.phone).map((message) => message.callbackData)).toEqual(
      expect.arrayContaining(rows.map((row) => `msg:${row.id}`)),
    )
    // Meta's webhooks took each from accepted to read (the simulator's default outcome).
    expect(rows.map((row) => [row.template, row.status, row.attempts, row.audience, row.locale])).toEqual(
      expect.arrayContaining([
        ['order_placed', 'read', 1, 'customer', 'en'],
        ['order_shipped', 'read', 1, 'customer', 'en'],
        ['out_for_delivery', 'read', 1, 'customer', 'en'],
        ['delivery_failed', 'read', 1, 'customer', 'en'],
        ['order_delivered', 'read', 1, 'customer', 'en'],
      ]),
    )
    expect(rows.map((row) => row.noticeKey)).toContain(`order:${placed.id}:order_placed:1`)
    // WhatsApp replaced the SMS; the e-mails went as always (the order's receipt and five notices).
    expect(smsTo(placed.phone)).toEqual([])
    expect(mails.filter((mail) => mail.to === 'asha@example.in')).toHaveLength(6)
  })

  it("a Hindi order's notices go in Hindi: the shop's own rider with the delivery OTP, then delivered", async () => {
    const shop = await getSettings(db)
    const placed = await order({ locale: 'hi', name: 'आशा वर्मा' })
    await changeStatus(db, placed.id, 'confirmed', desk)
    await changeStatus(db, placed.id, 'shipped', desk)
    await deliver()
    const [news, otp] = acceptedTo(placed.phone).slice(1)
    // The news first, which tells the customer to give the code that follows to the rider.
    expect(news).toMatchObject({
      template: 'out_for_delivery_own_rider',
      language: 'hi',
      params: ['आशा वर्मा', placed.number],
    })
    expect(otp).toMatchObject({ template: 'delivery_otp', language: 'hi', category: 'authentication' })
    const code = otp!.params[0]!
    expect(code).toMatch(/^\d{6}$/)
    // The copy-code button carries the code too.
    expect(otp!.buttonParams).toEqual([code])
    // No SMS: the OTP's fallback is kept only until the message is delivered, and then forgotten.
    expect(smsTo(placed.phone)).toEqual([])
    const otpRow = (await rowsOf(placed.id)).find((row) => row.template === 'delivery_otp')
    expect(otpRow).toMatchObject({ status: 'read', sensitive: true, params: [], fallbackSms: null })

    expect(await verifyDeliveryOtp(db, { orderId: placed.id, code }, desk)).toMatchObject({ ok: true })
    await deliver()
    expect(acceptedTo(placed.phone).map((message) => [message.template, message.language])).toEqual([
      ['order_placed', 'hi'],
      ['out_for_delivery_own_rider', 'hi'],
      ['delivery_otp', 'hi'],
      ['order_delivered', 'hi'],
    ])
    expect(acceptedTo(placed.phone)[0]!.params).toEqual([
      'आशा वर्मा',
      placed.number,
      formatRupees(placed.total, 'hi'),
      'कैश ऑन डिलीवरी',
    ])
    expect(acceptedTo(placed.phone)[3]!.params).toEqual(['आशा वर्मा', placed.number, shop.phone])
  })

  it('a parcel without a tracking page, a cancellation and an online payment each have their template', async () => {
    const shop = await getSettings(db)
    const manual = await order({ locale: 'hi' })
    await changeStatus(db, manual.id, 'confirmed', desk)
    await changeStatus(db, manual.id, 'shipped', desk, { courier: 'india_post', awb: 'EE123456789IN' })
    const other = await order()
    await changeStatus(db, other.id, 'confirmed', desk)
    await changeStatus(db, other.id, 'shipped', desk, {
      courier: 'other',
      courierName: 'Indore Express',
      awb: 'IE-0412',
    })
    const cancelled = await order()
    await changeStatus(db, cancelled.id, 'cancelled', desk)
    const paid = await order({ paymentMethod: 'online' })
    await db.insert(paymentAttempts).values({
      orderId: paid.id,
      provider: 'phonepe',
      merchantOrderId: `MN-${paid.id}-1`,
      amount: paid.total,
      state: 'PENDING',
    })
    expect(
      await applyGatewayReport(
        db,
        { merchantOrderId: `MN-${paid.id}-1`, state: 'COMPLETED', amount: paid.total },
        { notices: NOTICES },
      ),
    ).toBe('paid')
    await deliver()

    // India Post has no tracking page to link to (a new shop has no template for it): the number alone, in Hindi.
    expect(acceptedTo(manual.phone)[1]).toMatchObject({
      template: 'order_shipped_no_link',
      language: 'hi',
      params: ['Asha Verma', manual.number, 'भारतीय डाक', 'EE123456789IN'],
    })
    expect(acceptedTo(other.phone)[1]).toMatchObject({
      template: 'order_shipped_no_link',
      params: ['Asha Verma', other.number, 'Indore Express', 'IE-0412'],
    })
    expect(acceptedTo(cancelled.phone).map((message) => [message.template, message.params])).toEqual([
      ['order_cancelled', ['Asha Verma', cancelled.number, shop.phone]],
    ])
    expect(acceptedTo(paid.phone).map((message) => [message.template, message.params])).toEqual([
      ['payment_received', ['Asha Verma', paid.number, formatRupees(paid.total, 'en')]],
    ])
  })

  it('without an opt-in there is no WhatsApp at all: the SMS go as before', async () => {
    const placed = await order({ optIn: false })
    await changeStatus(db, placed.id, 'confirmed', desk)
    await changeStatus(db, placed.id, 'shipped', desk)
    await deliver()
    expect(simulator.requests).toEqual([])
    expect(await rowsOf(placed.id)).toEqual([])
    expect(smsTo(placed.phone).map((text) => text.text)).toEqual([
      expect.stringContaining(`order #${placed.number} is confirmed`),
      expect.stringMatching(new RegExp(`order #${placed.number} is out for delivery. Delivery OTP \\d{6}`)),
    ])
    expect(await db.select().from(outboxJobs).where(eq(outboxJobs.kind, 'whatsapp'))).toEqual([])
  })

  it('with WhatsApp turned off (WHATSAPP_PROVIDER=none) a number that opted in gets its notices by SMS as before, and nothing goes on WhatsApp', async () => {
    expect(off.config.whatsapp).toBeNull()
    // Opted in, and the owner's alerts switched on, while the shop had WhatsApp.
    await db
      .update(settings)
      .set({ whatsappOwnerAlerts: true, whatsappNumber: '+917314000001', whatsappAlertsTo: '+919827012345' })
    const phone = newPhone()
    await recordWhatsAppConsent(db, {
      phone,
      userId: null,
      orderId: null,
      granted: true,
      wording: 'Send me order updates on WhatsApp from Malwa Foods',
      locale: 'en',
      source: 'account',
      now: new Date(),
    })
    const placed = await checkout(off, phone)
    expect(await deskChange(off, placed, 'confirmed')).toMatchObject({ status: 200, body: { ok: true } })
    expect(await deskChange(off, placed, 'shipped', { courier: 'own_rider' })).toMatchObject({ status: 200 })
    // An online order of a number that opted in: paid, cancelled and refunded.
    const online = await order({ paymentMethod: 'online', notices: { publicUrl: PUBLIC_URL, whatsapp: false } })
    await pay(off, online)
    expect(await deskChange(off, online.id, 'cancelled')).toMatchObject({ status: 200 })
    await refund(off, online)
    await deliver()

    expect(simulator.requests).toEqual([])
    expect(
      await db
        .select()
        .from(whatsappMessages)
        .where(inArray(whatsappMessages.orderId, [placed, online.id])),
    ).toEqual([])
    expect(await db.select().from(outboxJobs).where(eq(outboxJobs.kind, 'whatsapp'))).toEqual([])
    const number = orderNumber(placed)
    expect(smsTo(phone).map((text) => text.text)).toEqual([
      expect.stringContaining(`order #${number} is confirmed`),
      expect.stringMatching(new RegExp(`order #${number} is out for delivery. Delivery OTP \\d{6}`)),
    ])
    expect(smsTo(online.phone).map((text) => text.text)).toEqual([expect.stringContaining(`#${online.number}`)])
    // The refund is recorded and the owner told, as without WhatsApp.
    expect((await db.select().from(refunds).where(eq(refunds.orderId, online.id)))[0]).toMatchObject({
      state: 'COMPLETED',
    })
  })

  it('a completed refund tells an opted-in customer on WhatsApp, in the order’s language, with the amount, once', async () => {
    const placed = await order({ locale: 'hi', paymentMethod: 'online', name: 'आशा वर्मा' })
    await pay(services, placed)
    await changeStatus(db, placed.id, 'cancelled', desk)
    const report = await refund(services, placed)
    // PhonePe's webhook again, and the reconciler's answer: the refund is told of once.
    await phonePe(services, 'pg.refund.completed', report)
    await deliver()

    const amount = formatRupees(placed.total, 'hi')
    expect(acceptedTo(placed.phone).map((message) => [message.template, message.language, message.params])).toEqual([
      ['payment_received', 'hi', ['आशा वर्मा', placed.number, amount]],
      ['order_cancelled', 'hi', ['आशा वर्मा', placed.number, (await getSettings(db)).phone]],
      ['order_refunded', 'hi', ['आशा वर्मा', placed.number, amount]],
    ])
    const notice = (await rowsOf(placed.id)).find((row) => row.template === 'order_refunded')
    expect(notice).toMatchObject({ noticeKey: `order:${placed.id}:order_refunded:1`, status: 'read', locale: 'hi' })
    // WhatsApp only: the e-mail and SMS have no refund notice (the cancellation's e-mail said the money goes back).
    expect(smsTo(placed.phone)).toEqual([])
    const refundAlerts = await db
      .select()
      .from(adminNotificationsRealtime)
      .where(
        and(eq(adminNotificationsRealtime.orderId, placed.id), eq(adminNotificationsRealtime.type, 'refund_completed')),
      )
    expect(refundAlerts).toHaveLength(1)
  })

  it('a failed refund or a customer without an opt-in gets no refund message; one PhonePe completes at once is told of too', async () => {
    const failed = await order({ paymentMethod: 'online' })
    await pay(services, failed)
    await changeStatus(db, failed.id, 'cancelled', desk)
    await refund(services, failed, 'FAILED')
    const silent = await order({ paymentMethod: 'online', optIn: false })
    await pay(services, silent)
    await changeStatus(db, silent.id, 'cancelled', desk)
    await refund(services, silent)
    // PhonePe's answer to the refund itself says COMPLETED: recorded and told as its webhook would be.
    const quick = await order({ paymentMethod: 'online', locale: 'en' })
    await pay(services, quick)
    await changeStatus(db, quick.id, 'cancelled', desk)
    const gateway = {
      refund: async ({ amount }: { amount: number }) => ({ refundId: 'OMR-QUICK', amount, state: 'COMPLETED' }),
    } as unknown as PhonePe
    const started = await startRefund(db, gateway, { log: services.logger, notices: NOTICES }, quick.id, desk.admin)
    expect(started).toMatchObject({ state: 'COMPLETED', amount: quick.total })
    await phonePe(services, 'pg.refund.completed', {
      merchantRefundId: started.merchantRefundId,
      state: 'COMPLETED',
      amount: quick.total,
    })
    await deliver()

    const templates = (phone: string) => acceptedTo(phone).map((message) => message.template)
    expect(templates(failed.phone)).toEqual(['payment_received', 'order_cancelled'])
    expect(acceptedTo(silent.phone)).toEqual([])
    expect(templates(quick.phone)).toEqual(['payment_received', 'order_cancelled', 'order_refunded'])
    expect(acceptedTo(quick.phone)[2]!.params).toEqual(['Asha Verma', quick.number, formatRupees(quick.total, 'en')])
    expect((await db.select().from(refunds).where(eq(refunds.orderId, quick.id)))[0]).toMatchObject({
      state: 'COMPLETED',
      providerRefundId: 'OMR-QUICK',
    })
  })

  it("the owner's new-order alert goes to the owner's own WhatsApp number in English, beside the owner's SMS", async () => {
    // The shop's public WhatsApp number is its Business number, which cannot message itself: the alert
    // goes to the owner's own.
    await db
      .update(settings)
      .set({ whatsappOwnerAlerts: true, whatsappNumber: '+917314000001', whatsappAlertsTo: '+919827012345' })
    const shop = await getSettings(db)
    const placed = await order({ locale: 'hi', name: 'Ravi Patel' })
    await deliver()
    expect(acceptedTo('+917314000001')).toEqual([])
    expect(acceptedTo('+919827012345').map((message) => [message.template, message.language, message.params])).toEqual([
      [
        'new_order_alert',
        'en',
        [placed.number, formatRupees(placed.total, 'en'), 'Ravi Patel', `${PUBLIC_URL}/admin?q=${placed.number}`],
      ],
    ])
    const [alert] = (await rowsOf(placed.id)).filter((row) => row.audience === 'owner')
    expect(alert).toMatchObject({ noticeKey: `order:${placed.id}:new_order_alert:1`, status: 'read' })
    // The owner's SMS as before.
    expect(texts.filter((text) => text.text.startsWith(`New order #${placed.number}`))).toHaveLength(
      normaliseIndianMobile(shop.phone) ? 1 : 0,
    )
    // Turned off, or on without the owner's number (a row from before there was one), no alert.
    for (const switched of [{ whatsappOwnerAlerts: false }, { whatsappOwnerAlerts: true, whatsappAlertsTo: '' }]) {
      await db.update(settings).set({ whatsappAlertsTo: '+919827012345', ...switched })
      simulator.reset()
      const next = await order()
      await deliver()
      expect(acceptedTo('+919827012345'), JSON.stringify(switched)).toEqual([])
      expect(acceptedTo('+917314000001')).toEqual([])
      expect((await rowsOf(next.id)).filter((row) => row.audience === 'owner')).toEqual([])
    }
  })

  it('a refused token (190) alerts the owner once: customers get their SMS at once, the owner’s alert goes once it is fixed', async () => {
    simulator.fault({ kind: 'expired-token' })
    const first = await order()
    const second = await order()
    await changeStatus(db, first.id, 'confirmed', desk)
    await changeStatus(db, second.id, 'confirmed', desk)
    const owner = newPhone()
    await db.transaction((tx) =>
      enqueueWhatsAppNotices(
        tx,
        [{ template: 'new_order_alert', params: [first.number, '₹130.00', 'Asha Verma', `${PUBLIC_URL}/admin`] }],
        { orderId: first.id, audience: 'owner', locale: 'en', to: owner },
      ),
    )
    await deliver()
    expect(simulator.messages).toEqual([])
    expect(sendsTo(first.phone)[0]).toMatchObject({ status: 401, errorCode: 190 })
    const customerRows = async (orderId: string) =>
      (await rowsOf(orderId)).filter((row) => row.audience === 'customer').map((row) => [row.status, row.attempts])
    expect(await customerRows(first.id)).toEqual([['fallback', 1]])
    expect(await customerRows(second.id)).toEqual([['fallback', 1]])
    expect(smsTo(first.phone)).toEqual([expect.objectContaining({ text: expect.stringContaining(first.number) })])
    expect(smsTo(second.phone)).toHaveLength(1)
    const alert = async () => (await rowsOf(first.id)).find((row) => row.audience === 'owner')
    expect(await alert()).toMatchObject({ status: 'queued', attempts: 1 })
    const alerts = await db
      .select()
      .from(adminNotificationsRealtime)
      .where(eq(adminNotificationsRealtime.type, 'whatsapp_token'))
    expect(alerts).toHaveLength(1)
    expect(alerts[0]!.message).toContain('190')
    expect(alerts[0]!.message).not.toContain(SECRETS.accessToken)

    simulator.clearFaults()
    await retryNow()
    await deliver()
    expect(simulator.messages.map((message) => [message.to, message.template])).toEqual([
      [digits(owner), 'new_order_alert'],
    ])
    expect(await alert()).toMatchObject({ status: 'read', attempts: 2 })
    // Never a WhatsApp after the SMS went.
    expect(sendsTo(first.phone)).toHaveLength(1)
  })

  it.each([
    ['a 503 (131016)', { kind: 'server-error' as const, httpStatus: 503 as const }],
    ['a 502 from the edge', { kind: 'server-error' as const, httpStatus: 502 as const }],
    ['a connection refused before sending', null],
  ])('%s is retried with the outbox’s backoff and the same row: exactly one message', async (_, fault) => {
    const placed = await order()
    await changeStatus(db, placed.id, 'confirmed', desk)
    if (fault) simulator.fault({ ...fault, to: digits(placed.phone) })
    const unreachable = createWhatsAppClient({ ...whatsapp.config, baseUrl: `http://127.0.0.1:${await closedPort()}` })
    await deliver(fault ? sender : newSender({ client: unreachable }))
    expect(acceptedTo(placed.phone)).toEqual([])
    expect((await rowsOf(placed.id))[0]).toMatchObject({ status: 'queued', attempts: 1 })
    const [job] = await db.select().from(outboxJobs).where(eq(outboxJobs.kind, 'whatsapp'))
    expect(job).toMatchObject({ status: 'pending', attempts: 1 })
    expect(job!.runAfter.getTime()).toBeGreaterThan(Date.now() + 20_000)
    await retryNow()
    await deliver()
    expect(sendsTo(placed.phone)).toHaveLength(fault ? 2 : 1)
    expect(acceptedTo(placed.phone)).toHaveLength(1)
    expect((await rowsOf(placed.id))[0]).toMatchObject({ status: 'read', attempts: 2 })
  })

  it('throughput (130429) waits a second and sends again; refused again, it backs off: exactly one message', async () => {
    const placed = await order()
    simulator.fault({ kind: 'throughput', to: digits(placed.phone), times: 2 })
    await changeStatus(db, placed.id, 'confirmed', desk)
    await deliver()
    const [first, second] = sendsTo(placed.phone)
    expect([first?.errorCode, second?.errorCode]).toEqual([130429, 130429])
    expect(second!.time.getTime() - first!.time.getTime()).toBeGreaterThanOrEqual(1000)
    // The wait was not an attempt; the second refusal was, and waits for the outbox's backoff.
    const [job] = await db.select().from(outboxJobs).where(eq(outboxJobs.kind, 'whatsapp'))
    expect(job).toMatchObject({ status: 'pending', attempts: 1 })
    await retryNow()
    await deliver()
    expect(sendsTo(placed.phone)).toHaveLength(3)
    expect(acceptedTo(placed.phone)).toHaveLength(1)
    expect((await rowsOf(placed.id))[0]).toMatchObject({ status: 'read', attempts: 3 })
  })

  it('the pair rate (131056) waits its window, then sends once', async () => {
    const placed = await order()
    simulator.fault({ kind: 'pair-rate', to: digits(placed.phone) })
    await changeStatus(db, placed.id, 'confirmed', desk)
    await deliver()
    const [refused, sent] = sendsTo(placed.phone)
    expect(refused).toMatchObject({ errorCode: 131056 })
    expect(sent).toMatchObject({ status: 200 })
    expect(sent!.time.getTime() - refused!.time.getTime()).toBeGreaterThanOrEqual(PAIR_MS)
    expect(acceptedTo(placed.phone)).toHaveLength(1)
    // Waiting is not a failed attempt.
    const [job] = await db.select().from(outboxJobs).where(eq(outboxJobs.kind, 'whatsapp'))
    expect(job).toMatchObject({ status: 'done', attempts: 1 })
  })

  it('undeliverable (131026) fails the OTP with its reason and sends it by SMS instead, once', async () => {
    const placed = await order()
    await changeStatus(db, placed.id, 'confirmed', desk)
    simulator.fault({ kind: 'error', code: 131026, template: 'delivery_otp' })
    await changeStatus(db, placed.id, 'shipped', desk)
    await deliver()
    const otp = (await rowsOf(placed.id)).find((row) => row.template === 'delivery_otp')
    expect(otp).toMatchObject({
      status: 'fallback',
      errorCode: 131026,
      errorTitle: 'Message undeliverable',
      params: [],
      fallbackSms: null,
      fallbackQueuedAt: expect.any(Date),
    })
    const [sms] = smsTo(placed.phone)
    expect(smsTo(placed.phone)).toHaveLength(1)
    expect(sms).toMatchObject({ sensitive: true, text: expect.stringMatching(/Delivery OTP \d{6}/) })
    // The SMS job's payload is wiped once sent, as the OTP's always was.
    const smsJobs = await db
      .select()
      .from(outboxJobs)
      .where(and(eq(outboxJobs.kind, 'sms'), eq(outboxJobs.sensitive, true)))
    expect(smsJobs.map((job) => job.payload)).toEqual([{ wiped: true }])
    const [alert] = await db
      .select()
      .from(adminNotificationsRealtime)
      .where(
        and(eq(adminNotificationsRealtime.orderId, placed.id), eq(adminNotificationsRealtime.type, 'whatsapp_failed')),
      )
    expect(alert!.message).toContain('Message undeliverable (131026)')
    // The news of the delivery went on WhatsApp; the OTP's one refused request is all there was of it.
    expect(acceptedTo(placed.phone).map((message) => message.template)).toEqual([
      'order_placed',
      'out_for_delivery_own_rider',
    ])
    expect(sendsTo(placed.phone)).toHaveLength(3)
  })

  it('undeliverable reported later by the status webhook (131026) falls back to SMS too', async () => {
    const placed = await order()
    await changeStatus(db, placed.id, 'confirmed', desk)
    await changeStatus(db, placed.id, 'shipped', desk)
    await deliver()
    // Accepted, then reported failed: a new OTP made on the desk for a number without WhatsApp.
    simulator.fault({ kind: 'error', code: 131026, template: 'delivery_otp', async: true })
    const { code } = await generateDeliveryOtp(db, placed.id, desk)
    await deliver()
    const otp = (await rowsOf(placed.id)).filter((row) => row.template === 'delivery_otp').at(-1)
    expect(otp).toMatchObject({ status: 'fallback', errorCode: 131026, fallbackSms: null, params: [] })
    expect(smsTo(placed.phone).map((text) => text.text)).toEqual([expect.stringContaining(`Delivery OTP ${code}`)])
  })

  it('a template not approved in the language (132001) fails with the reason, not retried, and its SMS goes instead', async () => {
    const placed = await order({ locale: 'hi' })
    simulator.setTemplateStatus('order_placed', 'PENDING', 'hi')
    try {
      await changeStatus(db, placed.id, 'confirmed', desk)
      await deliver()
    } finally {
      simulator.setTemplateStatus('order_placed', 'APPROVED', 'hi')
    }
    expect((await rowsOf(placed.id))[0]).toMatchObject({
      status: 'fallback',
      errorCode: 132001,
      errorTitle: 'Template name does not exist in the translation',
    })
    expect(smsTo(placed.phone)).toEqual([expect.objectContaining({ text: expect.stringContaining(placed.number) })])
    const [job] = await db.select().from(outboxJobs).where(eq(outboxJobs.kind, 'whatsapp'))
    expect(job).toMatchObject({ status: 'done', attempts: 1 })
    expect(sendsTo(placed.phone)).toHaveLength(1)
  })

  it('a lost answer never becomes a second message: the wamid comes from the status webhook', async () => {
    const placed = await order()
    simulator.fault({ kind: 'lost-answer', to: digits(placed.phone) })
    // The webhook's items are stored but not applied yet: the sender reads them itself.
    applying = false
    await changeStatus(db, placed.id, 'confirmed', desk)
    await deliver()
    expect((await rowsOf(placed.id))[0]).toMatchObject({ status: 'sending', wamid: null, attempts: 1 })
    expect(await db.select().from(whatsappEvents)).not.toEqual([])
    await retryNow()
    await deliver()
    const [message] = acceptedTo(placed.phone)
    expect(sendsTo(placed.phone)).toHaveLength(1)
    expect((await rowsOf(placed.id))[0]).toMatchObject({ status: 'accepted', wamid: message!.wamid, attempts: 1 })
    // Applied now, the statuses find the row by its wamid.
    applying = true
    whatsapp.events.kick()
    await whatsapp.events.idle()
    expect((await rowsOf(placed.id))[0]).toMatchObject({ status: 'read', wamid: message!.wamid })
  })

  it('a lost answer with no status from Meta fails the notice (answer lost) and the OTP falls back, never sent twice', async () => {
    const placed = await order()
    await changeStatus(db, placed.id, 'confirmed', desk)
    await deliver()
    simulator.script(digits(placed.phone), { outcome: 'silent' })
    simulator.fault({ kind: 'lost-answer', template: 'delivery_otp' })
    await changeStatus(db, placed.id, 'shipped', desk)
    await deliver()
    await retryNow()
    await deliver()
    expect(acceptedTo(placed.phone).filter((message) => message.template === 'delivery_otp')).toHaveLength(1)
    expect(sendsTo(placed.phone).filter((request) => templateOf(request) === 'delivery_otp')).toHaveLength(1)
    const otp = (await rowsOf(placed.id)).find((row) => row.template === 'delivery_otp')
    expect(otp).toMatchObject({ status: 'fallback', errorTitle: 'Answer lost: not sent again', attempts: 1 })
    expect(smsTo(placed.phone)).toEqual([
      expect.objectContaining({ text: expect.stringMatching(/Delivery OTP \d{6}/) }),
    ])
  })

  it('the last attempt fails the row and falls back rather than leave it queued when the outbox parks it', async () => {
    const placed = await order()
    await changeStatus(db, placed.id, 'confirmed', desk)
    await deliver()
    simulator.fault({ kind: 'server-error', httpStatus: 500, template: 'delivery_otp', times: 'always' })
    await changeStatus(db, placed.id, 'shipped', desk)
    await deliver()
    const otpJob = async () => {
      const rows = await db.select().from(outboxJobs).where(eq(outboxJobs.kind, 'whatsapp'))
      return rows.find((job) => job.status !== 'done')
    }
    const job = await otpJob()
    expect(job).toMatchObject({ status: 'pending', attempts: 1 })
    await db
      .update(outboxJobs)
      .set({ attempts: MAX_ATTEMPTS - 1, runAfter: new Date(0) })
      .where(eq(outboxJobs.id, job!.id))
    await deliver()
    const [done] = await db.select().from(outboxJobs).where(eq(outboxJobs.id, job!.id))
    expect(done).toMatchObject({ status: 'done', attempts: MAX_ATTEMPTS })
    const otp = (await rowsOf(placed.id)).find((row) => row.template === 'delivery_otp')
    expect(otp).toMatchObject({ status: 'fallback', errorCode: 131000 })
    expect(smsTo(placed.phone)).toHaveLength(1)
  })

  it('a notice queued before WhatsApp was turned off fails and sends the SMS it replaced, once', async () => {
    const placed = await order()
    await changeStatus(db, placed.id, 'confirmed', desk)
    await changeStatus(db, placed.id, 'shipped', desk)
    // The shop restarted with WHATSAPP_PROVIDER=none before these went: its sender has no client.
    await deliver(newSender({ client: null }))
    expect(simulator.requests).toEqual([])
    const rows = await rowsOf(placed.id)
    expect(rows.map((row) => [row.template, row.status, row.errorTitle]).sort()).toEqual([
      ['delivery_otp', 'fallback', 'WhatsApp is not configured'],
      ['order_placed', 'fallback', 'WhatsApp is not configured'],
      // Its news is in the OTP's SMS.
      ['out_for_delivery_own_rider', 'failed', 'WhatsApp is not configured'],
    ])
    // Each fails at once, side by side in the outbox's batch: their SMS in either order.
    expect(smsTo(placed.phone)).toHaveLength(2)
    expect(smsTo(placed.phone)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sensitive: false, text: expect.stringContaining('is confirmed') }),
        expect.objectContaining({ sensitive: true, text: expect.stringMatching(/Delivery OTP \d{6}/) }),
      ]),
    )
    const alerts = await db
      .select({ message: adminNotificationsRealtime.message })
      .from(adminNotificationsRealtime)
      .where(
        and(eq(adminNotificationsRealtime.orderId, placed.id), eq(adminNotificationsRealtime.type, 'whatsapp_failed')),
      )
    expect(alerts.map((alert) => alert.message)).toContain(
      `Order #${placed.number}: the WhatsApp notice “Delivery OTP” to ${formatIndianMobile(placed.phone)} failed: WhatsApp is not configured`,
    )
  })

  it('keeps to the number’s throughput: 50 notices at 25 a second, never more within a second, in order', async () => {
    simulator.configure({ throughputPerSecond: 25 })
    // Sends only: their status webhooks would share the embedded database's one connection.
    simulator.script('*', { outcome: 'silent' })
    const placed = await order({ optIn: false })
    const phones = Array.from({ length: 50 }, () => newPhone())
    await db.transaction(async (tx) => {
      for (const to of phones) {
        await enqueueWhatsAppNotices(
          tx,
          [{ template: 'order_delivered', params: ['Asha Verma', placed.number, 'x'] }],
          {
            orderId: placed.id,
            audience: 'customer',
            locale: 'en',
            to,
          },
        )
      }
    })
    // When each request left the shop: the simulator's own log also holds this process's pauses
    // (it runs in it, beside the embedded database), in which a request waits to be read.
    const left: { to: string; at: number }[] = []
    const recording: typeof fetch = (url, init) => {
      left.push({ to: JSON.parse(String(init?.body)).to, at: Date.now() })
      return fetch(url, init)
    }
    const throttled = newSender({
      messagesPerSecond: 25,
      client: createWhatsAppClient({ ...whatsapp.config, timeoutMs: 1000, fetch: recording }),
    })
    // As the worker does: batches of ten side by side, one after another.
    await deliver(throttled, () => drainDueJobs(db, handlersFor(throttled), services.logger))
    expect(left.map((send) => send.to)).toEqual(phones.map(digits))
    const most = busiestSecond(left.map((send) => send.at))
    expect(most).toBeLessThanOrEqual(25)
    // And not much slower than the rate allows (loosely: a shared machine's pauses are not the sender's).
    expect(most).toBeGreaterThanOrEqual(15)
    // Each once at Meta, whatever the machine's pauses made of its count.
    const accepted = simulator.messages.map((message) => message.to).sort()
    expect(accepted).toEqual(phones.map(digits).sort())
  })

  it('two notices to one customer go at least the pair window apart, in order, postponed rather than held', async () => {
    simulator.configure({ pairRateWindowMs: 300 })
    for (const holdMs of [1000, 0]) {
      simulator.reset()
      simulator.configure({ pairRateWindowMs: 300 })
      const placed = await order()
      await changeStatus(db, placed.id, 'confirmed', desk)
      await changeStatus(db, placed.id, 'shipped', desk)
      await deliver(newSender({ pairWindowMs: 300, holdMs }))
      const sent = acceptedTo(placed.phone)
      expect(sent.map((message) => message.template)).toEqual([
        'order_placed',
        'out_for_delivery_own_rider',
        'delivery_otp',
      ])
      expect(simulator.requests.filter((request) => request.errorCode === 131056)).toEqual([])
      for (let i = 1; i < sent.length; i++) {
        expect(sent[i]!.acceptedAt.getTime() - sent[i - 1]!.acceptedAt.getTime()).toBeGreaterThanOrEqual(300)
      }
    }
  })
})

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** The most of these times within any one second. */
function busiestSecond(at: number[]): number {
  const times = [...at].sort((a, b) => a - b)
  let most = 0
  for (let start = 0, end = 0; start < times.length; start++) {
    while (end < times.length && times[end]! - times[start]! < 1000) end++
    most = Math.max(most, end - start)
  }
  return most
}

function templateOf(request: SimRequest): string | undefined {
  return (request.body as { template?: { name?: string } } | null)?.template?.name
}
