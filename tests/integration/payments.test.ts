// Online payment against a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set) and
// the PhonePe simulator: webhooks, the reconciler, stock held and released, refunds.
import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { products } from '#app/catalog/schema.ts'
import type { Locale } from '#app/i18n/locale.ts'
import { adminNotificationsRealtime } from '#app/notifications/schema.ts'
import { orders } from '#app/orders/schema.ts'
import {
  latestAttempt,
  PAYMENT_HOLD_SECONDS,
  releaseAbandonedOrders,
  startPayment,
} from '#app/payments/payments.server.ts'
import { createPhonePe, webhookAuthorization } from '#app/payments/phonepe.server.ts'
import { reconcilePayments } from '#app/payments/reconciler.server.ts'
import { startRefund } from '#app/payments/refunds.server.ts'
import { paymentAttempts, refunds } from '#app/payments/schema.ts'
import { handlePhonePeWebhook } from '#app/payments/webhook.server.ts'
import type { Database } from '#app/platform/db.server.ts'
import { initialiseShop } from '#app/platform/first-start.server.ts'
import { type PhonePeSimulator, startPhonePeSimulator } from '#server/phonepe-simulator.ts'
import { DATABASE_KINDS, openTestDatabase } from './databases.ts'
import { placeGuestOrder } from './guest-order.ts'
import { ratlamiSev } from './product-rows.ts'

const log = pino({ level: 'silent' })
/** Where the reconciler logs, and the customer's notices (no WhatsApp: these tests are about the money). */
const context = { log, notices: { publicUrl: 'http://shop.test', whatsapp: false } }
const credentials = { username: 'shop', password: 'hook-secret' }
const auth = webhookAuthorization(credentials.username, credentials.password)
/** The admin starting refunds (recorded in the audit log). */
const REFUNDER = { id: 'refund-admin', email: 'owner@shop.test', name: 'Owner' }

describe.each(DATABASE_KINDS)('online payments on %s', (kind) => {
  let database: Database
  let db: Database['db']
  let simulator: PhonePeSimulator
  let gateway: ReturnType<typeof createPhonePe>
  let productId: string

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    db = database.db
    await initialiseShop(db, { seedDemo: false, showcaseMode: false })
    // No webhook: these tests deliver the webhooks themselves, as PhonePe would.
    simulator = await startPhonePeSimulator({ clientId: 'SIM', clientSecret: 'secret' })
    gateway = createPhonePe({
      clientId: 'SIM',
      clientSecret: 'secret',
      clientVersion: 1,
      baseUrl: simulator.url,
      backoffMs: () => 1,
    })
  })
  afterAll(async () => {
    await simulator?.stop()
    await database?.close()
  })
  beforeEach(async () => {
    await db.delete(orders)
    await db.delete(products)
    const [row] = await db
      .insert(products)
      .values(ratlamiSev({ slug: `sev-${randomUUID()}`, stock250g: 10 }))
      .returning({ id: products.id })
    productId = row!.id
  })

  const stock = async () =>
    (await db.select({ s: products.stock250g }).from(products).where(eq(products.id, productId)))[0]?.s
  const order = async (id: string) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!

  async function onlineOrder(quantity = 2, locale: Locale = 'en') {
    const placed = await placeOnlineOrder(quantity, locale)
    const { redirectUrl } = await startPayment(db, gateway, { orderId: placed.orderId, publicUrl: 'http://shop.test' })
    const attempt = (await latestAttempt(db, placed.orderId))!
    return { orderId: placed.orderId, total: placed.total, redirectUrl, merchantOrderId: attempt.merchantOrderId }
  }

  /** An online order whose payment has not been started. */
  function placeOnlineOrder(quantity: number, locale: Locale = 'en') {
    return placeGuestOrder(db, [{ productId, size: '250g', quantity }], {
      details: { paymentMethod: 'online' },
      onlinePaymentAvailable: true,
      locale,
    })
  }

  const webhook = (body: unknown, authorization: string | null = auth) =>
    handlePhonePeWebhook(db, { authorization, body: JSON.stringify(body), credentials, ...context })
  const event = (
    merchantOrderId: string,
    state: string,
    amount: number,
    name = `checkout.order.${state === 'COMPLETED' ? 'completed' : 'failed'}`,
  ) => ({
    type: 'CHECKOUT_ORDER_COMPLETED',
    event: name,
    payload: { merchantOrderId, orderId: 'OMO1', state, amount, paymentDetails: [{ transactionId: 'T123', state }] },
  })

  it('holds the stock and sends the gateway the server’s own total', async () => {
    const placed = await onlineOrder()
    expect(placed.redirectUrl).toBe(`${simulator.url}/pay/${placed.merchantOrderId}`)
    expect(simulator.order(placed.merchantOrderId)?.amount).toBe(placed.total)
    expect(simulator.order(placed.merchantOrderId)?.merchantRedirectUrl).toBe(
      `http://shop.test/payment-status?orderId=${placed.orderId}`,
    )
    expect(placed.total).toBe(21000) // 2 x 8000 + 5000 delivery
    expect(await stock()).toBe(8)
    expect(await order(placed.orderId)).toMatchObject({ paymentMethod: 'online', paymentStatus: 'pending' })
  })

  it('brings a shopper who ordered in Hindi back to the Hindi payment page', async () => {
    const placed = await onlineOrder(1, 'hi')
    expect(simulator.order(placed.merchantOrderId)?.merchantRedirectUrl).toBe(
      `http://shop.test/hi/payment-status?orderId=${placed.orderId}`,
    )
  })

  it('marks the order paid on a valid webhook, stores the transaction and tells the admin; a repeat changes nothing', async () => {
    const placed = await onlineOrder()
    expect(await webhook(event(placed.merchantOrderId, 'COMPLETED', placed.total))).toEqual({
      status: 200,
      outcome: 'paid',
    })
    expect((await order(placed.orderId)).paymentStatus).toBe('paid')
    expect((await latestAttempt(db, placed.orderId))?.transactionId).toBe('T123')
    const notes = await db
      .select()
      .from(adminNotificationsRealtime)
      .where(eq(adminNotificationsRealtime.type, 'payment_received'))
    expect(notes).toHaveLength(1)
    expect(await webhook(event(placed.merchantOrderId, 'COMPLETED', placed.total))).toEqual({
      status: 200,
      outcome: 'repeat',
    })
    expect(
      await db.select().from(adminNotificationsRealtime).where(eq(adminNotificationsRealtime.type, 'payment_received')),
    ).toHaveLength(1)
    expect(await stock()).toBe(8)
  })

  it('refuses a webhook with a wrong or missing Authorization header and changes nothing', async () => {
    const placed = await onlineOrder()
    const wrong = webhookAuthorization('shop', 'guess')
    expect(await webhook(event(placed.merchantOrderId, 'COMPLETED', placed.total), wrong)).toEqual({
      status: 401,
      outcome: 'refused',
    })
    expect(await webhook(event(placed.merchantOrderId, 'COMPLETED', placed.total), null)).toEqual({
      status: 401,
      outcome: 'refused',
    })
    expect((await order(placed.orderId)).paymentStatus).toBe('pending')
    expect(await handlePhonePeWebhook(db, { authorization: auth, body: 'not json', credentials, ...context })).toEqual({
      status: 400,
      outcome: 'refused',
    })
  })

  it('never moves a paid order back when a failure arrives after the payment', async () => {
    const placed = await onlineOrder()
    await webhook(event(placed.merchantOrderId, 'COMPLETED', placed.total))
    expect(await webhook(event(placed.merchantOrderId, 'FAILED', placed.total))).toEqual({
      status: 200,
      outcome: 'stale',
    })
    expect((await order(placed.orderId)).paymentStatus).toBe('paid')
    expect(await stock()).toBe(8)
  })

  it('decides on payload.state, ignores another amount and unknown orders', async () => {
    const placed = await onlineOrder()
    expect(await webhook(event(placed.merchantOrderId, 'COMPLETED', placed.total - 100))).toEqual({
      status: 200,
      outcome: 'amount-mismatch',
    })
    expect((await order(placed.orderId)).paymentStatus).toBe('pending')
    // An event named 'completed' whose payload says FAILED is a failure.
    expect(
      await webhook(event(placed.merchantOrderId, 'FAILED', placed.total, 'checkout.order.completed')),
    ).toMatchObject({ outcome: 'failed' })
    expect(await webhook(event('MN-no-such-order', 'COMPLETED', 100))).toEqual({ status: 200, outcome: 'unknown' })
    expect(await webhook({ event: 'something.else', payload: { state: 'X', amount: 1 } })).toEqual({
      status: 200,
      outcome: 'ignored',
    })
  })

  it('returns the stock once when the payment fails, and takes it again when the shopper pays again', async () => {
    const placed = await onlineOrder(3)
    expect(await stock()).toBe(7)
    await webhook(event(placed.merchantOrderId, 'FAILED', placed.total))
    await webhook(event(placed.merchantOrderId, 'FAILED', placed.total))
    expect((await order(placed.orderId)).paymentStatus).toBe('failed')
    expect(await stock()).toBe(10)

    const again = await startPayment(db, gateway, { orderId: placed.orderId, publicUrl: 'http://shop.test' })
    const attempt = (await latestAttempt(db, placed.orderId))!
    expect(attempt.merchantOrderId).toBe(`MN-${placed.orderId}-2`)
    expect(again.redirectUrl).toContain(attempt.merchantOrderId)
    expect(await stock()).toBe(7)
    expect((await order(placed.orderId)).paymentStatus).toBe('pending')
    simulator.decide(attempt.merchantOrderId, 'success')
    expect(await webhook(event(attempt.merchantOrderId, 'COMPLETED', placed.total))).toMatchObject({ outcome: 'paid' })
    expect(await stock()).toBe(7)
  })

  it('recovers a lost webhook through the reconciler, on PhonePe’s schedule', async () => {
    const placed = await onlineOrder()
    simulator.decide(placed.merchantOrderId, 'success') // the webhook never comes
    const attempt = (await latestAttempt(db, placed.orderId))!
    const created = attempt.createdAt.getTime()
    expect(await reconcilePayments(db, gateway, context, created + 10_000)).toBe(0) // first check after 20 s
    expect(await reconcilePayments(db, gateway, context, created + 25_000)).toBe(1)
    expect((await order(placed.orderId)).paymentStatus).toBe('paid')
  })

  it('releases the stock of an expired payment once', async () => {
    const placed = await onlineOrder(4)
    expect(await stock()).toBe(6)
    simulator.expire(placed.merchantOrderId)
    const created = (await latestAttempt(db, placed.orderId))!.createdAt.getTime()
    await reconcilePayments(db, gateway, context, created + 25_000)
    expect((await order(placed.orderId)).paymentStatus).toBe('failed')
    expect(await stock()).toBe(10)
    await reconcilePayments(db, gateway, context, created + 90_000)
    expect(await stock()).toBe(10)
  })

  it('refunds a paid online order that was cancelled, to a final state', async () => {
    const placed = await onlineOrder()
    simulator.decide(placed.merchantOrderId, 'success')
    await webhook(event(placed.merchantOrderId, 'COMPLETED', placed.total))
    await expect(startRefund(db, gateway, context, placed.orderId, REFUNDER)).rejects.toThrow(
      'Cancel the order before refunding it.',
    )
    await db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, placed.orderId))
    const refund = await startRefund(db, gateway, context, placed.orderId, REFUNDER)
    expect(refund).toMatchObject({ amount: placed.total, state: 'PENDING' })
    await expect(startRefund(db, gateway, context, placed.orderId, REFUNDER)).rejects.toThrow(
      'This order already has a refund.',
    )
    await expect
      .poll(async () => {
        await reconcilePayments(db, gateway, context)
        return (await db.select().from(refunds).where(eq(refunds.orderId, placed.orderId)))[0]?.state
      })
      .toBe('COMPLETED')
  })

  it('leaves the order unpaid and payable when the gateway cannot start the payment', async () => {
    const placed = await placeOnlineOrder(2)
    simulator.misbehave({ failNext: { status: 503, times: 10 } })
    try {
      await expect(
        startPayment(db, gateway, { orderId: placed.orderId, publicUrl: 'http://shop.test' }),
      ).rejects.toMatchObject({ status: 503 })
    } finally {
      simulator.misbehave({})
    }
    const attempts = await db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, placed.orderId))
    expect(attempts.map((row) => row.state)).toEqual(['FAILED'])
    expect((await order(placed.orderId)).paymentStatus).toBe('pending')
    expect(await stock()).toBe(8)
    await expect(
      startPayment(db, gateway, { orderId: placed.orderId, publicUrl: 'http://shop.test' }),
    ).resolves.toMatchObject({ redirectUrl: `${simulator.url}/pay/MN-${placed.orderId}-2` })
  })

  it('sends a second start to the payment already under way, never opening another', async () => {
    const placed = await onlineOrder()
    const again = await Promise.all([
      startPayment(db, gateway, { orderId: placed.orderId, publicUrl: 'http://shop.test' }),
      startPayment(db, gateway, { orderId: placed.orderId, publicUrl: 'http://shop.test' }),
    ])
    expect(again.map((started) => started.redirectUrl)).toEqual([placed.redirectUrl, placed.redirectUrl])
    expect(await db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, placed.orderId))).toHaveLength(1)
  })

  it('asks the shopper to wait while a payment is still being started', async () => {
    const placed = await placeOnlineOrder(1)
    await db.insert(paymentAttempts).values({
      orderId: placed.orderId,
      provider: 'phonepe',
      merchantOrderId: `MN-${placed.orderId}-1`,
      amount: placed.total,
    })
    await expect(startPayment(db, gateway, { orderId: placed.orderId, publicUrl: 'http://shop.test' })).rejects.toThrow(
      'Your payment is still being started. Please wait a moment and try again.',
    )
  })

  it('tells the admin to refund money that comes in for an order already paid or cancelled', async () => {
    const first = await onlineOrder()
    // A second attempt of the same order also gets paid (e.g. started before the first was known paid).
    const [second] = await db
      .insert(paymentAttempts)
      .values({
        orderId: first.orderId,
        provider: 'phonepe',
        merchantOrderId: `MN-${first.orderId}-2`,
        amount: first.total,
      })
      .returning()
    await webhook(event(first.merchantOrderId, 'COMPLETED', first.total))
    expect(await webhook(event(second!.merchantOrderId, 'COMPLETED', first.total))).toMatchObject({
      outcome: 'paid-twice',
    })
    const notes = (type: string) =>
      db.select().from(adminNotificationsRealtime).where(eq(adminNotificationsRealtime.type, type))
    expect((await notes('payment_twice'))[0]?.message).toContain('was paid twice')

    const cancelled = await onlineOrder(1)
    await db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled.orderId))
    expect(await webhook(event(cancelled.merchantOrderId, 'COMPLETED', cancelled.total))).toMatchObject({
      outcome: 'paid',
    })
    expect((await order(cancelled.orderId)).paymentStatus).toBe('paid')
    expect((await notes('payment_after_cancel'))[0]?.message).toContain('after it was cancelled. Refund it.')
  })

  it('tells the admin once about a report with another amount, and checks it on schedule only', async () => {
    const placed = await onlineOrder()
    simulator.decide(placed.merchantOrderId, 'success')
    simulator.misbehave({ amountDelta: 500 })
    try {
      const created = (await latestAttempt(db, placed.orderId))!.createdAt.getTime()
      expect(await reconcilePayments(db, gateway, context, created + 21_000)).toBe(1)
      expect(await reconcilePayments(db, gateway, context, created + 22_000)).toBe(0) // next check 3 s later
      expect(await reconcilePayments(db, gateway, context, created + 25_000)).toBe(1)
    } finally {
      simulator.misbehave({})
    }
    expect((await order(placed.orderId)).paymentStatus).toBe('pending')
    const told = await db
      .select()
      .from(adminNotificationsRealtime)
      .where(
        and(
          eq(adminNotificationsRealtime.type, 'payment_amount_mismatch'),
          eq(adminNotificationsRealtime.orderId, placed.orderId),
        ),
      )
    expect(told).toHaveLength(1)
    expect(told[0]?.message).toContain('PhonePe reported ₹215.00 paid for order')
  })

  it('gives back the stock of an order whose payment never started once the hold is over, and takes it again on paying', async () => {
    const placed = await placeOnlineOrder(3)
    const created = (await order(placed.orderId)).createdAt.getTime()
    expect(await stock()).toBe(7)
    const holdMs = PAYMENT_HOLD_SECONDS * 1000
    expect(await releaseAbandonedOrders(db, new Date(created + holdMs - 1000))).toEqual([])
    expect(await releaseAbandonedOrders(db, new Date(created + holdMs + 1000))).toEqual([placed.orderId])
    expect(await releaseAbandonedOrders(db, new Date(created + holdMs + 5000))).toEqual([])
    expect((await order(placed.orderId)).paymentStatus).toBe('failed')
    expect(await stock()).toBe(10)

    await startPayment(db, gateway, { orderId: placed.orderId, publicUrl: 'http://shop.test' })
    expect(await stock()).toBe(7)
    expect((await order(placed.orderId)).paymentStatus).toBe('pending')
    // A payment under way keeps the stock held, however old the order is.
    expect(await releaseAbandonedOrders(db, new Date(Date.now() + 2 * holdMs))).toEqual([])
  })

  it('keeps the stock while the gateway could not start a payment, for the hold, so the shopper can try again', async () => {
    const placed = await placeOnlineOrder(2)
    simulator.misbehave({ failNext: { status: 503, times: 10 } })
    try {
      await expect(
        startPayment(db, gateway, { orderId: placed.orderId, publicUrl: 'http://shop.test' }),
      ).rejects.toThrow()
    } finally {
      simulator.misbehave({})
    }
    expect((await order(placed.orderId)).paymentStatus).toBe('pending')
    expect(await releaseAbandonedOrders(db)).toEqual([])
    expect(await stock()).toBe(8)
    const lastTry = (await latestAttempt(db, placed.orderId))!.createdAt.getTime()
    const afterHold = new Date(lastTry + PAYMENT_HOLD_SECONDS * 1000 + 1000)
    expect(await releaseAbandonedOrders(db, afterHold)).toEqual([placed.orderId])
    expect(await stock()).toBe(10)
  })

  it('closes a payment whose start was cut short before it reached the gateway', async () => {
    const placed = await placeOnlineOrder(2)
    // The server stopped between recording the attempt and calling PhonePe.
    const [attempt] = await db
      .insert(paymentAttempts)
      .values({
        orderId: placed.orderId,
        provider: 'phonepe',
        merchantOrderId: `MN-${placed.orderId}-1`,
        amount: placed.total,
      })
      .returning()
    const created = attempt!.createdAt.getTime()
    await reconcilePayments(db, gateway, context, created + 30_000)
    expect((await latestAttempt(db, placed.orderId))?.state).toBe('PENDING')
    await reconcilePayments(db, gateway, context, created + 3 * 60_000)
    expect((await latestAttempt(db, placed.orderId))?.state).toBe('FAILED')
    expect((await order(placed.orderId)).paymentStatus).toBe('failed')
    expect(await stock()).toBe(10)
  })

  it('keeps a refund that got no answer pending until PhonePe says what became of it', async () => {
    const placed = await onlineOrder()
    simulator.decide(placed.merchantOrderId, 'success')
    await webhook(event(placed.merchantOrderId, 'COMPLETED', placed.total))
    await db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, placed.orderId))
    simulator.misbehave({ failNext: { status: 503, times: 10 } })
    try {
      expect(await startRefund(db, gateway, context, placed.orderId, REFUNDER)).toMatchObject({ state: 'PENDING' })
    } finally {
      simulator.misbehave({})
    }
    const [refund] = await db.select().from(refunds).where(eq(refunds.orderId, placed.orderId))
    expect(refund?.state).toBe('PENDING')
    // PhonePe never received it: after a while it is failed, and the admin may refund again.
    await reconcilePayments(db, gateway, context, refund!.createdAt.getTime() + 30_000)
    expect((await db.select().from(refunds).where(eq(refunds.id, refund!.id)))[0]?.state).toBe('PENDING')
    await reconcilePayments(db, gateway, context, refund!.createdAt.getTime() + 3 * 60_000)
    expect((await db.select().from(refunds).where(eq(refunds.id, refund!.id)))[0]?.state).toBe('FAILED')
    expect(await startRefund(db, gateway, context, placed.orderId, REFUNDER)).toMatchObject({ state: 'PENDING' })
  })
})
