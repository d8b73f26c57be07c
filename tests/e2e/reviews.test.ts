// Reviews from start to end: a signed-in shopper's order is delivered, the shopper rates the product
// from My Orders, the owner approves the review in the Reviews tab, and the product page lists it as a
// verified buyer's while the cards and the structured data show the real rating.

import { randomBytes } from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import type { APIRequestContext, Page } from '@playwright/test'
import { signUpOverHttp, uniqueEmail } from './accounts-helpers.ts'
import { checkoutForm } from './checkout-form.ts'
import { expect, NOBODY, test, toast, uniqueName, watchConsole } from './orders-desk-helpers.ts'

// Sign-up hashes a password and the order passes through checkout and the desk: slow on two cores.
test.describe.configure({ timeout: 180_000 })

// Reviewed only here: other tests read this product's page and card but never its rating.
const SLUG = 'satwik-khatta-meetha'
const PRODUCT = 'Satwik Khatta Meetha'

async function seriousViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page })
  if (include) builder.include(include)
  return (await builder.analyze()).violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, targets: violation.nodes.slice(0, 5).map((node) => node.target) }))
}

/** A signed-in shopper's cash-on-delivery order of one packet, placed the way the browser posts it. */
async function orderAsShopper(api: APIRequestContext, name: string): Promise<string> {
  const html = await (await api.get(`/products/${SLUG}`)).text()
  const productId = /name="productId" value="([0-9a-f-]{36})"/.exec(html)![1]!
  const added = await api.post('/cart', { form: { intent: 'add', productId, size: '250g', enhanced: '1' } })
  expect(added.status(), await added.text()).toBe(200)
  const placed = await api.post('/checkout', { form: checkoutForm({ fullName: name }), maxRedirects: 0 })
  expect(placed.status(), await placed.text()).toBe(302)
  return /orderId=([0-9a-f-]{36})/.exec(placed.headers().location ?? '')![1]!
}

/** The owner marks the order delivered, as the desk's status dropdown posts it. */
async function deliver(admin: APIRequestContext, orderId: string) {
  const { version } = (await (await admin.get(`/admin/orders/${orderId}`)).json()) as { version: string }
  const changed = await admin.post(`/admin/orders/${orderId}`, {
    form: { intent: 'status', status: 'delivered', version },
  })
  expect(changed.status(), await changed.text()).toBe(200)
}

test('a shopper rates a delivered product from My Orders; once approved it shows as a verified buyer’s', async ({
  page,
  browser,
  baseURL,
}, info) => {
  const name = uniqueName('Meera')
  const [firstName, lastName] = name.split(' ') as [string, string]
  const words = `Tangy and sweet, just like Indore ${randomBytes(3).toString('hex')}. <b>Loved it</b>`

  const shopper = await browser.newContext({ baseURL, storageState: NOBODY })
  const shopperPage = await shopper.newPage()
  const shopperConsole = watchConsole(shopperPage)
  // Signed up and in over HTTP, as the /auth page posts it (its sign-up is accounts.test.ts's).
  await signUpOverHttp(shopperPage.request, uniqueEmail(info, 'review'), 'sev and jalebi', { name })
  const orderId = await orderAsShopper(shopperPage.request, name)

  // Not delivered yet: no Rate link, no form.
  await shopperPage.goto(`/products/${SLUG}`)
  const reviews = shopperPage.getByRole('region', { name: 'Customer reviews' })
  await expect(reviews).toBeVisible()
  await expect(reviews.getByRole('form', { name: `Review ${PRODUCT}` })).toHaveCount(0)

  await deliver(page.request, orderId)

  await shopperPage.goto('/my-orders')
  const card = shopperPage.getByRole('listitem').filter({ hasText: `#${orderId.slice(-8)}` })
  await card.getByRole('link', { name: `Rate ${PRODUCT}` }).click()
  await expect(shopperPage).toHaveURL(new RegExp(`/products/${SLUG}#reviews$`))
  const form = reviews.getByRole('form', { name: `Review ${PRODUCT}` })
  await expect(form).toBeVisible()
  expect(await seriousViolations(shopperPage, '#reviews'), 'the review form').toEqual([])

  // No stars chosen: the browser says so and sends nothing.
  let posts = 0
  shopperPage.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/reviews') posts += 1
  })
  await form.getByRole('button', { name: 'Submit review' }).click()
  await expect(form.getByText('Please choose a rating from 1 to 5 stars.')).toBeVisible()
  expect(posts).toBe(0)

  // The radio itself is visually hidden behind its star: the star (its label) takes the tap.
  await form.getByRole('radio', { name: '4 stars (Very good)' }).check({ force: true })
  await form.getByLabel('Your review (optional)').fill(words)
  await form.getByRole('button', { name: 'Submit review' }).click()
  await expect(toast(shopperPage, 'Thank you for your review!')).toBeVisible()
  const mine = reviews.getByRole('status').filter({ hasText: 'You reviewed this' })
  await expect(mine).toContainText('It will appear here after a quick check by the shop.')
  await expect(mine.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible()
  // Pending: not on the page yet.
  await expect(reviews.getByText(words)).toHaveCount(0)

  // A second review of the same product is refused by the server too.
  const again = await shopperPage.request.post('/reviews', {
    form: { productId: await productIdOf(shopperPage), rating: '1', enhanced: '1' },
    headers: { origin: new URL(baseURL!).origin },
  })
  expect(again.status()).toBe(409)
  expect(((await again.json()) as { message: string }).message).toBe(`You have already reviewed ${PRODUCT}.`)

  await shopperPage.goto('/my-orders')
  await expect(card.getByText('Rated', { exact: true })).toBeVisible()

  // The owner approves it.
  await page.goto('/admin/reviews?show=pending')
  await expect(page.getByRole('heading', { level: 2, name: /^Reviews \(\d+ pending\)$/ })).toBeVisible()
  const pending = page.getByRole('article').filter({ hasText: words })
  await expect(pending.getByRole('link', { name: PRODUCT })).toHaveAttribute('href', `/products/${SLUG}#reviews`)
  await expect(pending.getByText(`By ${firstName} · Order #${orderId.slice(-8)}`)).toBeVisible()
  await expect(pending.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible()
  await expect(pending.getByText('Pending', { exact: true })).toBeVisible()
  expect(await seriousViolations(page), 'the Reviews tab').toEqual([])
  await pending.getByRole('button', { name: `Approve the review of ${PRODUCT} by ${firstName}` }).click()
  await expect(toast(page, 'Review approved')).toBeVisible()
  await expect(pending).toHaveCount(0)

  // Everyone sees it now, marked as a verified buyer's, with the text as text.
  const visitor = await browser.newContext({ baseURL, storageState: NOBODY })
  const visitorPage = await visitor.newPage()
  const visitorConsole = watchConsole(visitorPage)
  await visitorPage.goto(`/products/${SLUG}`)
  const published = visitorPage.getByRole('article', { name: `Review by ${firstName} ${lastName[0]}.` })
  await expect(published.getByText(words, { exact: true })).toBeVisible()
  await expect(published.getByText('Verified buyer')).toBeVisible()
  await expect(published.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible()
  await expect(
    visitorPage.getByRole('region', { name: 'Customer reviews' }).getByText(/from \d+ reviews? by verified buyers/),
  ).toBeVisible()
  await expect(visitorPage.getByText(/^Rated \d\.\d out of 5 from \d+ reviews?$/).first()).toBeAttached()

  const product = await productJsonLd(visitorPage)
  expect(product.aggregateRating).toMatchObject({ '@type': 'AggregateRating', bestRating: 5, worstRating: 1 })
  expect(product.aggregateRating.reviewCount).toBeGreaterThanOrEqual(1)
  expect(product.review).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        '@type': 'Review',
        author: { '@type': 'Person', name: `${firstName} ${lastName[0]}.` },
        reviewBody: words,
        reviewRating: expect.objectContaining({ ratingValue: 4 }),
      }),
    ]),
  )

  // The card on the product list shows the stars and the count too.
  await visitorPage.goto('/products?sort=name')
  const listed = visitorPage.getByRole('article').filter({ has: visitorPage.getByRole('heading', { name: PRODUCT }) })
  await expect(listed.first().getByText(/^Rated \d\.\d out of 5 from \d+ reviews?$/)).toBeAttached()
  visitorConsole()
  shopperConsole()
  await visitor.close()
  await shopper.close()
})

test('POST /reviews refuses a visitor who is not signed in, and has no page of its own', async ({
  browser,
  baseURL,
}) => {
  const visitor = await browser.newContext({ baseURL, storageState: NOBODY })
  const refused = await visitor.request.post('/reviews', {
    form: { productId: '00000000-0000-4000-8000-000000000000', rating: '5', enhanced: '1' },
    headers: { origin: new URL(baseURL!).origin },
  })
  expect(refused.status()).toBe(401)
  expect(((await refused.json()) as { message: string }).message).toBe('Please sign in to review a product.')
  expect((await visitor.request.get('/reviews')).status()).toBe(404)
  await visitor.close()
})

async function productIdOf(page: Page): Promise<string> {
  return page.locator('input[name="productId"]').first().inputValue()
}

async function productJsonLd(page: Page) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents()
  const product = blocks.map((text) => JSON.parse(text)).find((data) => data['@type'] === 'Product')
  return product as {
    aggregateRating: { '@type': string; ratingValue: number; reviewCount: number }
    review: unknown[]
  }
}
