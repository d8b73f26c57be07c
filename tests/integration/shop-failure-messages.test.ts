// The spec's failure messages (section 8) for the cart and checkout, as their loaders and actions
// answer them: a change the server cannot complete (here: its database is gone) gets the spec's
// sentence for that change with a 500, never the error page; a cart that cannot be read leaves the
// page up with 'Failed to load cart'; a checkout form that is out of date gets 'Order Error'.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cartCookie } from '#app/cart/cart-session.server.ts'
import { checkoutAction } from '#app/checkout/checkout.server.ts'
import { m } from '#app/paraglide/messages.js'
import { parseConfig } from '#app/platform/config.server.ts'
import type { Database } from '#app/platform/db.server.ts'
import { initialiseShop } from '#app/platform/first-start.server.ts'
import { createLogger } from '#app/platform/logger.server.ts'
import { createLoadContext, type Services } from '#app/platform/services.server.ts'
import { loader as rootLoader } from '#app/root.tsx'
import { action as cartAction } from '#app/routes/cart.ts'
import { deliveryDetails } from '../delivery-details.ts'
import { DATABASE_KINDS, openTestDatabase } from './databases.ts'
import { settle } from './route-answer.ts'

const PUBLIC_URL = 'http://shop.test'
const logger = createLogger('silent')

describe.each(DATABASE_KINDS)('failure messages on %s', (kind) => {
  let healthy: Database
  let gone: Database

  function context(database: Database, env: Record<string, string> = {}) {
    const config = parseConfig({ PUBLIC_URL, DATA_DIR: '/nonexistent', ...env })
    // Nobody is signed in: the session lookup finds no session.
    const auth = { api: { getSession: async () => ({ headers: new Headers(), response: null }) } }
    const services = { db: database.db, database, config, payments: null, logger, auth } as unknown as Services
    return createLoadContext(services, { requestId: 'test', nonce: '', clientIp: '198.51.100.7', log: logger })
  }

  function post(path: string, fields: Record<string, string>) {
    return new Request(`${PUBLIC_URL}${path}`, { method: 'POST', body: new URLSearchParams(fields) })
  }

  function changeCart(fields: Record<string, string>) {
    const request = post('/cart', { ...fields, enhanced: '1' })
    return settle(() =>
      cartAction({ request, context: context(gone), params: {} } as unknown as Parameters<typeof cartAction>[0]),
    )
  }

  function checkout(database: Database, fields: Record<string, string>, env: Record<string, string> = {}) {
    return settle(() => checkoutAction(post('/checkout', fields), context(database, env)))
  }

  beforeAll(async () => {
    healthy = await openTestDatabase(kind)
    await initialiseShop(healthy.db, { seedDemo: false, showcaseMode: false })
    gone = await openTestDatabase(kind)
    await initialiseShop(gone.db, { seedDemo: false, showcaseMode: false })
    await gone.close()
  })
  afterAll(async () => {
    await healthy?.close()
  })

  it('a cart change the server cannot make says which change failed', async () => {
    const line = { productId: randomUUID(), size: '250g' }
    const answers = {
      add: await changeCart({ intent: 'add', ...line }),
      set: await changeCart({ intent: 'set', ...line, quantity: '2' }),
      remove: await changeCart({ intent: 'remove', ...line }),
    }
    expect(answers.add).toMatchObject({
      status: 500,
      body: { ok: false, title: 'Error', message: 'Failed to add item to cart' },
    })
    expect(answers.set).toMatchObject({
      status: 500,
      body: { ok: false, title: 'Error', message: 'Failed to update quantity' },
    })
    expect(answers.remove).toMatchObject({
      status: 500,
      body: { ok: false, title: 'Error', message: 'Failed to remove item' },
    })
  })

  it('a checkout form that is out of date is an Order Error', async () => {
    const answer = await checkout(healthy, { ...deliveryDetails(), idempotencyKey: 'not-a-key' })
    expect(answer).toMatchObject({
      status: 400,
      body: {
        status: 'refused',
        title: 'Order Error',
        message: 'This checkout form is out of date. Please reload the page and try again.',
      },
    })
  })

  it('an order the server cannot place is Order Failed, with or without the order rate limit', async () => {
    for (const limit of ['20', '0']) {
      const answer = await checkout(
        gone,
        { ...deliveryDetails(), idempotencyKey: randomUUID() },
        { ORDER_RATE_LIMIT: limit },
      )
      expect(answer, `ORDER_RATE_LIMIT=${limit}`).toMatchObject({
        status: 500,
        body: { status: 'refused', title: 'Order Failed', message: 'Something went wrong. Please try again.' },
      })
    }
  })
  it('a cart that cannot be read leaves the page up and says Failed to load cart', async () => {
    const cookie = cartCookie(
      { id: randomUUID(), items: [{ productId: randomUUID(), size: '250g', quantity: 1 }], couponCode: null },
      false,
    ).split(';')[0]!
    const request = new Request(`${PUBLIC_URL}/products`, { headers: { cookie } })
    // The catalogue the cart is read from is out of reach for the moment.
    await healthy.db.execute(sql`alter table products rename to products_out_of_reach`)
    let answer: Awaited<ReturnType<typeof settle>>
    try {
      answer = await settle(() =>
        rootLoader({ request, context: context(healthy), params: {} } as unknown as Parameters<typeof rootLoader>[0]),
      )
    } finally {
      await healthy.db.execute(sql`alter table products_out_of_reach rename to products`)
    }
    expect(answer).toMatchObject({ status: 200, body: { cart: null, cartFailed: true } })
    expect(m.toast_error()).toBe('Error')
    expect(m.cart_failed_to_load()).toBe('Failed to load cart')
  })
})
