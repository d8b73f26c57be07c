// The Settings tab in the browser: a coupon created by the owner is used at checkout once, refused the
// second time for the same customer, then disabled; a home page claim changed and seen on the shop
// (then restored); and axe on the tab and the coupon form. Both projects share one server with other
// tests: coupons get codes nobody else uses, and the one shop-wide change runs in one project only and
// is put back at the end. Shop-wide settings (delivery fee, showcase mode) are tested in
// tests/integration/settings-admin.test.ts, where no other test watches the shop.
import { randomBytes } from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import { type APIRequestContext, request } from '@playwright/test'
import { uniquePhone } from './accounts-helpers.ts'
import { checkoutForm, fillDelivery } from './checkout-form.ts'
import { expect, NOBODY, revalidateLikeALiveEvent, test, toast, watchConsole } from './orders-desk-helpers.ts'

test.describe.configure({ timeout: 180_000 })

/** A code nobody else in the run uses: letters and digits only. */
function uniqueCode(prefix: string): string {
  const suffix = Array.from(randomBytes(6), (byte) => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[byte % 32]).join('')
  return `${prefix}${suffix}`
}

/** The id the product page's Add to Cart form posts for `slug`. */
async function productId(api: APIRequestContext, slug: string): Promise<string> {
  const html = await (await api.get(`/products/${slug}`)).text()
  return /name="productId" value="([0-9a-f-]{36})"/.exec(html)![1]!
}

/** One 500g packet of Dal Moth Mix in the cart of `api` (a guest's cookies), posted as the product page does. */
async function putPacketInCart(api: APIRequestContext) {
  const added = await api.post('/cart', {
    form: { intent: 'add', productId: await productId(api, 'dal-moth-mix'), size: '500g', enhanced: '1' },
  })
  expect(added.status(), await added.text()).toBe(200)
}

/**
 * A guest's order with `code` applied, placed over HTTP the way the browser posts it (cart, coupon,
 * checkout): the first use of a coupon, set up for the second, which the test makes in the browser.
 */
async function orderWithCoupon(code: string, phone: string) {
  const api = await request.newContext({ baseURL: process.env.E2E_BASE_URL, storageState: NOBODY })
  try {
    await putPacketInCart(api)
    const applied = await api.post('/cart', { form: { intent: 'coupon', code: code.toLowerCase(), enhanced: '1' } })
    expect(applied.status(), await applied.text()).toBe(200)
    const placed = await api.post('/checkout', { form: checkoutForm({ phone }), maxRedirects: 0 })
    expect(placed.status(), await placed.text()).toBe(302)
    expect(placed.headers().location).toMatch(/orderId=[0-9a-f-]{36}/)
  } finally {
    await api.dispose()
  }
}

test('a new coupon works at checkout once per customer, refuses the second use, and can be disabled', async ({
  page,
  browser,
}) => {
  const code = uniqueCode('TRY')
  await page.goto('/admin/settings')
  await expect(page.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page')
  await page.getByRole('link', { name: 'New coupon' }).click()
  await expect(page.getByRole('heading', { name: 'New coupon' })).toBeVisible()

  // Early feedback from the form's own rules, before anything is sent.
  await page.getByRole('button', { name: 'Create coupon' }).click()
  await expect(page.getByText('Please enter a code, like DIWALI25.')).toBeVisible()
  await expect(page.getByLabel('Code')).toBeFocused()

  await page.getByLabel('Code').fill(code.toLowerCase())
  await page.getByLabel('Description').fill('₹30 off your order')
  await page.getByText('A flat amount in rupees').click()
  await page.getByLabel('Amount off (₹)').fill('30')
  await page.getByLabel('Minimum order (₹)').fill('100')
  await expect(page.getByRole('checkbox', { name: /Once per customer/ })).toBeChecked()
  await page.getByRole('button', { name: 'Create coupon' }).click()
  await expect(toast(page, 'Coupon created')).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/settings#coupons$/)
  const card = page.getByRole('article', { name: code })
  await expect(card).toContainText('₹30.00 off')
  await expect(card).toContainText('₹100.00')
  await expect(card).toContainText('Any order, once per customer')
  await expect(card).toContainText('Active')

  // A shopper has used it (set up over HTTP); the same mobile number is refused the second time, with
  // the reason, after the checkout's summary showed the discount.
  const phone = uniquePhone()
  await orderWithCoupon(code, phone)
  const shopperContext = await browser.newContext({ storageState: NOBODY })
  const shopper = await shopperContext.newPage()
  const shopperConsole = watchConsole(shopper)
  await putPacketInCart(shopper.request)
  await shopper.goto('/checkout')
  const summary = shopper.getByRole('region', { name: 'Order summary' })
  await summary.getByRole('textbox', { name: 'Coupon code' }).fill(code.toLowerCase())
  await summary.getByRole('button', { name: 'Apply' }).click()
  await expect(summary).toContainText(`${code} applied`)
  await expect(summary).toContainText(`Discount (${code})`)
  await expect(summary).toContainText('-₹30.00')
  await fillDelivery(shopper, phone)
  await shopper.getByRole('button', { name: /^Place Order/ }).click()
  await expect(shopper.getByText(`You have already used ${code}.`).first()).toBeVisible()
  await expect(shopper.getByRole('heading', { name: 'Order placed successfully!' })).toHaveCount(0)
  shopperConsole()

  // The owner sees the use, then disables the coupon.
  await page.reload()
  await expect(card).toContainText(/Uses so far\s*1/)
  await card.getByRole('link', { name: `Edit ${code}` }).click()
  await expect(page.getByRole('heading', { name: `Edit coupon ${code}` })).toBeVisible()
  await expect(page.getByLabel('Amount off (₹)')).toHaveValue('30')
  await page.getByRole('button', { name: `Disable ${code}` }).click()
  await expect(toast(page, 'Coupon disabled')).toBeVisible()
  await expect(page.getByRole('button', { name: `Enable ${code}` })).toBeVisible()
  // The edit form above saves on top of the switch, even after a live reload of the page.
  await revalidateLikeALiveEvent(page)
  await page.getByLabel('Description').fill('₹30 off, while it lasted')
  await page.getByRole('button', { name: 'Save coupon' }).click()
  await expect(toast(page, 'Coupon saved')).toBeVisible()

  // A new customer is now told it is no longer available.
  await shopper.goto('/checkout')
  await expect(shopper.getByRole('region', { name: 'Order summary' })).toContainText(`${code} is no longer available.`)
  await shopperContext.close()
})

test('a changed home page claim shows on the shop’s next page, and an emptied one is hidden', async ({
  page,
  context,
}) => {
  // One shop for every test, changed here and put back (this file runs in one project only). The
  // Settings tab stays open and saves again after each save, as the owner would; the shop is a second tab.
  await page.goto('/admin/settings')
  const rating = page.getByLabel('Average rating')
  const original = await rating.inputValue()
  const saveButton = page.getByRole('button', { name: 'Save claims and quotes' })
  // The version the form sends moves on once a save is in and the tab has read the settings again.
  const version = page.locator('form').filter({ has: saveButton }).locator('input[name="version"]')
  const save = async (value: string) => {
    const before = await version.inputValue()
    await rating.fill(value)
    await saveButton.click()
    await expect(toast(page, 'Settings saved').first()).toBeVisible()
    await expect(version).not.toHaveValue(before)
    await expect(rating).toHaveValue(value)
  }
  try {
    await save('4.6')
    const shop = await context.newPage()
    await shop.goto('/')
    await expect(shop.getByText('Rated 4.6 by our customers')).toBeVisible()
    await save('')
    await shop.reload()
    await expect(shop.getByRole('heading', { level: 1, name: 'Authentic Indori Namkeen' })).toBeVisible()
    await expect(shop.getByText(/^Rated .* by our customers$/)).toHaveCount(0)
    await expect(shop.getByText('Average rating')).toHaveCount(0)
  } finally {
    await save(original)
  }
})

test('the settings form refuses bad input in the browser, naming each field', async ({ page }) => {
  await page.goto('/admin/settings')
  const shop = page.getByRole('region', { name: 'Shop details' })
  await shop.getByLabel('Phone', { exact: true }).first().fill('12345')
  await shop.getByLabel('GSTIN').fill('23ABCDE1234F1Z9')
  await shop.getByRole('button', { name: 'Save shop details' }).click()
  await expect(shop.getByText('Please enter the shop’s phone number as a 10-digit Indian mobile number')).toBeVisible()
  await expect(shop.getByText('This GSTIN’s last character does not match the others')).toBeVisible()
  const delivery = page.getByRole('region', { name: 'Delivery' })
  await delivery.getByLabel('Delivery fee (₹)').fill('5000')
  await delivery.getByRole('button', { name: 'Save delivery terms' }).click()
  await expect(delivery.getByText('The delivery fee must be between ₹0 and ₹1,000.')).toBeVisible()
  await expect(delivery.getByLabel('Delivery fee (₹)')).toBeFocused()
})

test('axe finds no serious or critical violation on the Settings tab and the coupon form', async ({ page }) => {
  test.setTimeout(120_000)
  const serious = async () =>
    (await new AxeBuilder({ page }).analyze()).violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({ id: violation.id, targets: violation.nodes.slice(0, 5).map((node) => node.target) }))
  await page.goto('/admin/settings')
  await expect(page.getByRole('heading', { name: 'Coupons' })).toBeVisible()
  expect(await serious(), 'the tab').toEqual([])
  await page.goto('/admin/settings/coupons/new')
  await page.getByRole('button', { name: 'Create coupon' }).click()
  await expect(page.getByText('Please enter a code, like DIWALI25.')).toBeVisible()
  expect(await serious(), 'the coupon form with its errors').toEqual([])
})
