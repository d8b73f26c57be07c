import { demoPosts } from '#app/demo/posts.ts'
import { demoProducts } from '#app/demo/products.ts'
import { expect, test } from './fixtures.ts'

async function jsonLd(page: import('@playwright/test').Page) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents()
  return blocks.map((text) => JSON.parse(text) as { '@type': string; [key: string]: unknown })
}

test('the sitemap lists home, the static pages, every product and every published post', async ({
  request,
  baseURL,
}) => {
  const response = await request.get('/sitemap.xml')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toContain('application/xml')
  const xml = await response.text()
  const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])
  for (const path of ['/', '/products', '/about', '/blog', '/faq', '/contact', '/shipping-policy', '/privacy-policy']) {
    expect(locations).toContain(`${baseURL}${path}`)
  }
  for (const product of demoProducts) expect(locations).toContain(`${baseURL}/products/${product.slug}`)
  for (const post of demoPosts) {
    const listed = locations.includes(`${baseURL}/blog/${post.slug}`)
    expect(listed, post.slug).toBe(post.isPublished)
  }
  expect(locations.some((location) => /\/(admin|checkout|auth|my-orders)/.test(location ?? ''))).toBe(false)
  expect(xml).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[^<]+<\/lastmod>/)
})

test('robots.txt keeps private pages out and points at the sitemap', async ({ request, baseURL }) => {
  const text = await (await request.get('/robots.txt')).text()
  for (const path of [
    '/admin',
    '/checkout',
    '/my-orders',
    '/auth',
    '/api/',
    '/hi/checkout',
    '/hi/my-orders',
    '/hi/auth',
  ])
    expect(text.split('\n')).toContain(`Disallow: ${path}`)
  expect(text).not.toContain('Disallow: /hi/admin')
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`)
})

test('the home page describes the shop to search engines', async ({ page, baseURL }) => {
  await page.goto('/')
  const data = await jsonLd(page)
  const organization = data.find((item) => item['@type'] === 'Organization')
  expect(organization).toMatchObject({ name: 'Malwa Namkeen', url: `${baseURL}/`, telephone: '+91 98765 43210' })
  expect(data.find((item) => item['@type'] === 'WebSite')).toMatchObject({ name: 'Malwa Namkeen' })
  expect(data.find((item) => item['@type'] === 'BreadcrumbList')).toBeUndefined()
})

test('inner pages carry BreadcrumbList data matching the visible breadcrumb', async ({ page, baseURL }) => {
  await page.goto('/shipping-policy')
  const breadcrumbs = (await jsonLd(page)).find((item) => item['@type'] === 'BreadcrumbList')
  expect(breadcrumbs?.itemListElement).toEqual([
    { '@type': 'ListItem', position: 1, name: 'Home', item: `${baseURL}/` },
    { '@type': 'ListItem', position: 2, name: 'Shipping Policy', item: `${baseURL}/shipping-policy` },
  ])
})

test('the canonical URL leaves tracking parameters out', async ({ page, baseURL }) => {
  await page.goto('/about?utm_source=whatsapp&utm_campaign=diwali')
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/about`)
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${baseURL}/about`)
})

test('the home share block shares the shop on WhatsApp first, then Facebook and X', async ({ page, baseURL }) => {
  await page.goto('/')
  const share = page.getByRole('region', { name: 'Share the taste of Indore' })
  const links = share.getByRole('link')
  await expect(links).toHaveText(['Share on WhatsApp', 'Share on Facebook', 'Share on X'])
  const home = encodeURIComponent(`${baseURL}/`)
  await expect(links.nth(0)).toHaveAttribute('href', new RegExp(`^https://wa\\.me/\\?text=.*${home}`))
  await expect(links.nth(1)).toHaveAttribute('href', `https://www.facebook.com/sharer/sharer.php?u=${home}`)
  await expect(links.nth(2)).toHaveAttribute('href', new RegExp(`^https://x\\.com/intent/post\\?.*url=${home}`))
})

test('the native Share button appears where the browser can share', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'share', { value: async () => {}, configurable: true })
  })
  await page.goto('/')
  await expect(
    page.getByRole('region', { name: 'Share the taste of Indore' }).getByRole('button', { name: 'Share' }),
  ).toBeVisible()
})
