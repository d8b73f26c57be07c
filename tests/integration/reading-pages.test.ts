// The pages a shopper only reads, on the production server (a build, PGlite, an open shop): they carry
// none of React Router's scripts, only their own small inline scripts (the service worker's
// registration, a post's Share buttons), which a stored page's policy lists by hash; the pages a
// shopper acts on keep the framework; the contact form is checked by the server when posted without
// JavaScript. Needs `npm run build` first. docs/decisions/028-pages-to-read.md.
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoPosts } from '#app/demo/posts.ts'
import { splitTopLevel } from '#app/shell/used-styles.ts'
import { type RunningServer, startServer } from '../server-process.ts'
import { migratedDataDir } from './databases.ts'

const POST = demoPosts.find((post) => post.isPublished)!.slug
const POLICIES = ['/quality-policy', '/terms-and-conditions', '/privacy-policy', '/shipping-policy']
const READING = ['/about', '/faq', '/blog', `/blog/${POST}`, ...POLICIES]
/** What the issue allows a page to read, as the browser receives it before compression. */
const SCRIPT_BUDGET_BYTES = 10 * 1024

let server: RunningServer

beforeAll(async () => {
  server = await startServer({ DATA_DIR: migratedDataDir(), SHOWCASE_MODE: 'false' })
})

afterAll(async () => {
  await server?.stop()
})

const get = (path: string) => fetch(`${server.url}${path}`, { headers: { accept: 'text/html' }, redirect: 'manual' })

/** The page's scripts, JSON-LD left out (data, not code). */
function scriptsOf(html: string) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .map(([, attributes = '', text = '']) => ({ attributes, text }))
    .filter((script) => !script.attributes.includes('application/ld+json'))
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

describe('a page to read ships no framework', () => {
  it.each([...READING, ...READING.map((path) => `/hi${path}`)])(
    '%s: no module script, preload or script file; only its own inline scripts, under 10 KB',
    async (path) => {
      const response = await get(path)
      expect(response.status).toBe(200)
      const html = await response.text()
      expect(html).not.toContain('modulepreload')
      expect(html).not.toContain('__reactRouter')
      expect(html).not.toMatch(/<script\b[^>]*\b(src=|type="module")/)
      const scripts = scriptsOf(html)
      expect(scripts.some((script) => script.text.includes('/sw.js'))).toBe(true)
      const bytes = scripts.reduce((sum, script) => sum + new TextEncoder().encode(script.text).byteLength, 0)
      expect(bytes).toBeLessThanOrEqual(SCRIPT_BUDGET_BYTES)
      // An anonymous visitor's page is the cache's: its policy names each inline script by its hash.
      const policy = response.headers.get('content-security-policy') ?? ''
      expect(policy).not.toContain("'nonce-")
      for (const script of scripts) expect(policy).toContain(sha256(script.text))
    },
  )

  it('a post alone adds the script of its Share buttons, which it renders invisible until the script shows them', async () => {
    const post = await (await get(`/blog/${POST}`)).text()
    expect(scriptsOf(post)).toHaveLength(2)
    expect(post).toMatch(/<button[^>]*class="[^"]*\binvisible\b[^"]*"[^>]*data-share=""/)
    expect(post).toContain('data-copied="Link Copied"')
    const about = await (await get('/about')).text()
    expect(scriptsOf(about)).toHaveLength(1)
  })

  it('the 404 pages are pages to read too', async () => {
    for (const path of ['/no-such-page', '/hi/no-such-page']) {
      const response = await get(path)
      expect(response.status).toBe(404)
      const html = await response.text()
      expect(html).not.toContain('modulepreload')
      expect(scriptsOf(html)).toHaveLength(1)
    }
  })

  it('the offline pages carry no script at all', async () => {
    for (const path of ['/offline', '/hi/offline']) {
      const html = await (await get(path)).text()
      expect(scriptsOf(html)).toEqual([])
    }
  })

  it('the header works as plain HTML: a disclosure menu, the switch and the cart as links', async () => {
    const html = await (await get('/hi/about')).text()
    expect(html).toMatch(/<details[^>]*><summary[^>]*aria-label="मेन्यू"/)
    expect(html).toContain('href="/about?lang=en"')
    expect(html).toMatch(/<a[^>]*href="\/hi\/checkout"[^>]*aria-label="कार्ट,/)
  })
})

describe("a page to read carries the stylesheet's rules it uses", () => {
  const stylesheetLink = /<link[^>]*rel="stylesheet" href="(\/assets\/app-[^"]+\.css)"/

  it.each([...READING, '/hi/about', `/hi/blog/${POST}`, '/no-such-page'])(
    '%s: its rules inline, from the stylesheet the browser is served, and no link to it',
    async (path) => {
      const html = await (await get(path)).text()
      expect(html).not.toMatch(stylesheetLink)
      expect(html).not.toContain('data-page-styles')
      const rules = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].find(([, css = '']) =>
        css.includes('@layer'),
      )?.[1]
      // The header's rules are there; the checkout's address form's are not.
      expect(rules?.includes('.sticky{position:sticky}')).toBe(true)
      expect(rules?.includes('[data-saved-address]')).toBe(false)
      // Each selector of the page's rules is one of the stylesheet a page that hydrates links.
      const served = stylesheetLink.exec(await (await get('/')).text())?.[1]
      const stylesheet = await (await fetch(`${server.url}${served}`)).text()
      for (const [, list = ''] of (rules ?? '').matchAll(/(?:^|[{};])([^{};@]+)\{/g))
        for (const selector of splitTopLevel(list)) expect(stylesheet, selector).toContain(selector)
    },
  )

  it('a page that hydrates links the whole stylesheet instead', async () => {
    const html = await (await get('/products')).text()
    expect(html).toMatch(stylesheetLink)
    expect(html).not.toContain('data-page-styles')
  })
})

describe('a page a shopper acts on keeps the framework', () => {
  it.each(['/', '/products', '/products/premium-ratlami-sev', '/hi/products', '/contact', '/checkout', '/admin'])(
    '%s carries React Router’s scripts',
    async (path) => {
      const response = await get(path)
      const html = await response.text()
      expect(html).toContain('window.__reactRouterContext')
      expect(html).toMatch(/modulepreload|type="text\/x-after-load"/)
    },
  )
})

describe('the contact form without JavaScript', () => {
  const post = (path: string, fields: Record<string, string>) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { accept: 'text/html', origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
      redirect: 'manual',
    })
  const refused = { firstName: 'Asha', lastName: '', email: 'asha@', phone: '', message: 'short' }

  it('answers a refused form with the page, a message per field and what was typed', async () => {
    const response = await post('/contact', refused)
    expect(response.status).toBe(400)
    const html = await response.text()
    expect(html).toContain('Please correct the 3 fields marked below.')
    expect(html).toContain('Please enter your last name.')
    expect(html).toContain('Please enter a valid e-mail address')
    expect(html).toContain('Please write at least 10 characters so we can help you.')
    expect(html).toContain('value="asha@"')
    expect(html).toContain('value="Asha"')
  })

  it('answers in Hindi on the Hindi page, and sends a valid message on to the confirmation', async () => {
    const hindi = await post('/hi/contact', refused)
    expect(hindi.status).toBe(400)
    expect(await hindi.text()).toContain('<html lang="hi"')
    const sent = await post('/contact', {
      ...refused,
      lastName: 'Verma',
      email: 'asha.verma@example.com',
      message: 'Do you send 1kg packs of Ratlami sev to Pune?',
    })
    expect(sent.status).toBe(302)
    expect(sent.headers.get('location')).toBe('/contact?sent=1#contact-form')
  })
})
