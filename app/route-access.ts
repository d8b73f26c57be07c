// Who may reach each route of app/routes.ts, and what each of them is answered: the authorization
// matrix. Every route is classified (a unit test fails on a route that is not), each with requests
// to make and the answer each role gets. The authz drill (scripts/drills/authz.ts) sends every request
// as every role to the production server, with real accounts, and checks the answers and that nothing
// of one customer reaches another. The admin's routes come from ADMIN_ENDPOINTS (app/admin).
import { ADMIN_ENDPOINTS } from './admin/admin-routes.ts'
import { hasHindiVersion, localizedHref } from './i18n/locale.ts'
import routes from './routes.ts'

/** The four callers: nobody, the customer whose order, cart and address the drill makes, another customer, the admin. */
export const ROLES = ['anonymous', 'customer', 'otherCustomer', 'admin'] as const
export type Role = (typeof ROLES)[number]

/**
 * public: anyone, the same for all. signed-in: an account's own page (anonymous is sent to sign in).
 * owner: a record of one customer (an order), for its owner only. admin: the admin only. machine: called
 * by a program (the payment gateway, the browser's push subscription), checked by its own credential.
 */
export type Audience = 'public' | 'signed-in' | 'owner' | 'admin' | 'machine'

/** The status a role gets, or a redirect and (the start of) where it goes. */
export type Answer = number | { redirect: string }

export interface AccessRequest {
  method: 'GET' | 'POST' | 'DELETE'
  /**
   * Where to send it. {orderId}, {orderNumber}, {productId}, {productSlug} and {endpoint} stand for the
   * customer's order, one of the shop's products and the customer's push subscription; {onlineOrderId}
   * and {onlineOrderNumber} for the customer's unpaid online order; {invoicedOrderId} for the customer's
   * order the admin confirmed (it has its invoice); {guestOrderId}
   * for an order a guest placed in a browser of their own (none of the four roles placed it).
   */
  path: string
  form?: Record<string, string>
  json?: unknown
  /** Sent from another site (a forged form): refused before anything is read. */
  foreign?: boolean
  answers: Record<Role, Answer>
  /** Text that appears in the answers of these roles only (the order number for its owner, admin-only text). */
  shows?: { text: string; to: readonly Role[] }
  /** A stream that never ends (Server-Sent Events): only its first chunk is read. */
  stream?: boolean
}

export interface RouteAccess {
  /** The route's pattern in app/routes.ts. */
  route: string
  audience: Audience
  requests: readonly AccessRequest[]
}

const all = (answer: Answer): Record<Role, Answer> => ({
  anonymous: answer,
  customer: answer,
  otherCustomer: answer,
  admin: answer,
})
const signedIn = (anonymous: Answer, others: Answer): Record<Role, Answer> => ({
  anonymous,
  customer: others,
  otherCustomer: others,
  admin: others,
})
const ownerOnly = (owner: Answer, others: Answer, anonymous: Answer = others): Record<Role, Answer> => ({
  anonymous,
  customer: owner,
  otherCustomer: others,
  admin: others,
})
/** An order's invoice: its owner and the admin; anyone else is told it is not found. */
const INVOICE_READERS: Record<Role, Answer> = { anonymous: 404, customer: 200, otherCustomer: 404, admin: 200 }
const page = (route: string, path = route): RouteAccess => ({
  route,
  audience: 'public',
  requests: [{ method: 'GET', path, answers: all(200) }],
})
/** A form posted from another site: refused at the edge (app/platform/request-input.server.ts), 403. */
const FORGED_POST = 403
const ORDER = { text: '{orderNumber}', to: ['customer'] } as const
const SIGN_IN = (to: string) => ({ redirect: `/auth?redirectTo=${to}` })
/** A well-formed push subscription (a P-256 point and a 16-byte secret) on a push service that answers nothing. */
export const SUBSCRIPTION_KEYS = {
  p256dh: `BA${'A'.repeat(85)}`,
  auth: 'AAAAAAAAAAAAAAAAAAAAAA',
}

const SHOP_ROUTES: readonly RouteAccess[] = [
  page('/'),
  page('/products'),
  {
    route: '/products/:slug',
    audience: 'public',
    requests: [
      { method: 'GET', path: '/products/{productSlug}', answers: all(200) },
      { method: 'GET', path: '/products/no-such-namkeen', answers: all(404) },
    ],
  },
  page('/about'),
  {
    route: '/contact',
    audience: 'public',
    requests: [
      { method: 'GET', path: '/contact', answers: all(200) },
      // An empty message is refused with the form's sentences; nothing is stored.
      { method: 'POST', path: '/contact', form: { name: '', email: '', message: '' }, answers: all(400) },
    ],
  },
  page('/blog'),
  page('/blog/feed.xml'),
  {
    route: '/blog/:slug',
    audience: 'public',
    requests: [{ method: 'GET', path: '/blog/no-such-post', answers: all(404) }],
  },
  page('/faq'),
  {
    route: '/auth',
    audience: 'public',
    requests: [
      // A signed-in visitor has nothing to do on the sign-in page.
      { method: 'GET', path: '/auth', answers: signedIn(200, { redirect: '/' }) },
      {
        method: 'POST',
        path: '/auth',
        form: { intent: 'sign-in', email: '', password: '' },
        answers: signedIn(200, { redirect: '/' }),
      },
      { method: 'POST', path: '/auth', form: { intent: 'sign-in' }, foreign: true, answers: all(FORGED_POST) },
    ],
  },
  {
    route: '/cart',
    audience: 'public',
    requests: [
      { method: 'GET', path: '/cart', answers: all({ redirect: '/checkout' }) },
      // Each visitor's cart is their own (cookie or account); a bad change is refused for all.
      { method: 'POST', path: '/cart', form: { intent: 'set', enhanced: '1' }, answers: all(400) },
    ],
  },
  {
    // The PIN code box's answer: the same for everyone; a PIN code that is not one is refused.
    route: '/delivery',
    audience: 'public',
    requests: [
      { method: 'GET', path: '/delivery?pin=452001', answers: all(200) },
      { method: 'GET', path: '/delivery?pin=045200', answers: all(400) },
    ],
  },
  {
    route: '/checkout',
    audience: 'public',
    requests: [
      { method: 'GET', path: '/checkout', answers: all(200) },
      { method: 'GET', path: '/checkout?orderId={orderId}', answers: all(200) },
      // Paying again: the customer's unpaid online order is offered to the customer alone.
      {
        method: 'GET',
        path: '/checkout?orderId={onlineOrderId}',
        answers: all(200),
        shows: { text: '{onlineOrderNumber}', to: ['customer'] },
      },
      {
        method: 'POST',
        path: '/checkout',
        form: { intent: 'pay-again', orderId: '{orderId}' },
        // The customer's order is cash on delivery: nothing to pay, for them or anyone.
        answers: all(409),
      },
      {
        method: 'POST',
        path: '/checkout',
        form: { intent: 'pay-again', orderId: '{onlineOrderId}' },
        answers: ownerOnly({ redirect: 'http://127.0.0.1:' }, 409),
      },
    ],
  },
  {
    route: '/track-order',
    audience: 'public',
    requests: [
      { method: 'GET', path: '/track-order', answers: all(200) },
      // The order number alone finds nothing: the mobile number it was placed with is the key.
      {
        method: 'POST',
        path: '/track-order',
        form: { orderNumber: '{orderNumber}', phone: '9000000001' },
        answers: all(200),
      },
    ],
  },
  {
    route: '/order-success',
    audience: 'owner',
    requests: [
      {
        method: 'GET',
        path: '/order-success?orderId={orderId}',
        answers: ownerOnly(200, { redirect: '/' }),
        shows: ORDER,
      },
      { method: 'GET', path: '/order-success?orderId={guestOrderId}', answers: all({ redirect: '/' }) },
    ],
  },
  {
    route: '/payment-status',
    audience: 'owner',
    requests: [
      { method: 'GET', path: '/payment-status?orderId={orderId}', answers: ownerOnly(200, 404), shows: ORDER },
      {
        method: 'GET',
        path: '/payment-status?orderId={onlineOrderId}',
        answers: ownerOnly(200, 404),
        shows: { text: '{onlineOrderNumber}', to: ['customer'] },
      },
      { method: 'GET', path: '/payment-status?orderId={guestOrderId}', answers: all(404) },
    ],
  },
  {
    route: '/my-orders',
    audience: 'owner',
    requests: [
      { method: 'GET', path: '/my-orders', answers: ownerOnly(200, 200, SIGN_IN('/my-orders')), shows: ORDER },
      {
        method: 'GET',
        path: '/my-orders?order={orderId}',
        answers: ownerOnly(200, 404, SIGN_IN('/my-orders')),
        shows: ORDER,
      },
      {
        method: 'GET',
        path: '/my-orders?q={orderNumber}',
        answers: ownerOnly(200, 200, SIGN_IN('/my-orders')),
        shows: ORDER,
      },
      // Order again (docs/decisions/030-order-again.md) on an order that is not the asker's (a guest's):
      // not found, and nothing changes. The owner's own (its cart grows) is order-again.test.ts's.
      {
        method: 'POST',
        path: '/my-orders',
        form: { intent: 'again', orderId: '{guestOrderId}' },
        answers: signedIn(SIGN_IN('/my-orders'), 404),
      },
      {
        method: 'POST',
        path: '/my-orders',
        form: { intent: 'again', orderId: '{orderId}' },
        foreign: true,
        answers: all(FORGED_POST),
      },
    ],
  },
  {
    // The order's invoice page: its owner and the admin see it (a pending order's page says the invoice
    // comes once it is confirmed); anyone else is told it is not found.
    route: '/orders/:orderId/invoice',
    audience: 'owner',
    requests: [
      {
        method: 'GET',
        path: '/orders/{orderId}/invoice',
        answers: INVOICE_READERS,
        shows: { text: '{orderNumber}', to: ['customer', 'admin'] },
      },
      {
        method: 'GET',
        path: '/orders/{invoicedOrderId}/invoice',
        answers: INVOICE_READERS,
      },
      { method: 'GET', path: '/orders/{guestOrderId}/invoice', answers: { ...all(404), admin: 200 } },
      // A made-up link key opens nothing.
      { method: 'GET', path: '/orders/{invoicedOrderId}/invoice?key=4102444800.x', answers: INVOICE_READERS },
    ],
  },
  {
    route: '/orders/:orderId/invoice.pdf',
    audience: 'owner',
    requests: [
      {
        method: 'GET',
        path: '/orders/{invoicedOrderId}/invoice.pdf',
        answers: INVOICE_READERS,
      },
      // A pending order has no invoice yet, for its owner too.
      { method: 'GET', path: '/orders/{orderId}/invoice.pdf', answers: all(404) },
    ],
  },
  {
    route: '/account',
    audience: 'signed-in',
    requests: [
      { method: 'GET', path: '/account', answers: signedIn(SIGN_IN('/account'), 200) },
      // An empty name is refused; nobody's name changes.
      {
        method: 'POST',
        path: '/account',
        form: { intent: 'name', name: '' },
        answers: signedIn(SIGN_IN('/account'), 200),
      },
      {
        method: 'POST',
        path: '/account',
        form: { intent: 'name', name: 'Forged' },
        foreign: true,
        answers: all(FORGED_POST),
      },
    ],
  },
  // The address book (docs/decisions/029-saved-addresses.md): each account's own; an id that is not
  // the asker's is not found (the integration test saved-addresses.test.ts tries another account's).
  {
    route: '/account/addresses',
    audience: 'signed-in',
    requests: [
      { method: 'GET', path: '/account/addresses', answers: signedIn(SIGN_IN('/account/addresses'), 200) },
      {
        method: 'POST',
        path: '/account/addresses',
        form: { intent: 'delete', addressId: '00000000-0000-4000-8000-000000000000' },
        answers: signedIn(SIGN_IN('/account/addresses'), 404),
      },
      {
        method: 'POST',
        path: '/account/addresses',
        form: { intent: 'delete', addressId: '00000000-0000-4000-8000-000000000000' },
        foreign: true,
        answers: all(FORGED_POST),
      },
    ],
  },
  {
    route: '/account/addresses/new',
    audience: 'signed-in',
    requests: [
      { method: 'GET', path: '/account/addresses/new', answers: signedIn(SIGN_IN('/account/addresses/new'), 200) },
      // An empty form is refused with the form's sentences; nothing is stored.
      {
        method: 'POST',
        path: '/account/addresses/new',
        form: { label: 'home' },
        answers: signedIn(SIGN_IN('/account/addresses/new'), 400),
      },
    ],
  },
  {
    route: '/account/addresses/:addressId',
    audience: 'signed-in',
    requests: [
      {
        method: 'GET',
        path: '/account/addresses/00000000-0000-4000-8000-000000000000',
        answers: signedIn(SIGN_IN('/account/addresses/00000000-0000-4000-8000-000000000000'), 404),
      },
    ],
  },
  {
    route: '/reviews',
    audience: 'signed-in',
    requests: [
      { method: 'GET', path: '/reviews', answers: all(404) },
      // Only a shopper who received the product may review it; the customer's order is not delivered yet.
      {
        method: 'POST',
        path: '/reviews',
        form: { enhanced: '1', productId: '{productId}', rating: '5', body: 'Crisp and fresh' },
        answers: signedIn(401, 403),
      },
    ],
  },
  {
    route: '/uploads/*',
    audience: 'public',
    requests: [{ method: 'GET', path: '/uploads/products/00000000-no-such-image-320.webp', answers: all(404) }],
  },
  page('/quality-policy'),
  page('/terms-and-conditions'),
  page('/privacy-policy'),
  page('/shipping-policy'),
  page('/sitemap.xml'),
  page('/robots.txt'),
  page('/manifest.webmanifest'),
  page('/offline'),
  page('/hi/offline'),
  {
    route: '/auth/provider/:provider',
    audience: 'public',
    // No provider is configured on the drill's server.
    requests: [
      { method: 'GET', path: '/auth/provider/google', answers: all({ redirect: '/auth?error=provider_not_found' }) },
    ],
  },
  {
    route: '/api/auth/*',
    audience: 'machine',
    // better-auth's own endpoints are closed but for the providers' callbacks.
    requests: [
      { method: 'GET', path: '/api/auth/get-session', answers: all(404) },
      { method: 'GET', path: '/api/auth/list-sessions', answers: all(404) },
      { method: 'POST', path: '/api/auth/update-user', json: { name: 'Forged' }, answers: all(404) },
    ],
  },
  {
    route: '/logout',
    audience: 'public',
    requests: [
      { method: 'GET', path: '/logout', answers: all({ redirect: '/' }) },
      // A forged sign-out from another site signs nobody out.
      { method: 'POST', path: '/logout', form: {}, foreign: true, answers: all(FORGED_POST) },
    ],
  },
  {
    route: '/api/payments/phonepe/webhook',
    audience: 'machine',
    requests: [
      { method: 'GET', path: '/api/payments/phonepe/webhook', answers: all(405) },
      // Without the gateway's credentials a callback is refused.
      { method: 'POST', path: '/api/payments/phonepe/webhook', json: {}, answers: all(401) },
    ],
  },
  {
    route: '/api/hooks/courier-events',
    audience: 'machine',
    requests: [
      { method: 'GET', path: '/api/hooks/courier-events', answers: all(405) },
      // The matrix's server has no Shiprocket: nothing listens here (with it, a wrong key is a 401).
      { method: 'POST', path: '/api/hooks/courier-events', json: {}, answers: all(404) },
    ],
  },
  {
    route: '/api/hooks/whatsapp',
    audience: 'machine',
    requests: [
      // The matrix's server has no WhatsApp: nothing listens here (with it, a wrong verify token is a
      // 403 and a POST without Meta's signature a 401).
      {
        method: 'GET',
        path: '/api/hooks/whatsapp?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1158201444',
        answers: all(404),
      },
      { method: 'POST', path: '/api/hooks/whatsapp', json: {}, answers: all(404) },
    ],
  },
  {
    route: '/api/payments/status',
    audience: 'owner',
    requests: [
      {
        method: 'GET',
        path: '/api/payments/status?orderId={orderId}',
        answers: ownerOnly(200, 404),
      },
      { method: 'GET', path: '/api/payments/status?orderId={onlineOrderId}', answers: ownerOnly(200, 404) },
      { method: 'GET', path: '/api/payments/status?orderId={guestOrderId}', answers: all(404) },
    ],
  },
  page('/api/push/public-key'),
  {
    route: '/api/push/subscriptions',
    audience: 'machine',
    requests: [
      { method: 'GET', path: '/api/push/subscriptions', answers: all(405) },
      // Only the admin registers a device for order alerts.
      {
        method: 'POST',
        path: '/api/push/subscriptions',
        json: { endpoint: 'http://127.0.0.1:9/push/owner-device', keys: SUBSCRIPTION_KEYS, owner: true },
        answers: { anonymous: 403, customer: 403, otherCustomer: 403, admin: 201 },
      },
      { method: 'DELETE', path: '/api/push/subscriptions', json: { endpoint: 'nothing' }, answers: all(400) },
    ],
  },
  {
    route: '/ops/backup',
    audience: 'machine',
    // Only `npm run backup` on the shop's machine, with the one-time token it wrote in the data folder.
    requests: [
      { method: 'GET', path: '/ops/backup', answers: all(404) },
      { method: 'GET', path: '/ops/backup?token=guess', answers: all(404) },
    ],
  },
  {
    route: '/*',
    audience: 'public',
    requests: [{ method: 'GET', path: '/no-such-page', answers: all(404) }],
  },
]

/** The customer's order seen through the admin's routes: the admin's, and nobody else's. */
const ADMIN_ORDER_REQUESTS: readonly RouteAccess[] = [
  {
    route: '/admin/orders/:orderId',
    audience: 'admin',
    requests: [
      {
        method: 'GET',
        path: '/admin/orders/{orderId}',
        answers: { anonymous: 403, customer: 403, otherCustomer: 403, admin: 200 },
        shows: { text: '{orderNumber}', to: ['admin'] },
      },
      {
        // A stale version: even the admin changes nothing.
        method: 'POST',
        path: '/admin/orders/{orderId}',
        form: { intent: 'status', status: 'cancelled', version: '2020-01-01T00:00:00.000Z' },
        answers: { anonymous: 403, customer: 403, otherCustomer: 403, admin: 409 },
      },
    ],
  },
  {
    route: '/admin/orders/:orderId/slip',
    audience: 'admin',
    requests: [
      {
        method: 'GET',
        path: '/admin/orders/{orderId}/slip',
        answers: { anonymous: 403, customer: 403, otherCustomer: 403, admin: 200 },
        shows: { text: '{orderNumber}', to: ['admin'] },
      },
    ],
  },
  {
    route: '/admin/orders.csv',
    audience: 'admin',
    requests: [
      {
        method: 'GET',
        path: '/admin/orders.csv',
        answers: { anonymous: 403, customer: 403, otherCustomer: 403, admin: 200 },
        shows: { text: '{orderNumber}', to: ['admin'] },
      },
    ],
  },
]

/** The panel's pages (the /admin layout's children): everyone but the admin is shown its login form. */
const PANEL_PAGES = new Set([
  '/admin',
  ...(routes.find((entry) => entry.path === 'admin')?.children ?? []).map((child) =>
    child.path ? `/admin/${child.path}` : '/admin',
  ),
])

function adminRoutes(): RouteAccess[] {
  const byRoute = new Map<string, AccessRequest[]>()
  for (const endpoint of ADMIN_ENDPOINTS) {
    const loginForm = endpoint.method === 'GET' && PANEL_PAGES.has(endpoint.route)
    const refused = loginForm ? 200 : 403
    const requests = byRoute.get(endpoint.route) ?? []
    requests.push({
      method: endpoint.method,
      path: endpoint.path,
      form: endpoint.form,
      stream: endpoint.stream,
      answers: { anonymous: refused, customer: refused, otherCustomer: refused, admin: endpoint.adminStatus ?? 200 },
      shows: { text: endpoint.adminOnly, to: ['admin'] },
    })
    byRoute.set(endpoint.route, requests)
  }
  for (const extra of ADMIN_ORDER_REQUESTS) byRoute.get(extra.route)?.push(...extra.requests)
  return [...byRoute].map(([route, requests]) => ({ route, audience: 'admin', requests }))
}

/**
 * The shop's pages in Hindi (/hi/..., docs/decisions/024-hindi.md): the same requests and answers as
 * their English pages, their redirects to the shop's pages in Hindi too; an unknown Hindi page is a 404.
 */
function hindiRoutes(): RouteAccess[] {
  const inHindi = (answer: Answer): Answer =>
    typeof answer === 'number' ? answer : { redirect: localizedHref(answer.redirect, 'hi') }
  const localized = SHOP_ROUTES.filter((access) => access.route !== '/*' && hasHindiVersion(access.route))
  return [
    ...localized.map((access) => ({
      ...access,
      route: access.route === '/' ? '/hi' : `/hi${access.route}`,
      requests: access.requests.map((request) => ({
        ...request,
        path: localizedHref(request.path, 'hi'),
        answers: Object.fromEntries(ROLES.map((role) => [role, inHindi(request.answers[role])])) as Record<
          Role,
          Answer
        >,
      })),
    })),
    { route: '/hi/*', audience: 'public', requests: [{ method: 'GET', path: '/hi/no-such-page', answers: all(404) }] },
  ]
}

export const ROUTE_ACCESS: readonly RouteAccess[] = [...SHOP_ROUTES, ...hindiRoutes(), ...adminRoutes()]
