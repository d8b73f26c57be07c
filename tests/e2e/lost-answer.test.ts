// A shopper on a bad connection taps Place Order: the shop places the order, and its answer never
// reaches the phone. The page says what may have happened; reloading shows the one order, and
// neither the reload nor a second tap places another.
import type { Page, Route } from '@playwright/test'
import { signUpOverHttp, uniqueEmail, uniquePhone } from './accounts-helpers.ts'
import { fillDelivery } from './checkout-form.ts'
import { expect, test } from './fixtures.ts'

const cartButton = (page: Page) => page.getByRole('link', { name: /^Cart, / })

/** One packet put in the cart as the product page posts it (set-up: the page is buying.test.ts's), on the checkout filled in. */
async function checkoutWithOnePacket(page: Page) {
  const html = await (await page.request.get('/products/premium-ratlami-sev')).text()
  const productId = /name="productId" value="([0-9a-f-]{36})"/.exec(html)![1]!
  const added = await page.request.post('/cart', { form: { intent: 'add', productId, size: '250g', enhanced: '1' } })
  expect(added.status(), await added.text()).toBe(200)
  await page.goto('/checkout')
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item')
  await fillDelivery(page, uniquePhone())
}

/**
 * The next order post reaches the shop with the browser's cookies, and its answer (the redirect to the
 * order and the emptied cart cookie) is lost. Resolves with the order id the shop answered.
 */
function loseTheNextAnswer(page: Page): Promise<string> {
  let lost = false
  return new Promise((resolve, reject) => {
    const handler = async (route: Route) => {
      const request = route.request()
      if (request.method() !== 'POST' || lost) return route.continue()
      lost = true
      try {
        const headers = await request.allHeaders()
        delete headers['content-length']
        // Sent outside the browser, so the answer's Set-Cookie never reaches it.
        const answer = await fetch(request.url(), {
          method: 'POST',
          headers,
          body: request.postData() ?? undefined,
          redirect: 'manual',
        })
        const orderId = /order-success\?orderId=([0-9a-f-]{36})/.exec(await answer.text())?.[1]
        await route.abort('internetdisconnected')
        if (orderId) resolve(orderId)
        else reject(new Error(`the shop answered ${answer.status} without an order`))
      } catch (error) {
        reject(error)
      }
    }
    void page.route(/\/checkout(\.data)?(\?.*)?$/, handler)
  })
}

/** The page's own report of the aborted request, which this test caused. */
function forgetLostRequest(consoleErrors: string[]) {
  const lost = consoleErrors.filter((text) => text.includes('ERR_INTERNET_DISCONNECTED'))
  expect(lost.length).toBeGreaterThan(0)
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((text) => !lost.includes(text)))
}

test('a guest whose order’s answer is lost is told so, and a reload opens that one order', async ({
  page,
  consoleErrors,
}) => {
  await checkoutWithOnePacket(page)
  const placed = loseTheNextAnswer(page)
  await page.getByRole('button', { name: /^Place Order · / }).click()
  const orderId = await placed
  await expect(page.getByRole('heading', { name: 'The connection was lost' })).toBeVisible()
  await expect(page.getByText(/your order may already have been placed/)).toBeVisible()
  // The cookie still holds the ordered cart: the reload must not offer it for a second order.
  await page.getByRole('button', { name: 'Reload page' }).click()
  await expect(page).toHaveURL(new RegExp(`/order-success\\?orderId=${orderId}$`))
  await expect(page.getByRole('heading', { name: 'Order placed successfully!' })).toBeVisible()
  await expect(page.getByText(`#${orderId.slice(-8)}`, { exact: true })).toBeVisible()
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items')
  await page.goto('/checkout')
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible()
  forgetLostRequest(consoleErrors)
})

test('a guest who opens another page after a lost answer finds the cart emptied by its order', async ({
  page,
  consoleErrors,
}) => {
  await checkoutWithOnePacket(page)
  const placed = loseTheNextAnswer(page)
  await page.getByRole('button', { name: /^Place Order · / }).click()
  const orderId = await placed
  await page.goto('/hi/products')
  await expect(page.getByText(`इस कार्ट से आपका ऑर्डर #${orderId.slice(-8)} पहले ही हो चुका है`)).toBeVisible()
  await expect(page.getByRole('link', { name: /^कार्ट, 0/ })).toBeVisible()
  forgetLostRequest(consoleErrors)
})

test('a signed-in shopper whose order’s answer is lost finds the order named on the empty checkout', async ({
  page,
  consoleErrors,
}, info) => {
  // Signed up and in over HTTP, as the /auth page posts it (its sign-up is accounts.test.ts's).
  await signUpOverHttp(page.request, uniqueEmail(info, 'lost-answer'), 'kachori and jalebi')
  await checkoutWithOnePacket(page)
  const placed = loseTheNextAnswer(page)
  await page.getByRole('button', { name: /^Place Order · / }).click()
  const orderId = await placed
  await expect(page.getByRole('heading', { name: 'The connection was lost' })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible()
  await expect(page.getByText(`Your order #${orderId.slice(-8)} was placed from this cart a moment ago.`)).toBeVisible()
  await page.getByRole('link', { name: 'View your order' }).click()
  await expect(page).toHaveURL(new RegExp(`/order-success\\?orderId=${orderId}$`))
  forgetLostRequest(consoleErrors)
})
