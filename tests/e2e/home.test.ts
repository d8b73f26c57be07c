import { expect, test } from './fixtures.ts'

const BESTSELLERS = ['Premium Ratlami Sev', 'Satwik Khatta Meetha', 'Navratna Mixture', 'Tikhi Bundi']

test('the home page shows the hero, the claims, two customer quotes and the four bestsellers', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveTitle(/Malwa Namkeen/)
  await expect(page.getByRole('heading', { level: 1, name: 'Authentic Indori Namkeen' })).toBeVisible()
  await expect(page.getByText('Fresh From Indore To Your Doorstep')).toBeVisible()
  await expect(page.getByText('50+')).toBeVisible()
  await expect(page.getByText('5000+')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'What Our Customers Say' })).toBeVisible()
  await expect(page.locator('blockquote')).toHaveCount(2)
  await expect(page.getByRole('heading', { name: 'Why Choose Malwa Namkeen' })).toBeVisible()
  const bestsellers = page.getByRole('region', { name: 'Our Bestsellers' })
  for (const name of BESTSELLERS) await expect(bestsellers.getByRole('heading', { name })).toBeVisible()
  await expect(bestsellers.getByText('Bestseller', { exact: true })).toHaveCount(4)
})

test('a phone gets the part of the hero picture its tall box shows; a desktop the wide picture', {
  tag: '@both',
}, async ({ page, isMobile }) => {
  const pictures: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/images/hero-')) pictures.push(new URL(request.url()).pathname)
  })
  await page.goto('/')
  await expect(page.locator('section[aria-labelledby="hero-title"] img')).toHaveJSProperty('complete', true)
  // In AVIF, about half the WebP's bytes: Chromium shows it.
  expect(pictures).toEqual([isMobile ? '/images/hero-portrait-540.avif' : '/images/hero-1280.avif'])
})

test('the calls to action lead to the products and about pages', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('link', { name: 'Shop Namkeen' }).click()
  await expect(page).toHaveURL(/\/products$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Our Products' })).toBeVisible()
  await page.goto('/')
  await page.getByRole('link', { name: 'Our Story' }).click()
  await expect(page).toHaveURL(/\/about$/)
})

test('the footer shows the shop details from the settings', async ({ page }) => {
  await page.goto('/')
  const footer = page.getByRole('contentinfo')
  await expect(footer.getByText('Sarafa Bazaar, Indore, Madhya Pradesh 452002')).toBeVisible()
  await expect(footer.getByRole('link', { name: '+91 98765 43210' })).toBeVisible()
  await expect(footer.getByRole('link', { name: 'hello@malwanamkeen.example' })).toBeVisible()
  await expect(footer.getByText(/FSSAI Lic\. No\./)).toBeVisible()
  await expect(footer.getByRole('link', { name: 'Shipping Policy' })).toBeVisible()
})

test('the header reaches every page, on a phone through the menu', { tag: '@both' }, async ({ page, isMobile }) => {
  await page.goto('/')
  if (isMobile) await page.getByLabel('Menu').click()
  const nav = page.getByRole('navigation', { name: isMobile ? 'Mobile' : 'Main' })
  for (const label of ['Home', 'Products', 'About', 'Blog', 'FAQ', 'Contact', 'Login']) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible()
  }
  await nav.getByRole('link', { name: 'FAQ' }).click()
  await expect(page).toHaveURL(/\/faq$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible()
  if (isMobile) await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden()
})

test('a navigation starts at the top of the new page', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('contentinfo').getByRole('link', { name: 'Quality Policy' }).click()
  await expect(page).toHaveURL(/\/quality-policy$/)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})

test('a shop page at rest runs no endless animation (the skeletons of lazy images below the fold pulse a few times)', async ({
  page,
}) => {
  await page.goto('/products')
  await expect(page.getByRole('heading', { level: 1, name: 'Our Products' })).toBeVisible()
  const endless = () =>
    page.evaluate(() =>
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY)
        .map((animation) => (animation.effect as KeyframeEffect | null)?.target?.className ?? ''),
    )
  expect(await endless()).toEqual([])
})
