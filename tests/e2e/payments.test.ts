// Paying online end to end through the PhonePe simulator's test payment page: success, failure then
// paying again, and pending then paid, with the payment-status page's re-checks and buttons; a lost,
// repeated or reordered webhook and an unreachable gateway. This file runs a shop of its own
// configured as for the real PhonePe (PAYMENT_PROVIDER=phonepe), pointed at a simulator it controls.
import { randomBytes, randomUUID } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { type PhonePeSimulator, startPhonePeSimulator } from '../../server/phonepe-simulator.ts'
import { freePort, type RunningServer, startServer } from '../server-process.ts'
import { uniqueEmail, uniquePhone } from './accounts-helpers.ts'
import { checkoutForm, fillDelivery } from './checkout-form.ts'
import { expect, hydrated, test } from './fixtures.ts'

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

/** Puts a pack of Premium Ratlami Sev (₹80, ₹130.00 with delivery) in the cart of `request`'s browser. */
async function fillCart(request: APIRequestContext) {
  const html = await (await request.get(`${shop.url}/products/premium-ratlami-sev`)).text()
  const productId = /name="productId" value="([0-9a-f-]{36})"/.exec(html)![1]!
  const added = await request.post(`${shop.url}/cart`, {
    form: { intent: 'add', productId, size: '250g', enhanced: '1' },
  })
  expect(added.status()).toBe(200)
}

/**
 * Resolves with the form that places the order: its idempotency key and fields, as posted. The cart is
 * filled over HTTP (adding to the cart in the page is buying.test.ts's); the checkout is the page's.
 */
async function checkOutOnline(page: Page, { reachGateway = true } = {}): Promise<string> {
  await fillCart(page.request)
  await page.goto(`${shop.url}/checkout`)
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible()
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

/**
 * An online order placed over HTTP by `request`'s browser (or account): the form it posted, the order's
 * id and its payment page on the simulator, where `outcome` is chosen when given. For rules the server
 * decides; the journeys through the pages are the tests above that use checkOutOnline.
 */
async function orderOnline(request: APIRequestContext, outcome?: 'success' | 'failure' | 'pending') {
  await fillCart(request)
  const form = checkoutForm({ paymentMethod: 'online' })
  const placed = await request.post(`${shop.url}/checkout`, { form })
  expect(await placed.text()).toContain('Test payment of <strong>₹130.00</strong>')
  const payPage = placed.url()
  const orderId = /\/pay\/MN-([0-9a-f-]{36})-1$/.exec(payPage)?.[1]
  expect(orderId).toBeDefined()
  if (outcome) {
    const chosen = await request.post(payPage, { form: { outcome }, maxRedirects: 0 })
    expect(chosen.status()).toBe(303)
    expect(chosen.headers().location).toBe(`${shop.url}/payment-status?orderId=${orderId}`)
  }
  return { form, orderId: orderId!, payPage }
}

/**
 * An order placed over HTTP by the page's browser (its cookies are the page's), and the page on
 * PhonePe's payment page: for journeys that start there (the checkout's are the tests that use
 * checkOutOnline).
 */
async function atPaymentPage(page: Page) {
  const order = await orderOnline(page.request)
  await page.goto(order.payPage)
  await expect(page.getByRole('heading', { name: 'PhonePe simulator' })).toBeVisible()
  await expect(page.getByText('Test payment of ₹130.00')).toBeVisible()
  return order
}

/** The heading the payment-status page shows as the server renders it. */
async function statusHeading(request: APIRequestContext, orderId: string) {
  const response = await request.get(`${shop.url}/payment-status?orderId=${orderId}`)
  expect(response.status()).toBe(200)
  return /<h1[^>]*>([^<]*)<\/h1>/.exec(await response.text())?.[1]
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
  const { orderId } = await atPaymentPage(page)
  await page.getByRole('button', { name: 'Fail the payment' }).click()
  await expect(page.getByRole('heading', { name: 'Payment Failed' })).toBeVisible()
  await expect(page.getByText('Your payment could not be processed. Please try again.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Go Home' })).toBeVisible()
  await page.getByRole('link', { name: 'Try Payment Again' }).click()
  await expect(page.getByRole('heading', { name: 'Complete your payment' })).toBeVisible()
  await page.getByRole('button', { name: 'Try Payment Again' }).click()
  await expect(page.getByText('Test payment of ₹130.00')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/pay/MN-${orderId}-2$`))
  await page.getByRole('button', { name: 'Pay successfully' }).click()
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible()
  expect(new URL(page.url()).searchParams.get('orderId')).toBe(orderId)
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
  playwright,
}) => {
  const { form, orderId } = await atPaymentPage(page)
  const tracking = { orderNumber: orderId.slice(-8), phone: form.phone! }
  await page.goto(`${shop.url}/track-order`)
  await page.getByLabel('Order number').fill(tracking.orderNumber)
  await page.getByLabel('Mobile number').fill(tracking.phone)
  await page.getByRole('button', { name: 'Track Order' }).click()
  await expect(page.getByText('Online payment · Payment pending')).toBeVisible()
  await page.getByRole('link', { name: 'Check payment status' }).click()
  await expect(page).toHaveURL(`${shop.url}/payment-status?orderId=${orderId}`)
  // Another phone with the number and mobile number sees the order, not a way to its payment: the
  // server leaves the link out of the page it answers the form with (as it puts it in for this browser).
  const tracked = async (request: APIRequestContext) => {
    const response = await request.post(`${shop.url}/track-order`, { form: tracking })
    expect(response.status()).toBe(200)
    return (await response.text()).replaceAll('<!-- -->', '')
  }
  const ours = await tracked(page.request)
  expect(ours).toContain('Online payment · Payment pending')
  expect(ours).toContain(`href="/payment-status?orderId=${orderId}"`)
  const other = await playwright.request.newContext()
  const theirs = await tracked(other)
  expect(theirs).toContain('Online payment · Payment pending')
  expect(theirs).not.toMatch(/Check payment status|Pay for this order|payment-status\?orderId=|\/checkout\?orderId=/)
  await other.dispose()
})

test('the order form sent again after the payment succeeded shows the paid order', async ({ playwright }) => {
  // A page kept by the browser (or a retry) posts the same form, with its key, once more.
  const request = await playwright.request.newContext()
  const { form, orderId } = await orderOnline(request, 'success')
  expect(await statusHeading(request, orderId)).toBe('Payment Successful!')
  const again = await request.post(`${shop.url}/checkout`, { form, maxRedirects: 0 })
  expect(again.status()).toBe(302)
  expect(again.headers().location).toBe(`/payment-status?orderId=${orderId}`)
  await request.dispose()
})

test('My Orders offers to check a pending payment and to pay again for a failed one', async ({ page }, testInfo) => {
  // Signed up and in over HTTP (the page's sign-up is accounts.test.ts's): the cookies are the page's.
  const email = uniqueEmail(testInfo, 'pay-from-my-orders')
  const password = 'poha-jalebi-sunday'
  const headers = { origin: shop.url }
  const signedUp = await page.request.post(`${shop.url}/auth`, {
    form: { intent: 'sign-up', name: 'Asha Verma', email, password },
    headers,
  })
  expect(await signedUp.text()).toContain('Your account is ready')
  const signedIn = await page.request.post(`${shop.url}/auth`, {
    form: { intent: 'sign-in', email, password },
    headers,
    maxRedirects: 0,
  })
  expect(signedIn.status()).toBe(302)

  // Both orders are placed by this account over HTTP (the checkout's page is the tests' above). One is
  // left pending on PhonePe's page, without the payment-status page's re-checks running meanwhile.
  const { orderId } = await orderOnline(page.request, 'pending')
  const { orderId: failedId } = await orderOnline(page.request, 'failure')

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
  // The page's re-checks wait 1 + 2 + 4 + 8 + 10 s: the test moves the page's clock on instead.
  await page.clock.install()
  const { payPage } = await atPaymentPage(page)
  // The re-checks asked and answered (React Router asks for the endpoint's data at /api/payments/status.data).
  const rechecks: string[] = []
  let answered = 0
  const isRecheck = (url: string) => new URL(url).pathname.startsWith('/api/payments/status')
  page.on('request', (request) => {
    if (isRecheck(request.url())) rechecks.push(new URL(request.url()).searchParams.get('orderId') ?? '')
  })
  page.on('response', (response) => {
    if (isRecheck(response.url())) answered++
  })
  await page.getByRole('button', { name: 'Leave it pending' }).click()
  const verifying = page.getByRole('heading', { name: 'Verifying your payment…' })
  await expect(verifying).toBeVisible()
  const orderId = new URL(page.url()).searchParams.get('orderId')
  // Each jump of 10 s (the longest wait) fires the one re-check waiting, if it is not still being answered.
  const pendingNotice = page.getByRole('heading', { name: 'Payment Pending' })
  await expect
    .poll(
      async () => {
        await page.clock.fastForward(10_000)
        return pendingNotice.isVisible()
      },
      { intervals: [100], timeout: 45_000 },
    )
    .toBe(true)
  // Five re-checks, then the pending notice (shown once the fifth is asked).
  expect(rechecks).toEqual(Array(5).fill(orderId))
  await expect(page.getByText('Still being processed, we will notify you.')).toBeVisible()
  // The shopper finishes paying on PhonePe's page meanwhile, after the fifth re-check was answered.
  await expect.poll(() => answered).toBe(5)
  const paid = await page.request.post(payPage, { form: { outcome: 'success' }, maxRedirects: 0 })
  expect(paid.status()).toBe(303)
  await page.getByRole('link', { name: 'Check Status Again' }).click()
  // Checked again after 1 s.
  const successful = page.getByRole('heading', { name: 'Payment Successful!' })
  await expect
    .poll(
      async () => {
        await page.clock.fastForward(1000)
        return successful.isVisible()
      },
      { intervals: [100], timeout: 15_000 },
    )
    .toBe(true)
  expect(rechecks).toHaveLength(6)
})

for (const [webhook, what] of [
  ['drop', 'a lost webhook does not leave a paid order pending'],
  ['failed-after-paid', 'a failure webhook after the payment leaves the order paid'],
] as const) {
  // What the payment-status page shows is the server's: its first answer, and every one after.
  test(what, async ({ playwright }) => {
    const request = await playwright.request.newContext()
    const { payPage, orderId } = await orderOnline(request)
    const merchantOrderId = decodeURIComponent(new URL(payPage).pathname.split('/').pop()!)
    simulator.misbehave({ webhook })
    const paid = await request.post(payPage, { form: { outcome: 'success' }, maxRedirects: 0 })
    expect(paid.status()).toBe(303)
    expect(await statusHeading(request, orderId)).toBe('Payment Successful!')
    const delivered = () =>
      simulator.webhooks.filter((hook) => hook.merchantOrderId === merchantOrderId).map((hook) => hook.event)
    if (webhook === 'failed-after-paid') {
      // The stale failure has been answered before the page is asked again.
      await expect.poll(delivered).toEqual(['checkout.order.completed', 'checkout.order.failed'])
    } else {
      expect(delivered()).toEqual([])
    }
    expect(await statusHeading(request, orderId)).toBe('Payment Successful!')
    await request.dispose()
  })
}

test('a gateway that cannot be reached shows Verification Error, and Retry Verification recovers', async ({ page }) => {
  // Retry Verification checks again after 1 s: the test moves the page's clock on instead.
  await page.clock.install()
  const { payPage, orderId } = await atPaymentPage(page)
  simulator.misbehave({ failNext: { status: 503, times: 1000 } })
  await page.getByRole('button', { name: 'Leave it pending' }).click()
  await expect(page.getByRole('heading', { name: 'Verification Error' })).toBeVisible()
  await expect(page.getByText('Unable to verify payment status. Please contact support.')).toBeVisible()
  // Without JavaScript (or before the page has hydrated) Retry Verification loads the page again.
  const served = await (await page.request.get(page.url())).text()
  expect(served).toContain('Verification Error')
  expect(served).toMatch(new RegExp(`<a[^>]*href="/payment-status\\?orderId=${orderId}"[^>]*>Retry Verification</a>`))
  // The page came by the simulator's redirect, so nothing waited for its scripts: the checks in place
  // are what this test follows.
  await hydrated(page)
  simulator.misbehave({})
  const paid = await page.request.post(payPage, { form: { outcome: 'success' }, maxRedirects: 0 })
  expect(paid.status()).toBe(303)
  await page.getByRole('link', { name: 'Retry Verification' }).click()
  const successful = page.getByRole('heading', { name: 'Payment Successful!' })
  // As in the re-check test above: each jump fires the check waiting, whose answer may be slow on a busy machine.
  await expect
    .poll(
      async () => {
        await page.clock.fastForward(1000)
        return successful.isVisible()
      },
      { intervals: [100], timeout: 30_000 },
    )
    .toBe(true)
})

test('the payment-status page without an order id says so and goes home', async ({ page }) => {
  // It goes home after 3 s: the test moves the page's clock on rather than wait.
  await page.clock.install()
  await page.goto(`${shop.url}/payment-status`)
  await expect(page.getByRole('heading', { name: 'Invalid Request' })).toBeVisible()
  await expect(page.getByText('No order ID found. Redirecting to home.')).toBeVisible()
  await page.clock.fastForward(3000)
  await expect(page).toHaveURL(`${shop.url}/`, { timeout: 10_000 })
})

test('another browser cannot see an order’s payment', async ({ playwright }) => {
  // The payment-status page of an order is the server's to refuse (a 404), as it is to show it.
  const buyer = await playwright.request.newContext()
  const { orderId } = await orderOnline(buyer, 'success')
  expect(await statusHeading(buyer, orderId)).toBe('Payment Successful!')
  const stranger = await playwright.request.newContext()
  const response = await stranger.get(`${shop.url}/payment-status?orderId=${orderId}`)
  expect(response.status()).toBe(404)
  expect(await response.text()).not.toContain('Payment Successful!')
  await stranger.dispose()
  await buyer.dispose()
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
