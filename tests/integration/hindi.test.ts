// The shop in Hindi on the production server (a build, PGlite): /hi/... pages in Hindi, the switch
// remembered, another language or a bad cookie answered in English (200 or 404, never a 500), the
// sitemap and hreflang listing both languages, and a Hindi page's redirects staying in Hindi.
// Needs `npm run build` first. docs/decisions/024-hindi.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServer } from '../server-process.ts'
import { migratedDataDir } from './databases.ts'

let server: RunningServer

beforeAll(async () => {
  server = await startServer({ DATA_DIR: migratedDataDir() })
})

afterAll(async () => {
  await server?.stop()
})

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers: { accept: 'text/html', ...headers }, redirect: 'manual' })

describe('pages in Hindi', () => {
  it('serves the Hindi page at /hi/... with lang="hi", the Devanagari font and Hindi text', async () => {
    const response = await get('/hi/products')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('<html lang="hi"')
    expect(html).toContain('हमारे उत्पाद')
    expect(html).toMatch(/<link rel="preload" href="\/assets\/noto-sans-devanagari-hindi-[^"]+\.woff2" as="font"/)
    // A page that hydrates asks for its stylesheet first, then the face (decision 018).
    expect(html.indexOf('rel="stylesheet"')).toBeGreaterThan(0)
    expect(html.indexOf('rel="stylesheet"')).toBeLessThan(html.indexOf('noto-sans-devanagari-hindi-'))
    // Links inside the page stay in Hindi.
    expect(html).toContain('href="/hi/about"')
  })

  it('keeps English pages English, without the Devanagari font', async () => {
    const html = await (await get('/products')).text()
    expect(html).toContain('<html lang="en-IN"')
    expect(html).toContain('Our Products')
    expect(html).not.toContain('noto-sans-devanagari')
  })

  it('lists both languages and English as x-default, with a canonical URL per language', async () => {
    const html = await (await get('/hi/faq')).text()
    expect(html).toContain(`<link rel="canonical" href="${server.url}/hi/faq"/>`)
    expect(html).toContain(`<link rel="alternate" hrefLang="en" href="${server.url}/faq"/>`)
    expect(html).toContain(`<link rel="alternate" hrefLang="hi" href="${server.url}/hi/faq"/>`)
    expect(html).toContain(`<link rel="alternate" hrefLang="x-default" href="${server.url}/faq"/>`)
  })

  it('puts the Hindi pages in the sitemap beside the English ones', async () => {
    const xml = await (await get('/sitemap.xml')).text()
    expect(xml).toContain(`<loc>${server.url}/hi/products</loc>`)
    expect(xml).toContain(`<loc>${server.url}/products</loc>`)
    expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="hi" href="${server.url}/hi"/>`)
    expect(xml).not.toContain('/hi/blog/feed.xml')
  })
})

describe('another language falls back to English, never a 500', () => {
  it.each(['/fr/products', '/fr', '/hi-IN/products', '/en/products'])('%s is the English 404 page', async (path) => {
    const response = await get(path)
    expect(response.status).toBe(404)
    expect(await response.text()).toContain('<html lang="en-IN"')
  })

  it('an unknown page under /hi is the Hindi 404 page', async () => {
    const response = await get('/hi/no-such-page')
    expect(response.status).toBe(404)
    expect(await response.text()).toContain('अरे! यह पेज नहीं मिला')
  })

  it.each(['fr', '', 'hi%00', '"><script>', 'HI', 'hindi'])(
    'a cookie lang=%s is ignored: English, 200',
    async (value) => {
      const response = await get('/products', { cookie: `lang=${value}` })
      expect(response.status).toBe(200)
      expect(await response.text()).toContain('<html lang="en-IN"')
    },
  )

  it('a switch to another language changes nothing and drops the parameter', async () => {
    const response = await get('/products?lang=fr&q=sev')
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/products?q=sev')
    expect(response.headers.get('set-cookie')).toBeNull()
  })
})

describe('the switch is remembered', () => {
  it('choosing Hindi sets the cookie, and English addresses then open in Hindi', async () => {
    const chosen = await get('/hi/products?lang=hi')
    expect(chosen.status).toBe(302)
    expect(chosen.headers.get('location')).toBe('/hi/products')
    const cookie = chosen.headers.get('set-cookie')?.split(';')[0]
    expect(cookie).toBe('lang=hi')
    const later = await get('/about', { cookie: cookie ?? '' })
    expect(later.status).toBe(302)
    expect(later.headers.get('location')).toBe('/hi/about')
  })

  it('an explicit English choice wins over the Hindi cookie', async () => {
    const chosen = await get('/about?lang=en', { cookie: 'lang=hi' })
    expect(chosen.headers.get('location')).toBe('/about')
    expect(chosen.headers.get('set-cookie')).toMatch(/^lang=en;/)
    const page = await get('/about', { cookie: 'lang=en' })
    expect(page.status).toBe(200)
  })

  it('a Hindi page is Hindi whatever the cookie says', async () => {
    const page = await get('/hi/about', { cookie: 'lang=en' })
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<html lang="hi"')
  })

  it("a client-side navigation's data request goes to the Hindi page with a full page load", async () => {
    const answer = await get('/products/premium-ratlami-sev.data?_routes=root,routes/product', { cookie: 'lang=hi' })
    const body = await answer.text()
    expect(body).toContain('"/hi/products/premium-ratlami-sev"')
    expect(body).not.toContain('.data')
    expect(body).toMatch(/"reload",true/)
  })

  it('never sends a visitor to another site', async () => {
    for (const [path, cookie] of [
      ['//evil.example/x?lang=hi', ''],
      ['//products/x', 'lang=hi'],
    ] as const) {
      const answer = await get(path, { cookie })
      expect(answer.status, path).toBe(404)
      expect(answer.headers.get('location'), path).toBeNull()
    }
  })

  it('the remembered language keeps the page cache where it changes nothing', async () => {
    for (const [path, cookie] of [
      ['/hi/products', 'lang=hi'],
      ['/products', 'lang=en; delivery_pin=452001'],
    ] as const) {
      const page = await get(path, { cookie })
      expect(page.status, path).toBe(200)
      expect(page.headers.get('cache-control'), path).toMatch(/^public/)
    }
  })
})

describe("a Hindi page's redirects", () => {
  it('stay in Hindi', async () => {
    // The cart has no page: /cart sends to checkout, in the language it was asked in.
    expect((await get('/hi/cart')).headers.get('location')).toBe('/hi/checkout')
    expect((await get('/cart')).headers.get('location')).toBe('/checkout')
    // Signing in first: the sign-in page is Hindi too.
    expect((await get('/hi/my-orders')).headers.get('location')).toBe('/hi/auth?redirectTo=/my-orders')
  })
})
