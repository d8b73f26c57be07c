// The shop in Hindi in Chromium (docs/decisions/024-hindi.md): no English left on a Hindi page outside
// the owner's data without a translation (the shop's details; an order's lines keep the English product
// names) and the allowed words, for a visitor and for a signed-in shopper with a delivered order
// (account, My Orders, the order's details, tracking and invoice page, the review form, the cart
// drawer and checkout with their refusals); axe finds nothing
// serious (the header's language switch: frame.test.ts).
import AxeBuilder from '@axe-core/playwright'
import type { APIRequestContext, Page } from '@playwright/test'
import { demoPosts } from '#app/demo/posts.ts'
import { demoProducts } from '#app/demo/products.ts'
import { demoSettings } from '#app/demo/settings.ts'
import { signUpOverHttp, uniqueEmail, uniquePhone } from './accounts-helpers.ts'
import { checkoutForm } from './checkout-form.ts'
import { expect, hydrated, test } from './fixtures.ts'
import { test as deskTest, NOBODY } from './orders-desk-helpers.ts'

/** Hindi pages a shopper reaches without signing in: every text goes through the message catalogue. */
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
  '/hi/products/premium-ratlami-sev',
  '/hi/blog',
]

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
  'PDF',
])

/**
 * The owner's data that has no Hindi version, shown as entered (the shop's details, the demo posts).
 * The demo products have their Hindi texts, so their English names are not allowed here.
 */
const OWNER_DATA = [
  // The demo posts have no Hindi version: their cards show the English title, excerpt and author.
  ...demoPosts.flatMap((post) => [post.title, post.excerpt, post.author]),
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
 * The English words on the page outside the owner's data and the allowed words (`data`: more texts
 * that are data, such as an order number; `within`: only this part of the page; `skip`: parts that
 * stay English, such as the invoice document).
 */
async function englishWords(
  page: Page,
  data: string[] = [],
  { within = 'body', skip = '' }: { within?: string; skip?: string } = {},
): Promise<string[]> {
  // Every visible text node, and the labels a screen reader reads (aria-label, placeholder, alt).
  const texts = await page.evaluate(
    ([within, skip]) => {
      const root = document.querySelector(within)
      if (!root) throw new Error(`nothing matches ${within}`)
      const skipped = (element: Element) => skip !== '' && element.closest(skip) !== null
      const found: string[] = []
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement
        if (!parent || parent.closest('script, style, noscript, [hidden]') || !parent.checkVisibility()) continue
        if (skipped(parent)) continue
        found.push(node.textContent ?? '')
      }
      for (const element of root.querySelectorAll('[aria-label], [placeholder], img[alt]')) {
        if (skipped(element)) continue
        for (const name of ['aria-label', 'placeholder', 'alt']) found.push(element.getAttribute(name) ?? '')
      }
      return found
    },
    [within, skip] as const,
  )
  return texts
    .map((text) => [...OWNER_DATA, ...data].reduce((rest, shown) => rest.split(shown).join(' '), text))
    .flatMap((text) => text.match(/[A-Za-z][A-Za-z'-]*/g) ?? [])
    .filter((word) => !ALLOWED.has(word))
}

// A few pages per test, each visited once in one page for both checks (no English left, and axe):
// a context's start-up and a page's load cost as much as a check. Every page is still checked (soft
// expectations), and a failure names its page.
const GROUPS = [
  TRANSLATED_PAGES.slice(0, 5),
  TRANSLATED_PAGES.slice(5, 10),
  TRANSLATED_PAGES.slice(10, 14),
  TRANSLATED_PAGES.slice(14),
]

for (const paths of GROUPS) {
  test(`no English is left outside the owner's data, and axe finds no serious or critical violation, on ${paths.join(', ')}`, async ({
    page,
  }) => {
    test.setTimeout(90_000) // axe walks each whole page; slow on a loaded two-core machine
    for (const path of paths) {
      // Each page as a first visit would show it (no cookie from the page before, such as a remembered PIN code).
      await page.context().clearCookies()
      await page.goto(path)
      expect.soft(await englishWords(page), `English left on ${path}`).toEqual([])
      expect.soft(await seriousViolations(page), `axe on ${path}`).toEqual([])
    }
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
  await page.getByRole('button', { name: /^कार्ट में डालें/ }).click()
  await expect(page.getByText('कार्ट में डाल दिया!')).toBeVisible()
  await page.goto('/hi/checkout')
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
  expect(await englishWords(page, [number])).toEqual([])
})

async function seriousViolations(page: Page): Promise<unknown[]> {
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi')
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, targets: violation.nodes.slice(0, 5).map((node) => node.target) }))
}

/** The owner moves an order on, as the desk's status dropdown posts it. */
async function moveOrder(admin: APIRequestContext, orderId: string, status: 'confirmed' | 'delivered') {
  const { version } = (await (await admin.get(`/admin/orders/${orderId}`)).json()) as { version: string }
  const changed = await admin.post(`/admin/orders/${orderId}`, { form: { intent: 'status', status, version } })
  expect(changed.status(), await changed.text()).toBe(200)
}

deskTest(
  'a signed-in shopper reads their account, orders, invoice, review form, cart and checkout in Hindi',
  async ({ page: admin, browser, baseURL }, info) => {
    deskTest.setTimeout(240_000)
    const context = await browser.newContext({ baseURL, storageState: NOBODY })
    const page = await context.newPage()
    const email = uniqueEmail(info, 'hindi')
    const phone = uniquePhone()
    // Signed up and in over HTTP, as the /auth page posts it (its sign-up is accounts.test.ts's).
    await signUpOverHttp(page.request, email, 'sev aur jalebi', { name: 'आशा वर्मा' })

    // An order placed from the Hindi pages, as the browser posts it; the owner confirms it (so it has
    // its invoice) and marks it delivered (so the shopper may review it).
    const html = await (await page.request.get('/hi/products/premium-ratlami-sev')).text()
    const productId = /name="productId" value="([0-9a-f-]{36})"/.exec(html)![1]!
    const added = await page.request.post('/hi/cart', {
      form: { intent: 'add', productId, size: '250g', enhanced: '1' },
    })
    expect(added.status(), await added.text()).toBe(200)
    const placed = await page.request.post('/hi/checkout', {
      form: checkoutForm({ fullName: 'आशा वर्मा', phone, address: '12, विजय नगर, स्कीम 54', city: 'इंदौर' }),
      maxRedirects: 0,
    })
    expect(placed.status(), await placed.text()).toBe(302)
    const orderId = /orderId=([0-9a-f-]{36})/.exec(placed.headers().location ?? '')![1]!
    const number = orderId.slice(-8)
    await moveOrder(admin.request, orderId, 'confirmed')
    await moveOrder(admin.request, orderId, 'delivered')
    const data = [email, number, 'asha@example.in']
    // An order's lines keep the product's English name: an order is a record of what was sold.
    const orderData = [...data, demoProducts.find((product) => product.slug === 'premium-ratlami-sev')!.name]

    await page.goto('/hi/account')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(await englishWords(page, data), '/hi/account').toEqual([])
    expect(await seriousViolations(page), '/hi/account').toEqual([])

    await page.goto('/hi/my-orders')
    await expect(page.getByText(`#${number}`).first()).toBeVisible()
    expect(await englishWords(page, orderData), '/hi/my-orders').toEqual([])
    expect(await seriousViolations(page), '/hi/my-orders').toEqual([])
    await page.getByRole('link', { name: `ऑर्डर #${number} का पूरा ब्योरा देखें` }).click()
    const details = page.getByRole('dialog')
    await expect(details).toBeVisible()
    expect(await englishWords(page, orderData, { within: '[role="dialog"]' }), 'the details').toEqual([])
    await details.getByRole('link', { name: 'बिल', exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`/hi/orders/${orderId}/invoice$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`ऑर्डर #${number} का बिल`)
    // A plain link: a new document, read once React has taken it over.
    await hydrated(page)
    await expect(page.locator('[data-invoice-sheet]').first()).toBeVisible()
    // The invoice document itself stays English; the page around it is Hindi.
    expect(await englishWords(page, orderData, { skip: '[data-invoice-sheet]' }), 'the invoice page').toEqual([])

    await page.goto('/hi/track-order')
    await page.getByLabel('ऑर्डर नंबर').fill(number)
    await page.getByLabel('मोबाइल नंबर').fill(phone)
    await page.getByRole('button', { name: 'ऑर्डर ट्रैक करें' }).click()
    await expect(page.getByRole('heading', { name: new RegExp(number) })).toBeVisible()
    expect(await englishWords(page, orderData), 'the tracked order').toEqual([])

    // The review form, and its refusal of a review without stars.
    await page.goto('/hi/products/premium-ratlami-sev#reviews')
    const form = page.getByRole('form', { name: /की समीक्षा लिखें$/ })
    await expect(form).toBeVisible()
    await form.getByRole('button', { name: 'समीक्षा भेजें' }).click()
    await expect(form.getByText('कृपया 1 से 5 स्टार तक रेटिंग चुनें।')).toBeVisible()
    expect(await englishWords(page, data, { within: '#reviews' }), 'the review form').toEqual([])

    // The cart drawer with an item, and a coupon it refuses: FIRST10 is for a first order only.
    await page.getByRole('button', { name: /^कार्ट में डालें/ }).click()
    await expect(page.getByText('कार्ट में डाल दिया!')).toBeVisible()
    await page.getByRole('link', { name: /^कार्ट, / }).click()
    const drawer = page.getByRole('dialog', { name: /आपका कार्ट/ })
    await expect(drawer).toBeVisible()
    await drawer.getByPlaceholder('कूपन कोड').fill('FIRST10')
    await drawer.getByRole('button', { name: 'लागू करें' }).click()
    await expect(drawer.getByText('FIRST10 सिर्फ़ आपके पहले ऑर्डर के लिए है।')).toBeVisible()
    expect(await englishWords(page, data, { within: '[role="dialog"]' }), 'the cart drawer').toEqual([])
    expect(await seriousViolations(page), 'the cart drawer').toEqual([])

    // The signed-in shopper's checkout, and the server's refusal of a PIN code from another state.
    await page.goto('/hi/checkout')
    expect(await englishWords(page, data), '/hi/checkout').toEqual([])
    expect(await seriousViolations(page), '/hi/checkout').toEqual([])
    const refused = await page.request.post('/hi/checkout', {
      form: checkoutForm({ phone, pincode: '682001' }),
      maxRedirects: 0,
    })
    expect(refused.status()).toBe(400)
    expect(await refused.text()).toContain('यह पिन कोड मध्य प्रदेश में नहीं है।')
    await context.close()
  },
)
