// Bad input at the edge (app/platform/request-input.server.ts), through the production server: a body
// that is not a form is refused with 415 or 400 and changes nothing, control characters never reach
// the database, and refusals are not logged as errors. Needs `npm run build` first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contactMessages } from '#app/contact/schema.ts'
import { openDatabase } from '#app/platform/db.server.ts'
import { INPUT_TEXTS } from '#app/platform/input-texts.ts'
import { type RunningServer, startServer } from '../server-process.ts'
import { DATABASE_KINDS, serverDatabaseEnv } from './databases.ts'

const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

describe.each(DATABASE_KINDS)('bad input through the server on %s', (kind) => {
  let env: Record<string, string>
  let server: RunningServer
  let cleanup = async () => {}
  let address = 0
  /** Each request comes from an address of its own, so the contact form's rate limit never mixes. */
  const from = () => ({ 'x-forwarded-for': `198.51.100.${++address}` })

  const start = async () => {
    server = await startServer({ ...env, TRUST_PROXY: 'true', LOG_LEVEL: 'info' })
  }
  /** The stored messages; the embedded database is one process's, so the server stops to let it be read. */
  const messages = async () => {
    if (kind === 'pglite') await server.stop()
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? null })
    try {
      return await database.db.select().from(contactMessages)
    } finally {
      await database.close()
      if (kind === 'pglite') await start()
    }
  }

  beforeAll(async () => {
    const store = await serverDatabaseEnv(kind)
    env = store.env
    cleanup = store.drop
    await start()
  })
  afterAll(async () => {
    await server?.stop()
    await cleanup()
  })

  it('refuses a page form given JSON, text or no body with 415 and the error page, changing nothing', async () => {
    const before = (await messages()).length
    const bodies: RequestInit[] = [
      { headers: { 'content-type': 'application/json' }, body: '{"message":"hello"}' },
      { headers: { 'content-type': 'text/plain' }, body: 'message=hello' },
      {},
    ]
    for (const init of bodies) {
      const response = await fetch(`${server.url}/contact`, {
        method: 'POST',
        ...init,
        headers: { ...from(), ...init.headers },
      })
      expect(response.status).toBe(415)
      const html = await response.text()
      expect(html).toContain(INPUT_TEXTS.notAForm())
    }
    expect((await messages()).length).toBe(before)
  })

  it('refuses a multipart body with a bad boundary with 400', async () => {
    const response = await fetch(`${server.url}/contact`, {
      method: 'POST',
      headers: { ...from(), 'content-type': 'multipart/form-data; boundary=nothing-like-it' },
      body: '--other\r\nContent-Disposition: form-data; name="message"\r\n\r\nhello\r\n--other--\r\n',
    })
    expect(response.status).toBe(400)
    expect(await response.text()).toContain(INPUT_TEXTS.unreadable())
  })

  it('refuses a Hindi page with the same statuses, in Hindi; English refusals stay English', async () => {
    const page = await fetch(`${server.url}/hi/contact`, {
      method: 'POST',
      headers: { ...from(), 'content-type': 'text/plain' },
      body: 'message=hello',
    })
    expect(page.status).toBe(415)
    const html = await page.text()
    expect(html).toContain('<html lang="hi"')
    expect(html).toContain('हम यह स्वीकार नहीं कर सके')
    expect(html).toContain(INPUT_TEXTS.notAForm({}, { locale: 'hi' }))
    const resource = await fetch(`${server.url}/hi/cart`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"intent":"add"}',
    })
    expect(resource.status).toBe(415)
    expect(await resource.text()).toBe('यह पेज फ़ॉर्म लेता है। कृपया पीछे जाएँ, पेज रीफ़्रेश करें और फ़ॉर्म फिर से भेजें।')
    const otherSite = await fetch(`${server.url}/hi/cart`, {
      method: 'POST',
      headers: { ...FORM, origin: 'https://evil.example' },
      body: 'intent=remove-coupon',
    })
    expect(otherSite.status).toBe(403)
    expect(await otherSite.text()).toBe(INPUT_TEXTS.otherSite({}, { locale: 'hi' }))
    const english = await fetch(`${server.url}/cart`, {
      method: 'POST',
      headers: { ...FORM, origin: 'https://evil.example' },
      body: 'intent=remove-coupon',
    })
    expect(english.status).toBe(403)
    expect(await english.text()).toBe(
      'This form was sent from another site, so it was not taken. Please use the form on our own pages.',
    )
  })

  it('answers a resource route given JSON with a plain 415', async () => {
    const response = await fetch(`${server.url}/cart`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"intent":"add"}',
    })
    expect(response.status).toBe(415)
    expect(await response.text()).toBe(INPUT_TEXTS.notAForm())
  })

  it('refuses invalid JSON to an API with 400 and takes a form or JSON only', async () => {
    const broken = await fetch(`${server.url}/api/push/subscriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"endpoint":',
    })
    expect(broken.status).toBe(400)
    expect(await broken.text()).toBe(INPUT_TEXTS.badJson())
    const text = await fetch(`${server.url}/api/payments/phonepe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    })
    expect(text.status).toBe(415)
  })

  it('stores a contact message with its NUL and control characters removed and its text in NFC', async () => {
    const email = `nul-${kind}@example.com`
    const response = await fetch(`${server.url}/contact`, {
      method: 'POST',
      headers: { ...FORM, ...from() },
      body: new URLSearchParams({
        firstName: 'As\u0000ha',
        lastName: 'Ve\u001brma',
        email,
        phone: '098765-43210',
        // "e" and a combining acute accent: NFC makes them one "é".
        message: 'Cafe\u0301 order\u0000 for the\tweekend\r\nplease',
      }),
      redirect: 'manual',
    })
    expect(response.status).toBe(302)
    const stored = (await messages()).find((message) => message.email === email)
    expect(stored?.firstName).toBe('Asha')
    expect(stored?.lastName).toBe('Verma')
    // The contact form keeps its own rule for line ends (\r\n becomes \n).
    expect(stored?.message).toBe('Caf\u00e9 order for the\tweekend\nplease')
  })

  it('answers searches and addresses carrying NUL, lone surrogates and bad escapes without a server error', async () => {
    for (const path of [
      '/products?q=%00',
      '/products?q=sev%00%ED%A0%80&category=%00',
      '/products/%00',
      '/blog/%C0%80',
      '/track-order?orderId=%00',
      '/payment-status?orderId=%00',
      '/api/payments/status?orderId=%00',
      '/products?q=%',
    ]) {
      const response = await fetch(`${server.url}${path}`)
      expect(response.status, path).toBeLessThan(500)
    }
  })

  it('logs refusals at info, never as errors', async () => {
    const before = server.output().length
    await fetch(`${server.url}/about`, { method: 'POST', headers: FORM, body: 'a=1' })
    await fetch(`${server.url}/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    await fetch(`${server.url}/api/push/subscriptions`, { method: 'PUT', headers: FORM, body: '' })
    const lines = server
      .output()
      .slice(before)
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; status?: number })
    expect(lines.some((line) => line.status === 405)).toBe(true)
    expect(lines.filter((line) => line.level >= 50)).toEqual([])
  })
})
