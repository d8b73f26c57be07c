// A shopper as a browser without JavaScript is one: cookies kept between requests, forms posted as
// application/x-www-form-urlencoded with the page's Origin, redirects read rather than followed. Each
// shopper has an address of its own (X-Forwarded-For; the drill's server trusts it). Places orders
// the way the checkout page does: the cart form, the checkout page's idempotency key, the delivery form.

export type PaymentMethod = 'cod' | 'online'

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

let nextAddress = 1

export class Shopper {
  readonly baseUrl: string
  /** Numbers the shopper's contact details (e-mail, mobile). */
  readonly index: number
  readonly address: string
  private readonly cookies = new Map<string, string>()

  constructor(baseUrl: string, index: number) {
    this.baseUrl = baseUrl
    this.index = index
    const n = nextAddress++
    this.address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
  }

  /** One request with this shopper's cookies and address; Set-Cookie is kept, redirects are not followed. */
  async request(path: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const headers = new Headers({ 'X-Forwarded-For': this.address, Accept: 'text/html' })
    if (this.cookies.size) {
      headers.set('Cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '))
    }
    let body: string | undefined
    if (init.form) {
      headers.set('Content-Type', 'application/x-www-form-urlencoded')
      headers.set('Origin', this.baseUrl)
      body = new URLSearchParams(init.form).toString()
    }
    const response = await fetch(`${this.baseUrl}${path}`, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const at = pair.indexOf('=')
      const name = pair.slice(0, at).trim()
      const value = pair.slice(at + 1).trim()
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute))
      if (!value || expired) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return response
  }

  /** Creates an account with the sign-up form and signs in with the sign-in form. */
  async signUpAndSignIn(email: string, password: string, name: string): Promise<void> {
    const signUp = await this.request('/auth', { form: { intent: 'sign-up', name, email, password } })
    await signUp.body?.cancel()
    if (signUp.status >= 400) throw new Error(`sign-up for ${email} answered ${signUp.status}`)
    const signIn = await this.request('/auth', { form: { intent: 'sign-in', email, password } })
    await signIn.body?.cancel()
    if (signIn.status !== 302 && signIn.status !== 303)
      throw new Error(`sign-in for ${email} answered ${signIn.status}`)
  }

  /** The cart form's Add button; throws when the shop refuses (the product is sold out, say). */
  async addToCart(productId: string, size = '250g'): Promise<void> {
    await this.cartForm({ intent: 'add', productId, size })
  }

  /** The cart drawer's coupon form. */
  async applyCoupon(code: string): Promise<void> {
    await this.cartForm({ intent: 'coupon', code })
  }

  private async cartForm(form: Record<string, string>) {
    // The enhanced form answers with the result as data; the plain one redirects to /checkout.
    const response = await this.request('/cart', { form: { ...form, enhanced: '1' } })
    const text = await response.text()
    if (response.status !== 200)
      throw new Error(`the cart refused ${form.intent} (${response.status}): ${text.slice(0, 200)}`)
  }

  /** Opens /checkout and reads the form's idempotency key, as the page hands it to the browser. */
  async openCheckout(): Promise<string> {
    const response = await this.request('/checkout')
    const html = await response.text()
    const key = /name="idempotencyKey" value="([0-9a-f-]{36})"/.exec(html)?.[1]
    if (response.status !== 200 || !key) throw new Error(`the checkout page answered ${response.status} without a form`)
    return key
  }

  /** Submits the delivery form with this key (the same key again is the browser's retry). */
  async placeOrder(key: string, paymentMethod: PaymentMethod): Promise<Placement> {
    let response: Response
    try {
      response = await this.request('/checkout', {
        form: { idempotencyKey: key, ...deliveryDetails(this.index), paymentMethod, acceptTerms: 'on' },
      })
    } catch (error) {
      return { outcome: 'failed', status: 0, error: error instanceof Error ? error.message : String(error) }
    }
    const location = response.headers.get('location')
    if ((response.status === 302 || response.status === 303) && location) {
      await response.body?.cancel()
      const orderId =
        /[?&]orderId=([0-9a-f-]{36})/.exec(location)?.[1] ?? /\/pay\/MN-([0-9a-f-]{36})-/.exec(location)?.[1]
      return { outcome: 'placed', status: response.status, location, orderId: orderId ?? null }
    }
    const html = await response.text().catch(() => '')
    const alert = /<div role="alert"[^>]*>.*?<p[^>]*>(.*?)<\/p><p[^>]*>(.*?)<\/p>/s.exec(html)
    if (response.status >= 400 && response.status < 500 && alert) {
      return { outcome: 'refused', status: response.status, title: htmlText(alert[1]!), message: htmlText(alert[2]!) }
    }
    return { outcome: 'failed', status: response.status, error: html.slice(0, 300) }
  }
}

/** A valid delivery form for the shopper numbered `index` (a mobile number of its own). */
export function deliveryDetails(index: number): Record<string, string> {
  return {
    fullName: 'Asha Verma',
    email: `shopper${index}@example.in`,
    phone: `9${String(100_000_000 + index).slice(-9)}`,
    address: `${index + 1}, Vijay Nagar, Scheme 54`,
    city: 'Indore',
    state: 'Madhya Pradesh',
    pincode: '452010',
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
