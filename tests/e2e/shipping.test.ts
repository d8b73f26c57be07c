// Shipping through Shiprocket end to end (issue 30; docs/decisions/026-shiprocket.md): the owner books
// an order on a phone, prints its label and sees the parcel picked up; the shopper follows its scans on
// Track Order in English and Hindi; a parcel returned to the shop puts its packets back once. This file
// runs a shop of its own configured as for the real Shiprocket (SHIPPING_PROVIDER=shiprocket), pointed
// at a simulator it controls, whose parcels the tests move (each move posts the courier's webhook).
// Orders are placed, confirmed and (but for the first test's) booked over HTTP as the pages post them.
import { randomBytes, randomUUID } from 'node:crypto'
import type { APIRequestContext } from '@playwright/test'
import { PDFDocument } from 'pdf-lib'
import { type ShiprocketSimulator, startShiprocketSimulator } from '../../server/shiprocket-simulator.ts'
import { freePort, type RunningServer, startServer } from '../server-process.ts'
import { test } from './fixtures.ts'
import {
  adminOverHttp,
  expect,
  orderCard,
  type PlacedOrder,
  placeOrder,
  statusSelect,
  stockOf,
  toast,
} from './orders-desk-helpers.ts'

let shop: RunningServer
let simulator: ShiprocketSimulator
/** The owner, signed in over HTTP with the login form's post: every request carries the shop's origin. */
let admin: APIRequestContext

test.beforeAll(async () => {
  // A server of its own starts slowly while the rest of the suite keeps both cores busy.
  test.setTimeout(180_000)
  const port = await freePort()
  const account = { email: 'api-orders@shop.example', password: randomBytes(12).toString('hex') }
  const token = randomBytes(24).toString('hex')
  simulator = await startShiprocketSimulator({
    ...account,
    webhook: { url: `http://127.0.0.1:${port}/api/hooks/courier-events`, token },
  })
  const owner = { email: 'shipping-admin@shop.example', password: `admin-${randomBytes(12).toString('hex')}` }
  shop = await startServer({
    PORT: String(port),
    SHOWCASE_MODE: 'false',
    ADMIN_EMAIL: owner.email,
    ADMIN_PASSWORD: owner.password,
    AUTH_SECRET: `shipping-${randomUUID()}`,
    SHIPPING_PROVIDER: 'shiprocket',
    SHIPROCKET_BASE_URL: simulator.url,
    SHIPROCKET_EMAIL: account.email,
    SHIPROCKET_PASSWORD: account.password,
    SHIPROCKET_PICKUP_LOCATION: 'Indore Kitchen',
    SHIPROCKET_WEBHOOK_TOKEN: token,
  })
  admin = await adminOverHttp(shop.url, owner.email, owner.password)
})
test.afterAll(async () => {
  await admin?.dispose()
  await shop?.stop()
  await simulator?.close()
})

/** The owner confirms the order, as the desk's status dropdown posts it. */
async function confirm(order: PlacedOrder) {
  const { version } = (await (await admin.get(`/admin/orders/${order.id}`)).json()) as { version: string }
  const changed = await admin.post(`/admin/orders/${order.id}`, {
    form: { intent: 'status', status: 'confirmed', version },
  })
  expect(changed.status(), await changed.text()).toBe(200)
}

/** A confirmed order booked with its recommended courier, as the booking dialog posts it; its AWB. */
async function booked(order: PlacedOrder): Promise<string> {
  await confirm(order)
  const answer = await admin.post(`/admin/orders/${order.id}/book`, { form: {} })
  expect(answer.status(), await answer.text()).toBe(200)
  const { awb } = (await answer.json()) as { awb: string }
  expect(simulator.order(order.number.toUpperCase())?.shipment.awb).toBe(awb)
  return awb
}

/** Moves the parcel as its courier scans it, `minutesAgo` before now: each webhook must be taken. */
async function scan(awb: string, statusId: number, minutesAgo: number, options: { ndrReason?: string } = {}) {
  const answers = await simulator.advance(awb, statusId, { at: new Date(Date.now() - minutesAgo * 60_000), ...options })
  expect(answers, `the webhook of status ${statusId}`).toEqual([200])
}

/** The shop stores a webhook's event and applies it just after answering: waits until the desk shows it. */
async function applied(order: PlacedOrder, trackState: string) {
  await expect
    .poll(async () => {
      const details = (await (await admin.get(`/admin/orders/${order.id}`)).json()) as {
        booking: { trackState: string } | null
      }
      return details.booking?.trackState
    })
    .toBe(trackState)
}

test('the owner books an order on a phone, prints its label with the packing slip and sees it picked up', async ({
  page,
}) => {
  const order = await placeOrder(shop.url, [{ slug: 'premium-ratlami-sev', size: '250g' }])
  await confirm(order)
  await page.context().addCookies((await admin.storageState()).cookies)

  await page.goto(`${shop.url}/admin/shipping`)
  await expect(page.getByRole('heading', { level: 2, name: 'Shipping' })).toBeVisible()
  const toBook = page.getByRole('list', { name: 'To book' }).getByRole('article', { name: `Order #${order.number}` })
  await toBook.getByRole('button', { name: 'Book' }).click()
  const dialog = page.getByRole('dialog', { name: `Book order #${order.number}` })
  // Shiprocket's couriers for the PIN code, the recommended one already chosen.
  await expect(dialog.getByRole('radio', { checked: true })).toHaveAccessibleName(/Recommended/)
  await dialog.getByRole('button', { name: /^Book with / }).click()
  await expect(toast(page, 'Booked')).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(toBook).toHaveCount(0)

  const chips = page.getByRole('navigation', { name: 'Parcels by where they are' })
  await chips.getByRole('link', { name: /^Awaiting pickup/ }).click()
  const awb = simulator.order(order.number.toUpperCase())!.shipment.awb!
  const awaiting = page
    .getByRole('list', { name: 'Awaiting pickup' })
    .getByRole('article', { name: `Order #${order.number}` })
  await expect(awaiting).toContainText(`AWB ${awb}`)

  // The label opens in a new tab; its answer is read here rather than in a PDF viewer.
  const href = await awaiting.getByRole('link', { name: /^Label/ }).getAttribute('href')
  const label = await page.request.get(`${shop.url}${href}`)
  expect(label.status()).toBe(200)
  expect(label.headers()['content-type']).toBe('application/pdf')
  const pdf = await PDFDocument.load(await label.body())
  expect(pdf.getPageCount(), 'the label, then the packing slip').toBe(2)

  await scan(awb, 42, 0)
  await applied(order, 'in_transit')
  await page.reload()
  await expect(awaiting).toHaveCount(0)
  await chips.getByRole('link', { name: /^In transit/ }).click()
  await expect(
    page.getByRole('list', { name: 'In transit' }).getByRole('article', { name: `Order #${order.number}` }),
  ).toContainText(`AWB ${awb}`)

  await page.goto(`${shop.url}/admin?q=${order.number}`)
  await expect(statusSelect(orderCard(page, order.number))).toHaveValue('shipped')
})

test('the shopper follows the parcel’s scans on Track Order, with the courier’s reason and expected day, in English and Hindi', async ({
  page,
}) => {
  const order = await placeOrder(shop.url, [{ slug: 'tikhi-bundi', size: '250g' }])
  const awb = await booked(order)
  const reason = 'Customer not reachable on phone'
  await scan(awb, 42, 40)
  await scan(awb, 17, 30)
  await scan(awb, 21, 20, { ndrReason: reason })
  await scan(awb, 17, 10)
  await applied(order, 'out_for_delivery')

  const texts = {
    '': {
      number: 'Order number',
      phone: 'Mobile number',
      track: 'Track Order',
      shipment: 'Shipment',
      timeline: 'Where your parcel is',
      outForDelivery: 'Out for delivery',
      failed: 'Delivery attempt failed',
      earlier: 'Earlier updates (1)',
      expected: /^Expected by \S/,
    },
    '/hi': {
      number: 'ऑर्डर नंबर',
      phone: 'मोबाइल नंबर',
      track: 'ऑर्डर ट्रैक करें',
      shipment: 'शिपमेंट',
      timeline: 'आपका पार्सल कहाँ है',
      outForDelivery: 'डिलीवरी के लिए निकला',
      failed: 'डिलीवरी की कोशिश नाकाम रही',
      earlier: 'पहले के अपडेट (1)',
      expected: /\S तक पहुँचने की उम्मीद$/,
    },
  }
  for (const [prefix, text] of Object.entries(texts)) {
    await page.goto(`${shop.url}${prefix}/track-order`)
    await page.getByLabel(text.number).fill(order.number)
    await page.getByLabel(text.phone).fill(order.phone)
    await page.getByRole('button', { name: text.track }).click()
    const shipment = page.getByRole('region', { name: text.shipment })
    await expect(shipment, `${prefix}/track-order`).toContainText(awb)
    await expect(shipment.getByText(text.expected), `${prefix}/track-order`).toBeVisible()
    // The three newest scans, newest first, in the page's language; the courier's words as it wrote them.
    const scans = shipment.getByRole('list', { name: text.timeline }).getByRole('listitem')
    await expect(scans).toHaveCount(3)
    await expect(scans.nth(0)).toContainText(text.outForDelivery)
    await expect(scans.nth(1)).toContainText(text.failed)
    await expect(scans.nth(1)).toContainText(reason)
    await expect(scans.nth(2)).toContainText(text.outForDelivery)
    await expect(shipment.locator('details summary')).toHaveText(text.earlier)
  }
})

test('a parcel returned to the shop puts its packets back once and cancels the order', async () => {
  const [slug, size] = ['navratna-mixture', '250g'] as const
  const before = await stockOf(shop.url, slug, size)
  const order = await placeOrder(shop.url, [{ slug, size, quantity: 2 }])
  expect(await stockOf(shop.url, slug, size)).toBe(before - 2)
  const awb = await booked(order)

  await scan(awb, 42, 40)
  await scan(awb, 21, 30)
  await scan(awb, 9, 20)
  // Back at the shop, told twice (a webhook sent again), then a later scan of the same: one return.
  const at = new Date(Date.now() - 10 * 60_000)
  expect(await simulator.advance(awb, 10, { at, webhook: 'twice' })).toEqual([200, 200])
  await scan(awb, 10, 5)
  await applied(order, 'rto_delivered')

  expect(await stockOf(shop.url, slug, size)).toBe(before)
  const details = (await (await admin.get(`/admin/orders/${order.id}`)).json()) as { status: string }
  expect(details.status).toBe('cancelled')
})
