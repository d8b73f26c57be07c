// The shop in Hindi in Chromium (docs/decisions/024-hindi.md): no English left on a Hindi page outside
// the owner's data without a translation (the shop's details) and the allowed words, axe finds nothing
// serious, and the header's switch round-trips and is remembered.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { demoProducts } from '#app/demo/products.ts'
import { demoSettings } from '#app/demo/settings.ts'
import { expect, hydrated, test } from './fixtures.ts'

/** Hindi pages whose every text goes through the message catalogue. */
const TRANSLATED_PAGES = [
  '/hi',
  '/hi/products',
  '/hi/contact',
  '/hi/no-such-page',
  '/hi/about',
  '/hi/faq',
  '/hi/quality-policy',
  '/hi/terms-and-conditions',
  '/hi/privacy-policy',
  '/hi/shipping-policy',
  '/hi/checkout',
  '/hi/track-order',
  '/hi/auth',
  '/hi/auth?method=email&mode=sign-up',
  '/hi/auth?method=phone',
  '/hi/delivery?pin=452001',
]

/** Pages a shopper reaches in Hindi without signing in, for axe. */
const HINDI_PAGES = [...TRANSLATED_PAGES, '/hi/products/premium-ratlami-sev', '/hi/blog']

/** Words a Hindi page keeps in Latin letters: names, abbreviations and the other language's name. */
const ALLOWED = new Set([
  'Malwa',
  'Namkeen',
  'English',
  'FSSAI',
  'GSTIN',
  'GST',
  'MRP',
  'UPI',
  'OTP',
  'SMS',
  'IP',
  'HTTPS',
  'PhonePe',
  'FoSCoS',
  // The coupon code FIRST10, as the shopper types it.
  'FIRST',
  'WhatsApp',
  'Facebook',
  'Google',
  'Maps',
  'X',
  'A-Z',
])

/**
 * The owner's data that has no Hindi version, shown as entered (the shop's details). The demo
 * products have their Hindi texts, so their English names are not allowed here.
 */
const OWNER_DATA = [
  demoSettings.legalName,
  demoSettings.address,
  demoSettings.email,
  demoSettings.qualityTagline,
  demoSettings.grievanceOfficerName,
  demoSettings.grievanceOfficerEmail,
  ...demoSettings.socialLinks.map((link) => link.label),
  ...demoSettings.testimonials.flatMap((testimonial) => [testimonial.quote, testimonial.name, testimonial.city]),
]

/**
 * The English words on the page outside the owner's data and the allowed words (`asked`: the 404's
 * address; `data`: more texts that are data, such as an order number).
 */
async function englishWords(page: Page, asked = '', data: string[] = []): Promise<string[]> {
  // Every visible text node, and the labels a screen reader reads (aria-label, placeholder, alt).
  const texts = await page.evaluate(() => {
    const found: string[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      if (!parent || parent.closest('script, style, noscript, [hidden]') || !parent.checkVisibility()) continue
      found.push(node.textContent ?? '')
    }
    for (const element of document.body.querySelectorAll('[aria-label], [placeholder], img[alt]'))
      for (const name of ['aria-label', 'placeholder', 'alt']) found.push(element.getAttribute(name) ?? '')
    return found
  })
  return texts
    .map((text) => (text.toLowerCase() === asked ? '' : text))
    .map((text) => [...OWNER_DATA, ...data].reduce((rest, shown) => rest.split(shown).join(' '), text))
    .flatMap((text) => text.match(/[A-Za-z][A-Za-z'-]*/g) ?? [])
    .filter((word) => !ALLOWED.has(word))
}

for (const path of TRANSLATED_PAGES) {
  test(`no English is left on ${path} outside the owner's data`, async ({ page }) => {
    await page.goto(path)
    // The 404 page's breadcrumb names the address asked for.
    const asked = decodeURIComponent(path.split('/').at(-1) ?? '').replace(/-/g, ' ')
    expect(await englishWords(page, asked)).toEqual([])
  })
}

test("a product's Hindi page shows the owner's Hindi texts and none of the English ones", async ({ page }) => {
  const product = demoProducts.find((demo) => demo.slug === 'premium-ratlami-sev')!
  await page.goto(`/hi/products/${product.slug}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.nameHi)
  await expect(page).toHaveTitle(new RegExp(`^${product.nameHi} \\|`))
  // The page's text and its data for hydration (scripts included): one language reaches the browser.
  const shown = await page.locator('body').textContent()
  for (const hindi of [product.descriptionHi, product.ingredientsHi, product.allergensHi, product.storageAdviceHi])
    expect(shown).toContain(hindi)
  for (const english of [product.name, product.description, product.ingredients, product.allergens])
    expect(shown).not.toContain(english)
})

test('a shopper orders in Hindi: the checkout refuses, then places the order, all in Hindi', async ({ page }) => {
  test.slow()
  await page.goto('/hi/products/premium-ratlami-sev')
  await hydrated(page)
  await page.getByRole('button', { name: /^कार्ट में डालें/ }).click()
  await expect(page.getByText('कार्ट में डाल दिया!')).toBeVisible()
  await page.goto('/hi/checkout')
  await hydrated(page)
  await page.getByRole('button', { name: /ऑर्डर करें/ }).click()
  await expect(page.getByText('कृपया अपना पूरा नाम लिखें।')).toBeVisible()
  await expect(page.getByLabel('पूरा नाम')).toBeFocused()
  expect(await englishWords(page)).toEqual([])

  await page.getByLabel('पूरा नाम').fill('आशा वर्मा')
  await page.getByLabel('ईमेल').fill('asha@example.in')
  await page.getByLabel('मोबाइल नंबर').fill(`98${String(Date.now()).slice(-8)}`)
  await page.getByLabel('पता', { exact: true }).fill('12, विजय नगर, स्कीम 54')
  await page.getByLabel('शहर').fill('इंदौर')
  await page.getByLabel('राज्य या केंद्र शासित प्रदेश').selectOption('Madhya Pradesh')
  await page.getByLabel('पिन कोड').fill('452010')
  await expect(page.getByText(/तक डिलीवरी$/)).toBeVisible()
  await page.getByRole('checkbox', { name: /नियम और शर्तों/ }).check()
  await page.getByRole('button', { name: /ऑर्डर करें/ }).click()
  await expect(page).toHaveURL(/\/hi\/order-success\?orderId=/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('आपका ऑर्डर हो गया!')
  const number = new URL(page.url()).searchParams.get('orderId')?.slice(-8) ?? ''
  expect(await englishWords(page, '', [number])).toEqual([])
})

for (const path of HINDI_PAGES) {
  test(`axe finds no serious or critical violation on ${path}`, async ({ page }) => {
    test.setTimeout(90_000)
    await page.goto(path)
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi')
    const results = await new AxeBuilder({ page }).analyze()
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({ id: violation.id, targets: violation.nodes.slice(0, 5).map((node) => node.target) }))
    expect(serious).toEqual([])
  })
}

test("the header's switch keeps the page, round-trips, and is remembered", async ({ page, isMobile }) => {
  // On a phone the switch is in the menu.
  const openMenu = async (name: string) => {
    if (isMobile) await page.getByLabel(name).click()
  }
  await page.goto('/products')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN')
  await openMenu('Menu')
  await page.getByRole('link', { name: 'हिन्दी' }).click()
  await expect(page).toHaveURL(/\/hi\/products$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('हमारे उत्पाद')
  // Remembered: the English address opens the Hindi page.
  await page.goto('/about')
  await expect(page).toHaveURL(/\/hi\/about$/)
  // Client-side navigation inside Hindi pages stays in Hindi.
  await hydrated(page)
  await page.getByRole('navigation', { name: 'दुकान' }).getByRole('link', { name: 'उत्पाद' }).click()
  await expect(page).toHaveURL(/\/hi\/products$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('हमारे उत्पाद')
  // And back to English, which is then remembered.
  await openMenu('मेन्यू')
  await page.getByRole('link', { name: 'English' }).click()
  await expect(page).toHaveURL(/\/products$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN')
  await page.goto('/about')
  await expect(page).toHaveURL(/\/about$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-IN')
})
