// Notifications on the shopper's device: a push message shown by the service worker, and the push
// banner and switches. Debian's headless shell, which the other files run on, has no notifications:
// this file runs on the full Chromium (tests/chromium.ts).
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.ts'
import { signUpOverHttp, uniqueEmail } from './accounts-helpers.ts'
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
  await expect.poll(shown).toEqual([
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

test.describe('the push banner', () => {
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

  test('shows on a shop page but not on checkout', async ({ page }) => {
    await fakePush(page)
    await page.goto('/checkout')
    // The footer's switch loads when notifications are ready: the banner would have shown by then.
    await expect(footerSwitch(page, 'Turn on notifications')).toBeVisible()
    await expect(banner(page)).toHaveCount(0)
    await page.goto('/products')
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
    await page.goto('/products')
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
    await page.goto('/products')
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
    await expect(footerSwitch(page, 'Turn on notifications')).toBeVisible()
    await expect(banner(page)).toHaveCount(0)
  })
})
