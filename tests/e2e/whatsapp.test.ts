// WhatsApp order updates end to end (issue 31; docs/decisions/027-whatsapp.md): a Hindi shopper opts in
// at checkout, the owner ships the order by hand, the customer is sent `order_shipped` in Hindi with
// the tracking link, and the order's details show the notice read. This file runs a shop of its own
// configured as for Meta's Cloud API (WHATSAPP_PROVIDER=cloud), pointed at a Graph API simulator it
// controls, whose signed status webhooks come back to the shop. The owner's shipping goes over HTTP as
// the desk's Shipped dialog posts it (the dialog itself: orders-desk.test.ts).
import { randomBytes, randomUUID } from 'node:crypto'
import type { APIRequestContext } from '@playwright/test'
import { demoSettings } from '#app/demo/settings.ts'
import { WHATSAPP_WEBHOOK_PATH } from '#app/whatsapp/webhook-path.ts'
import { startWhatsAppSimulator, type WhatsAppSimulator } from '../../server/whatsapp-simulator.ts'
import { freePort, type RunningServer, startServer } from '../server-process.ts'
import { uniquePhone } from './accounts-helpers.ts'
import { test } from './fixtures.ts'
import { adminOverHttp, expect, orderCard } from './orders-desk-helpers.ts'

let shop: RunningServer
let simulator: WhatsAppSimulator
/** The owner, signed in over HTTP with the login form's post: every request carries the shop's origin. */
let admin: APIRequestContext

test.beforeAll(async () => {
  // A server of its own starts slowly while the rest of the suite keeps both cores busy.
  test.setTimeout(180_000)
  const port = await freePort()
  const meta = {
    accessToken: randomBytes(24).toString('base64url'),
    appSecret: randomBytes(24).toString('hex'),
    phoneNumberId: '106540352242922',
    graphVersion: 'v23.0',
  }
  simulator = await startWhatsAppSimulator({ ...meta, webhookUrl: `http://127.0.0.1:${port}${WHATSAPP_WEBHOOK_PATH}` })
  const owner = { email: 'whatsapp-admin@shop.example', password: `admin-${randomBytes(12).toString('hex')}` }
  shop = await startServer({
    PORT: String(port),
    SHOWCASE_MODE: 'false',
    ADMIN_EMAIL: owner.email,
    ADMIN_PASSWORD: owner.password,
    AUTH_SECRET: `whatsapp-${randomUUID()}`,
    WHATSAPP_PROVIDER: 'cloud',
    WHATSAPP_BASE_URL: simulator.url,
    WHATSAPP_ACCESS_TOKEN: meta.accessToken,
    WHATSAPP_APP_SECRET: meta.appSecret,
    WHATSAPP_PHONE_NUMBER_ID: meta.phoneNumberId,
    WHATSAPP_GRAPH_VERSION: meta.graphVersion,
    WHATSAPP_VERIFY_TOKEN: randomBytes(16).toString('hex'),
  })
  admin = await adminOverHttp(shop.url, owner.email, owner.password)
})
test.afterAll(async () => {
  await admin?.dispose()
  await shop?.stop()
  await simulator?.close()
})

interface Details {
  version: string
  whatsappNotices: { template: string; audience: string; status: string }[]
}

async function details(orderId: string): Promise<Details> {
  return (await (await admin.get(`/admin/orders/${orderId}`)).json()) as Details
}

test('a Hindi shopper who opts in at checkout gets the shipping news on WhatsApp in Hindi, and the owner sees it read', async ({
  page,
}) => {
  const phone = uniquePhone()
  await page.goto(`${shop.url}/hi/products/premium-ratlami-sev`)
  await page.getByRole('button', { name: /^कार्ट में डालें/ }).click()
  await expect(page.getByText('कार्ट में डाल दिया!')).toBeVisible()

  await page.goto(`${shop.url}/hi/checkout`)
  await page.getByLabel('पूरा नाम').fill('आशा वर्मा')
  await page.getByLabel('ईमेल').fill(`asha-${randomBytes(4).toString('hex')}@example.in`)
  await page.getByLabel('मोबाइल नंबर').fill(phone)
  await page.getByLabel('पता', { exact: true }).fill('12, विजय नगर, स्कीम 54')
  await page.getByLabel('शहर').fill('इंदौर')
  await page.getByLabel('राज्य या केंद्र शासित प्रदेश').selectOption('Madhya Pradesh')
  await page.getByLabel('पिन कोड').fill('452010')
  await expect(page.getByRole('radio', { name: /^कैश ऑन डिलीवरी/ })).toBeChecked()
  // Never ticked by the shop: the shopper's own choice, naming the shop.
  const optIn = page.getByRole('checkbox', {
    name: `मुझे ${demoSettings.legalName} की ओर से WhatsApp पर ऑर्डर की जानकारी भेजें`,
    exact: true,
  })
  await expect(optIn).not.toBeChecked()
  await optIn.check()
  await page.getByRole('checkbox', { name: /नियम और शर्तों/ }).check()
  await page.getByRole('button', { name: /ऑर्डर करें/ }).click()
  await expect(page).toHaveURL(/\/hi\/order-success\?orderId=/)
  const orderId = new URL(page.url()).searchParams.get('orderId')!
  const number = orderId.slice(-8)

  // The owner ships it by hand with Delhivery and its AWB, as the desk's Shipped dialog posts it.
  const awb = `1904${Date.now().toString().slice(-10)}`
  const shipped = await admin.post(`/admin/orders/${orderId}`, {
    form: {
      intent: 'status',
      status: 'shipped',
      version: (await details(orderId)).version,
      courier: 'delhivery',
      courierName: '',
      awb,
    },
  })
  expect(shipped.status(), await shipped.text()).toBe(200)

  const trackingLink = `https://www.delhivery.com/track/package/${awb}`
  await expect
    .poll(() => simulator.accepted({ to: `+91${phone}` }).map((message) => message.template), { timeout: 15_000 })
    .toEqual(['order_shipped'])
  const [message] = simulator.accepted({ to: `+91${phone}` })
  expect(message!.language).toBe('hi')
  expect(message!.params).toEqual(['आशा वर्मा', number, 'Delhivery', awb, trackingLink])

  // Sent, delivered, then read: the status webhooks are posted, stored, then applied by the shop's worker.
  await simulator.idle()
  const shown = async () =>
    (await details(orderId)).whatsappNotices.map((notice) => `${notice.audience} ${notice.template} ${notice.status}`)
  await expect.poll(shown, { timeout: 15_000 }).toEqual(['customer order_shipped read'])

  await page.context().addCookies((await admin.storageState()).cookies)
  await page.goto(`${shop.url}/admin?q=${number}`)
  await orderCard(page, number).getByRole('button', { name: 'Details' }).click()
  const notices = page
    .getByRole('dialog', { name: `Order Details #${number}` })
    .getByRole('region', { name: 'Notices', exact: true })
    .getByRole('listitem')
  await expect(notices).toHaveCount(1)
  await expect(notices).toContainText('Shipped')
  await expect(notices).toContainText('WhatsApp · to the customer')
  await expect(notices).toContainText('Read')
})
