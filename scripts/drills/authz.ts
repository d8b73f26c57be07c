// The authorization drill: every route of app/routes.ts (the matrix in app/route-access.ts) requested
// as anonymous, as a customer, as another customer and as the admin, against the production server
// with real accounts. The customer has an order, a cart, an address and a push subscription; nothing
// of them may reach anyone else (0 IDOR), and nothing of them may change.
import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { users } from '#app/accounts/schema.ts'
import { cartItems } from '#app/cart/schema.ts'
import { contactMessages } from '#app/contact/schema.ts'
import { pushSubscriptions } from '#app/notifications/schema.ts'
import { orderItems, orders } from '#app/orders/schema.ts'
import { orderNumber } from '#app/orders/status.ts'
import type { Db } from '#app/platform/db.server.ts'
import { reviews } from '#app/reviews/schema.ts'
import {
  type AccessRequest,
  type Answer,
  ROLES,
  ROUTE_ACCESS,
  type Role,
  SUBSCRIPTION_KEYS,
} from '#app/route-access.ts'
import { type Drill, type Invariant, invariant } from './drill.ts'
import { createShopServer } from './lib/shop-server.ts'
import { type DeliveryDetails, deliveryDetails, type Answer as HttpAnswer, Shopper } from './lib/shopper.ts'

export const drill: Drill = {
  about:
    'every route × anonymous, customer, another customer and admin: the expected answers, and nothing of one customer reachable by another',
  async run({ scale, databaseUrl, log }) {
    // The shop takes online payments (its own PhonePe simulator), so paying again is in the matrix.
    const shop = await createShopServer({ databaseUrl, env: () => ({ PAYMENT_PROVIDER: 'phonepe-simulator' }) })
    try {
      await shop.start()
      const tag = randomBytes(4).toString('hex')
      const person = (details: Partial<DeliveryDetails>): DeliveryDetails => ({ ...deliveryDetails(0), ...details })
      const owner = person({
        fullName: `Owner Drill ${tag.replace(/\d/g, 'x')}`,
        email: `owner-${tag}@example.com`,
        phone: `98${String(Number.parseInt(tag, 16) % 100_000_000).padStart(8, '0')}`,
        address: `House ${tag}, Sapna Sangeeta Road, Indore`,
      })
      const other = person({
        fullName: 'Other Drill Shopper',
        email: `other-${tag}@example.com`,
        phone: '9123456780',
        address: '12 Palasia Square, Indore',
      })
      log('signing up two customers and signing in the admin')
      const visitors: Record<Role, Shopper> = {
        anonymous: new Shopper(shop.url),
        customer: new Shopper(shop.url, owner),
        otherCustomer: new Shopper(shop.url, other),
        admin: new Shopper(shop.url),
      }
      await visitors.customer.signUpAndSignIn(owner.email, 'sev and jalebi for breakfast')
      await visitors.otherCustomer.signUpAndSignIn(other.email, 'poha on a winter morning')
      await visitors.admin.signInAsAdmin(shop.admin)
      const [product] = await visitors.anonymous.findProducts(1)
      if (!product) throw new Error('no product on /products')
      await visitors.customer.addToCart(product.id, product.size, 1)
      const orderId = await visitors.customer.placeCodOrder()
      // An online order left unpaid (the customer never reached the gateway's page): payable again.
      await visitors.customer.addToCart(product.id, product.size, 1)
      await visitors.customer.placeOnlineOrder()
      const mine = await visitors.customer.get('/my-orders')
      const onlineOrderId = [...mine.text.matchAll(/order=([0-9a-f-]{36})/g)]
        .map((match) => match[1])
        .find((id) => id !== orderId)
      if (!onlineOrderId) throw new Error("the customer's online order is not on /my-orders")
      // An order the admin has confirmed, so it has its invoice (the invoice PDF's lines of the matrix).
      await visitors.customer.addToCart(product.id, product.size, 1)
      const invoicedOrderId = await visitors.customer.placeCodOrder()
      const card = JSON.parse((await visitors.admin.get(`/admin/orders/${invoicedOrderId}`)).text) as {
        version: string
      }
      const confirmed = await visitors.admin.send('POST', `/admin/orders/${invoicedOrderId}`, {
        form: { intent: 'status', status: 'confirmed', version: card.version },
      })
      if (confirmed.status !== 200) throw new Error(`the admin could not confirm an order: ${confirmed.status}`)
      // The customer's cart is not empty while the others try, and their browser is subscribed to pushes.
      await visitors.customer.addToCart(product.id, product.size, 2)
      // A guest's order, placed in a browser of its own: only that browser may see it.
      const guest = person({
        fullName: 'Guest Drill Shopper',
        email: `guest-${tag}@example.com`,
        phone: '9988776655',
        address: `Flat ${tag}, Rajwada Chowk, Indore`,
      })
      const guestBrowser = new Shopper(shop.url, guest)
      await guestBrowser.addToCart(product.id, product.size, 1)
      const guestOrderId = await guestBrowser.placeCodOrder()
      const endpoint = `http://127.0.0.1:9/push/${tag}`
      const subscribed = await visitors.customer.send('POST', '/api/push/subscriptions', {
        json: { endpoint, keys: SUBSCRIPTION_KEYS },
      })
      if (subscribed.status !== 201) throw new Error(`subscribing the customer failed: ${subscribed.status}`)

      const fill = (text: string) =>
        text
          .replaceAll('{orderId}', orderId)
          .replaceAll('{guestOrderId}', guestOrderId)
          .replaceAll('{onlineOrderId}', onlineOrderId)
          .replaceAll('{invoicedOrderId}', invoicedOrderId)
          .replaceAll('{onlineOrderNumber}', orderNumber(onlineOrderId))
          .replaceAll('{orderNumber}', orderNumber(orderId))
          .replaceAll('{productId}', product.id)
          .replaceAll('{productSlug}', product.slug)
          .replaceAll('{endpoint}', endpoint)
      const secrets = [
        owner.fullName,
        owner.email,
        owner.phone,
        owner.address,
        orderNumber(orderId),
        orderId,
        orderNumber(onlineOrderId),
        onlineOrderId,
        orderNumber(invoicedOrderId),
        invoicedOrderId,
        endpoint,
      ]
      const guestSecrets = [guest.email, guest.address, orderNumber(guestOrderId)]
      // The customer's things may reach the customer and the admin; the guest's, nobody of the four.
      const leaked = (role: Role, sent: string, text: string) =>
        [
          ...(role === 'anonymous' || role === 'otherCustomer' ? secrets : []),
          ...(role === 'admin' ? [] : guestSecrets),
        ].filter((secret) => !sent.includes(secret) && text.includes(secret))

      const wrongAnswers: string[] = []
      const serverErrors: string[] = []
      const leaks: string[] = []
      const shown: string[] = []
      let requests = 0
      // Below scale 0.5 each request is sent once per role; from 0.5 each page's data request (.data) too.
      const withData = scale >= 0.5
      for (const access of ROUTE_ACCESS) {
        for (const request of access.requests) {
          const path = fill(request.path)
          // What the request itself carries may come back (a search box, a form shown again).
          const sent = fill(`${path} ${JSON.stringify(request.form ?? request.json ?? '')}`)
          for (const role of ROLES) {
            const answer = await send(visitors[role], request, path, fill)
            requests++
            const what = `${request.method} ${path}${request.foreign ? ' (from another site)' : ''} as ${role}`
            if (answer.status >= 500) serverErrors.push(`${what}: ${answer.status}`)
            if (!matches(answer, request.answers[role])) {
              wrongAnswers.push(`${what}: ${told(answer)}, expected ${JSON.stringify(request.answers[role])}`)
            }
            if (request.shows) {
              const text = fill(request.shows.text)
              const allowed = request.shows.to.includes(role)
              if (allowed && !answer.text.includes(text)) shown.push(`${what} does not show ${JSON.stringify(text)}`)
              if (!allowed && !sent.includes(text) && answer.text.includes(text))
                shown.push(`${what} shows ${JSON.stringify(text)}`)
            }
            for (const secret of leaked(role, sent, answer.text)) leaks.push(`${what} shows ${secret}`)
            if (withData && request.method === 'GET' && !request.stream && access.audience !== 'machine') {
              const data = await visitors[role].get(dataPath(path))
              requests++
              if (data.status >= 500) serverErrors.push(`GET ${dataPath(path)} as ${role}: ${data.status}`)
              for (const secret of leaked(role, sent, data.text))
                leaks.push(`GET ${dataPath(path)} as ${role} shows ${secret}`)
            }
          }
        }
      }
      // The browser that placed the guest order does see it: the refusals above are not a broken page.
      const guestView = await guestBrowser.get(`/order-success?orderId=${guestOrderId}`)
      if (!guestView.text.includes(orderNumber(guestOrderId))) shown.push("the guest's browser does not see its order")
      log(`${requests} requests on ${ROUTE_ACCESS.length} routes`)
      for (const line of [...wrongAnswers, ...serverErrors, ...shown, ...leaks]) log(line)

      // Nothing the others sent changed the customer's things: read them in the database itself.
      await shop.stop()
      const database = await shop.open()
      let untouched: string[] = []
      try {
        untouched = await customerUntouched(database.db, {
          email: owner.email,
          name: owner.fullName,
          orderId,
          endpoint,
          productId: product.id,
        })
      } finally {
        await database.close()
      }

      const routes = ROUTE_ACCESS.length
      const list = (items: string[]) => (items.length ? items.slice(0, 12).join('; ') : '')
      return [
        invariant(
          'every route answers each role as the matrix says',
          wrongAnswers.length === 0,
          `${requests} requests on ${routes} routes; ${wrongAnswers.length} wrong ${list(wrongAnswers)}`,
        ),
        invariant(
          'no request is answered 5xx',
          serverErrors.length === 0,
          `${serverErrors.length} ${list(serverErrors)}`,
        ),
        invariant(
          'a record shows only to whom it belongs (its owner, the admin)',
          shown.length === 0,
          `${shown.length} ${list(shown)}`,
        ),
        invariant(
          "0 IDOR: nothing of the customer's order, address, cart or subscription reaches anonymous or another customer",
          leaks.length === 0,
          `${leaks.length} leaks ${list(leaks)}`,
        ),
        invariant(
          "the customer's order, cart, account and push subscription are unchanged by the others",
          untouched.length === 0,
          list(untouched) || 'order, its line, cart, name and subscription as the customer left them',
        ),
      ] satisfies Invariant[]
    } finally {
      await shop.dispose()
    }
  },
}

async function send(visitor: Shopper, request: AccessRequest, path: string, fill: (text: string) => string) {
  const form =
    request.form && Object.fromEntries(Object.entries(request.form).map(([key, value]) => [key, fill(value)]))
  return visitor.send(request.method, path, {
    form,
    json: request.json,
    foreign: request.foreign,
    streamUntil: request.stream ? fill(request.shows?.text ?? '') : undefined,
  })
}

/** React Router's data request for a page: /my-orders?order=1 → /my-orders.data?order=1, / → /_root.data. */
function dataPath(path: string): string {
  const url = new URL(path, 'http://shop')
  url.pathname = url.pathname === '/' ? '/_root.data' : `${url.pathname}.data`
  return `${url.pathname}${url.search}`
}

function matches(answer: HttpAnswer, expected: Answer): boolean {
  if (typeof expected === 'number') return answer.status === expected
  return [301, 302, 303, 307, 308].includes(answer.status) && (answer.location ?? '').startsWith(expected.redirect)
}

function told(answer: HttpAnswer): string {
  return answer.location ? `${answer.status} to ${answer.location}` : String(answer.status)
}

/** What differs from how the customer left their things (an empty list: nothing). */
async function customerUntouched(
  db: Db,
  expected: { email: string; name: string; orderId: string; endpoint: string; productId: string },
): Promise<string[]> {
  const changed: string[] = []
  const [user] = await db.select().from(users).where(eq(users.email, expected.email))
  if (!user || user.name !== expected.name) changed.push(`the account's name is ${user?.name}`)
  const placed = await db.select().from(orders)
  if (placed.length !== 4) changed.push(`${placed.length} orders in the shop (the customer placed 3, a guest 1)`)
  const [order] = placed.filter((row) => row.id === expected.orderId)
  if (!order || order.userId !== user?.id || order.status !== 'pending' || order.paymentStatus !== 'pending') {
    changed.push(`the order is ${order ? `${order.status}/${order.paymentStatus}` : 'gone'}`)
  }
  const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, expected.orderId))
  if (lines.length !== 1 || lines[0]?.quantity !== 1) changed.push(`the order has ${lines.length} lines`)
  const cart = user ? await db.select().from(cartItems).where(eq(cartItems.userId, user.id)) : []
  if (cart.length !== 1 || cart[0]?.productId !== expected.productId || cart[0]?.quantity !== 2) {
    changed.push(`the cart holds ${JSON.stringify(cart.map((line) => [line.productId, line.quantity]))}`)
  }
  const [subscription] = await db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, expected.endpoint), eq(pushSubscriptions.isActive, true)))
  if (!subscription || subscription.userId !== user?.id || subscription.isOwner) {
    changed.push('the push subscription is gone or changed')
  }
  const messages = await db.$count(contactMessages)
  const stored = await db.$count(reviews)
  if (messages || stored) changed.push(`${messages} messages and ${stored} reviews stored by refused requests`)
  return changed
}
