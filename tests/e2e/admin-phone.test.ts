// The owner works from a phone: no tab of the panel, nor its forms, may be wider than the screen
// (the Reviews tab's filter chips once widened its page to 519 px on a 360 px phone).
import { ADMIN_TABS } from '#app/admin/tabs.ts'
import { expect, test } from './orders-desk-helpers.ts'

const FORMS = ['/admin/products/new', '/admin/blogs/new', '/admin/settings/coupons/new']

test('every tab and form of the panel fits the screen without sideways scrolling', async ({ page }) => {
  for (const path of [...ADMIN_TABS.map((tab) => tab.to), ...FORMS]) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Pro Panel' })).toBeVisible()
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: innerWidth }))
    expect(widths.page, path).toBeLessThanOrEqual(widths.screen)
  }
})
