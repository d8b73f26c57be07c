// The page cache, compression and cache headers of the HTTP layer (server/app.ts on the production
// build) against a real database: PGlite always, PostgreSQL when TEST_DATABASE_URL is set, where a
// second instance with its own cache and its own connections shares the database. A change shows on
// the next request on every instance; requests with cookies never get a stored page; stored pages
// carry no cookie and a policy with their inline scripts' hashes instead of a nonce.
// Needs `npm run build` first.
import { createHash, randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { getRequestListener } from '@hono/node-server'
import { desc, eq, isNull } from 'drizzle-orm'
import type { ServerBuild } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBlog } from '#app/blog/blog-admin.server.ts'
import { GUEST_CART_COOKIE, serializeGuestCart } from '#app/cart/guest-cart.ts'
import { products } from '#app/catalog/schema.ts'
import { parseConfig } from '#app/platform/config.server.ts'
import { type Database, openDatabase } from '#app/platform/db.server.ts'
import { initialiseShop } from '#app/platform/first-start.server.ts'
import { createLogger } from '#app/platform/logger.server.ts'
import type { Services } from '#app/platform/services.server.ts'
import { settings } from '#app/settings/schema.ts'
import { getSettings, saveSettingsSection } from '#app/settings/settings.server.ts'
import { formatRupees } from '#app/shared/money.ts'
import { createApp } from '#server/app.ts'
import { createPostgresDatabase, DATABASE_KINDS } from './databases.ts'
import { placeGuestOrder } from './guest-order.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build')
if (!existsSync(path.join(buildDir, 'server/index.js'))) {
  throw new Error('No production build: run `npm run build` before the integration tests (npm test does).')
}

const logger = createLogger('silent')
const BROWSER = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' }
const SHOPPER = { id: 'shopper-1', name: 'Meera Joshi', email: 'meera@example.in', role: 'customer' }
const SESSION_COOKIE = 'malwa.session_token=meera'
const owner = { id: 'owner', email: 'owner@example.in', name: 'Shop Owner' }

interface Instance {
  url: string
  close(): Promise<void>
}

/** One app instance as server/main.ts makes it: its own page cache, on the given database. */
async function startInstance(database: Database, build: ServerBuild): Promise<Instance> {
  const config = parseConfig({ PUBLIC_URL: 'http://shop.test' })
  const services = {
    config,
    database,
    db: database.db,
    logger,
    // The shop's session lookup: one signed-in shopper, known by her cookie.
    auth: {
      api: {
        getSession: async ({ headers }: { headers: Headers }) => ({
          headers: new Headers(),
          response: headers.get('cookie')?.includes(SESSION_COOKIE) ? { user: SHOPPER } : null,
        }),
      },
    },
  } as unknown as Services
  const app = createApp({
    services,
    build,
    mode: 'production',
    clientDir: path.relative(process.cwd(), path.join(buildDir, 'client')),
  })
  const server: Server = createServer(getRequestListener(app.fetch))
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections()
      server.close()
      await once(server, 'close')
    },
  }
}

interface Page {
  status: number
  headers: Headers
  html: string
}

async function get(instance: Instance, pathname: string, headers: Record<string, string> = {}): Promise<Page> {
  const response = await fetch(`${instance.url}${pathname}`, { headers: { ...BROWSER, ...headers } })
  return { status: response.status, headers: response.headers, html: await response.text() }
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/src=|application\/ld\+json/.test(attributes ?? ''))
    .map(([, , body]) => body ?? '')

describe.each(DATABASE_KINDS)('the page cache on %s', (kind) => {
  let database: Database
  let second: Database | null = null
  let dropDatabase = async () => {}
  let instances: Instance[] = []
  let sev: { id: string; slug: string; name: string }

  beforeAll(async () => {
    const build = (await import(path.join(buildDir, 'server/index.js'))) as ServerBuild
    if (kind === 'postgres') {
      const { url, drop } = await createPostgresDatabase()
      dropDatabase = drop
      database = await openDatabase({ databaseUrl: url, dataDir: null })
      second = await openDatabase({ databaseUrl: url, dataDir: null })
    } else {
      database = await openDatabase({ dataDir: null })
    }
    await database.migrate()
    await initialiseShop(database.db, { seedDemo: true, showcaseMode: false })
    instances = [await startInstance(database, build)]
    if (second) instances.push(await startInstance(second, build))
    const [row] = await database.db
      .select({ id: products.id, slug: products.slug, name: products.name })
      .from(products)
      .where(isNull(products.archivedAt))
      .limit(1)
    sev = row!
  })
  afterAll(async () => {
    for (const instance of instances) await instance.close()
    await second?.close()
    await database?.close()
    await dropDatabase()
  })

  /** Asks every instance twice, so each has the page stored before a change. */
  const warm = async (pathname: string) => {
    for (const instance of instances) {
      await get(instance, pathname)
      await get(instance, pathname)
    }
  }

  it('answers an anonymous page from the cache, compressed once, with hashes of its inline scripts instead of a nonce', async () => {
    const [instance] = instances
    const first = await get(instance!, '/products')
    const again = await get(instance!, '/products')
    expect(first.status).toBe(200)
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'))
    expect(again.html).toBe(first.html)
    expect(again.headers.get('content-encoding')).toBe('br')
    expect(again.headers.get('vary')).toBe('Accept-Encoding, Cookie')
    expect(again.headers.get('cache-control')).toBe('public, no-cache')
    expect(again.headers.get('set-cookie')).toBeNull()

    const policy = again.headers.get('content-security-policy') ?? ''
    const scriptSrc = policy.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? ''
    expect(scriptSrc).not.toContain("'nonce-")
    expect(again.html).not.toMatch(/nonce="[^"]+"/)
    const scripts = inlineScripts(again.html)
    expect(scripts.length).toBeGreaterThan(0)
    for (const script of scripts) expect(scriptSrc).toContain(sha256(script))
    // Nothing but the page's own scripts and the shop's files may run.
    expect(scriptSrc.trim().split(/\s+/).slice(1).sort()).toEqual(["'self'", ...new Set(scripts.map(sha256))].sort())
  })

  it('gives gzip to a browser without Brotli, the plain page to one without either, and a 304 to a current copy', async () => {
    const [instance] = instances
    const gzip = await fetch(`${instance!.url}/about`, { headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers.get('content-encoding')).toBe('gzip')
    const plain = await fetch(`${instance!.url}/about`, { headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers.get('content-encoding')).toBeNull()
    const html = await plain.text()
    expect(Number(plain.headers.get('content-length'))).toBe(Buffer.byteLength(html))
    expect(await gzip.text()).toBe(html)

    const etag = plain.headers.get('etag')!
    const revalidated = await fetch(`${instance!.url}/about`, { headers: { 'if-none-match': etag } })
    expect(revalidated.status).toBe(304)
    expect(revalidated.headers.get('etag')).toBe(etag)

    const head = await fetch(`${instance!.url}/about`, { method: 'HEAD', headers: BROWSER })
    expect(head.status).toBe(200)
    expect(head.headers.get('etag')).toBe(etag)
    expect(await head.text()).toBe('')
  })

  it('keeps a page per query string', async () => {
    const [instance] = instances
    const byName = await get(instance!, '/products?sort=name')
    const byPrice = await get(instance!, '/products?sort=price-desc')
    expect(byName.status).toBe(200)
    expect(byPrice.headers.get('etag')).not.toBe(byName.headers.get('etag'))
  })

  it('shows a new price on the next request, on every instance', async () => {
    const pathname = `/products/${sev.slug}`
    const price = formatRupees(432_100)
    await warm(pathname)
    for (const instance of instances) expect((await get(instance, pathname)).html).not.toContain(price)

    await database.db.update(products).set({ price250g: 432_100, discountPercentage: 0 }).where(eq(products.id, sev.id))

    for (const instance of instances) expect((await get(instance, pathname)).html).toContain(price)
  })

  it('shows the stock an order took on the next request, on every instance', async () => {
    const pathname = `/products/${sev.slug}`
    await database.db.update(products).set({ stock250g: 1, stock500g: 0, stock1kg: 0 }).where(eq(products.id, sev.id))
    await warm(pathname)
    for (const instance of instances) expect((await get(instance, pathname)).html).not.toContain('sold out')

    await placeGuestOrder(database.db, [{ productId: sev.id, size: '250g', quantity: 1 }])

    for (const instance of instances) {
      expect((await get(instance, pathname)).html).toContain('Every pack size is sold out for now.')
    }
  })

  it('keeps the ETag of a page a change left as it was: a browser’s copy gets 304 from every instance', async () => {
    const [plenty] = await database.db
      .select({ id: products.id })
      .from(products)
      .where(isNull(products.archivedAt))
      .orderBy(desc(products.stock250g))
      .limit(1)
    await warm('/products')
    const etags = new Set<string>()
    for (const instance of instances) etags.add((await get(instance, '/products')).headers.get('etag')!)
    // Rendered by each instance with a nonce of its own, the page is the same page.
    expect(etags.size).toBe(1)
    const [etag] = etags

    await placeGuestOrder(database.db, [{ productId: plenty!.id, size: '250g', quantity: 1 }])

    for (const instance of instances) {
      expect((await get(instance, '/products', { 'if-none-match': etag! })).status).toBe(304)
    }
  })

  it("shows the owner's settings change on the next request, on every instance", async () => {
    await warm('/')
    const current = await getSettings(database.db)
    const claim = `4.9 from ${randomUUID().slice(0, 6)}`
    await saveSettingsSection(
      database.db,
      owner,
      'home',
      {
        ratingClaim: claim,
        varietiesClaim: current.varietiesClaim,
        familiesClaim: current.familiesClaim,
        testimonials: current.testimonials,
      },
      current.updatedAt.toISOString(),
    )
    for (const instance of instances) expect((await get(instance, '/')).html).toContain(claim)
  })

  it('shows a new blog post on the next request, on every instance', async () => {
    await warm('/blog')
    const title = `Fresh sev season ${randomUUID().slice(0, 6)}`
    await createBlog(
      database.db,
      {
        title,
        slug: '',
        excerpt: 'Why the first sev of winter tastes best.',
        content: 'Cold mornings, fresh besan.',
        imageUrl: null,
        author: 'Malwa Namkeen Team',
        isPublished: true,
      } as Parameters<typeof createBlog>[1],
      owner,
    )
    for (const instance of instances) expect((await get(instance, '/blog')).html).toContain(title)
  })

  it("never answers a signed-in request from the cache, and never stores such a visitor's page", async () => {
    const [instance] = instances
    const anonymous = await get(instance!, '/products')
    const signedIn = await get(instance!, '/products', { cookie: SESSION_COOKIE })
    expect(signedIn.html).toContain(SHOPPER.name)
    expect(signedIn.headers.get('etag')).toBeNull()
    expect(signedIn.headers.get('cache-control')).toBe('private, no-cache')
    // Rendered for this request: its own nonce, on its inline scripts.
    const nonce = /'nonce-([^']+)'/.exec(signedIn.headers.get('content-security-policy') ?? '')?.[1]
    expect(nonce).toBeTruthy()
    expect(signedIn.html).toContain(`nonce="${nonce}"`)

    const after = await get(instance!, '/products')
    expect(after.html).not.toContain(SHOPPER.name)
    expect(after.headers.get('etag')).toBe(anonymous.headers.get('etag'))
  })

  /** A guest cart's cookie with these packets of the sev. */
  const cartOf = (quantity: number, id: string = randomUUID()) =>
    `${GUEST_CART_COOKIE}=${encodeURIComponent(
      serializeGuestCart({ id, items: [{ productId: sev.id, size: '250g', quantity }], couponCode: null }),
    )}`

  it("gives a guest with a cart the stored copy with the cart's count, one per count, and follows changes", async () => {
    const [instance] = instances
    const anonymous = await get(instance!, '/products')
    const two = await get(instance!, '/products', { cookie: cartOf(2) })
    expect(two.html).toContain('aria-label="Cart, 2 items"')
    expect(anonymous.html).toContain('aria-label="Cart, 0 items"')
    expect(two.headers.get('cache-control')).toBe('public, no-cache')
    expect(two.headers.get('vary')).toBe('Accept-Encoding, Cookie')
    expect(two.headers.get('etag')).not.toBe(anonymous.headers.get('etag'))
    // Another cart of two packets shares the copy; the page knows nothing else of the cart.
    const otherTwo = await get(instance!, '/products', { cookie: `${cartOf(2)}; delivery_pin=452001` })
    expect(otherTwo.headers.get('etag')).toBe(two.headers.get('etag'))
    expect(otherTwo.html).toBe(two.html)
    const three = await get(instance!, '/products', { cookie: cartOf(3) })
    expect(three.html).toContain('aria-label="Cart, 3 items"')

    // A change to the catalogue shows on the carted copy on the next request, on every instance.
    await database.db.update(products).set({ name: 'Ratlami Sev, cart edition' }).where(eq(products.id, sev.id))
    for (const instance of instances) {
      expect((await get(instance, '/products', { cookie: cartOf(2) })).html).toContain('Ratlami Sev, cart edition')
    }
    await database.db.update(products).set({ name: sev.name }).where(eq(products.id, sev.id))
  })

  it('renders for the request a guest cart that already became an order: the cookie is emptied and the shopper told', async () => {
    const [instance] = instances
    const cartId = randomUUID()
    await database.db.update(products).set({ stock250g: 50 }).where(eq(products.id, sev.id))
    await placeGuestOrder(database.db, [{ productId: sev.id, size: '250g', quantity: 1 }], { cartId })
    for (let i = 0; i < 2; i++) {
      const answer = await get(instance!, '/products', { cookie: cartOf(1, cartId) })
      expect(answer.headers.get('etag')).toBeNull()
      expect(answer.headers.get('cache-control')).toBe('private, no-cache')
      expect(answer.headers.get('set-cookie')).toContain(`${GUEST_CART_COOKIE}=;`)
      expect(answer.html).toContain('aria-label="Cart, 0 items"')
    }
  })

  it("answers the drawer's cart (?view) priced for this cookie, never from the cache", async () => {
    const [instance] = instances
    const response = await fetch(`${instance!.url}/cart?view`, { headers: { cookie: cartOf(2) } })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const { cart } = (await response.json()) as { cart: { itemCount: number; lines: { name: string }[] } }
    expect(cart.itemCount).toBe(2)
    expect(cart.lines.map((line) => line.name)).toEqual([sev.name])
    // A cookie that is not a cart reads as an empty one; without ?view /cart is the checkout page.
    const empty = await (
      await fetch(`${instance!.url}/cart?view`, { headers: { cookie: `${GUEST_CART_COOKIE}=%7Bx` } })
    ).json()
    expect(empty).toMatchObject({ cart: { itemCount: 0, lines: [] } })
    const plain = await fetch(`${instance!.url}/cart`, { redirect: 'manual' })
    expect(plain.status).toBe(302)
    expect(plain.headers.get('location')).toBe('/checkout')
  })

  it('tells browsers and proxies what they may keep: assets for a year, the worker and feeds after asking, admin nothing', async () => {
    const [instance] = instances
    const home = await get(instance!, '/')
    // The framework chunk: big enough to compress (a file under 1 KB, like the client entry, is sent as it is).
    const asset = /\/assets\/framework-[^"]+\.js/.exec(home.html)?.[0]
    expect(asset).toBeTruthy()
    const assetResponse = await fetch(`${instance!.url}${asset}`, { headers: BROWSER })
    expect(assetResponse.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    // Compressed by the build, not per request: Brotli for a browser that takes it, else gzip, else as it is.
    expect(assetResponse.headers.get('content-encoding')).toBe('br')
    expect(assetResponse.headers.get('vary')).toBe('Accept-Encoding')
    const plain = await (await fetch(`${instance!.url}${asset}`, { headers: { 'accept-encoding': 'identity' } })).text()
    const gzipped = await fetch(`${instance!.url}${asset}`, { headers: { 'accept-encoding': 'gzip' } })
    expect(gzipped.headers.get('content-encoding')).toBe('gzip')
    expect(await gzipped.text()).toBe(plain)
    expect(await assetResponse.text()).toBe(plain)

    const worker = await fetch(`${instance!.url}/sw.js`)
    expect(worker.headers.get('cache-control')).toBe('no-cache')

    const feed = await fetch(`${instance!.url}/blog/feed.xml`, { headers: BROWSER })
    expect(feed.headers.get('cache-control')).toBe('public, no-cache')
    expect(feed.headers.get('etag')).toBeTruthy()
    expect(feed.headers.get('content-encoding')).toBe('gzip')

    const admin = await get(instance!, '/admin')
    expect(admin.headers.get('cache-control')).toBe('no-store')
    expect(admin.headers.get('etag')).toBeNull()

    const checkout = await get(instance!, '/checkout')
    expect(checkout.headers.get('cache-control')).toContain('no-')
    expect(checkout.headers.get('etag')).toBeNull()
  })

  it('offers a WhatsApp chat naming the product, the size or the order once the owner sets a number, and none once it is cleared', async () => {
    const chat = (text: string) => `href="https://wa.me/919876501234?text=${encodeURIComponent(text)}"`
    await database.db.update(products).set({ stock250g: 10, stock500g: 10, stock1kg: 0 }).where(eq(products.id, sev.id))
    const placed = await placeGuestOrder(database.db, [{ productId: sev.id, size: '250g', quantity: 1 }])
    const track = async (pathname: string) => {
      const response = await fetch(`${instances[0]!.url}${pathname}`, {
        method: 'POST',
        headers: BROWSER,
        body: new URLSearchParams({ orderNumber: placed.orderNumber, phone: '98765 43210' }),
      })
      expect(response.status).toBe(200)
      return (await response.text()).replaceAll('<!-- -->', '')
    }
    const product = `/products/${sev.slug}`
    await warm(product)
    await warm('/contact')

    await database.db.update(settings).set({ whatsappNumber: '+91 98765 01234' })

    for (const instance of instances) {
      const page = (await get(instance, product)).html.replaceAll('<!-- -->', '')
      // Without a size, then one link per size that can be chosen, shown while its radio is checked.
      expect(page).toContain(chat(`Hello, I have a question about ${sev.name}.`))
      expect(page).toContain(chat(`Hello, I have a question about ${sev.name} (250g).`))
      expect(page).toContain(chat(`Hello, I have a question about ${sev.name} (500g).`))
      expect(page).not.toContain(chat(`Hello, I have a question about ${sev.name} (1kg).`))
      expect(page).toContain('target="_blank" rel="noopener noreferrer"')
      expect(page).toContain('Ask on WhatsApp<span class="sr-only"> (opens in a new tab)</span>')
      expect((await get(instance, '/contact')).html).toContain(chat('Hello Malwa Namkeen, I have a question.'))
      expect((await get(instance, '/hi/contact')).html).toContain(chat('नमस्ते Malwa Namkeen, मुझे कुछ पूछना है।'))
    }
    expect(await track('/track-order')).toContain(
      chat(`Hello, I have a question about my order #${placed.orderNumber}.`),
    )
    const hindi = await track('/hi/track-order')
    expect(hindi).toContain(chat(`नमस्ते, मुझे अपने ऑर्डर #${placed.orderNumber} के बारे में कुछ पूछना है।`))
    expect(hindi).toContain('WhatsApp पर पूछें')

    await database.db.update(settings).set({ whatsappNumber: '' })

    for (const instance of instances) {
      for (const pathname of [product, '/contact', '/hi/contact']) {
        expect((await get(instance, pathname)).html).not.toContain('https://wa.me/')
      }
    }
    expect(await track('/track-order')).not.toContain('https://wa.me/')
  })
})
