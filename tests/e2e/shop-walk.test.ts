// What a first-time shopper on a phone met in Hindi (a walk-through): the toast area and the cart
// drawer speak the page's language, and the drawer's controls are big enough for a thumb.
import { expect, test } from './fixtures.ts'

test("the toast area is named in the page's language", async ({ page }) => {
  await page.goto('/hi/products/premium-ratlami-sev')
  await page.getByRole('button', { name: /^कार्ट में डालें/ }).click()
  await expect(page.getByText('कार्ट में डाल दिया!')).toBeVisible()
  await expect(page.getByRole('region', { name: /^सूचनाएँ/ })).toBeAttached()

  await page.goto('/products/premium-ratlami-sev')
  await page.getByRole('button', { name: /^Add to cart/i }).click()
  await expect(page.getByRole('region', { name: /^Notifications/ })).toBeAttached()
})

test("the Hindi cart drawer's guest note reads as one sentence", async ({ page }) => {
  await page.goto('/hi/products/premium-ratlami-sev')
  await page.getByRole('button', { name: /^कार्ट में डालें/ }).click()
  await expect(page.getByText('कार्ट में डाल दिया!')).toBeVisible()
  await page.getByRole('link', { name: /^कार्ट,/ }).click()
  const drawer = page.getByRole('dialog')
  await expect(drawer).toContainText(
    'अकाउंट की ज़रूरत नहीं! आप सीधे चेकआउट कर सकते हैं, या लॉगिन करें ताकि अपने ऑर्डर ट्रैक कर सकें।',
  )
  await expect(drawer.getByRole('link', { name: 'बिना अकाउंट के आगे बढ़ें' })).toBeVisible()
})
