// The people the fuzz drill asks as, signed in over HTTP the way a browser does: the admin, customer A
// (who has placed an order) and customer B (who has not, and is handed A's order id), plus the shop's
// real ids (products, slugs, A's order) for inputs that point at other people's things.
import { randomUUID } from 'node:crypto'

export interface Role {
  name: 'anonymous' | 'customer A' | 'customer B' | 'admin'
  cookie: string
}

export interface ShopIds {
  productIds: string[]
  slugs: string[]
  /** Customer A's order: for everyone else, someone else's. */
  otherOrderId: string
}

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

/** Cookies as a browser would send them next: the name=value of every Set-Cookie, updated. */
function keepCookies(jar: Map<string, string>, response: Response) {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';')
    const at = pair!.indexOf('=')
    const name = pair!.slice(0, at)
    const value = pair!.slice(at + 1)
    if (/Max-Age=0\b/i.test(line) || value === '') jar.delete(name)
    else jar.set(name, value)
  }
}

const header = (jar: Map<string, string>) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ')

async function post(baseUrl: string, path: string, jar: Map<string, string>, fields: Record<string, string>) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { ...FORM, cookie: header(jar) },
    body: new URLSearchParams(fields),
    redirect: 'manual',
  })
  keepCookies(jar, response)
  await response.arrayBuffer()
  return response
}

async function signUpAndIn(baseUrl: string, email: string): Promise<Map<string, string>> {
  const jar = new Map<string, string>()
  const password = `fuzz-${randomUUID()}`
  await post(baseUrl, '/auth', jar, { intent: 'sign-up', name: 'Fuzz Shopper', email, password })
  await post(baseUrl, '/auth', jar, { intent: 'sign-in', email, password })
  if (![...jar.keys()].some((name) => name.includes('session_token'))) {
    throw new Error(`could not sign in as ${email}`)
  }
  return jar
}

export async function signInRoles(
  baseUrl: string,
  admin: { email: string; password: string },
): Promise<{ roles: Role[]; ids: ShopIds }> {
  const html = await (await fetch(`${baseUrl}/products`)).text()
  const productIds = [...new Set([...html.matchAll(/name="productId" value="([0-9a-f-]{36})"/g)].map((m) => m[1]!))]
  const slugs = [...new Set([...html.matchAll(/href="\/products\/([a-z0-9-]+)"/g)].map((m) => m[1]!))]
  if (!productIds.length) throw new Error('no products found on /products')

  const adminJar = new Map<string, string>()
  await post(baseUrl, '/admin', adminJar, { username: admin.email, password: admin.password })
  if (![...adminJar.keys()].some((name) => name.includes('session_token')))
    throw new Error('could not sign in as the admin')

  const a = await signUpAndIn(baseUrl, `fuzz-a-${randomUUID().slice(0, 8)}@example.com`)
  const b = await signUpAndIn(baseUrl, `fuzz-b-${randomUUID().slice(0, 8)}@example.com`)
  await post(baseUrl, '/cart', a, { intent: 'add', productId: productIds[0]!, size: '250g' })
  const placed = await post(baseUrl, '/checkout', a, {
    idempotencyKey: randomUUID(),
    fullName: 'Fuzz Shopper',
    email: 'fuzz-a@example.com',
    phone: '9876543210',
    address: '12, Vijay Nagar, Scheme 54',
    city: 'Indore',
    state: 'Madhya Pradesh',
    pincode: '452010',
    paymentMethod: 'cod',
    acceptTerms: 'on',
  })
  const otherOrderId = /orderId=([0-9a-f-]{36})/.exec(placed.headers.get('location') ?? '')?.[1]
  if (!otherOrderId) throw new Error(`customer A could not place an order (${placed.status})`)

  return {
    roles: [
      { name: 'anonymous', cookie: '' },
      { name: 'customer A', cookie: header(a) },
      { name: 'customer B', cookie: header(b) },
      { name: 'admin', cookie: header(adminJar) },
    ],
    ids: { productIds, slugs, otherOrderId },
  }
}
