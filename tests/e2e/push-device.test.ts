// Notifications on the shopper's device: a push message shown by the service worker, and the push
// banner and switches. Debian's headless shell, which the other files run on, has no notifications:
// this file runs on the full Chromium (tests/chromium.ts).
import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.ts'
import { signUpOverHttp, uniqueEmail } from './accounts-helpers.ts'
import { checkoutForm } from './checkout-form.ts'
import { controlled, expect, test } from './fixtures.ts'

test.use({ serviceWorkers: 'allow', launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } })

const PRODUCT = '/products/premium-ratlami-sev'
const BANNER = 'Never miss a fresh batch'

test('a push message shows the notification it carries, with the default icon and badge', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['notifications'])
  await page.goto('/')
  await controlled(page)
  // Chromium's DevTools protocol delivers a push message to the worker as a push service would.
  const cdp = await context.newCDPSession(page)
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL === `${baseURL}/`)
      if (ours) resolve(ours.registrationId)
    })
  })
  await cdp.send('ServiceWorker.enable')
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: baseURL!,
    registrationId: await registrationId,
    data: JSON.stringify({ title: 'Fresh Ratlami Sev', body: 'Fried this morning', url: PRODUCT, tag: 'fresh' }),
  })
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({
        title: notification.title,
        body: notification.body,
        icon: notification.icon,
        // Not in TypeScript's DOM types yet; Chromium has it.
        badge: (notification as Notification & { badge: string }).badge,
        tag: notification.tag,
        data: notification.data as unknown,
      })),
    )
  // Chromium shows it once it has fetched the icon and badge and written it to its notification
  // store; on a loaded machine that took more than the default 5 s once, after the icons had come.
  await expect.poll(shown, { timeout: 15_000 }).toEqual([
    {
      title: 'Fresh Ratlami Sev',
      body: 'Fried this morning',
      icon: `${baseURL}/icons/icon-192.png`,
      badge: `${baseURL}/icons/badge-96.png`,
      tag: 'fresh',
      data: { url: PRODUCT },
    },
  ])
})

/**
 * Headless Chromium cannot reach a real push service: the browser's PushManager hands out a fake
 * subscription (kept in sessionStorage so that it survives a reload). The shop's own push API answers
 * for real (the e2e server allows endpoints a public push service would not have); what the page sent
 * it is recorded here.
 */
async function fakePush(page: Page) {
  await page.addInitScript(() => {
    const KEY = 'test-fake-push-endpoint'
    const fake = (endpoint: string) => ({
      endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: null },
      getKey: () => null,
      toJSON: () => ({
        endpoint,
        expirationTime: null,
        keys: {
          p256dh: 'BIPUL12DLfytvTajnryr2PRdAgXS3HGKiLqndGcJGabyhHheJYlNGCeXl1dn18gSJ1WAkAPIxr4gK0_dQds4yiI',
          auth: 'FPssNDTKnInHVndSTdbKFw',
        },
      }),
      unsubscribe: async () => {
        sessionStorage.removeItem(KEY)
        return true
      },
    })
    PushManager.prototype.subscribe = async function subscribe() {
      const endpoint = `https://push.example.test/send/${crypto.randomUUID()}`
      sessionStorage.setItem(KEY, endpoint)
      return fake(endpoint) as unknown as PushSubscription
    }
    PushManager.prototype.getSubscription = async function getSubscription() {
      const endpoint = sessionStorage.getItem(KEY)
      return endpoint ? (fake(endpoint) as unknown as PushSubscription) : null
    }
  })
  const sent: { method: string; body: unknown }[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/push/subscriptions') {
      sent.push({ method: request.method(), body: request.postDataJSON() })
    }
  })
  return sent
}

const banner = (page: Page) => page.getByRole('region', { name: BANNER })
const footerSwitch = (page: Page, name: string) => page.getByRole('contentinfo').getByRole('button', { name })

/**
 * Scrolls to the footer and waits for its switch: it loads when its slot comes near the screen and
 * notifications are ready, so the banner would have shown by then.
 */
async function footerSwitchShown(page: Page, name = 'Turn on notifications') {
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded()
  await expect(footerSwitch(page, name)).toBeVisible()
}

test.describe('the push banner', () => {
  test('shows on the home page but not on checkout, the product list or a product', async ({ page }) => {
    await fakePush(page)
    for (const path of ['/checkout', '/products', PRODUCT]) {
      await page.goto(path)
      await footerSwitchShown(page)
      await expect(banner(page), path).toHaveCount(0)
    }
    await page.goto('/')
    await expect(banner(page)).toBeVisible()
    // The banner, the footer's switch and the offline notice (hidden) are accessible too.
    const results = await new AxeBuilder({ page })
      .include('[aria-labelledby="push-banner-title"]')
      .include('footer')
      .include('#offline-notice')
      .analyze()
    expect(results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))).toEqual(
      [],
    )
  })

  test('enabling with permission granted subscribes this device; the footer turns it off again', async ({
    page,
    context,
  }) => {
    const sent = await fakePush(page)
    await context.grantPermissions(['notifications'])
    await page.goto('/')
    await banner(page).getByRole('button', { name: 'Enable Notifications' }).click()
    await expect(page.getByText('Notifications Enabled')).toBeVisible()
    await expect(banner(page)).toHaveCount(0)
    expect(sent).toEqual([
      {
        method: 'POST',
        body: {
          endpoint: expect.stringMatching(/^https:\/\/push\.example\.test\/send\//),
          expirationTime: null,
          keys: { p256dh: expect.any(String), auth: 'FPssNDTKnInHVndSTdbKFw' },
        },
      },
    ])
    const endpoint = (sent[0]!.body as { endpoint: string }).endpoint

    // Not offered again after a reload; the footer now offers to turn it off.
    await page.reload()
    await footerSwitchShown(page, 'Turn off notifications')
    await footerSwitch(page, 'Turn off notifications').click()
    await expect(banner(page)).toHaveCount(0)
    await expect(page.getByText('Notifications Disabled')).toBeVisible()
    expect(sent[1]).toEqual({ method: 'DELETE', body: { endpoint } })
    await expect(footerSwitch(page, 'Turn on notifications')).toBeVisible()
  })

  test('refusing the permission says so', async ({ page }) => {
    const sent = await fakePush(page)
    // The visitor answers the browser's prompt with Block.
    await page.addInitScript(() => {
      Notification.requestPermission = async () => 'denied'
    })
    await page.goto('/')
    await banner(page).getByRole('button', { name: 'Enable Notifications' }).click()
    await expect(page.getByText('Notification permission denied')).toBeVisible()
    await expect(banner(page)).toHaveCount(0)
    expect(sent).toEqual([])
  })

  test('a subscription the shop refuses says so, and leaves the device unsubscribed', async ({ page, context }) => {
    await fakePush(page)
    await context.grantPermissions(['notifications'])
    await context.route('**/api/push/subscriptions', (route) =>
      route.fulfill({ status: 429, json: { ok: false, message: 'Too many subscriptions from this address' } }),
    )
    await page.goto('/')
    await banner(page).getByRole('button', { name: 'Enable Notifications' }).click()
    await expect(page.getByText('Subscription Failed')).toBeVisible()
    await expect(page.getByText('Unable to enable notifications. Please try again.')).toBeVisible()
    expect(await page.evaluate(() => sessionStorage.getItem('test-fake-push-endpoint'))).toBeNull()
  })

  test('the account page turns notifications on and off for this device', async ({ page, context }, info) => {
    const sent = await fakePush(page)
    await context.grantPermissions(['notifications'])
    await signUpOverHttp(page.request, uniqueEmail(info, 'push'), `push-${Date.now()}-password`)
    await page.goto('/account')
    const section = page.getByRole('heading', { name: 'Notifications' }).locator('..')
    // The switch loads when its slot comes near the screen.
    await section.scrollIntoViewIfNeeded()
    await section.getByRole('button', { name: 'Turn on notifications' }).click()
    await expect(page.getByText('Notifications Enabled')).toBeVisible()
    await section.getByRole('button', { name: 'Turn off notifications' }).click()
    await expect(page.getByText('Notifications Disabled')).toBeVisible()
    await expect(section.getByRole('button', { name: 'Turn on notifications' })).toBeVisible()
    expect(sent.map((request) => request.method)).toEqual(['POST', 'DELETE'])
  })

  test('dismissing keeps it away, after a reload too', async ({ page }) => {
    await fakePush(page)
    await page.goto('/')
    await banner(page).getByRole('button', { name: 'Not now' }).click()
    await expect(banner(page)).toHaveCount(0)
    await page.reload()
    await footerSwitchShown(page)
    await expect(banner(page)).toHaveCount(0)
  })
})

/**
 * The buy controls among `controls` whose centre, on the screen below the sticky header, something
 * else is drawn over (what elementFromPoint hits there, other than the control's own product card),
 * as 'Add to Cart under Never miss a fresh batch'.
 */
async function coveredControls(controls: Locator): Promise<string[]> {
  return controls.evaluateAll((elements) => {
    const top = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0
    const name = (element: Element | null) =>
      (element?.closest('section, button, label, select, p')?.textContent ?? element?.tagName ?? 'nothing')
        .trim()
        .slice(0, 40)
    return elements.flatMap((element) => {
      const box = element.getBoundingClientRect()
      const x = box.left + box.width / 2
      const y = box.top + box.height / 2
      if (box.width === 0 || y < top || y >= innerHeight || x < 0 || x >= innerWidth) return []
      const hit = document.elementFromPoint(x, y)
      // A product card's link covers the card (its price too), so that a tap anywhere opens the product.
      const card = element.closest('article')
      const ownCard = card !== null && hit?.closest('article') === card
      return hit && (element.contains(hit) || ownCard) ? [] : [`${name(element)} under ${name(hit)}`]
    })
  })
}

/** Scrolls the page so that the control's centre is `above` px over the bottom of the screen. */
async function bringNearBottom(control: Locator, above: number) {
  await control.evaluate((element, above) => {
    const box = element.getBoundingClientRect()
    window.scrollBy(0, box.top + box.height / 2 - (innerHeight - above))
  }, above)
}

// The shopper's phone (issue 32): the banner never covers a product's price, sizes or Add to Cart, at
// both heights of a phone's screen.
for (const height of [640, 780]) {
  test.describe(`the push banner on a 360 x ${height} phone`, () => {
    test.use({ viewport: { width: 360, height } })

    test("never covers a price or Add to Cart: not on a product page, out of the way of the home page's", async ({
      page,
    }) => {
      await fakePush(page)
      // A product's page: prices, sizes and Add to Cart, and no banner.
      await page.goto(PRODUCT)
      await footerSwitchShown(page)
      await expect(banner(page)).toHaveCount(0)
      const details = page.getByRole('main')
      const productControls = details
        .getByRole('button', { name: /^Add to Cart/ })
        .or(details.locator('label').filter({ has: page.getByRole('radio') }))
        .or(details.getByText(/^₹[\d,]+\.\d\d$/))
      await expect(productControls.first()).toBeVisible()
      for (const control of await productControls.all()) {
        await control.scrollIntoViewIfNeeded()
        expect(await coveredControls(productControls)).toEqual([])
      }

      // The home page, where the spec puts the banner: it shows on the first screen...
      await page.goto('/')
      await expect(banner(page)).toBeVisible()
      const bestsellers = page.getByRole('region', { name: 'Our Bestsellers' })
      const cardControls = bestsellers
        .getByRole('button', { name: /^Add to Cart/ })
        .or(bestsellers.getByRole('combobox'))
        .or(bestsellers.getByText(/^₹[\d,]+\.\d\d$/))
      await expect(cardControls).not.toHaveCount(0)
      // ...and steps aside while a bestseller's Add to Cart, size or price is beneath it.
      const addToCart = bestsellers.getByRole('button', { name: /^Add to Cart/ })
      await bringNearBottom(addToCart.first(), 30)
      await expect(banner(page)).toBeHidden()
      await expect.poll(() => coveredControls(cardControls)).toEqual([])
      await bringNearBottom(bestsellers.getByText(/^₹[\d,]+\.\d\d$/).last(), 60)
      await expect.poll(() => coveredControls(cardControls)).toEqual([])
      // Every screenful of the page, top to bottom: no buy control is covered.
      const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight)
      for (let y = 0; y < pageHeight; y += height / 2) {
        await page.evaluate((y) => window.scrollTo(0, y), y)
        await expect.poll(() => coveredControls(cardControls), `scrolled to ${y}`).toEqual([])
      }
      // Back at the top, with nothing to cover, it is there again.
      await page.evaluate(() => window.scrollTo(0, 0))
      await expect(banner(page)).toBeVisible()
    })
  })
}

test("after an order, the banner shows on the order's page and on pages that sell nothing, never on a product", async ({
  page,
}) => {
  await fakePush(page)
  await page.goto('/track-order')
  await footerSwitchShown(page)
  await expect(banner(page)).toHaveCount(0)
  // A guest order placed from this browser (its cart and its visitor cookie), as the checkout posts it.
  const html = await (await page.request.get('/products/tikhi-bundi')).text()
  const productId = /name="productId" value="([0-9a-f-]{36})"/.exec(html)![1]!
  const added = await page.request.post('/cart', { form: { intent: 'add', productId, size: '250g', enhanced: '1' } })
  expect(added.status()).toBe(200)
  const placed = await page.request.post('/checkout', { form: checkoutForm(), maxRedirects: 0 })
  expect(placed.status(), await placed.text()).toBe(302)
  await page.goto(placed.headers().location!)
  await expect(page.getByRole('heading', { level: 1, name: 'Order placed successfully!' })).toBeVisible()
  await expect(banner(page)).toBeVisible()
  await page.goto('/track-order')
  await expect(banner(page)).toBeVisible()
  await page.goto(PRODUCT)
  await footerSwitchShown(page)
  await expect(banner(page)).toHaveCount(0)
})
