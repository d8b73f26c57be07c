// The owner works from a phone: no tab of the panel, nor its forms, may be wider than the screen
// (the Reviews tab's filter chips once widened its page to 519 px on a 360 px phone).
import { ADMIN_TABS } from '#app/admin/tabs.ts'
import { expect, placeOrder, test } from './orders-desk-helpers.ts'

const FORMS = ['/admin/products/new', '/admin/blogs/new', '/admin/settings/coupons/new']

test('every tab and form of the panel fits the screen without sideways scrolling', async ({ page }) => {
  test.setTimeout(90_000) // fourteen pages of the panel: 30 s on this two-core machine
  for (const path of [...ADMIN_TABS.map((tab) => tab.to), ...FORMS]) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Pro Panel' })).toBeVisible()
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: innerWidth }))
    expect(widths.page, path).toBeLessThanOrEqual(widths.screen)
  }
})

test('a tab’s unread badge sits beside its label, never over it', async ({ page, baseURL }) => {
  // A new order: the Orders tab has an unread badge.
  await placeOrder(baseURL!, [{ slug: 'tikhi-bundi', size: '250g' }])
  await page.goto('/admin/products')
  const tabs = page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link')
  await expect(tabs.filter({ hasText: /^Orders\d+/ })).toHaveCount(1)
  for (const tab of await tabs.all()) {
    const parts = await tab.evaluate((link) => {
      const [label, badge] = link.querySelectorAll(':scope > span')
      const box = (element: Element | undefined) => element?.getBoundingClientRect().toJSON() as DOMRect | undefined
      return { name: label?.textContent, label: box(label), badge: box(badge), link: box(link) }
    })
    // The label stays inside its tab, and a badge beside or above it does not cover it.
    expect(parts.label!.left, `${parts.name}`).toBeGreaterThanOrEqual(parts.link!.left)
    expect(parts.label!.right, `${parts.name}`).toBeLessThanOrEqual(parts.link!.right)
    if (!parts.badge) continue
    const apart =
      parts.badge.left >= parts.label!.right ||
      parts.badge.right <= parts.label!.left ||
      parts.badge.bottom <= parts.label!.top ||
      parts.badge.top >= parts.label!.bottom
    expect(apart, `${parts.name}: badge ${JSON.stringify(parts.badge)} label ${JSON.stringify(parts.label)}`).toBe(true)
  }
})
