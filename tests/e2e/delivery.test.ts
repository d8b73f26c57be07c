// Delivery by PIN code in the browser: the product page's PIN code box (answered by the server without
// a reload, remembered for the next visit, and a plain GET form without JavaScript), and checkout
// refusing a PIN code the shop does not deliver to, beside the field.
import { expect, test } from './fixtures.ts'

const PRODUCT = '/products/premium-ratlami-sev'

test('the product page’s PIN code box says by when and how the order can come, without a reload', async ({ page }) => {
  await page.goto(PRODUCT)
  const box = page.getByRole('region', { name: 'Check delivery to your PIN code' })
  const pin = box.getByRole('textbox', { name: 'PIN code' })
  await expect(box.getByText('Six digits, like 452001')).toBeVisible()
  // A mark that a full page load would wipe out.
  await page.evaluate(() => Object.assign(window, { stillThisPage: true }))

  await pin.fill('45200')
  await box.getByRole('button', { name: 'Check' }).click()
  await expect(box.getByText('Please enter a 6-digit PIN code, like 452001.')).toBeVisible()

  await pin.fill('452001')
  await box.getByRole('button', { name: 'Check' }).click()
  await expect(box.getByText(/^Delivery by \w+day, \d{1,2} \w+$/)).toBeVisible()
  await expect(box.getByText('Cash on delivery available')).toBeVisible()

  await pin.fill('900001')
  await box.getByRole('button', { name: 'Check' }).click()
  await expect(box.getByText('We don’t deliver to 900001 yet')).toBeVisible()
  expect(await page.evaluate(() => (window as { stillThisPage?: boolean }).stillThisPage)).toBe(true)
  expect(new URL(page.url()).pathname).toBe(PRODUCT)

  // The next visit remembers the PIN code and asks for it at once.
  await page.reload()
  await expect(box.getByRole('textbox', { name: 'PIN code' })).toHaveValue('900001')
  await expect(box.getByText('We don’t deliver to 900001 yet')).toBeVisible()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the PIN code box opens the answer as a page, with the way back', async ({ page }) => {
    await page.goto(PRODUCT)
    const box = page.getByRole('region', { name: 'Check delivery to your PIN code' })
    await box.getByRole('textbox', { name: 'PIN code' }).fill('452001')
    await box.getByRole('button', { name: 'Check' }).click()
    await expect(page).toHaveURL(/\/delivery\?from=.*pin=452001|\/delivery\?pin=452001/)
    await expect(page.getByText(/^Delivery by \w+day, \d{1,2} \w+$/)).toBeVisible()
    await expect(page.getByText('Cash on delivery available')).toBeVisible()
    await page.getByRole('link', { name: 'Back to shopping' }).click()
    await expect(page).toHaveURL(new RegExp(`${PRODUCT}$`))
  })
})

test('checkout refuses a PIN code the shop does not deliver to, beside the field', async ({ page }) => {
  await page.goto(PRODUCT)
  await page.getByRole('button', { name: /^Add to Cart/ }).click()
  await expect(page.getByText('Added to cart!')).toBeVisible()
  await page.goto('/checkout')
  await page.getByLabel('Full name').fill('Asha Verma')
  await page.getByLabel('E-mail').fill('asha@example.in')
  await page.getByLabel('Mobile number').fill('98765 43210')
  await page.getByLabel('Address').fill('12, Vijay Nagar, Scheme 54')
  await page.getByLabel('City').fill('Indore')
  await page.getByLabel('State or union territory').selectOption('Madhya Pradesh')
  await page.getByLabel('PIN code').fill('900001')
  // Told while typing, by the server.
  await expect(page.getByText('We don’t deliver to 900001 yet', { exact: true })).toBeVisible()
  // An answer for a PIN code no longer in the field goes away.
  await page.getByLabel('PIN code').fill('45200')
  await expect(page.getByText('We don’t deliver to 900001 yet', { exact: true })).toBeHidden()
  await page.getByLabel('PIN code').fill('900001')
  await expect(page.getByText('We don’t deliver to 900001 yet', { exact: true })).toBeVisible()
  await page.getByRole('checkbox', { name: /I agree to the terms and conditions/ }).check()
  await page.getByRole('button', { name: /^Place Order/ }).click()

  const refusal = 'We don’t deliver to 900001 yet. Please check the PIN code, or call us and we will try to help.'
  await expect(page.getByText(refusal)).toBeVisible()
  await expect(page.getByLabel('PIN code')).toHaveAccessibleDescription(new RegExp(refusal.slice(0, 30)))
  await expect(page).toHaveURL(/\/checkout$/)
})
