import { once } from 'node:events'
import { createServer, request as forward } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from '@playwright/test'
import { openMenu, signUpOverHttp, uniqueEmail } from './accounts-helpers.ts'
import { controlled, expect, test } from './fixtures.ts'

// This file tests the service worker itself, which playwright.config.ts blocks for the other files.
test.use({ serviceWorkers: 'allow' })

const PRODUCT = '/products/premium-ratlami-sev'
const BLOG_POST = '/blog/the-story-of-ratlami-sev'
const OFFLINE_NOTICE = 'You are offline — prices may have changed'

/** Waits until the worker has stored a copy of the page at this path. */
async function stored(page: Page, path: string, cacheName = 'pages') {
  await expect
    .poll(() =>
      page.evaluate(async ([url, name]) => !!(await caches.match(url, { cacheName: name })), [
        new URL(path, page.url()).href,
        cacheName,
      ] as const),
    )
    .toBe(true)
}

/**
 * Waits until the worker has stored every script the page loaded: a route's chunks come after the load
 * event (by now the page is hydrated, so they are among them), and a page shown offline before its
 * chunk is stored fails to load it.
 */
async function scriptsStored(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const scripts = performance
            .getEntriesByType('resource')
            .map((entry) => entry.name)
            .filter((url) => new URL(url).pathname.startsWith('/assets/') && url.endsWith('.js'))
          return (await Promise.all(scripts.map((url) => caches.match(url)))).every(Boolean)
        }),
      // The worker stores them in the background; on a loaded machine that took over 5 s (CI).
      { timeout: 20_000 },
    )
    .toBe(true)
}

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`
}

test('the shop is installable: a manifest linked from every page, named from the settings, with 192 and 512 icons', async ({
  page,
  request,
}) => {
  await page.goto('/products')
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest')
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#8a3b12')

  const response = await request.get('/manifest.webmanifest')
  expect(response.headers()['content-type']).toContain('application/manifest+json')
  const manifest = (await response.json()) as {
    name: string
    short_name: string
    start_url: string
    scope: string
    display: string
    icons: { src: string; sizes: string; type: string; purpose?: string }[]
  }
  expect(manifest).toMatchObject({
    name: 'Malwa Namkeen',
    short_name: 'Malwa Namkeen',
    start_url: '/',
    scope: '/',
    display: 'standalone',
  })
  const pngs = manifest.icons.filter((icon) => icon.type === 'image/png')
  expect(pngs.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']))
  expect(pngs.some((icon) => icon.purpose === 'maskable')).toBe(true)
  for (const icon of [...pngs, { src: '/icons/badge-96.png', sizes: '96x96' }]) {
    const png = await request.get(icon.src)
    expect(png.ok(), icon.src).toBe(true)
    expect(pngSize(await png.body()), icon.src).toBe(icon.sizes)
  }
})

test('the service worker is served from the root, is always checked for updates, and controls the page', async ({
  page,
  request,
  baseURL,
}) => {
  const script = await request.get('/sw.js')
  expect(script.headers()['cache-control']).toBe('no-cache')
  expect(script.headers()['content-type']).toContain('javascript')

  await page.goto('/')
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)
  expect(scope).toBe(`${baseURL}/`)
  await controlled(page)

  // Chromium's own verdict on installing the shop (manifest, icons, worker, secure origin). Playwright's
  // contexts are incognito ones, where Chromium installs nothing: that one reason is the browser's.
  const cdp = await page.context().newCDPSession(page)
  await expect
    .poll(async () =>
      (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors
        .map((error) => error.errorId)
        .filter((id) => id !== 'in-incognito'),
    )
    .toEqual([])
})

/**
 * The run's shop at an address of its own (so a new registration and caches of its own), through a
 * proxy that passes every request and answer on, except the service worker's script: the server's
 * answer (its headers, as the server sends them) with the body `worker` gives, as after a new build
 * and deploy. Browsers fetch a worker's script themselves, out of Playwright's routing.
 */
async function shopDeployedAgain(upstream: string) {
  let worker = (script: string) => script
  const proxy = createServer((request, response) => {
    const url = new URL(request.url ?? '/', upstream)
    if (url.pathname === '/sw.js') {
      void (async () => {
        const answer = await fetch(url, { headers: { 'accept-encoding': 'identity' } })
        const headers = Object.fromEntries(answer.headers)
        delete headers['content-length']
        delete headers['content-encoding']
        response.writeHead(answer.status, headers).end(worker(await answer.text()))
      })()
      return
    }
    const upstreamRequest = forward(url, { method: request.method, headers: { ...request.headers, host: url.host } })
    upstreamRequest.on('response', (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(response)
    })
    upstreamRequest.on('error', () => response.destroy())
    request.pipe(upstreamRequest)
  })
  proxy.listen(0, '127.0.0.1')
  await once(proxy, 'listening')
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    deploy(next: (script: string) => string) {
      worker = next
    },
    async stop() {
      proxy.closeAllConnections()
      proxy.close()
      await once(proxy, 'close')
    },
  }
}

test('a new build is found on the next visit: its worker takes over, precaches its files and drops the old ones', async ({
  page,
  baseURL,
}) => {
  const shop = await shopDeployedAgain(baseURL!)
  try {
    await page.goto(`${shop.url}/`)
    await controlled(page)
    /** The favicon's entries in the precache (its URL carries the build's revision). */
    const favicons = () =>
      page.evaluate(async () => {
        const name = (await caches.keys()).find((key) => key.startsWith('workbox-precache'))
        const keys = name ? await (await caches.open(name)).keys() : []
        return keys.map((request) => request.url).filter((url) => url.includes('/favicon.ico'))
      })
    await expect.poll(favicons).toEqual([expect.stringMatching(/__WB_REVISION__=[0-9a-f]{32}$/)])

    // The next build: a changed favicon, so the worker's precache list names a new revision.
    const next = (script: string) =>
      script.replace(
        /"revision":"[0-9a-f]{32}","url":"favicon\.ico"/,
        '"revision":"00000000000000000000000000000001","url":"favicon.ico"',
      )
    expect(next(await (await page.request.get(`${shop.url}/sw.js`)).text())).toContain(
      '00000000000000000000000000000001',
    )
    shop.deploy(next)

    // The browser checks /sw.js on a navigation (never from its HTTP cache).
    await page.reload()
    // The old entry goes once the new worker has activated: later than the default 5 s on a busy machine.
    await expect.poll(favicons, { timeout: 15_000 }).toEqual([expect.stringMatching(/__WB_REVISION__=0{31}1$/)])
    // Nothing waits for the shopper to close their tabs: the new worker is the active one.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration()
          return registration?.waiting === null && registration.installing === null && registration.active?.state
        }),
      )
      .toBe('activated')
    await controlled(page)
  } finally {
    await shop.stop()
  }
})

test('a visited product page and blog post are readable offline, with the offline notice', async ({
  page,
  context,
}) => {
  // The first page is visited before the worker exists: the page hands its requests to the worker.
  await page.goto(PRODUCT)
  await expect(page.getByRole('heading', { level: 1, name: 'Premium Ratlami Sev' })).toBeVisible()
  await controlled(page)
  await stored(page, PRODUCT)
  await scriptsStored(page)
  await page.goto(BLOG_POST)
  await stored(page, BLOG_POST)
  await scriptsStored(page)
  await expect(page.getByText(OFFLINE_NOTICE)).toBeHidden()

  await context.setOffline(true)
  await page.goto(PRODUCT)
  await expect(page.getByRole('heading', { level: 1, name: 'Premium Ratlami Sev' })).toBeVisible()
  await expect(page.getByText(OFFLINE_NOTICE)).toBeVisible()
  await page.goto(BLOG_POST)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Ratlami Sev')
  await expect(page.getByText(OFFLINE_NOTICE)).toBeVisible()
  await context.setOffline(false)
})

test('offline, a form that changes something is not sent and says why, and a link loads the page the worker has', async ({
  page,
  context,
}) => {
  await page.goto('/')
  await controlled(page)
  await stored(page, '/')
  await context.setOffline(true)
  // The cart's code and the toast's were never loaded: the page would fail to fetch them, or reload.
  await page.getByRole('button', { name: 'Add to Cart for Premium Ratlami Sev' }).first().click()
  await expect(page.getByRole('alert').filter({ hasText: 'You are offline, so this was not sent.' })).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
  // A product page never visited: the worker answers with the offline page.
  await page.getByRole('link', { name: 'Premium Ratlami Sev' }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible()
  await expect(page).toHaveURL(/\/products\/premium-ratlami-sev$/)
  await context.setOffline(false)
})

test('offline, the PIN code box says it could not ask, and the shopper stays on the product', async ({
  page,
  context,
}) => {
  await page.goto(PRODUCT)
  await controlled(page)
  await stored(page, PRODUCT)
  await context.setOffline(true)
  // The box asks the server without leaving the page: offline that is a form not sent, not a page load.
  await page.getByRole('textbox', { name: 'PIN code' }).first().fill('452001')
  await page.getByRole('button', { name: 'Check' }).first().click()
  await expect(page.getByRole('alert').filter({ hasText: 'You are offline, so this was not sent.' })).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`${PRODUCT}$`))
  await context.setOffline(false)
})

test('offline, a search is sent as a page load, which the worker answers', async ({ page, context }) => {
  await page.goto('/products')
  await controlled(page)
  await stored(page, '/products')
  await context.setOffline(true)
  const search = page.getByRole('searchbox', { name: 'Search' })
  // Typed without input events, so the box's own search-as-you-type does not run first: the form is sent.
  await search.evaluate((input: HTMLInputElement) => {
    input.value = 'sev'
  })
  await search.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible()
  await expect(page).toHaveURL(/\/products\?.*q=sev/)
  await context.setOffline(false)
})

test('a link followed offline to a page not stored shows the offline page, not an error', async ({ page, context }) => {
  await page.goto('/products')
  await controlled(page)
  await stored(page, '/products')
  await context.setOffline(true)
  await page.getByLabel('Sort by').selectOption({ label: 'Name: A-Z' })
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible()
  await expect(page).toHaveURL(/\/products\?sort=name$/)
  await context.setOffline(false)
})

test('signing out forgets the stored pages, which show the signed-in header', async ({ page, isMobile }, info) => {
  await page.goto('/')
  await controlled(page)
  await signUpOverHttp(page.request, uniqueEmail(info, 'offline'), `offline-${Date.now()}-password`)
  await page.goto(PRODUCT)
  await stored(page, PRODUCT)
  const nav = await openMenu(page, isMobile)
  await nav.getByRole('button', { name: 'Logout' }).click()
  // Logout returns to the home page.
  await expect(page).toHaveURL(/\/$/)
  const product = new URL(PRODUCT, page.url()).href
  await expect
    .poll(() => page.evaluate(async (url) => !!(await caches.match(url, { cacheName: 'pages' })), product))
    .toBe(false)
})

test('checkout and admin are never answered from a cache: offline they show the offline page', async ({
  page,
  context,
}) => {
  await page.goto('/')
  await controlled(page)
  await stored(page, '/offline', 'shell')
  // Visited while online, so a worker that stored them could answer with a copy.
  await page.goto('/checkout')
  await page.goto('/admin')
  expect(
    await page.evaluate(async () => (await caches.match('/checkout')) ?? (await caches.match('/admin')) ?? null),
  ).toBeNull()

  await context.setOffline(true)
  for (const path of ['/checkout', '/admin']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Call +91 98765 43210' })).toHaveAttribute('href', 'tel:+919876543210')
    await expect(page.getByRole('link', { name: 'Try again' })).toBeVisible()
  }
  // A page never visited gets the same.
  await page.goto('/products/navratna-mixture')
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible()
  await context.setOffline(false)
})
