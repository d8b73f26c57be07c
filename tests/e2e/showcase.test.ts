// Showcase mode (on by default until the owner opens the shop): products show 'Coming Soon', there is
// no cart, and nothing can be ordered. This file runs a shop of its own with the default setting.
import { randomUUID } from 'node:crypto'
import { type RunningServer, startServer } from '../server-process.ts'
import { expect, test } from './fixtures.ts'

let shop: RunningServer

test.beforeAll(async () => {
  // A server of its own starts slowly while the rest of the suite keeps both cores busy.
  test.setTimeout(180_000)
  shop = await startServer({ SHOWCASE_MODE: 'true', AUTH_SECRET: `showcase-${randomUUID()}` })
})
test.afterAll(async () => {
  await shop?.stop()
})

test('cards and product pages say Coming Soon, with no cart and no checkout', async ({ page, request }) => {
  await page.goto(`${shop.url}/products?sort=name`)
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Spicy Mixture' }) })
  await expect(card.getByText('Coming Soon')).toBeVisible()
  await expect(card.getByText(/Contact us for bulk orders/)).toBeVisible()
  await expect(page.getByRole('button', { name: /Add to Cart/ })).toHaveCount(0)
  await expect(page.getByRole('link', { name: /^Cart, / })).toHaveCount(0)

  await page.goto(`${shop.url}/products/ujjaini-sev`)
  await expect(page.getByText('Coming Soon')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Contact us for bulk orders' })).toHaveAttribute('href', '/contact')

  await page.goto(`${shop.url}/checkout`)
  await expect(page.getByText('Online checkout is not open yet.')).toBeVisible()

  const refused = await request.post(`${shop.url}/cart`, {
    form: { intent: 'add', productId: randomUUID(), size: '250g', enhanced: '1' },
  })
  expect(refused.status()).toBe(409)
  expect(((await refused.json()) as { message: string }).message).toBe(
    'Online ordering is not open yet. Please call us to order.',
  )
})
