// "Order again" from My Orders (issue 32, item 3), through the page's action with the fields its form
// posts, on PGlite and on PostgreSQL when TEST_DATABASE_URL is set: the old order's packets go into
// the customer's cart at today's prices, capped by today's stock and the cart's limits, and the answer
// says what changed; an archived or deleted product is "no longer sold"; someone else's order is a
// 404 that changes nothing; the old order's coupon never comes along; a malformed order id is a 400.
// docs/decisions/030-order-again.md.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { users } from '#app/accounts/schema.ts'
import { cartCookie, loadCartView } from '#app/cart/cart-session.server.ts'
import { cartItems } from '#app/cart/schema.ts'
import { products } from '#app/catalog/schema.ts'
import { orderItems, orders } from '#app/orders/schema.ts'
import { orderNumber } from '#app/orders/status.ts'
import type { Database } from '#app/platform/db.server.ts'
import { initialiseShop } from '#app/platform/first-start.server.ts'
import { createLoadContext, type Services } from '#app/platform/services.server.ts'
import { action, loader } from '#app/routes/my-orders.tsx'
import { settings } from '#app/settings/schema.ts'
import { getSettings } from '#app/settings/settings.server.ts'
import { DATABASE_KINDS, openTestDatabase } from './databases.ts'
import { type SignedInUser, settle, standInServices } from './route-answer.ts'

const ORIGIN = 'http://shop.test'
const ASHA = 'malwa.session_token=asha'
const RAVI = 'malwa.session_token=ravi'

interface Notice {
  ok: boolean
  title: string
  message: string
  notes: string[]
}

describe.each(DATABASE_KINDS)('order again on %s', (kind) => {
  let database: Database
  let db: Database['db']
  let services: Services
  const sessions = new Map<string, SignedInUser>()
  let sev: string
  let mixture: string

  /** Asha's session beside other cookies: the stand-in session lookup answers by the whole header. */
  const ashaWith = (cookie: string) => {
    const header = `${ASHA}; ${cookie}`
    sessions.set(header, sessions.get(ASHA)!)
    return header
  }
  const context = () =>
    createLoadContext(services, { requestId: 't', nonce: '', clientIp: '203.0.113.7', log: services.logger })
  /** The form's POST to /my-orders, as the page's script sends it (enhanced) unless told. */
  const post = (fields: Record<string, string>, { cookie = ASHA, enhanced = true, path = '/my-orders' } = {}) =>
    settle(() =>
      action({
        request: new Request(`${ORIGIN}${path}`, {
          method: 'POST',
          body: new URLSearchParams({ ...fields, ...(enhanced ? { enhanced: '1' } : {}) }),
          headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
        }),
        context: context(),
        params: {},
      } as unknown as Parameters<typeof action>[0]),
    )
  const orderAgain = (orderId: string, options?: Parameters<typeof post>[1]) =>
    post({ intent: 'again', orderId }, options)

  /** A past order of `userId`'s, stored as checkout stored it: each line at the price it was charged. */
  const pastOrder = async (
    userId: string,
    lines: {
      productId: string | null
      name?: string
      size: '250g' | '500g' | '1kg'
      quantity: number
      price: number
    }[],
    couponCode: string | null = null,
  ) => {
    const [row] = await db
      .insert(orders)
      .values({
        userId,
        customerName: 'Asha Verma',
        email: 'asha@example.in',
        subtotalAmount: 10000,
        deliveryFee: 5000,
        totalAmount: 15000,
        couponCode,
        status: 'delivered',
        shippingAddress: '12, Vijay Nagar, Indore, Madhya Pradesh - 452010',
        phone: '+919876543210',
        paymentMethod: 'cod',
      })
      .returning({ id: orders.id })
    await db.insert(orderItems).values(
      lines.map((line, position) => ({
        orderId: row!.id,
        productId: line.productId,
        productName: line.name ?? (line.productId === sev ? 'Premium Ratlami Sev' : 'Navratna Mixture'),
        size: line.size,
        quantity: line.quantity,
        price: line.price,
        position,
      })),
    )
    return row!.id
  }
  const cartOf = (userId: string) =>
    db
      .select({ productId: cartItems.productId, size: cartItems.size, quantity: cartItems.quantity })
      .from(cartItems)
      .where(eq(cartItems.userId, userId))
  const sorted = <T extends { productId: string; size: string }>(rows: T[]) =>
    [...rows].sort((a, b) => `${a.productId}${a.size}`.localeCompare(`${b.productId}${b.size}`))

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    db = database.db
    services = standInServices(database, ORIGIN, sessions)
    await initialiseShop(db, { seedDemo: false, showcaseMode: false })
    for (const [id, name] of [
      ['asha', 'Asha Verma'],
      ['ravi', 'Ravi Joshi'],
    ] as const) {
      await db.insert(users).values({ id, name, email: `${id}@example.in` })
      sessions.set(`malwa.session_token=${id}`, { id, name, email: `${id}@example.in`, role: 'customer' })
    }
  })
  afterAll(async () => {
    await database?.close()
  })
  beforeEach(async () => {
    await db.delete(orders)
    await db.delete(cartItems)
    await db.delete(products)
    await db.update(settings).set({ showcaseMode: false })
    const rows = await db
      .insert(products)
      .values([
        {
          slug: 'premium-ratlami-sev',
          name: 'Premium Ratlami Sev',
          nameHi: 'प्रीमियम रतलामी सेव',
          category: 'Premium Products',
          price250g: 12000,
          price500g: 22000,
          price1kg: 42000,
          stock250g: 50,
          stock500g: 50,
          stock1kg: 2,
        },
        {
          slug: 'navratna-mixture',
          name: 'Navratna Mixture',
          category: 'Premium Products',
          price250g: 10000,
          price500g: 19000,
          price1kg: 36000,
          stock250g: 200,
          stock500g: 20,
          stock1kg: 20,
        },
      ])
      .returning({ id: products.id, slug: products.slug })
    sev = rows.find((row) => row.slug === 'premium-ratlami-sev')!.id
    mixture = rows.find((row) => row.slug === 'navratna-mixture')!.id
  })

  it('puts the same packets in the cart at today’s price and says the price is now ₹420', async () => {
    const orderId = await pastOrder('asha', [
      { productId: sev, size: '1kg', quantity: 1, price: 40000 },
      { productId: mixture, size: '500g', quantity: 2, price: 19000 },
    ])
    const answer = await orderAgain(orderId)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      ok: true,
      title: 'Added to your cart',
      message: `3 packets from order #${orderNumber(orderId)} are in your cart, at today's prices.`,
      notes: ['Premium Ratlami Sev (1kg): the price is now ₹420.00 (it was ₹400.00).'],
    } satisfies Notice)
    expect(sorted(await cartOf('asha'))).toEqual(
      sorted([
        { productId: sev, size: '1kg', quantity: 1 },
        { productId: mixture, size: '500g', quantity: 2 },
      ]),
    )
    // The cart holds no price: what it shows, and what checkout charges, is today's.
    const { cart } = await loadCartView(
      db,
      new Request(`${ORIGIN}/checkout`, { headers: { cookie: ASHA } }),
      { id: 'asha', phone: null },
      await getSettings(db),
      false,
    )
    expect(cart.lines.map((line) => [line.size, line.unitPrice])).toEqual(
      expect.arrayContaining([
        ['1kg', 42000],
        ['500g', 19000],
      ]),
    )
    expect(cart.totals.subtotal).toBe(42000 + 2 * 19000)
  })

  it('adds to what the cart holds, capped by today’s stock: “out of stock: 2 of 3 added”', async () => {
    await db.insert(cartItems).values({ userId: 'asha', productId: mixture, size: '250g', quantity: 4 })
    const orderId = await pastOrder('asha', [
      { productId: sev, size: '1kg', quantity: 3, price: 42000 },
      { productId: mixture, size: '250g', quantity: 2, price: 10000 },
    ])
    const answer = await orderAgain(orderId)
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      ok: true,
      message: `4 packets from order #${orderNumber(orderId)} are in your cart, at today's prices.`,
      notes: ['Premium Ratlami Sev (1kg) is out of stock: 2 of 3 added.'],
    })
    expect(sorted(await cartOf('asha'))).toEqual(
      sorted([
        { productId: sev, size: '1kg', quantity: 2 },
        { productId: mixture, size: '250g', quantity: 6 },
      ]),
    )

    // Again: the stock is all in the cart already, and a line keeps at most 99 packets.
    await db.update(cartItems).set({ quantity: 98 }).where(eq(cartItems.productId, mixture))
    const again = await orderAgain(orderId)
    expect(again.body).toMatchObject({
      ok: true,
      message: `1 packet from order #${orderNumber(orderId)} is in your cart, at today's price.`,
      notes: [
        'Premium Ratlami Sev (1kg) is out of stock: none added.',
        'Navratna Mixture (250g): up to 99 packets in one order, 1 of 2 added.',
      ],
    })
    expect(sorted(await cartOf('asha'))).toEqual(
      sorted([
        { productId: sev, size: '1kg', quantity: 2 },
        { productId: mixture, size: '250g', quantity: 99 },
      ]),
    )
  })

  it('says an archived product, a deleted one and a size no longer priced are no longer sold, and adds the rest', async () => {
    const [gone] = await db
      .insert(products)
      .values({ slug: 'old-bundi', name: 'Old Bundi', category: 'Premium Products', price250g: 5000, stock250g: 9 })
      .returning({ id: products.id })
    const orderId = await pastOrder('asha', [
      { productId: sev, size: '250g', quantity: 1, price: 12000 },
      { productId: mixture, size: '500g', quantity: 2, price: 19000 },
      { productId: gone!.id, name: 'Old Bundi', size: '250g', quantity: 1, price: 5000 },
      { productId: null, name: 'Khatta Meetha', size: '500g', quantity: 1, price: 9000 },
    ])
    await db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, mixture))
    await db.delete(products).where(eq(products.id, gone!.id))
    await db.update(products).set({ price250g: 0 }).where(eq(products.id, sev))
    const answer = await orderAgain(orderId)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      ok: false,
      title: 'Nothing added to your cart',
      message: `Nothing from order #${orderNumber(orderId)} could be added to your cart.`,
      notes: [
        'Premium Ratlami Sev (250g) is no longer sold.',
        'Navratna Mixture (500g) is no longer sold.',
        'Old Bundi (250g) is no longer sold.',
        'Khatta Meetha (500g) is no longer sold.',
      ],
    } satisfies Notice)
    expect(await cartOf('asha')).toEqual([])

    await db.update(products).set({ archivedAt: null }).where(eq(products.id, mixture))
    const partly = await orderAgain(orderId)
    expect(partly.body).toMatchObject({
      ok: true,
      notes: expect.arrayContaining(['Old Bundi (250g) is no longer sold.']),
    })
    expect(await cartOf('asha')).toEqual([{ productId: mixture, size: '500g', quantity: 2 }])
  })

  it('answers someone else’s order, and an order that does not exist, with a 404 and changes no cart', async () => {
    await db.insert(cartItems).values({ userId: 'ravi', productId: mixture, size: '1kg', quantity: 1 })
    const ravis = await pastOrder('ravi', [{ productId: sev, size: '250g', quantity: 2, price: 12000 }])
    for (const orderId of [ravis, randomUUID()]) {
      const answer = await orderAgain(orderId)
      expect(answer.status).toBe(404)
      expect(answer.body).toMatchObject({ ok: false, message: 'We could not find that order among yours.' })
      // Without JavaScript: the 404 page.
      expect((await orderAgain(orderId, { enhanced: false })).status).toBe(404)
    }
    expect(await cartOf('asha')).toEqual([])
    expect(await cartOf('ravi')).toEqual([{ productId: mixture, size: '1kg', quantity: 1 }])
    // Signed out: sign in first; nothing is added anywhere.
    const signedOut = await orderAgain(ravis, { cookie: '' })
    expect(signedOut.status).toBe(302)
    expect(signedOut.headers.get('Location')).toBe('/auth?redirectTo=/my-orders')
    expect(await cartOf('ravi')).toEqual([{ productId: mixture, size: '1kg', quantity: 1 }])
    // Ravi's own order is his to order again.
    expect((await orderAgain(ravis, { cookie: RAVI })).status).toBe(200)
    expect(sorted(await cartOf('ravi'))).toEqual(
      sorted([
        { productId: mixture, size: '1kg', quantity: 1 },
        { productId: sev, size: '250g', quantity: 2 },
      ]),
    )
  })

  it('never carries the old order’s coupon, and leaves the shopper’s own coupon alone', async () => {
    const orderId = await pastOrder(
      'asha',
      [{ productId: mixture, size: '500g', quantity: 1, price: 17100 }],
      'FIRST10',
    )
    // The shopper's cart cookie holds a coupon of their own: the answer sends no cart cookie at all.
    const own = cartCookie({ id: randomUUID(), items: [], couponCode: 'DIWALI' }, false).split(';')[0]
    const answer = await orderAgain(orderId, { cookie: ashaWith(own!) })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('Set-Cookie')).toBeNull()
    expect(answer.body).toMatchObject({
      ok: true,
      notes: [
        'Navratna Mixture (500g): the price is now ₹190.00 (it was ₹171.00).',
        'The coupon FIRST10 of that order is not applied again.',
      ],
    })
    // Without a coupon of their own, the cart has none: the old order's is not applied.
    const { cart } = await loadCartView(
      db,
      new Request(`${ORIGIN}/checkout`, { headers: { cookie: ASHA } }),
      { id: 'asha', phone: null },
      await getSettings(db),
      false,
    )
    expect(cart.coupon).toBeNull()
    expect(cart.totals).toMatchObject({ subtotal: 19000, discount: 0 })
  })

  const NOT_ONE = 'That is not one of your order numbers. Please choose an order from My Orders.'
  const NOT_UNDERSTOOD = 'We did not understand that request. Please use the Order again button.'
  it.each([
    ['an order id that is not one', { intent: 'again', orderId: 'abc123' }, NOT_ONE],
    ['no order id', { intent: 'again' }, NOT_ONE],
    ['another intent', { intent: 'cancel', orderId: 'own' }, NOT_UNDERSTOOD],
    ['a price posted beside it', { intent: 'again', orderId: 'own', price: '1' }, NOT_UNDERSTOOD],
  ])('refuses %s with a 400 and changes nothing', async (_, fields: Record<string, string>, message) => {
    const orderId = await pastOrder('asha', [{ productId: sev, size: '250g', quantity: 1, price: 12000 }])
    const answer = await post(fields.orderId === 'own' ? { ...fields, orderId } : fields)
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ ok: false, message })
    expect(await cartOf('asha')).toEqual([])
  })

  it('refuses while the shop is a showcase (no cart), with a 409', async () => {
    const orderId = await pastOrder('asha', [{ productId: sev, size: '250g', quantity: 1, price: 12000 }])
    await db.update(settings).set({ showcaseMode: true })
    const answer = await orderAgain(orderId)
    expect(answer.status).toBe(409)
    expect(answer.body).toMatchObject({
      ok: false,
      message: 'Online ordering is not open yet. Please call us to order.',
    })
    expect(await cartOf('asha')).toEqual([])
  })

  it('without JavaScript, goes back to My Orders, which says once what it did, in the page’s words', async () => {
    const orderId = await pastOrder('asha', [
      { productId: sev, size: '1kg', quantity: 3, price: 40000 },
      { productId: mixture, size: '250g', quantity: 1, price: 10000 },
    ])
    const answer = await orderAgain(orderId, { enhanced: false, path: `/my-orders?order=${orderId}` })
    expect(answer.status).toBe(302)
    expect(answer.headers.get('Location')).toBe(`/my-orders?order=${orderId}`)
    const cookie = answer.headers.get('Set-Cookie')!
    expect(cookie).toMatch(/^order_again=.+; Path=\/my-orders; Max-Age=60; HttpOnly; SameSite=Lax$/)
    expect(cookie.length).toBeLessThan(400)

    const page = await settle(() =>
      loader({
        request: new Request(`${ORIGIN}/my-orders?order=${orderId}`, {
          headers: { cookie: ashaWith(cookie.split(';')[0]!) },
        }),
        context: context(),
        params: {},
      } as unknown as Parameters<typeof loader>[0]),
    )
    expect(page.status).toBe(200)
    expect((page.body as { again: Notice }).again).toEqual({
      ok: true,
      title: 'Added to your cart',
      message: `3 packets from order #${orderNumber(orderId)} are in your cart, at today's prices.`,
      notes: [
        'Premium Ratlami Sev (1kg) is out of stock: 2 of 3 added.',
        'Premium Ratlami Sev (1kg): the price is now ₹420.00 (it was ₹400.00).',
      ],
    } satisfies Notice)
    // Said once: the answer forgets the cookie.
    expect(page.headers.get('Set-Cookie')).toMatch(/^order_again=; Path=\/my-orders; Max-Age=0/)

    // A cookie naming someone else's order, or a forged one, says nothing.
    const ravis = await pastOrder('ravi', [{ productId: sev, size: '250g', quantity: 1, price: 12000 }])
    for (const forged of [
      cookie.split(';')[0]!.replace(orderId, ravis),
      `order_again=${encodeURIComponent('{"o":"x","l":[[0,"a",1e99,-1]]}')}`,
    ]) {
      const other = await settle(() =>
        loader({
          request: new Request(`${ORIGIN}/my-orders`, { headers: { cookie: ashaWith(forged) } }),
          context: context(),
          params: {},
        } as unknown as Parameters<typeof loader>[0]),
      )
      expect((other.body as { again: Notice | null }).again).toBeNull()
    }
  })
})
