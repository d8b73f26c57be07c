// A returning customer on a phone: the buttons of the account page, My Orders and an order's details
// are big enough for a thumb (44 px), like the rest of the shop's.
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { signUpOverHttp, uniqueEmail, uniquePhone } from './accounts-helpers.ts'
import { checkoutForm } from './checkout-form.ts'
import { expect as baseExpect, test } from './fixtures.ts'

// Sign-in work (password hashing, the database) is slow on a busy two-core machine.
const expect = baseExpect.configure({ timeout: 20_000 })
test.describe.configure({ timeout: 120_000 })

test('on a touch screen the account page, My Orders and an order’s details have buttons at least 44 px tall', async ({
  page,
}, info) => {
  // Signed up and in over HTTP, as the /auth page posts it (its sign-up is accounts.test.ts's).
  await signUpOverHttp(page.request, uniqueEmail(info, 'thumb'), 'sev and chai at six')

  await page.goto('/account')
  const account = page.getByRole('main')
  const accountButtons = [
    account.getByRole('button', { name: 'Save name' }),
    account.getByRole('button', { name: 'Change password' }),
    account.getByRole('button', { name: 'Set up two-step sign-in' }),
    account.getByRole('button', { name: 'Sign out everywhere' }),
  ]
  for (const button of accountButtons) await expectThumbSized(button)

  // An order to list, placed as the browser posts it (the checkout's page is the next test's).
  await orderOverHttp(page.request)

  await page.goto('/my-orders')
  const details = page.getByRole('link', { name: /^View details of order/ })
  await expectThumbSized(details)
  await details.click()
  await expectThumbSized(page.getByRole('dialog').getByRole('button', { name: 'Close order details' }))
})

/** A cash-on-delivery order of one packet by the signed-in shopper, posted as the checkout page posts it. */
async function orderOverHttp(api: APIRequestContext) {
  await putOnePacketInCart(api)
  const placed = await api.post('/checkout', { form: checkoutForm(), maxRedirects: 0 })
  expect(placed.status(), await placed.text()).toBe(302)
}

/** One packet put in the cart as the product page posts it (set-up: the page is buying.test.ts's), then the checkout. */
async function openCheckoutWithOnePacket(page: Page) {
  await putOnePacketInCart(page.request)
  await page.goto('/checkout')
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible()
}

async function putOnePacketInCart(api: APIRequestContext) {
  const html = await (await api.get('/products/premium-ratlami-sev')).text()
  const productId = /name="productId" value="([0-9a-f-]{36})"/.exec(html)![1]!
  const added = await api.post('/cart', { form: { intent: 'add', productId, size: '250g', enhanced: '1' } })
  expect(added.status(), await added.text()).toBe(200)
}

/** Cash on delivery to an address in Indore. */
async function placeOrder(page: Page, phone: string, address: string) {
  await page.getByLabel('Mobile number').fill(phone)
  await page.getByLabel('Address', { exact: true }).fill(address)
  await page.getByLabel('City').fill('Indore')
  await page.getByLabel('State or union territory').selectOption('Madhya Pradesh')
  await page.getByLabel('PIN code').fill('452010')
  await page.getByRole('checkbox', { name: /I agree to the terms and conditions/ }).check()
  await page.getByRole('button', { name: /^Place Order/ }).click()
  await expect(page.getByRole('heading', { name: 'Order placed successfully!' })).toBeVisible()
}

async function expectThumbSized(target: Locator) {
  await expect(target).toBeVisible()
  const box = await target.boundingBox()
  expect(box?.height, (await target.textContent()) ?? undefined).toBeGreaterThanOrEqual(44)
  expect(box?.width, (await target.textContent()) ?? undefined).toBeGreaterThanOrEqual(44)
}

test('a returning customer’s checkout starts from their last order’s mobile number and address', async ({
  page,
}, info) => {
  // Signed up and in over HTTP, as the /auth page posts it (its sign-up is accounts.test.ts's).
  await signUpOverHttp(page.request, uniqueEmail(info, 'returning'), 'sev and chai at six')
  const phone = uniquePhone()
  await openCheckoutWithOnePacket(page)
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue('')
  await placeOrder(page, phone, '12, Vijay Nagar\nScheme 54')

  await openCheckoutWithOnePacket(page)
  await expect(page.getByLabel('Mobile number')).toHaveValue(`+91${phone}`)
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue('12, Vijay Nagar, Scheme 54')
  await expect(page.getByLabel('City')).toHaveValue('Indore')
  await expect(page.getByLabel('State or union territory')).toHaveValue('Madhya Pradesh')
  await expect(page.getByLabel('PIN code')).toHaveValue('452010')

  // On another device (no PIN code remembered) the address comes back too, and the PIN code is asked for.
  await page.context().clearCookies({ name: 'delivery_pin' })
  await page.reload()
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue('12, Vijay Nagar, Scheme 54')
  await expect(page.getByLabel('PIN code')).toHaveValue('')
})

test('a returning shopper orders again from My Orders and sends the same packets to a saved address', async ({
  page,
}, info) => {
  // Signed up and in over HTTP, a first order of two packets placed as the checkout page posts it, and
  // the parents' address saved as the address book posts it (its pages are the address book's tests).
  await signUpOverHttp(page.request, uniqueEmail(info, 'again'), 'sev and chai at six')
  await putOnePacketInCart(page.request)
  await putOnePacketInCart(page.request)
  const first = await page.request.post('/checkout', { form: checkoutForm(), maxRedirects: 0 })
  expect(first.status(), await first.text()).toBe(302)
  const saved = await page.request.post('/account/addresses/new', {
    form: {
      label: 'parents',
      customLabel: '',
      fullName: 'Kamla Verma',
      phone: uniquePhone(),
      address: '7, Saket Nagar',
      city: 'Indore',
      state: 'Madhya Pradesh',
      pincode: '452010',
      makeDefault: '',
    },
    maxRedirects: 0,
  })
  expect(saved.status(), await saved.text()).toBe(302)

  await page.goto('/my-orders')
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible()
  const card = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: /^Order again/ }) })
  // The order's details offer it too.
  await card.getByRole('link', { name: /^View details of order/ }).click()
  await expect(page.getByRole('dialog').getByRole('button', { name: /^Order again/ })).toBeVisible()
  await page.getByRole('dialog').getByRole('button', { name: 'Close order details' }).click()

  await card.getByRole('button', { name: /^Order again/ }).click()
  const notice = card.getByRole('status')
  await expect(notice).toContainText('Added to your cart')
  await expect(notice).toContainText(/2 packets from order #[0-9a-f]{8} are in your cart, at today's prices\./)
  // The header's cart counts them without a reload.
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible()

  await notice.getByRole('link', { name: 'Proceed to Checkout' }).click()
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible()
  const summary = page.getByRole('region', { name: 'Order summary' })
  await expect(summary).toContainText('Premium Ratlami Sev (250g) × 2')
  await page.getByRole('radio', { name: /^Parents/ }).check()
  await page.getByRole('checkbox', { name: /I agree to the terms and conditions/ }).check()
  await page.getByRole('button', { name: /^Place Order/ }).click()
  await expect(page.getByRole('heading', { name: 'Order placed successfully!' })).toBeVisible()

  // The new order went to the parents' address.
  await page.goto('/my-orders')
  await page
    .getByRole('link', { name: /^View details of order/ })
    .first()
    .click()
  await expect(page.getByRole('dialog')).toContainText('Kamla Verma')
  await expect(page.getByRole('dialog')).toContainText('7, Saket Nagar')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('Order again is a plain form: My Orders says what went into the cart, and the cart has it', async ({
    page,
  }, info) => {
    await signUpOverHttp(page.request, uniqueEmail(info, 'again-nojs'), 'sev and chai at six')
    await orderOverHttp(page.request)
    await page.goto('/my-orders')
    await page.getByRole('button', { name: /^Order again/ }).click()
    await expect(page).toHaveURL(/\/my-orders$/)
    const notice = page.getByRole('status').filter({ hasText: 'Added to your cart' })
    await expect(notice).toContainText(/1 packet from order #[0-9a-f]{8} is in your cart, at today's price\./)
    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible()
    // Said once: a reload shows the orders without it.
    await page.reload()
    await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible()
    await expect(notice).toHaveCount(0)
    // Without JavaScript the header's cart is a link to checkout, which shows the cart.
    await page.getByRole('link', { name: 'Cart, 1 item' }).click()
    await expect(page.getByRole('region', { name: 'Order summary' })).toContainText('Premium Ratlami Sev (250g) × 1')
  })
})
