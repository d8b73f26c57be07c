import { expect, hydrated, test } from './fixtures.ts'

test('inner pages carry a breadcrumb whose last crumb is not a link', async ({ page }) => {
  await page.goto('/terms-and-conditions')
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' })
  await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
  await expect(crumbs.getByText('Terms and Conditions')).toHaveAttribute('aria-current', 'page')
  await expect(crumbs.getByRole('link', { name: 'Terms and Conditions' })).toHaveCount(0)
})

test('the home page has no breadcrumb', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0)
})

test('an unknown path shows the 404 page with a way home', async ({ page }) => {
  const response = await page.goto('/no-such-namkeen')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible()
  await page.getByRole('link', { name: 'Return to Home' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('every route of the route table answers', async ({ request }) => {
  const routes = [
    '/',
    '/products',
    '/about',
    '/contact',
    '/blog',
    '/faq',
    '/auth',
    '/checkout',
    '/order-success',
    '/payment-status',
    '/my-orders',
    '/admin',
    '/quality-policy',
    '/terms-and-conditions',
    '/privacy-policy',
    '/shipping-policy',
  ]
  for (const route of routes) {
    const response = await request.get(route)
    expect(response.status(), route).toBe(200)
  }
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the home page is complete', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Authentic Indori Namkeen' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Our Bestsellers' }).getByRole('article')).toHaveCount(4)
    await expect(page.getByRole('contentinfo').getByText('Sarafa Bazaar, Indore, Madhya Pradesh 452002')).toBeVisible()
  })

  test('the phone menu opens and navigates', async ({ page, isMobile }) => {
    test.skip(!isMobile, 'the menu button is for phones')
    await page.goto('/')
    await page.getByLabel('Menu').click()
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Products' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Our Products' })).toBeVisible()
  })
})

test('a menu opened before the JavaScript arrives stays open when it does', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'the menu button is for phones')
  // Hold the page's scripts until the shopper has opened the menu, as a slow connection would.
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/products/premium-ratlami-sev', { waitUntil: 'commit' })
  await page.getByLabel('Menu').click()
  const menu = page.getByRole('navigation', { name: 'Mobile' })
  await expect(menu).toBeVisible()
  release()
  await hydrated(page)
  await expect(menu).toBeVisible()
})

test('a page to read loads no script file, and its menu, language switch and cart link work without React', async ({
  page,
  isMobile,
}) => {
  test.skip(!isMobile, 'the menu button is for phones')
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  await page.goto('/about')
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible()
  await expect(page.getByRole('link', { name: /^Cart,/ })).toHaveAttribute('href', '/checkout')
  await page.getByLabel('Menu').click()
  const menu = page.getByRole('navigation', { name: 'Mobile' })
  await menu.getByRole('link', { name: 'हिन्दी' }).click()
  await expect(page).toHaveURL(/\/hi\/about$/)
  await page.getByLabel('मेन्यू').click()
  await page.getByRole('navigation', { name: 'मोबाइल' }).getByRole('link', { name: 'सवाल-जवाब' }).click()
  await expect(page).toHaveURL(/\/hi\/faq$/)
  expect(scripts).toEqual([])
  expect(await page.evaluate(() => '__reactRouterContext' in window)).toBe(false)
})

test("the header's switch keeps the page, round-trips, and is remembered", { tag: '@both' }, async ({
  page,
  isMobile,
}) => {
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
