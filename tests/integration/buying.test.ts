// Carts and order placement against a real database: PGlite always, PostgreSQL when
// TEST_DATABASE_URL is set. The server decides prices, stock, coupons and order state.
import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { users } from '#app/accounts/schema.ts'
import { addToCart, mergeGuestCart, readCart, readCartEntries, setQuantity } from '#app/cart/cart.server.ts'
import { cartCookie, currentCartScope, loadCartView } from '#app/cart/cart-session.server.ts'
import type { CartEntry, GuestCart } from '#app/cart/guest-cart.ts'
import { cartItems } from '#app/cart/schema.ts'
import { products } from '#app/catalog/schema.ts'
import { checkCoupon } from '#app/checkout/coupons.server.ts'
import { deliveryFormValues, validateDeliveryForm } from '#app/checkout/delivery-form.ts'
import { OrderError, type PlaceOrderInput, placeOrder } from '#app/checkout/place-order.server.ts'
import { adminNotificationsRealtime } from '#app/notifications/schema.ts'
import { findCustomerOrder, findVisibleOrder, listCustomerOrders, trackOrder } from '#app/orders/orders.server.ts'
import { couponRedemptions, idempotencyKeys, orderItems, orderStatusHistory, orders } from '#app/orders/schema.ts'
import { orderNumber } from '#app/orders/status.ts'
import { lookUpOrder, TRACKING_RATE_LIMIT } from '#app/orders/track-order.server.ts'
import type { Database } from '#app/platform/db.server.ts'
import { initialiseShop } from '#app/platform/first-start.server.ts'
import { outboxJobs } from '#app/platform/schema.ts'
import { settings } from '#app/settings/schema.ts'
import { getSettings } from '#app/settings/settings.server.ts'
import { deliveryDetails } from '../delivery-details.ts'
import { DATABASE_KINDS, openTestDatabase } from './databases.ts'
import { ratlamiSev } from './product-rows.ts'

function guest(items: CartEntry[], couponCode: string | null = null): GuestCart {
  return { id: randomUUID(), items, couponCode }
}

describe.each(DATABASE_KINDS)('buying on %s', (kind) => {
  let database: Database
  let db: Database['db']
  let sev: string
  let mixture: string

  const order = (overrides: Partial<PlaceOrderInput> & { items?: CartEntry[] } = {}) => {
    const { items = [{ productId: sev, size: '250g', quantity: 1 }], ...rest } = overrides
    return placeOrder(db, {
      scope: { userId: null, cookie: guest(items) },
      details: deliveryDetails(),
      idempotencyKey: randomUUID(),
      sessionHash: 'session-hash',
      onlinePaymentAvailable: false,
      notices: { publicUrl: 'http://shop.test', whatsapp: false },
      ...rest,
    })
  }

  const stockOf = async (id: string) => {
    const [row] = await db
      .select({ s250: products.stock250g, s500: products.stock500g, s1kg: products.stock1kg })
      .from(products)
      .where(eq(products.id, id))
    return row
  }
  const count = async (table: typeof orders | typeof orderItems | typeof couponRedemptions) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    db = database.db
    await initialiseShop(db, { seedDemo: false, showcaseMode: false })
    await db.insert(users).values([
      { id: 'buyer-1', name: 'Asha', email: 'asha.buyer@example.com' },
      { id: 'buyer-2', name: 'Ravi', email: 'ravi.buyer@example.com' },
    ])
  })
  afterAll(async () => {
    await database?.close()
  })

  beforeEach(async () => {
    await db.delete(orders)
    await db.delete(cartItems)
    await db.delete(products)
    await db.delete(idempotencyKeys)
    const rows = await db
      .insert(products)
      .values([
        ratlamiSev({ stock250g: 10, stock500g: 5, stock1kg: 0 }),
        {
          slug: 'navratna-mixture',
          name: 'Navratna Mixture',
          category: 'Premium Products',
          price250g: 10000,
          price500g: 19000,
          price1kg: 36000,
          stock250g: 20,
          stock500g: 20,
          stock1kg: 20,
          discountPercentage: 10,
        },
      ])
      .returning({ id: products.id, slug: products.slug })
    sev = rows.find((row) => row.slug === 'ratlami-sev')!.id
    mixture = rows.find((row) => row.slug === 'navratna-mixture')!.id
  })

  describe('placing an order', () => {
    it('stores the order with the server’s prices, one status record, a notification and an e-mail, and takes the stock', async () => {
      const placed = await order({
        items: [
          { productId: sev, size: '250g', quantity: 2 },
          { productId: mixture, size: '1kg', quantity: 1 },
        ],
      })
      // 2 x 8000 + 1 x 32400 (36000 less 10%) = 48400: below 50000, so delivery is 5000.
      expect(placed).toMatchObject({ total: 53400, paymentMethod: 'cod', replayed: false })
      expect(placed.orderNumber).toBe(placed.orderId.slice(-8))
      const [stored] = await db.select().from(orders).where(eq(orders.id, placed.orderId))
      expect(stored).toMatchObject({
        userId: null,
        subtotalAmount: 48400,
        discountAmount: 0,
        deliveryFee: 5000,
        totalAmount: 53400,
        status: 'pending',
        paymentStatus: 'pending',
        paymentMethod: 'cod',
        deliveryOtpRequired: false,
        deliveryOtpVerified: false,
        phone: '+919876543210',
        shippingAddress: '12, Vijay Nagar, Scheme 54, Indore, Madhya Pradesh - 452010',
        placedBySession: 'session-hash',
      })
      expect(stored?.termsAcceptedAt).toBeInstanceOf(Date)
      const items = await db.select().from(orderItems).where(eq(orderItems.orderId, placed.orderId))
      expect(items.map(({ productName, size, quantity, price }) => ({ productName, size, quantity, price }))).toEqual(
        expect.arrayContaining([
          { productName: 'Ratlami Sev', size: '250g', quantity: 2, price: 8000 },
          { productName: 'Navratna Mixture', size: '1kg', quantity: 1, price: 32400 },
        ]),
      )
      expect(await stockOf(sev)).toEqual({ s250: 8, s500: 5, s1kg: 0 })
      expect((await stockOf(mixture))?.s1kg).toBe(19)
      const history = await db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, placed.orderId))
      expect(history).toMatchObject([{ fromStatus: null, toStatus: 'pending', changedBy: null }])
      const [notification] = await db
        .select()
        .from(adminNotificationsRealtime)
        .where(eq(adminNotificationsRealtime.orderId, placed.orderId))
      expect(notification).toMatchObject({ type: 'new_order', isRead: false })
      expect(notification?.message).toContain(`#${placed.orderNumber}`)
      const mails = await db.select().from(outboxJobs).where(eq(outboxJobs.kind, 'mail'))
      expect(mails.some((job) => JSON.stringify(job.payload).includes(`Order #${placed.orderNumber}`))).toBe(true)
    })

    it('gives free delivery from ₹500 and takes FIRST10 off the subtotal', async () => {
      const placed = await order({
        items: [{ productId: sev, size: '500g', quantity: 4 }],
        scope: { userId: null, cookie: guest([{ productId: sev, size: '500g', quantity: 4 }], 'FIRST10') },
      })
      expect(placed.total).toBe(54000) // 60000 - 6000, delivery free
      const [stored] = await db.select().from(orders).where(eq(orders.id, placed.orderId))
      expect(stored).toMatchObject({
        subtotalAmount: 60000,
        discountAmount: 6000,
        deliveryFee: 0,
        couponCode: 'FIRST10',
      })
      expect(await count(couponRedemptions)).toBe(1)
    })

    it('empties a signed-in shopper’s cart in the same transaction', async () => {
      await db.insert(cartItems).values({ userId: 'buyer-1', productId: sev, size: '250g', quantity: 3 })
      const placed = await placeOrder(db, {
        scope: { userId: 'buyer-1', cookie: guest([]) },
        details: deliveryDetails(),
        idempotencyKey: randomUUID(),
        sessionHash: 'h',
        onlinePaymentAvailable: false,
        notices: { publicUrl: 'http://shop.test', whatsapp: false },
      })
      const [stored] = await db.select().from(orders).where(eq(orders.id, placed.orderId))
      expect(stored?.userId).toBe('buyer-1')
      expect(await db.select().from(cartItems).where(eq(cartItems.userId, 'buyer-1'))).toEqual([])
    })

    it('never sells more than the stock: 50 checkouts for 10 packets give 10 orders and stock 0', async () => {
      const results = await Promise.allSettled(Array.from({ length: 50 }, () => order()))
      const placed = results.filter((result) => result.status === 'fulfilled')
      const refused = results.filter((result) => result.status === 'rejected')
      expect(placed).toHaveLength(10)
      expect(refused).toHaveLength(40)
      for (const result of refused) {
        expect(result.reason).toBeInstanceOf(OrderError)
        expect((result.reason as OrderError).kind).toBe('unavailable')
      }
      expect((await stockOf(sev))?.s250).toBe(0)
      expect(await count(orders)).toBe(10)
    })

    it('redeems FIRST10 once when one customer uses it in several checkouts at the same time', async () => {
      // Different products, so the checkouts do not queue on one product's lock and really race.
      const attempt = (_: unknown, i: number) =>
        order({
          scope: {
            userId: null,
            cookie: guest([{ productId: i % 2 ? mixture : sev, size: '250g', quantity: 1 }], 'FIRST10'),
          },
        })
      const results = await Promise.allSettled(Array.from({ length: 6 }, attempt))
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
      for (const result of results) {
        if (result.status === 'rejected') expect((result.reason as OrderError).kind).toBe('coupon')
      }
      expect(await count(couponRedemptions)).toBe(1)
      expect(await count(orders)).toBe(1)
      expect(((await stockOf(sev))?.s250 ?? 0) + ((await stockOf(mixture))?.s250 ?? 0)).toBe(29)
    })

    it('refuses FIRST10 for a phone number that ordered before', async () => {
      await order()
      await expect(
        order({ scope: { userId: null, cookie: guest([{ productId: sev, size: '250g', quantity: 1 }], 'FIRST10') } }),
      ).rejects.toThrow('FIRST10 is only for your first order.')
      expect(
        await checkCoupon(db, 'FIRST10', { userId: null, phone: '+919999999999' }, { subtotal: 8000 }),
      ).toMatchObject({ ok: true })
      expect(await checkCoupon(db, 'NOPE', { userId: null, phone: null }, { subtotal: 8000 })).toMatchObject({
        ok: false,
        reason: 'NOPE is not a valid coupon code.',
      })
    })

    it('stores what the server decides, whatever price, total, status, payment status or owner the form carries', async () => {
      const form = new FormData()
      const posted = {
        fullName: 'Forger',
        email: 'forger@example.com',
        phone: '9876543210',
        address: '1, Some Street, Some Area',
        city: 'Indore',
        state: 'Madhya Pradesh',
        pincode: '452001',
        paymentMethod: 'cod',
        acceptTerms: 'on',
        price: '1',
        total: '1',
        total_amount: '1',
        totalAmount: '1',
        status: 'delivered',
        payment_status: 'paid',
        paymentStatus: 'paid',
        user_id: 'buyer-2',
        userId: 'buyer-2',
      }
      for (const [name, value] of Object.entries(posted)) form.append(name, value)
      const validation = validateDeliveryForm(deliveryFormValues(form))
      if (!validation.ok) throw new Error('the form was refused')
      const placed = await order({ details: validation.data })
      const [stored] = await db.select().from(orders).where(eq(orders.id, placed.orderId))
      expect(stored).toMatchObject({
        totalAmount: 13000, // 80 + 50 delivery
        status: 'pending',
        paymentStatus: 'pending',
        userId: null,
        deliveryOtpRequired: false,
        deliveryOtpVerified: false,
      })
      const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, placed.orderId))
      expect(item?.price).toBe(8000)
    })

    it('makes one order of a double submit with one idempotency key', async () => {
      const key = randomUUID()
      const cookie = guest([{ productId: sev, size: '250g', quantity: 1 }])
      const submit = () =>
        placeOrder(db, {
          scope: { userId: null, cookie },
          details: deliveryDetails(),
          idempotencyKey: key,
          sessionHash: 'same-session',
          onlinePaymentAvailable: false,
          notices: { publicUrl: 'http://shop.test', whatsapp: false },
        })
      const [first, second] = await Promise.all([submit(), submit()])
      expect(first.orderId).toBe(second.orderId)
      expect([first.replayed, second.replayed].sort()).toEqual([false, true])
      const third = await submit()
      expect(third).toMatchObject({ orderId: first.orderId, replayed: true })
      expect(await count(orders)).toBe(1)
      expect((await stockOf(sev))?.s250).toBe(9)
      // Another browser cannot use someone's key to see their order.
      await expect(
        placeOrder(db, {
          scope: { userId: null, cookie },
          details: deliveryDetails(),
          idempotencyKey: key,
          sessionHash: 'other-session',
          onlinePaymentAvailable: false,
          notices: { publicUrl: 'http://shop.test', whatsapp: false },
        }),
      ).rejects.toMatchObject({ kind: 'duplicate' })
    })

    it('leaves a new cart free to be ordered when an old form is sent again with it', async () => {
      const key = randomUUID()
      const submit = (cookie: GuestCart, idempotencyKey = key) =>
        placeOrder(db, {
          scope: { userId: null, cookie },
          details: deliveryDetails(),
          idempotencyKey,
          sessionHash: 'same-session',
          onlinePaymentAvailable: false,
          notices: { publicUrl: 'http://shop.test', whatsapp: false },
        })
      const first = await submit(guest([{ productId: sev, size: '250g', quantity: 1 }]))
      // The back button's page, its form already used, sent with the cart filled since.
      const later = guest([{ productId: sev, size: '500g', quantity: 1 }])
      expect(await submit(later)).toMatchObject({ orderId: first.orderId, replayed: true })
      expect(
        await db
          .select()
          .from(idempotencyKeys)
          .where(eq(idempotencyKeys.key, `guest-cart:${later.id}`)),
      ).toEqual([])
      // The new cart's own checkout then places its order.
      const second = await submit(later, randomUUID())
      expect(second).toMatchObject({ replayed: false })
      expect(second.orderId).not.toBe(first.orderId)
      expect(await count(orders)).toBe(2)
      expect(await stockOf(sev)).toEqual({ s250: 9, s500: 4, s1kg: 0 })
    })

    it.each([
      ['quantity 0', { size: '250g', quantity: 0 }],
      ['quantity -1', { size: '250g', quantity: -1 }],
      ['quantity 1.5', { size: '250g', quantity: 1.5 }],
      ['quantity 10^9', { size: '250g', quantity: 1e9 }],
      ['an unknown size', { size: '2kg', quantity: 1 }],
      ['a size without a price', { size: '1kg', quantity: 1 }],
    ])('refuses %s and changes nothing', async (_name, line) => {
      await expect(order({ items: [{ productId: sev, ...line } as CartEntry] })).rejects.toBeInstanceOf(OrderError)
      expect(await count(orders)).toBe(0)
      expect(await stockOf(sev)).toEqual({ s250: 10, s500: 5, s1kg: 0 })
    })

    it('makes one order of a guest cart sent again by a new form, after the answer that emptied it was lost', async () => {
      const cookie = guest([{ productId: sev, size: '250g', quantity: 2 }])
      const submit = (sessionHash = 'same-session') =>
        placeOrder(db, {
          scope: { userId: null, cookie },
          details: deliveryDetails(),
          // A reload of the checkout page draws a new form, with a new key.
          idempotencyKey: randomUUID(),
          sessionHash,
          onlinePaymentAvailable: false,
          notices: { publicUrl: 'http://shop.test', whatsapp: false },
        })
      const [first, second] = await Promise.all([submit(), submit()])
      expect(second.orderId).toBe(first.orderId)
      const third = await submit()
      expect(third).toMatchObject({ orderId: first.orderId, replayed: true })
      expect(await count(orders)).toBe(1)
      expect((await stockOf(sev))?.s250).toBe(8)
      // The browser's cart, read again, is a new and empty one; the cart's order is named.
      const request = new Request('http://shop.test/checkout', {
        headers: { cookie: cartCookie(cookie, false).split(';')[0]! },
      })
      const current = await currentCartScope(db, request, null)
      expect(current.orderedId).toBe(first.orderId)
      expect(current.scope.cookie.items).toEqual([])
      expect(current.scope.cookie.id).not.toBe(cookie.id)
      // Signing in does not bring the ordered lines into the account's cart.
      const signedIn = await loadCartView(db, request, { id: 'buyer-1', phone: null }, await getSettings(db), false)
      expect(signedIn.cart.lines).toEqual([])
      expect(await db.select().from(cartItems).where(eq(cartItems.userId, 'buyer-1'))).toEqual([])
      // Another browser holding a copy of the cart does not see the order through it.
      await expect(submit('other-session')).rejects.toMatchObject({ kind: 'duplicate' })
      // A cart that was not ordered reads as it is.
      const other = guest([{ productId: sev, size: '500g', quantity: 1 }])
      const untouched = new Request('http://shop.test/checkout', {
        headers: { cookie: cartCookie(other, false).split(';')[0]! },
      })
      expect(await currentCartScope(db, untouched, null)).toMatchObject({
        orderedId: null,
        scope: { cookie: { id: other.id, items: other.items } },
      })
    })

    it('refuses an unknown product, an empty cart, more than the stock, online payment and a showcase shop', async () => {
      await expect(order({ items: [{ productId: randomUUID(), size: '250g', quantity: 1 }] })).rejects.toMatchObject({
        kind: 'unavailable',
      })
      await expect(order({ items: [] })).rejects.toMatchObject({ kind: 'empty-cart', message: 'Your cart is empty' })
      await expect(order({ items: [{ productId: sev, size: '500g', quantity: 6 }] })).rejects.toThrow(
        'Only 5 packets of Ratlami Sev (500g) are left.',
      )
      await expect(order({ details: deliveryDetails({ paymentMethod: 'online' }) })).rejects.toMatchObject({
        kind: 'payment',
      })
      await db.update(settings).set({ showcaseMode: true })
      try {
        await expect(order()).rejects.toMatchObject({ kind: 'closed' })
      } finally {
        await db.update(settings).set({ showcaseMode: false })
      }
      expect(await count(orders)).toBe(0)
      expect(await stockOf(sev)).toEqual({ s250: 10, s500: 5, s1kg: 0 })
    })

    it('leaves no order, no items, no redemption and untouched stock when it fails midway', async () => {
      // The admin notification is written after the stock, the order and its items: make it fail.
      await db.execute(sql`create or replace function fail_notification() returns trigger language plpgsql as $$
        begin raise exception 'the disk is full'; end $$`)
      await db.execute(sql`create trigger fail_notification before insert on admin_notifications_realtime
        for each row execute function fail_notification()`)
      try {
        await expect(
          order({ scope: { userId: null, cookie: guest([{ productId: sev, size: '250g', quantity: 2 }], 'FIRST10') } }),
        ).rejects.toThrow()
      } finally {
        await db.execute(sql`drop trigger fail_notification on admin_notifications_realtime`)
      }
      expect(await count(orders)).toBe(0)
      expect(await count(orderItems)).toBe(0)
      expect(await count(couponRedemptions)).toBe(0)
      expect(await db.select().from(idempotencyKeys)).toEqual([])
      expect(await stockOf(sev)).toEqual({ s250: 10, s500: 5, s1kg: 0 })
      // And the same shopper can then order normally.
      await expect(order()).resolves.toMatchObject({ replayed: false })
    })
  })

  describe('the cart', () => {
    it('raises the quantity by one when the same product and size is added again, within the stock', async () => {
      const scope = { userId: 'buyer-1', cookie: guest([]) }
      for (let i = 0; i < 5; i++) expect((await addToCart(db, scope, sev, '500g')).ok).toBe(true)
      expect(await addToCart(db, scope, sev, '500g')).toEqual({
        ok: false,
        message: 'Only 5 packets of Ratlami Sev (500g) are left.',
      })
      expect(await addToCart(db, scope, sev, '1kg')).toEqual({
        ok: false,
        message: 'Ratlami Sev (1kg) is out of stock.',
      })
      expect(await addToCart(db, scope, randomUUID(), '250g')).toEqual({ ok: false, message: 'Product not found' })
      expect(await readCartEntries(db, scope)).toEqual([{ productId: sev, size: '500g', quantity: 5 }])
      expect((await setQuantity(db, scope, sev, '500g', 0)).ok).toBe(true)
      expect(await readCartEntries(db, scope)).toEqual([])
    })

    it('gives a guest one more packet when the same product and size is added again, and removes a line set below zero', async () => {
      let scope = { userId: null, cookie: guest([]) }
      for (let i = 0; i < 3; i++) {
        const added = await addToCart(db, scope, sev, '250g')
        if (!added.ok) throw new Error(added.message)
        scope = { ...scope, cookie: added.cookie }
      }
      expect(await readCartEntries(db, scope)).toEqual([{ productId: sev, size: '250g', quantity: 3 }])
      const removed = await setQuantity(db, scope, sev, '250g', -1)
      if (!removed.ok) throw new Error(removed.message)
      expect(await readCartEntries(db, { ...scope, cookie: removed.cookie })).toEqual([])

      const signedIn = { userId: 'buyer-1', cookie: guest([]) }
      expect((await addToCart(db, signedIn, sev, '250g')).ok).toBe(true)
      expect((await setQuantity(db, signedIn, sev, '250g', -3)).ok).toBe(true)
      expect(await readCartEntries(db, signedIn)).toEqual([])
    })

    it('shows the products as they are now, not as the cart remembers them', async () => {
      const scope = { userId: null, cookie: guest([{ productId: mixture, size: '250g', quantity: 2 }]) }
      await db
        .update(products)
        .set({ name: 'Navratna Mixture (new recipe)', price250g: 12000 })
        .where(eq(products.id, mixture))
      expect(await readCart(db, scope)).toMatchObject([
        { name: 'Navratna Mixture (new recipe)', unitPrice: 10800, mrp: 12000, quantity: 2, problem: null },
      ])
    })

    it('merges a guest cart into the account once, adding quantities capped by the stock', async () => {
      await db.insert(cartItems).values({ userId: 'buyer-2', productId: sev, size: '500g', quantity: 3 })
      const cart = guest([
        { productId: sev, size: '500g', quantity: 4 },
        { productId: mixture, size: '250g', quantity: 2 },
      ])
      const merged = await mergeGuestCart(db, 'buyer-2', cart)
      expect(merged.cookie.items).toEqual([])
      expect(merged.notice).toContain('Ratlami Sev (500g)')
      const again = await mergeGuestCart(db, 'buyer-2', cart)
      expect(again.notice).toBeNull()
      const entries = await readCartEntries(db, { userId: 'buyer-2', cookie: guest([]) })
      expect(entries).toEqual(
        expect.arrayContaining([
          { productId: sev, size: '500g', quantity: 5 },
          { productId: mixture, size: '250g', quantity: 2 },
        ]),
      )
    })
  })

  describe('reading orders', () => {
    it('shows a customer only their own orders, searchable by number and product name', async () => {
      const place = (userId: string, items: CartEntry[]) =>
        placeOrder(db, {
          scope: { userId, cookie: guest(items) },
          details: deliveryDetails({ phone: userId === 'buyer-1' ? '+919876543210' : '+919812345678' }),
          idempotencyKey: randomUUID(),
          sessionHash: userId,
          onlinePaymentAvailable: false,
          notices: { publicUrl: 'http://shop.test', whatsapp: false },
        })
      await db.insert(cartItems).values({ userId: 'buyer-1', productId: sev, size: '250g', quantity: 1 })
      const first = await place('buyer-1', [])
      await db.insert(cartItems).values({ userId: 'buyer-1', productId: mixture, size: '500g', quantity: 1 })
      const second = await place('buyer-1', [])
      await db.insert(cartItems).values({ userId: 'buyer-2', productId: sev, size: '250g', quantity: 1 })
      const others = await place('buyer-2', [])

      const all = await listCustomerOrders(db, 'buyer-1', {})
      expect(all.total).toBe(2)
      expect(all.orders.map((row) => row.id)).toEqual([second.orderId, first.orderId])
      expect((await listCustomerOrders(db, 'buyer-1', { q: 'navratna' })).orders.map((row) => row.id)).toEqual([
        second.orderId,
      ])
      expect((await listCustomerOrders(db, 'buyer-1', { q: `#${orderNumber(first.orderId)}` })).orders).toHaveLength(1)
      expect((await listCustomerOrders(db, 'buyer-1', { q: '100%_' })).orders).toHaveLength(0)

      expect(await findCustomerOrder(db, 'buyer-1', others.orderId)).toBeNull()
      const details1 = await findCustomerOrder(db, 'buyer-1', first.orderId)
      expect(details1?.history.map((change) => change.toStatus)).toEqual(['pending'])

      expect(await findVisibleOrder(db, others.orderId, { userId: 'buyer-1', visitorHash: null })).toBeNull()
      expect(await findVisibleOrder(db, others.orderId, { userId: null, visitorHash: 'buyer-2' })).not.toBeNull()
    })

    it('lets a guest follow an order by number and phone, and shows nothing for a mismatch', async () => {
      const placed = await order()
      const found = await trackOrder(db, placed.orderNumber.toUpperCase(), '+919876543210')
      expect(found).toMatchObject({ id: placed.orderId, status: 'pending', history: [{ toStatus: 'pending' }] })
      expect(await trackOrder(db, placed.orderNumber, '+919999999999')).toBeNull()
      expect(await trackOrder(db, '00000000', '+919876543210')).toBeNull()
      const [stored] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, placed.orderId)))
      expect(stored?.status).toBe('pending')
    })

    it('limits look-ups per client address, and a refusal looks nothing up', async () => {
      const placed = await order()
      const values = { orderNumber: placed.orderNumber, phone: '98765 43210' }
      const ip = `203.0.113.${Math.floor(Math.random() * 250)}`
      for (let i = 0; i < TRACKING_RATE_LIMIT.limit; i++) {
        expect((await lookUpOrder(db, values, ip)).status).toBe('found')
      }
      expect(await lookUpOrder(db, values, ip)).toMatchObject({ status: 'rate-limited' })
      expect((await lookUpOrder(db, values, '198.51.100.7')).status).toBe('found')
      expect(await lookUpOrder(db, { orderNumber: 'x', phone: '1' }, '198.51.100.8')).toMatchObject({
        status: 'invalid',
      })
    })
  })
})
