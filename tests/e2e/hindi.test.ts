// The shop in Hindi in Chromium (docs/decisions/024-hindi.md): no English left on a Hindi page outside
// the owner's data (product names, the shop's details) and the allowed words, axe finds nothing
// serious, and the header's switch round-trips and is remembered.
import AxeBuilder from '@axe-core/playwright'
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
]

/** Pages a shopper reaches in Hindi without signing in, for axe. */
const HINDI_PAGES = [...TRANSLATED_PAGES, '/hi/products/premium-ratlami-sev', '/hi/blog', '/hi/auth', '/hi/checkout']

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

/** The owner's data, shown as entered until the owner adds a Hindi version (product names, shop details). */
const OWNER_DATA = [
  ...demoProducts.map((product) => product.name),
  ...[
    demoSettings.legalName,
    demoSettings.address,
    demoSettings.email,
    demoSettings.qualityTagline,
    demoSettings.grievanceOfficerName,
    demoSettings.grievanceOfficerEmail,
    ...demoSettings.socialLinks.map((link) => link.label),
    ...demoSettings.testimonials.flatMap((testimonial) => [testimonial.quote, testimonial.name, testimonial.city]),
  ],
]

for (const path of TRANSLATED_PAGES) {
  test(`no English is left on ${path} outside the owner's data`, async ({ page }) => {
    await page.goto(path)
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
    // The 404 page's breadcrumb names the address asked for.
    const asked = decodeURIComponent(path.split('/').at(-1) ?? '').replace(/-/g, ' ')
    const english = texts
      .map((text) => (text.toLowerCase() === asked ? '' : text))
      .map((text) => OWNER_DATA.reduce((rest, data) => rest.split(data).join(' '), text))
      .flatMap((text) => text.match(/[A-Za-z][A-Za-z'-]*/g) ?? [])
      .filter((word) => !ALLOWED.has(word))
    expect(english).toEqual([])
  })
}

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
