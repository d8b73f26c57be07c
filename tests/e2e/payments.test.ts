// Paying online end to end through the PhonePe simulator's test payment page: success, failure then
// paying again, and pending then paid, with the payment-status page's re-checks and buttons; a lost,
// repeated or reordered webhook and an unreachable gateway. This file runs a shop of its own
// configured as for the real PhonePe (PAYMENT_PROVIDER=phonepe), pointed at a simulator it controls.
import { randomBytes, randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { type PhonePeSimulator, startPhonePeSimulator } from '../../server/phonepe-simulator.ts'
import { freePort, type RunningServer, startServer } from '../server-process.ts'
import { uniqueEmail, uniquePhone } from './accounts-helpers.ts'
import { checkoutForm, fillDelivery } from './checkout-form.ts'
import { expect, test } from './fixtures.ts'

let shop: RunningServer
let simulator: PhonePeSimulator

test.beforeAll(async () => {
  // A server of its own starts slowly while the rest of the suite keeps both cores busy.
  test.setTimeout(180_000)
  const port = await freePort()
  const credentials = { clientId: 'SHOPTEST', clientSecret: randomBytes(16).toString('hex') }
  const webhook = { username: 'shop-webhook', password: randomBytes(16).toString('hex') }
  simulator = await startPhonePeSimulator({
    ...credentials,
    webhook: { url: `http://127.0.0.1:${port}/api/payments/phonepe/webhook`, ...webhook },
  })
  shop = await startServer({
    PORT: String(port),
    SHOWCASE_MODE: 'false',
    PAYMENT_PROVIDER: 'phonepe',
    PHONEPE_BASE_URL: simulator.url,
    PHONEPE_CLIENT_ID: credentials.clientId,
    PHONEPE_CLIENT_SECRET: credentials.clientSecret,
    PHONEPE_WEBHOOK_USERNAME: webhook.username,
    PHONEPE_WEBHOOK_PASSWORD: webhook.password,
    AUTH_SECRET: `payments-${randomUUID()}`,
  })
})
// Each test starts with a well-behaved gateway.
test.beforeEach(() => simulator.misbehave({}))
test.afterAll(async () => {
  await shop?.stop()
  await simulator?.stop()
})

/** Resolves with the form that places the order: its idempotency key and fields, as posted. */
async function checkOutOnline(page: Page, { reachGateway = true } = {}): Promise<string> {
  await page.goto(`${shop.url}/products/premium-ratlami-sev`)
  await page.getByRole('button', { name: /^Add to Cart/ }).click()
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible()
  await page.goto(`${shop.url}/checkout`)
  await fillDelivery(page, uniquePhone())
  await page.getByRole('radio', { name: /Pay online/ }).check()
  const posted = page.waitForRequest((request) => request.method() === 'POST' && /\/checkout/.test(request.url()))
  await page.getByRole('button', { name: 'Place Order · ₹130.00' }).click()
  const form = (await posted).postData() ?? ''
  if (!reachGateway) return form
  await expect(page.getByRole('heading', { name: 'PhonePe simulator' })).toBeVisible()
  await expect(page.getByText('Test payment of ₹130.00')).toBeVisible()
  return form
}

test('a successful online payment ends on Payment Successful!', async ({ page }) => {
  await checkOutOnline(page)
  await page.getByRole('button', { name: 'Pay successfully' }).click()
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'View My Orders' })).toHaveAttribute('href', '/my-orders')
  await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/products')
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible()
})

test('a failed payment can be tried again for the same order', async ({ page }) => {
  await checkOutOnline(page)
  await page.getByRole('button', { name: 'Fail the payment' }).click()
  await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible()
  await expect(page.getByText('Your payment could not be processed. Please try again.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Go Home' })).toBeVisible()
  await page.getByRole('link', { name: 'Try Payment Again' }).click()
  await expect(page.getByRole('heading', { name: 'Complete your payment' })).toBeVisible()
  await page.getByRole('button', { name: 'Try Payment Again' }).click()
  await expect(page.getByText('Test payment of ₹130.00')).toBeVisible()
  await page.getByRole('button', { name: 'Pay successfully' }).click()
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible()
})

test('back from the payment page, the checkout names the unpaid order and pays it through the same payment', async ({
  page,
}) => {
  await checkOutOnline(page)
  const payment = page.url()
  const number = /\/pay\/MN-[0-9a-f-]{28}([0-9a-f]{8})-1$/.exec(payment)?.[1]
  expect(number).toBeDefined()
  // The checkout page is not kept: back shows the cart as it is now (ordered), not the filled form.
  await page.goBack()
  // Shown from its top: the browser brings back the scroll of the long form, where Place Order was.
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeFocused()
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeInViewport()
  await expect(page.getByText(`Your order #${number} from this cart is waiting for its payment.`)).toBeVisible()
  await page.getByRole('link', { name: 'Complete your payment' }).click()
  await page.getByRole('button', { name: 'Try Payment Again' }).click()
  await expect(page).toHaveURL(payment)
  await page.getByRole('button', { name: 'Pay successfully' }).click()
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible()
  await page.goto(`${shop.url}/checkout`)
  await expect(page.getByText(`Your order #${number} was placed from this cart a moment ago.`)).toBeVisible()
  await page.getByRole('link', { name: 'View your order' }).click()
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible()
})

test('a guest who closed the payment page finds the payment on the tracking page, in the browser that ordered', async ({
  page,
  browser,
}) => {
  const form = new URLSearchParams(await checkOutOnline(page))
  const orderId = /\/pay\/MN-([0-9a-f-]{36})-1$/.exec(page.url())?.[1]
  const track = async (tracker: Page) => {
    await tracker.goto(`${shop.url}/track-order`)
    await tracker.getByLabel('Order number').fill(orderId!.slice(-8))
    await tracker.getByLabel('Mobile number').fill(form.get('phone')!)
    await tracker.getByRole('button', { name: 'Track Order' }).click()
    await expect(tracker.getByText('Online payment · Payment pending')).toBeVisible()
  }
  await track(page)
  await page.getByRole('link', { name: 'Check payment status' }).click()
  await expect(page).toHaveURL(`${shop.url}/payment-status?orderId=${orderId}`)
  // Another phone with the number and mobile number sees the order, not a way to its payment.
  const other = await browser.newContext()
  const stranger = await other.newPage()
  await track(stranger)
  await expect(stranger.getByRole('link', { name: /Check payment status|Pay for this order/ })).toHaveCount(0)
  await other.close()
})

test('the order form sent again after the payment succeeded shows the paid order', async ({ page }) => {
  // A page kept by the browser (or a retry) posts the same form, with its key, once more.
  const form = await checkOutOnline(page)
  await page.getByRole('button', { name: 'Pay successfully' }).click()
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible()
  const orderId = new URL(page.url()).searchParams.get('orderId')
  const again = await page.request.post(`${shop.url}/checkout`, {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    data: form,
    maxRedirects: 0,
  })
  expect(again.status()).toBe(302)
  expect(again.headers().location).toBe(`/payment-status?orderId=${orderId}`)
})

test('My Orders offers to check a pending payment and to pay again for a failed one', async ({ page }, testInfo) => {
  test.slow()
  const email = uniqueEmail(testInfo, 'pay-from-my-orders')
  await page.goto(`${shop.url}/auth?method=email&mode=sign-up`)
  await page.getByLabel('Name').fill('Asha Verma')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password', { exact: true }).fill('poha-jalebi-sunday')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('status')).toContainText('Your account is ready')
  await page.getByLabel('Password', { exact: true }).fill('poha-jalebi-sunday')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(`${shop.url}/`)

  await checkOutOnline(page)
  // Left pending on PhonePe's page, without the payment-status page's re-checks running meanwhile.
  const pending = await page.request.post(page.url(), { form: { outcome: 'pending' }, maxRedirects: 0 })
  expect(pending.status()).toBe(303)
  const orderId = page.url().match(/\/pay\/MN-([0-9a-f-]{36})-/)?.[1]
  await page.goto(`${shop.url}/my-orders?order=${orderId}`)
  const details = page.getByRole('dialog')
  await expect(details).toContainText('Online payment · Payment pending')
  await expect(details.getByRole('link', { name: 'Check payment status' })).toHaveAttribute(
    'href',
    `/payment-status?orderId=${orderId}`,
  )
  await expect(details.getByRole('link', { name: 'Pay for this order' })).toHaveCount(0)
  // Not sent before it is paid: no delivery day is promised yet.
  await expect(details).not.toContainText('Delivery by')

  await checkOutOnline(page)
  await page.getByRole('button', { name: 'Fail the payment' }).click()
  await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible()
  const failedId = new URL(page.url()).searchParams.get('orderId')
  await page.goto(`${shop.url}/my-orders?order=${failedId}`)
  await expect(details).toContainText('Online payment · Payment failed')
  await details.getByRole('link', { name: 'Pay for this order' }).click()
  await expect(page.getByRole('heading', { name: 'Complete your payment' })).toBeVisible()
  await page.getByRole('button', { name: 'Try Payment Again' }).click()
  await page.getByRole('button', { name: 'Pay successfully' }).click()
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible()
  await page.goto(`${shop.url}/my-orders?order=${failedId}`)
  await expect(details).toContainText('Online payment · Paid')
  await expect(details.getByRole('link', { name: /Pay for this order|Check payment status/ })).toHaveCount(0)
  await expect(details).toContainText('Delivery by')
})

test('a payment the gateway could not start says so, keeps the order, and can be tried again', async ({ page }) => {
  simulator.misbehave({ failNext: { status: 503, times: 1000 } })
  await checkOutOnline(page, { reachGateway: false })
  await expect(page.getByRole('heading', { name: 'Complete your payment' })).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'Payment Error' })).toContainText(
    'Failed to initiate PhonePe payment. Please try again.',
  )
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible()
  // The payment-status page offers the same retry for this order.
  const orderId = new URL(page.url()).searchParams.get('orderId')
  await page.goto(`${shop.url}/payment-status?orderId=${orderId}`)
  await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible()
  await page.getByRole('link', { name: 'Try Payment Again' }).click()
  simulator.misbehave({})
  await page.getByRole('button', { name: 'Try Payment Again' }).click()
  await page.getByRole('button', { name: 'Pay successfully' }).click()
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible()
})

test('a pending payment is re-checked, then shown as pending until it is paid', async ({ page }) => {
  test.slow()
  await checkOutOnline(page)
  const payPage = page.url()
  await page.getByRole('button', { name: 'Leave it pending' }).click()
  await expect(page.getByRole('heading', { name: 'Verifying your payment…' })).toBeVisible()
  // Five re-checks (1 + 2 + 4 + 8 + 10 s), then the pending notice.
  await expect(page.getByRole('heading', { name: 'Payment Pending' })).toBeVisible({ timeout: 45_000 })
  await expect(page.getByText('Still being processed, we will notify you.')).toBeVisible()
  // The shopper finishes paying on PhonePe's page meanwhile.
  const paid = await page.request.post(payPage, { form: { outcome: 'success' }, maxRedirects: 0 })
  expect(paid.status()).toBe(303)
  await page.getByRole('link', { name: 'Check Status Again' }).click()
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 15_000 })
})

for (const [webhook, what] of [
  ['drop', 'a lost webhook does not leave a paid order pending'],
  ['failed-after-paid', 'a failure webhook after the payment leaves the order paid'],
] as const) {
  test(what, async ({ page }) => {
    await checkOutOnline(page)
    simulator.misbehave({ webhook })
    await page.getByRole('button', { name: 'Pay successfully' }).click()
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible()
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible()
  })
}

test('a gateway that cannot be reached shows Verification Error, and Retry Verification recovers', async ({ page }) => {
  await checkOutOnline(page)
  const payPage = page.url()
  simulator.misbehave({ failNext: { status: 503, times: 1000 } })
  await page.getByRole('button', { name: 'Leave it pending' }).click()
  await expect(page.getByRole('heading', { name: 'Verification Error' })).toBeVisible()
  await expect(page.getByText('Unable to verify payment status. Please contact support.')).toBeVisible()
  simulator.misbehave({})
  const paid = await page.request.post(payPage, { form: { outcome: 'success' }, maxRedirects: 0 })
  expect(paid.status()).toBe(303)
  await page.getByRole('button', { name: 'Retry Verification' }).click()
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible()
})

test('the payment-status page without an order id says so and goes home', async ({ page }) => {
  await page.goto(`${shop.url}/payment-status`)
  await expect(page.getByRole('heading', { name: 'Invalid Request' })).toBeVisible()
  await expect(page.getByText('No order ID found. Redirecting to home.')).toBeVisible()
  await expect(page).toHaveURL(`${shop.url}/`, { timeout: 10_000 })
})

test('another browser cannot see an order’s payment', async ({ page, browser }) => {
  await checkOutOnline(page)
  await page.getByRole('button', { name: 'Pay successfully' }).click()
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible()
  const stranger = await browser.newContext()
  const response = await (await stranger.newPage()).goto(page.url())
  expect(response?.status()).toBe(404)
  await stranger.close()
})

test('the gateway is asked for the server’s total, whatever the browser posts', async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: shop.url })
  const html = await (await request.get('/products/tikhi-bundi')).text()
  const productId = /name="productId" value="([0-9a-f-]{36})"/.exec(html)![1]!
  await request.post('/cart', { form: { intent: 'add', productId, size: '250g', enhanced: '1' } })
  const response = await request.post('/checkout', {
    form: checkoutForm({ paymentMethod: 'online', total: '100', amount: '100' }),
  })
  expect(await response.text()).toContain('Test payment of <strong>₹130.00</strong>')
  await request.dispose()
})

test('the webhook refuses a request without PhonePe’s Authorization header', async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: shop.url })
  const body = {
    event: 'checkout.order.completed',
    payload: { merchantOrderId: 'MN-x-1', state: 'COMPLETED', amount: 100 },
  }
  const missing = await request.post('/api/payments/phonepe/webhook', { data: body })
  expect(missing.status()).toBe(401)
  const forged = await request.post('/api/payments/phonepe/webhook', {
    data: body,
    headers: { Authorization: 'bc842c31a9e54efe320d30d948be61291f3ceee4766e36ab25fa65243cd76e0e' },
  })
  expect(forged.status()).toBe(401)
  await request.dispose()
})
