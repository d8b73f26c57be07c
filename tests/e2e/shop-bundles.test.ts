import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { demoProducts } from '#app/demo/products.ts'
import { m } from '#app/paraglide/messages.js'
import { type BrowserManifest, parseBrowserManifest } from '#app/pwa/precache-list.ts'
import { isDeskRoute } from '#app/shell/route-manifest.ts'
import { expect, hydrated, test } from './fixtures.ts'

const CLIENT = path.join(process.env.BUILD_DIR ?? 'build', 'client')

/** React Router's browser manifest of the build, or of its Hindi copy (app/i18n/language-copies.ts). */
function browserManifest(folder = 'assets'): BrowserManifest {
  const assets = path.join(CLIENT, 'assets')
  const manifestFile = readdirSync(assets).find((file) => /^manifest-.*\.js$/.test(file))
  if (!manifestFile) throw new Error(`no React Router manifest in ${assets}`)
  return parseBrowserManifest(readFileSync(path.join(CLIENT, folder, manifestFile), 'utf8'))
}

const files = (part: BrowserManifest['entry']) => [part.module, ...(part.imports ?? []), ...(part.css ?? [])]

/** A built module and the chunks it imports statically, through theirs (`/assets/x.js`). */
function withStaticImports(module: string, found = new Set<string>()): Set<string> {
  if (found.has(module)) return found
  found.add(module)
  const code = readFileSync(path.join(CLIENT, module), 'utf8')
  for (const [, imported] of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g))
    withStaticImports(`/assets/${imported}`, found)
  return found
}

// The desk's routes carry no import lists in the browser's manifest (app/shell/route-manifest.ts), so
// its files are found from its modules' own imports.
function adminOnlyFiles(): string[] {
  const manifest = browserManifest()
  const routes = Object.values(manifest.routes)
  const shop = new Set([...files(manifest.entry), ...routes.filter((route) => !isDeskRoute(route.id)).flatMap(files)])
  const desk = new Set<string>()
  for (const route of routes.filter((route) => isDeskRoute(route.id))) withStaticImports(route.module, desk)
  return [...desk].filter((file) => !shop.has(file))
}

// The browsing pages, which hydrate. The pages to read (the blog, a post, the FAQ...) load no script
// file at all (frame.test.ts, tests/integration/reading-pages.test.ts).
const SHOP_PAGES = [
  { path: '/', heading: 'Authentic Indori Namkeen' },
  { path: '/products', heading: 'Our Products' },
  { path: `/products/${demoProducts[0]!.slug}`, heading: demoProducts[0]!.name },
]

for (const { path, heading } of SHOP_PAGES) {
  test(`${path} loads none of the admin panel's code`, async ({ page }) => {
    const requested: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') requested.push(new URL(request.url()).pathname)
    })
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()

    // The admin panel's files, from the build's React Router manifest: the modules of its routes and
    // what they import that no shop route and not the browser entry shares.
    const adminOnly = adminOnlyFiles()
    expect(adminOnly.length).toBeGreaterThan(0)
    expect(requested.length).toBeGreaterThan(0)
    expect(requested.filter((file) => adminOnly.includes(file))).toEqual([])
  })
}

test("the home page's scripts carry its own texts in its own language, not the FAQ's or checkout's", () => {
  const firstLoad = (manifest: BrowserManifest) =>
    [manifest.entry, manifest.routes.root!, manifest.routes['routes/home']!]
      .flatMap(files)
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(path.join(CLIENT, file), 'utf8'))
      .join('\n')
  const scripts = { en: firstLoad(browserManifest()), hi: firstLoad(browserManifest('assets/hi')) }
  for (const locale of ['en', 'hi'] as const) {
    const other = locale === 'en' ? 'hi' : 'en'
    expect(scripts[locale]).toContain(m.hero_title({}, { locale }))
    expect(scripts[locale]).not.toContain(m.hero_title({}, { locale: other }))
    expect(scripts[locale]).not.toContain(m.faq_cod_a1({}, { locale }))
    expect(scripts[locale]).not.toContain(m.checkout_no_way_to_pay({ pin: '{pin}' }, { locale }).split('{pin}')[1])
  }
})

test('a Hindi page loads the Hindi copy of the scripts that carry texts, and the shared ones', async ({ page }) => {
  const requested: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') requested.push(new URL(request.url()).pathname)
  })
  await page.goto(`/hi/products/${demoProducts[0]!.slug}`)
  await hydrated(page)
  const shared = /^\/assets\/(framework|rolldown-runtime)-[\w-]+\.js$/
  expect(requested.filter((file) => shared.test(file)).length).toBe(2)
  const own = requested.filter((file) => !shared.test(file))
  expect(own.length).toBeGreaterThan(3)
  expect(own.filter((file) => !file.startsWith('/assets/hi/'))).toEqual([])
  await expect(page.getByRole('button', { name: /^कार्ट में डालें/ })).toBeVisible()
})

for (const { path } of SHOP_PAGES) {
  test(`${path} asks for its scripts only once it has loaded, then hydrates`, async ({ page }) => {
    await page.goto(path)
    await hydrated(page)
    const { loaded, scripts } = await page.evaluate(() => ({
      loaded: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventStart,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
        .map((entry) => entry.startTime),
    }))
    expect(loaded).toBeGreaterThan(0)
    expect(scripts.length).toBeGreaterThan(0)
    expect(scripts.filter((start) => start < loaded)).toEqual([])
  })
}

test('the pages a shopper acts on keep their module preloads, but checkout asks once it has loaded', async ({
  request,
}) => {
  const html = await (await request.get('/auth')).text()
  expect(html).toContain('rel="modulepreload"')
  expect(html).toContain('type="module"')
  const checkout = await (await request.get('/checkout')).text()
  expect(checkout).not.toContain('rel="modulepreload"')
  expect(checkout).toContain('type="text/x-after-load"')
})

test('a toast asked for before its code arrives is shown when the code does', async ({ page }) => {
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/assets\/sonner-[\w-]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto(`/products/${demoProducts[0]!.slug}`)
  const answered = page.waitForResponse((response) => /^\/cart(\.data)?$/.test(new URL(response.url()).pathname))
  await page.getByRole('button', { name: /^Add to Cart/ }).click()
  await answered
  await expect(page.getByText('Added to cart!')).toHaveCount(0)
  release()
  await expect(page.getByText('Added to cart!')).toBeVisible()
  await expect(page.getByText('Item added successfully')).toBeVisible()
})

test('the cart drawer opens on the first tap, before its code has arrived', async ({ page }) => {
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/assets\/cart-drawer-panel-[\w-]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/products')
  const requested = page.waitForRequest(/\/assets\/cart-drawer-panel-[\w-]+\.js$/)
  await page.getByRole('link', { name: /^Cart,/ }).click()
  await requested
  await expect(page).toHaveURL(/\/products$/)
  release()
  await expect(page.getByRole('dialog', { name: /Your Cart/ })).toBeVisible()
})

/** The loader's cap on waiting for the first picture's paint, taken away: a page that waits for a
 * paint that never comes then never hydrates, so these tests fail without a timing of their own. */
function waitsWithoutCap() {
  const later = window.setTimeout
  window.setTimeout = ((handler: TimerHandler, timeout?: number, ...rest: unknown[]) =>
    timeout === 1000 ? 0 : later(handler, timeout, ...rest)) as typeof window.setTimeout
}

const HERO = /\/images\/hero-[\w-]+\.(webp|avif)$/

test('a visitor who scrolls before the first picture is painted gets the scripts without waiting for it', async ({
  page,
}) => {
  await page.addInitScript(waitsWithoutCap)
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(HERO, async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/', { waitUntil: 'domcontentloaded' })
  // The browser reports no more largest paints after an input: the loader must not wait for one.
  await page.mouse.wheel(0, 40)
  release()
  await hydrated(page)
})

test('a first picture that cannot be shown does not hold the scripts back', async ({ page }) => {
  await page.addInitScript(waitsWithoutCap)
  await page.route(HERO, (route) => route.fulfill({ status: 200, contentType: 'image/avif', body: 'not a picture' }))
  await page.goto('/')
  await hydrated(page)
})

/** A cart with one packet in the page's browser, as the product page posts it. */
async function fillCart(page: Page) {
  const html = await (await page.request.get(`/products/${demoProducts[0]!.slug}`)).text()
  const productId = /name="productId" value="([0-9a-f-]{36})"/.exec(html)![1]!
  const added = await page.request.post('/cart', { form: { intent: 'add', productId, size: '250g', enhanced: '1' } })
  expect(added.status(), await added.text()).toBe(200)
}

const CHECKOUT_RULES = /\/assets\/address-choice-[\w-]+\.js$/

test("checkout brings its form's rules (zod) when the shopper starts on the form", async ({ page }) => {
  await fillCart(page)
  let asked = false
  page.on('request', (request) => {
    if (CHECKOUT_RULES.test(new URL(request.url()).pathname)) asked = true
  })
  await page.goto('/checkout')
  await hydrated(page)
  expect(asked).toBe(false)
  const requested = page.waitForRequest(CHECKOUT_RULES)
  await page.getByLabel('Full name').focus()
  await requested
})

test('a checkout form sent before its rules arrive is checked once they do', async ({ page }) => {
  await fillCart(page)
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(CHECKOUT_RULES, async (route) => {
    await held
    await route.continue()
  })
  let posts = 0
  page.on('request', (request) => {
    if (request.method() === 'POST') posts += 1
  })
  await page.goto('/checkout')
  await hydrated(page)
  const requested = page.waitForRequest(CHECKOUT_RULES)
  await page.getByRole('button', { name: /^Place Order/ }).click()
  await requested
  await expect(page.getByText('Please enter your full name.')).toHaveCount(0)
  release()
  await expect(page.getByText('Please enter your full name.')).toBeVisible()
  await expect(page.getByLabel('Full name')).toBeFocused()
  expect(posts).toBe(0)
})

const REVIEWS_PART = /\/assets\/product-reviews-[\w-]+\.js$/
const PACK_FACTS_PART = /\/assets\/pack-facts-[\w-]+\.js$/

test("the product page's reviews hydrate as the shopper nears them, and its facts that only show never do", async ({
  page,
}) => {
  const asked: string[] = []
  page.on('request', (request) => asked.push(new URL(request.url()).pathname))
  await page.goto(`/products/${demoProducts[0]!.slug}`)
  await hydrated(page)
  expect(asked.filter((file) => REVIEWS_PART.test(file))).toEqual([])
  const requested = page.waitForRequest(REVIEWS_PART)
  await page.getByRole('heading', { name: m.customer_reviews() }).scrollIntoViewIfNeeded()
  await requested
  await page.mouse.wheel(0, 4000)
  await expect(page.getByRole('heading', { name: m.on_the_pack() })).toBeVisible()
  expect(asked.filter((file) => PACK_FACTS_PART.test(file))).toEqual([])
})
