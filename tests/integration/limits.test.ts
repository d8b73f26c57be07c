// The shop's limits through the production server: request body sizes (413), slow clients (408),
// per-address rate limits (429 with Retry-After), security headers and cookie flags. Each test asks
// from addresses of its own (TRUST_PROXY), so limits never mix. Needs `npm run build` first.
import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTACT_RATE_LIMIT } from '#app/contact/send-message.server.ts'
import { MAX_UPLOAD_BODY_BYTES } from '#app/media/upload-rules.ts'
import { SUBSCRIBE_RATE_LIMIT } from '#app/notifications/push-subscriptions.server.ts'
import { DELIVERY_OTP_LIMITS } from '#app/orders/order-desk-routes.server.ts'
import { deliveryDetails } from '../delivery-details.ts'
import { type RunningServer, startServer } from '../server-process.ts'
import { DATABASE_KINDS, migratedDataDir, serverDatabaseEnv } from './databases.ts'

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }
const ORDERS_PER_ADDRESS = 2
const admin = { email: 'limits-admin@shop.example', password: 'limits-admin-password' }

describe.each(DATABASE_KINDS)('limits on %s', (kind) => {
  let server: RunningServer
  let cleanup = async () => {}
  let address = 0
  const nextAddress = () => `203.0.113.${++address}`

  beforeAll(async () => {
    const { env, drop } = await serverDatabaseEnv(kind)
    cleanup = drop
    server = await startServer({
      ...env,
      TRUST_PROXY: 'true',
      SHOWCASE_MODE: 'false',
      ORDER_RATE_LIMIT: String(ORDERS_PER_ADDRESS),
      PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    })
  })
  afterAll(async () => {
    await server?.stop()
    await cleanup()
  })

  /** Sends `count` requests from one address; returns the answers. */
  async function burst(count: number, path: string | (() => string), init: (i: number) => RequestInit) {
    const from = nextAddress()
    const answers: Response[] = []
    for (let i = 0; i < count; i++) {
      const request = init(i)
      answers.push(
        await fetch(`${server.url}${typeof path === 'string' ? path : path()}`, {
          redirect: 'manual',
          ...request,
          headers: { 'x-forwarded-for': from, ...request.headers },
        }),
      )
    }
    return answers
  }

  function expectLimited(answers: Response[], allowed: number) {
    for (const answer of answers.slice(0, allowed)) expect(answer.status).not.toBe(429)
    const refused = answers[allowed]!
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    return refused
  }

  describe('request bodies', () => {
    it.each([
      ['a page form', '/contact', FORM, 'The request is too large.'],
      ['a JSON API', '/api/push/subscriptions', { 'content-type': 'application/json' }, 'The request is too large.'],
      ['a resource route', '/cart', FORM, 'The request is too large.'],
      ['a Hindi page form', '/hi/contact', FORM, 'यह अनुरोध बहुत बड़ा है।'],
    ])('refuses %s over 1 MB with 413 from its length, in its language', async (_name, path, headers, sentence) => {
      const { status, text } = await announceBody(`${server.url}${path}`, headers, 1024 * 1024 + 1)
      expect(status).toBe(413)
      expect(text).toBe(sentence)
    })

    it('refuses a body over 1 MB sent without a length, as it streams', async () => {
      const chunk = new TextEncoder().encode('x'.repeat(64 * 1024))
      let sent = 0
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent > 2 * 1024 * 1024) return controller.close()
          sent += chunk.byteLength
          controller.enqueue(chunk)
        },
      })
      const init = { method: 'POST', headers: FORM, body, duplex: 'half' } as RequestInit
      const response = await fetch(`${server.url}/contact`, init)
      expect(response.status).toBe(413)
    })

    it('refuses an upload over the spec’s 5 MB with 413 in JSON', async () => {
      // Refused by its length, before anything (the admin check among them) reads it.
      const { status, text } = await announceBody(
        `${server.url}/admin/uploads`,
        { 'content-type': 'multipart/form-data; boundary=x' },
        MAX_UPLOAD_BODY_BYTES + 1,
      )
      expect(status).toBe(413)
      expect(JSON.parse(text).message).toBe('File size must be less than 5MB')
    })

    it('takes a small form as before', async () => {
      const response = await fetch(`${server.url}/contact`, {
        method: 'POST',
        headers: { ...FORM, 'x-forwarded-for': nextAddress() },
        body: new URLSearchParams({ firstName: 'A', lastName: 'B', email: 'a@example.com', message: 'Hello there' }),
        redirect: 'manual',
      })
      expect(response.status).toBe(302)
    })
  })

  it('limits contact messages per address', async () => {
    const answers = await burst(CONTACT_RATE_LIMIT.limit + 1, '/contact', (i) => ({
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams({ firstName: 'A', lastName: 'B', email: `c${i}@example.com`, message: 'Hello there' }),
    }))
    const refused = expectLimited(answers, CONTACT_RATE_LIMIT.limit)
    expect(await refused.text()).toContain('cannot take another one just now')
  })

  it('limits contact messages on the Hindi page with the same status, in Hindi', async () => {
    const answers = await burst(CONTACT_RATE_LIMIT.limit + 1, '/hi/contact', (i) => ({
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams({
        firstName: 'आशा',
        lastName: 'वर्मा',
        email: `h${i}@example.com`,
        message: 'नमस्ते, सेव चाहिए',
      }),
    }))
    const refused = expectLimited(answers, CONTACT_RATE_LIMIT.limit)
    const html = await refused.text()
    expect(html).toContain('इसलिए अभी हम और संदेश नहीं ले सकते')
    expect(html).not.toContain('cannot take another one just now')
  })

  it('limits order placement per address with the order form’s message', async () => {
    const answers = await burst(ORDERS_PER_ADDRESS + 1, '/checkout', () => ({
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams({ idempotencyKey: crypto.randomUUID(), ...deliveryDetails({ phone: '9876543210' }) }),
    }))
    // An empty cart is refused, but the try still counts.
    for (const answer of answers.slice(0, ORDERS_PER_ADDRESS)) expect(answer.status).toBe(409)
    const refused = expectLimited(answers, ORDERS_PER_ADDRESS)
    expect(await refused.text()).toContain('Too many attempts. Please try again in 10 minutes.')
  })

  it('limits sign-in tries per address across accounts', async () => {
    const answers = await burst(61, '/auth', (i) => ({
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams({ intent: 'sign-in', email: `nobody${i}@example.com`, password: 'wrong-password-1' }),
    }))
    const refused = expectLimited(answers, 60)
    expect(await refused.text()).toContain('Too many attempts')
  }, 120_000)

  it('limits push subscriptions per address', async () => {
    const answers = await burst(SUBSCRIBE_RATE_LIMIT.limit + 1, '/api/push/subscriptions', (i) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        endpoint: `http://127.0.0.1:9/push/${i}`,
        keys: {
          p256dh: 'BOr0uRPpI0aQEmmbsZYLDLX9ttNDxuRHTagP8gA98y7ECsDwDqq4bVH3SyfInmFQ8vhsj7Zzuf1cOzV-MYmAHFE',
          auth: 'wp8kVATGdxG6DFuw4zfe8w',
        },
      }),
    }))
    const refused = expectLimited(answers, SUBSCRIBE_RATE_LIMIT.limit)
    expect((await refused.json()).message).toMatch(/Too many/)
  })

  it('limits admin sign-in per address and says when to try again', async () => {
    const answers = await burst(31, '/admin', (i) => ({
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams({ username: `admin${i}@example.com`, password: 'wrong-password-1' }),
    }))
    expectLimited(answers, 30)
  }, 120_000)

  /** The admin's session cookie, signed in from an address of its own. */
  async function adminCookie() {
    const signIn = await fetch(`${server.url}/admin`, {
      method: 'POST',
      headers: { ...FORM, 'x-forwarded-for': nextAddress() },
      body: new URLSearchParams({ username: admin.email, password: admin.password }),
      redirect: 'manual',
    })
    return signIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ')
  }

  it('limits delivery OTPs per address across orders on the orders desk', async () => {
    const cookie = await adminCookie()
    // A new order each time: the per-order limit (5 an hour) never speaks, the address's does.
    const newOrder = () => `/admin/orders/${crypto.randomUUID()}`
    const answers = await burst(DELIVERY_OTP_LIMITS.generateClient.limit + 1, newOrder, () => ({
      method: 'POST',
      headers: { ...FORM, cookie },
      body: new URLSearchParams({ intent: 'otp-generate' }),
    }))
    expect(answers[0]!.status).not.toBe(403)
    const refused = expectLimited(answers, DELIVERY_OTP_LIMITS.generateClient.limit)
    expect((await refused.json()).message).toContain('Too many attempts')
  }, 120_000)

  it('limits the delivery OTPs one admin account checks, from whatever address', async () => {
    const cookie = await adminCookie()
    const allowed = 30 // DELIVERY_OTP_VERIFY_LIMIT's default: this server does not set it
    const answers: Response[] = []
    for (let i = 0; i <= allowed; i++) {
      answers.push(
        await fetch(`${server.url}/admin/orders/${crypto.randomUUID()}`, {
          method: 'POST',
          headers: { ...FORM, cookie, 'x-forwarded-for': nextAddress() },
          body: new URLSearchParams({ intent: 'otp-verify', otp: '123456' }),
        }),
      )
    }
    expect(answers[0]!.status).not.toBe(403)
    const refused = expectLimited(answers, allowed)
    expect((await refused.json()).message).toContain('Too many attempts')
  }, 120_000)
})

// Limits of the HTTP layer itself, the same whatever the database: once, on the embedded one, at an
// https origin (its cookies and headers).
describe('limits of the HTTP layer', () => {
  let https: RunningServer

  beforeAll(async () => {
    https = await startServer({
      DATA_DIR: migratedDataDir(),
      PUBLIC_URL: 'https://namkeen.example',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    })
  })
  afterAll(async () => {
    await https?.stop()
  })

  it('answers a client that never finishes its headers with 408 and a sentence', async () => {
    const { port } = new URL(https.url)
    const socket = connect(Number(port), '127.0.0.1')
    socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ')
    let answer = ''
    socket.on('data', (chunk) => (answer += chunk))
    await new Promise((resolve) => socket.on('close', resolve))
    expect(answer).toMatch(/^HTTP\/1.1 408 /)
    // The page's language is unknown before the request is read: the sentence comes in both.
    expect(answer).toContain('The request took too long to arrive. Please try again.\nअनुरोध आने में बहुत देर लगी।')
  }, 30_000)

  it('answers headers larger than Node reads with 431 and a sentence', async () => {
    const { port } = new URL(https.url)
    const socket = connect(Number(port), '127.0.0.1')
    socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)
    let answer = ''
    socket.on('data', (chunk) => (answer += chunk))
    await new Promise((resolve) => socket.on('close', resolve))
    expect(answer).toMatch(/^HTTP\/1.1 431 /)
    expect(answer).toContain('The request headers are too large.\nअनुरोध के हेडर बहुत बड़े हैं।')
  })

  it('sets cookies HttpOnly, SameSite=Lax and Secure on an https origin, and sends security headers', async () => {
    const signIn = await fetch(`${https.url}/admin`, {
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams({ username: admin.email, password: admin.password }),
      redirect: 'manual',
    })
    const cart = await fetch(`${https.url}/cart`, {
      method: 'POST',
      headers: FORM,
      body: 'intent=nonsense',
      redirect: 'manual',
    })
    // A form from the shop's public origin is taken though the server sees another address (a
    // proxy's); one from another site is refused.
    const contact = (origin: string) =>
      fetch(`${https.url}/contact`, {
        method: 'POST',
        headers: { ...FORM, origin },
        body: new URLSearchParams({ firstName: 'A', lastName: 'B', email: 'a@example.com', message: 'Hello there' }),
        redirect: 'manual',
      })
    expect((await contact('https://namkeen.example')).status).toBe(302)
    expect((await contact('https://evil.example')).status).toBe(403)
    const cookies = [...signIn.headers.getSetCookie(), ...cart.headers.getSetCookie()]
    expect(cookies.some((cookie) => cookie.startsWith('__Host-malwa.session_token='))).toBe(true)
    expect(cookies.some((cookie) => cookie.startsWith('cart_error='))).toBe(true)
    for (const cookie of cookies) {
      expect(cookie).toMatch(/;\s*HttpOnly/i)
      expect(cookie).toMatch(/;\s*Secure/i)
      expect(cookie).toMatch(/;\s*SameSite=Lax/i)
    }
    for (const response of [signIn, cart, await fetch(`${https.url}/about`)]) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('x-frame-options')).toBe('DENY')
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
      expect(response.headers.get('strict-transport-security')).toContain('max-age=31536000')
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    }
  })
})

/**
 * A POST announcing a body of `length` bytes, of which none is sent: a limit by length answers from
 * the headers alone (sending the body would race the server closing the connection on it).
 */
function announceBody(url: string, headers: Record<string, string>, length: number) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const options = { method: 'POST', headers: { ...headers, 'content-length': String(length) }, agent: false }
    const request = httpRequest(url, options, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk) => (text += chunk))
      response.on('end', () => {
        request.destroy()
        resolve({ status: response.statusCode ?? 0, text })
      })
    })
    request.on('error', reject)
    request.flushHeaders()
  })
}
