// The Push Notifications tab in the browser: the counters, Send disabled until both texts are there,
// 'Please fill in title and message', a Quick Template filling the form, and a notification that
// reaches a device subscribed on a local push service (which checks the signature and decrypts it),
// then shows in History with its counts. Both projects share one server with other tests, and a send
// goes to every subscribed device: the counts are checked for what this test can know.
import { randomBytes } from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium.ts'
import { type PushService, startPushService, type TestSubscriber } from '../push-service.ts'
import { expect, placeOrder, test, toast } from './orders-desk-helpers.ts'

test.describe.configure({ timeout: 90_000 })
// Notifications need the full Chromium (tests/chromium.ts).
test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } })

const baseURL = () => process.env.E2E_BASE_URL!

let service: PushService

test.beforeAll(async () => {
  service = await startPushService()
})
test.afterAll(async () => {
  await service?.close()
})

function payloadsFor(subscriber: TestSubscriber) {
  return service.received
    .filter((push) => push.subscriberId === subscriber.id)
    .map((push) => push.payload as { title: string; body: string; url: string })
}

test('the owner fills a notification from a template and it reaches a subscribed device', async ({ page }) => {
  const key = await page.request.get('/api/push/public-key')
  expect(key.headers()['cache-control']).toBe('no-cache')
  expect(Buffer.from(((await key.json()) as { publicKey: string }).publicKey, 'base64url')).toHaveLength(65)
  const subscriber = service.subscriber()
  const subscribed = await page.request.post('/api/push/subscriptions', {
    data: { endpoint: subscriber.endpoint, expirationTime: null, keys: subscriber.keys },
  })
  expect(subscribed.status()).toBe(201)
  try {
    await page.goto('/admin/push')
    await expect(page.getByRole('heading', { name: 'Send Push Notification' })).toBeVisible()
    const title = page.getByRole('textbox', { name: 'Title', exact: true })
    const message = page.getByRole('textbox', { name: 'Message', exact: true })
    const target = page.getByRole('textbox', { name: /^Target URL/ })
    const send = page.getByRole('button', { name: 'Send Notification' })

    // Empty: Send is disabled and says why.
    await expect(send).toBeDisabled()
    await expect(page.getByText('Please fill in title and message')).toBeVisible()
    await title.fill('Namaste')
    await expect(page.getByText('7/50')).toBeVisible()
    await expect(send).toBeDisabled()
    await message.fill('Fresh sev today')
    await expect(page.getByText('15/120')).toBeVisible()
    await expect(send).toBeEnabled()
    await expect(page.getByText('Please fill in title and message')).toBeHidden()
    await title.fill('')
    await expect(send).toBeDisabled()
    await expect(page.getByText('0/50')).toBeVisible()

    // A template fills all of it in one click.
    await page.getByRole('button', { name: /^Use template: Cart reminder/ }).click()
    await expect(title).toHaveValue('Your namkeen is waiting for you')
    await expect(message).toHaveValue(/You left something tasty in your cart/)
    await expect(target).toHaveValue('/checkout')
    await expect(page.getByText('31/50')).toBeVisible()
    await expect(send).toBeEnabled()

    const unique = `Cart reminder ${randomBytes(4).toString('hex')}`
    await title.fill(unique)
    await send.click()
    await expect(toast(page, 'Notification sent to all subscribed users!')).toBeVisible()
    await expect(title).toHaveValue('')
    await expect(message).toHaveValue('')
    await expect(target).toHaveValue('')

    // The outbox worker picks the job up within a second, later on a busy machine.
    await expect
      .poll(() => payloadsFor(subscriber).filter((push) => push.title === unique), { timeout: 30_000 })
      .toEqual([
        {
          title: unique,
          body: 'You left something tasty in your cart. Complete your order before this batch sells out!',
          url: '/checkout',
          icon: '/icons/icon-192.png',
          badge: '/icons/badge-96.png',
          tag: expect.stringMatching(/^notification-/),
        },
      ])
    expect(service.refused).toEqual([])

    // History: the row, once sending is over, with the device counted as delivered.
    const row = page.getByRole('article', { name: unique })
    await expect(row).toBeVisible()
    await expect(row.getByText('Sending…')).toBeHidden({ timeout: 30_000 })
    const count = async (label: string) =>
      Number((await row.getByRole('definition').nth(LABELS.indexOf(label)).textContent())?.replace(/,/g, ''))
    expect(await count('Delivered')).toBeGreaterThanOrEqual(1)
    expect(await count('Sent')).toBe((await count('Delivered')) + (await count('Failed')) + (await count('Removed')))

    // Fits a 360 px phone without sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  } finally {
    await page.request.delete('/api/push/subscriptions', { data: { endpoint: subscriber.endpoint } })
  }
})

const LABELS = ['Sent', 'Delivered', 'Failed', 'Removed']

test('the Push tab has no serious accessibility violations', async ({ page }) => {
  await page.goto('/admin/push')
  await expect(page.getByRole('heading', { name: 'Quick Templates' })).toBeVisible()
  const results = await new AxeBuilder({ page }).analyze()
  const serious = results.violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
  expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([])
})

test.describe('new-order alerts on the owner’s device', () => {
  test.use({ serviceWorkers: 'allow' })

  test('the owner turns them on from the Push tab, hears of the next order, and turns them off', async ({
    page,
    context,
  }) => {
    // Headless Chromium cannot reach a real push service: its PushManager hands out a subscription on
    // the local push service (keys made by the test, so the service can decrypt what the shop sends).
    const subscriber = service.subscriber()
    await page.addInitScript(
      (json) => {
        const fake = {
          endpoint: json.endpoint,
          expirationTime: null,
          options: { userVisibleOnly: true, applicationServerKey: null },
          getKey: () => null,
          toJSON: () => json,
          unsubscribe: async () => {
            sessionStorage.removeItem('owner-push')
            return true
          },
        }
        PushManager.prototype.subscribe = async () => {
          sessionStorage.setItem('owner-push', '1')
          return fake as unknown as PushSubscription
        }
        PushManager.prototype.getSubscription = async () =>
          sessionStorage.getItem('owner-push') ? (fake as unknown as PushSubscription) : null
      },
      { endpoint: subscriber.endpoint, expirationTime: null, keys: subscriber.keys },
    )
    await context.grantPermissions(['notifications'])

    await page.goto('/admin/push')
    const alerts = page.getByRole('heading', { name: 'New-order alerts on this device' }).locator('../..')
    await alerts.getByRole('button', { name: 'Alert me on this device' }).click()
    await expect(toast(page, 'Notifications Enabled')).toContainText('This device will be told of every new order.')
    await expect(alerts.getByRole('button', { name: 'Stop alerts on this device' })).toBeVisible()
    await expect(alerts).toContainText('This device is told of every new order')

    const order = await placeOrder(baseURL(), [{ slug: 'tikhi-bundi', size: '250g' }])
    await expect
      .poll(() => payloadsFor(subscriber).find((push) => push.title.startsWith(`New order #${order.number}`)), {
        timeout: 30_000,
      })
      .toMatchObject({ url: `/admin?q=${order.number}` })

    await alerts.getByRole('button', { name: 'Stop alerts on this device' }).click()
    await expect(toast(page, 'Notifications Disabled')).toBeVisible()
    await expect(alerts.getByRole('button', { name: 'Alert me on this device' })).toBeVisible()
  })
})
