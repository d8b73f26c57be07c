// What a shopper does over HTTP, through the shop's own forms: sign up and sign in, the admin's
// sign-in, find a product, put it in the cart and place a cash-on-delivery order.
import { HttpVisitor } from './http-visitor.ts'

export interface Shopper {
  name: string
  email: string
  phone: string
  address: string
}

export async function signUpAndSignIn(baseUrl: string, shopper: Shopper, password: string): Promise<HttpVisitor> {
  const visitor = new HttpVisitor(baseUrl)
  const signUp = await visitor.post('/auth', { intent: 'sign-up', name: shopper.name, email: shopper.email, password })
  if (!signUp.text.includes('Your account is ready')) {
    throw new Error(`signing up ${shopper.email} failed: ${signUp.status} ${signUp.text.slice(0, 300)}`)
  }
  const signIn = await visitor.post('/auth', { intent: 'sign-in', email: shopper.email, password })
  if (signIn.status !== 302 || ![...visitor.cookies.keys()].some((name) => name.endsWith('session_token'))) {
    throw new Error(`signing in ${shopper.email} failed: ${signIn.status} ${signIn.text.slice(0, 300)}`)
  }
  return visitor
}

export async function signInAdmin(baseUrl: string, admin: { email: string; password: string }): Promise<HttpVisitor> {
  const visitor = new HttpVisitor(baseUrl)
  const answer = await visitor.post('/admin', { username: admin.email, password: admin.password })
  if (answer.status >= 400 || !(await visitor.get('/admin')).text.includes('data-admin-panel')) {
    throw new Error(`the admin could not sign in: ${answer.status} ${answer.text.slice(0, 300)}`)
  }
  return visitor
}

export interface ProductOnSale {
  id: string
  slug: string
  size: string
}

/** The first product of the catalogue page, with a pack size it is sold in. */
export async function findProduct(visitor: HttpVisitor): Promise<ProductOnSale> {
  const [first] = await findProducts(visitor, 1)
  if (!first) throw new Error('no product on /products')
  return first
}

/** Up to `limit` products of the catalogue page, each with every pack size its page offers. */
export async function findProducts(visitor: HttpVisitor, limit = Number.POSITIVE_INFINITY): Promise<ProductOnSale[]> {
  const list = await visitor.get('/products')
  const slugs = [...new Set([...list.text.matchAll(/href="\/products\/([a-z0-9-]+)"/g)].map((match) => match[1] ?? ''))]
  const found: ProductOnSale[] = []
  for (const slug of slugs.slice(0, limit)) {
    const page = await visitor.get(`/products/${slug}`)
    const id = /name="productId" value="([0-9a-f-]{36})"/.exec(page.text)?.[1]
    const sizes = new Set(
      [...page.text.matchAll(/<input[^>]*name="size"[^>]*>/g)]
        .map((input) => /value="([^"]+)"/.exec(input[0])?.[1])
        .filter((size) => size !== undefined),
    )
    for (const size of sizes) if (id) found.push({ id, slug, size })
  }
  if (!found.length) throw new Error('no add-to-cart form on the product pages')
  return found
}

/** Puts `quantity` packets of the product in the visitor's cart. */
export async function addToCart(visitor: HttpVisitor, product: ProductOnSale, quantity = 1): Promise<void> {
  const line = { productId: product.id, size: product.size, enhanced: '1' }
  for (const form of [
    { intent: 'add', ...line },
    { intent: 'set', quantity: String(quantity), ...line },
  ]) {
    const answer = await visitor.post('/cart', form)
    if (answer.status !== 200)
      throw new Error(`changing the cart failed: ${answer.status} ${answer.text.slice(0, 300)}`)
  }
}

/** Places a cash-on-delivery order of the visitor's cart; returns its id. */
export async function placeCodOrder(visitor: HttpVisitor, shopper: Shopper): Promise<string> {
  const answer = await submitCheckout(visitor, shopper, 'cod')
  const orderId = /orderId=([0-9a-f-]{36})/.exec(answer.location ?? '')?.[1]
  if (!orderId) throw new Error(`placing an order failed: ${answer.status} ${answer.text.slice(0, 300)}`)
  return orderId
}

/** Places an online-payment order of the visitor's cart; returns where the shop sent the browser (the gateway). */
export async function placeOnlineOrder(visitor: HttpVisitor, shopper: Shopper): Promise<string> {
  const answer = await submitCheckout(visitor, shopper, 'online')
  if (answer.status !== 302 || !answer.location) {
    throw new Error(`placing an online order failed: ${answer.status} ${answer.text.slice(0, 300)}`)
  }
  return answer.location
}

async function submitCheckout(visitor: HttpVisitor, shopper: Shopper, paymentMethod: 'cod' | 'online') {
  const checkout = await visitor.get('/checkout')
  const idempotencyKey = /name="idempotencyKey" value="([0-9a-f-]{36})"/.exec(checkout.text)?.[1]
  if (!idempotencyKey) throw new Error(`no checkout form: ${checkout.status}`)
  return visitor.post('/checkout', {
    idempotencyKey,
    fullName: shopper.name,
    email: shopper.email,
    phone: shopper.phone,
    address: shopper.address,
    city: 'Indore',
    state: 'Madhya Pradesh',
    pincode: '452010',
    paymentMethod,
    acceptTerms: 'on',
  })
}
