// A shopper over HTTP, as a browser without JavaScript is one: cookies kept between requests, forms
// posted as application/x-www-form-urlencoded from the shop's own origin (or, when asked, from another
// site), redirects read rather than followed. Each shopper has an address of its own (X-Forwarded-For;
// the drill's server trusts it). Signs up and in, signs in as the admin, finds products, fills the
// cart and places orders the way the checkout page does: its idempotency key, the delivery form.

export type PaymentMethod = 'cod' | 'online'

export interface Answer {
  status: number
  /** Where a redirect goes (path and query when it stays on the shop, the whole address when not). */
  location: string | null
  text: string
}

export interface SendOptions {
  form?: Record<string, string>
  json?: unknown
  /** Posted from another site. */
  foreign?: boolean
  /** A stream that never ends: read it until this text arrives (or 5 s pass), then let it go. */
  streamUntil?: string
}

/** What the checkout form's submission came to. */
export type Placement =
  /**
   * Answered with a redirect to the order's page (cash on delivery), to the gateway (online), or to
   * the checkout page's 'pay again' for the order when its payment could not be started.
   */
  | { outcome: 'placed'; status: number; location: string; orderId: string | null }
  /** Answered with the checkout page and its alert: the title and message the shopper read. */
  | { outcome: 'refused'; status: number; title: string; message: string }
  /** Anything else: a 5xx, a lost connection (the server was killed), an unexpected page. */
  | { outcome: 'failed'; status: number; error: string }

/** The delivery form's fields but the payment method. */
export interface DeliveryDetails {
  fullName: string
  email: string
  phone: string
  address: string
  city: string
  state: string
  pincode: string
}

export interface ProductOnSale {
  id: string
  slug: string
  size: string
}

/** A valid delivery form for the shopper numbered `index` (an e-mail and mobile number of its own). */
export function deliveryDetails(index: number, name = 'Asha Verma'): DeliveryDetails {
  return {
    fullName: name,
    email: `shopper${index}@example.in`,
    phone: `9${String(100_000_000 + index).slice(-9)}`,
    address: `${index + 1}, Vijay Nagar, Scheme 54`,
    city: 'Indore',
    state: 'Madhya Pradesh',
    pincode: '452010',
  }
}

let nextAddress = 1

export class Shopper {
  readonly baseUrl: string
  /** What this shopper fills the delivery form with. */
  readonly details: DeliveryDetails
  readonly address: string
  readonly cookies = new Map<string, string>()

  constructor(baseUrl: string, details: DeliveryDetails = deliveryDetails(nextAddress)) {
    this.baseUrl = baseUrl
    this.details = details
    const n = nextAddress++
    this.address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
  }

  /** The Cookie header this shopper's next request carries. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  /** One request with this shopper's cookies and address; Set-Cookie is kept, redirects are not followed. */
  async send(method: string, path: string, options: SendOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = {
      accept: 'text/html',
      'x-forwarded-for': this.address,
      origin: options.foreign ? 'https://forged.example' : this.baseUrl,
      'sec-fetch-site': options.foreign ? 'cross-site' : 'same-origin',
    }
    if (this.cookies.size) headers.cookie = this.cookieHeader()
    let body: string | undefined
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      body = new URLSearchParams(options.form).toString()
    } else if (options.json !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(options.json)
    }
    const controller = new AbortController()
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers,
      body,
      redirect: 'manual',
      signal: controller.signal,
    }).catch((error: unknown) => {
      // fetch says only "fetch failed": the cause (a reset, a closed socket, a timeout) is what tells.
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : null
      throw cause ? new Error(`${method} ${path}: fetch failed (${describeCause(cause)})`, { cause: error }) : error
    })
    this.keepCookies(response.headers)
    let text: string
    if (options.streamUntil !== undefined && response.body) {
      text = await readUntil(response.body, options.streamUntil)
      controller.abort()
    } else {
      text = await response.text()
    }
    const raw = response.headers.get('location')
    let location: string | null = null
    if (raw) {
      const target = new URL(raw, this.baseUrl)
      location = target.origin === new URL(this.baseUrl).origin ? `${target.pathname}${target.search}` : target.href
    }
    return { status: response.status, location, text }
  }

  get(path: string) {
    return this.send('GET', path)
  }

  post(path: string, form: Record<string, string>) {
    return this.send('POST', path, { form })
  }

  /** Creates an account with the sign-up form and signs in with the sign-in form. */
  async signUpAndSignIn(email: string, password: string, name = this.details.fullName): Promise<void> {
    const signUp = await this.post('/auth', { intent: 'sign-up', name, email, password })
    if (!signUp.text.includes('Your account is ready')) {
      throw new Error(`signing up ${email} failed: ${signUp.status} ${signUp.text.slice(0, 300)}`)
    }
    const signIn = await this.post('/auth', { intent: 'sign-in', email, password })
    if (signIn.status !== 302 || !this.hasSession()) {
      throw new Error(`signing in ${email} failed: ${signIn.status} ${signIn.text.slice(0, 300)}`)
    }
  }

  /** Signs in with the admin's sign-in form. */
  async signInAsAdmin(admin: { email: string; password: string }): Promise<void> {
    const answer = await this.post('/admin', { username: admin.email, password: admin.password })
    if (answer.status >= 400 || !(await this.get('/admin')).text.includes('data-admin-panel')) {
      throw new Error(`the admin could not sign in: ${answer.status} ${answer.text.slice(0, 300)}`)
    }
  }

  private hasSession() {
    return [...this.cookies.keys()].some((name) => name.endsWith('session_token'))
  }

  /** Up to `limit` products of the catalogue page, each with every pack size its page offers. */
  async findProducts(limit = Number.POSITIVE_INFINITY): Promise<ProductOnSale[]> {
    const list = await this.get('/products')
    const slugs = [...new Set([...list.text.matchAll(/href="\/products\/([a-z0-9-]+)"/g)].map((match) => match[1]!))]
    const found: ProductOnSale[] = []
    for (const slug of slugs.slice(0, limit)) {
      const page = await this.get(`/products/${slug}`)
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

  /**
   * The cart form's Add button, then (given a quantity) its quantity field; throws when the shop
   * refuses (the product is sold out, say).
   */
  async addToCart(productId: string, size = '250g', quantity?: number): Promise<void> {
    await this.cartForm({ intent: 'add', productId, size })
    if (quantity !== undefined) await this.cartForm({ intent: 'set', productId, size, quantity: String(quantity) })
  }

  /** The cart drawer's coupon form. */
  async applyCoupon(code: string): Promise<void> {
    await this.cartForm({ intent: 'coupon', code })
  }

  private async cartForm(form: Record<string, string>) {
    // The enhanced form answers with the result as data; the plain one redirects to /checkout.
    const answer = await this.post('/cart', { ...form, enhanced: '1' })
    if (answer.status !== 200)
      throw new Error(`the cart refused ${form.intent} (${answer.status}): ${answer.text.slice(0, 200)}`)
  }

  /** Opens the checkout (/checkout, or /hi/checkout in Hindi) and reads the form's idempotency key, as the page hands it to the browser. */
  async openCheckout(path = '/checkout'): Promise<string> {
    const answer = await this.get(path)
    const key = /name="idempotencyKey" value="([0-9a-f-]{36})"/.exec(answer.text)?.[1]
    if (answer.status !== 200 || !key) throw new Error(`the checkout page had no form (${answer.status})`)
    return key
  }

  /** Submits the delivery form with this key (the same key again is the browser's retry), to /checkout or the page given. */
  async placeOrder(key: string, paymentMethod: PaymentMethod, path = '/checkout'): Promise<Placement> {
    let answer: Answer
    try {
      answer = await this.post(path, { idempotencyKey: key, ...this.details, paymentMethod, acceptTerms: 'on' })
    } catch (error) {
      return { outcome: 'failed', status: 0, error: error instanceof Error ? error.message : String(error) }
    }
    const { status, location, text } = answer
    if ((status === 302 || status === 303) && location) {
      const orderId =
        /[?&]orderId=([0-9a-f-]{36})/.exec(location)?.[1] ?? /\/pay\/MN-([0-9a-f-]{36})-/.exec(location)?.[1]
      return { outcome: 'placed', status, location, orderId: orderId ?? null }
    }
    const alert = /<div role="alert"[^>]*>.*?<p[^>]*>(.*?)<\/p><p[^>]*>(.*?)<\/p>/s.exec(text)
    if (status >= 400 && status < 500 && alert) {
      return { outcome: 'refused', status, title: htmlText(alert[1]!), message: htmlText(alert[2]!) }
    }
    return { outcome: 'failed', status, error: text.slice(0, 300) }
  }

  /** Opens the checkout and places a cash-on-delivery order of the cart; returns its id. */
  async placeCodOrder(): Promise<string> {
    const placement = await this.placeOrder(await this.openCheckout(), 'cod')
    if (placement.outcome !== 'placed' || !placement.orderId)
      throw new Error(`placing an order failed: ${JSON.stringify(placement).slice(0, 300)}`)
    return placement.orderId
  }

  /** Opens the checkout and places an online order of the cart; returns where the shop sent the browser (the gateway). */
  async placeOnlineOrder(): Promise<string> {
    const placement = await this.placeOrder(await this.openCheckout(), 'online')
    if (placement.outcome !== 'placed')
      throw new Error(`placing an online order failed: ${JSON.stringify(placement).slice(0, 300)}`)
    return placement.location
  }

  private keepCookies(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const at = pair.indexOf('=')
      const name = pair.slice(0, at).trim()
      const value = pair.slice(at + 1).trim()
      const expired = attributes.some((attribute) => {
        const [key = '', setting = ''] = attribute.trim().split('=')
        return (
          (key.toLowerCase() === 'max-age' && Number(setting) <= 0) ||
          (key.toLowerCase() === 'expires' && Date.parse(setting) < Date.now())
        )
      })
      if (expired || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }
}

function htmlText(html: string): string {
  return html
    .replace(/<!-- -->/g, '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

async function readUntil(body: ReadableStream<Uint8Array>, until: string): Promise<string> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  const deadline = Date.now() + 5000
  let text = ''
  while (!text.includes(until) && Date.now() < deadline) {
    const timeLeft = new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now()).unref())
    const chunk = await Promise.race([reader.read(), timeLeft])
    if (!chunk || chunk.done) break
    text += decoder.decode(chunk.value, { stream: true })
  }
  return text
}

function describeCause(cause: Error): string {
  const code = (cause as Error & { code?: unknown }).code
  return typeof code === 'string' ? `${code}: ${cause.message}` : cause.message
}
