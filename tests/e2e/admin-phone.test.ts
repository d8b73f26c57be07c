// The owner works from a phone: no tab of the panel, nor its forms, may be wider than the screen
// (the Reviews tab's filter chips once widened its page to 519 px on a 360 px phone), and its first
// screen is the newest orders.
import type { Locator } from '@playwright/test'
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

/** Whether the element lies wholly on the first screen, the page not scrolled. */
async function onFirstScreen(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect()
    return (
      scrollY === 0 &&
      box.width > 0 &&
      box.top >= 0 &&
      box.bottom <= innerHeight &&
      box.left >= 0 &&
      box.right <= innerWidth
    )
  })
}

// The owner's phone (issue 32): the panel's first screen at 360 x 640 is the newest orders, their
// status and the unread count, not stat cards and a grid of tabs.
test.describe('the owner’s first screen on a 360 x 640 phone', () => {
  test.use({ viewport: { width: 360, height: 640 } })

  test('shows the newest orders with their status and the unread count; every tab is one tap from every tab', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000) // every tab of the panel opened, on this two-core machine
    const placed = await placeOrder(baseURL!, [{ slug: 'tikhi-bundi', size: '250g' }])
    await page.goto('/admin')
    const tabs = page.getByRole('navigation', { name: 'Admin sections' })
    const ordersTab = tabs.getByRole('link', { name: /^Orders \d+ unread$/ })
    await expect(ordersTab).toBeVisible()
    const unread = page.getByRole('button', { name: /^\d+ New Notifications?$/ })
    await expect(unread).toBeVisible()
    // The order just placed is among the newest (other tests of the run order too): the first card is
    // the newest, with its number and status, all above the fold.
    const cards = page.getByRole('list', { name: 'Orders' }).getByRole('article')
    await expect(page.getByRole('article', { name: `#${placed.number}` })).toBeAttached()
    const newest = cards.first()
    // The badge, before the status dropdown whose options read the same.
    const status = newest.getByText(/^(Pending|Confirmed|Shipped|Delivered|Cancelled)$/).first()
    for (const [what, shown] of [
      ['the Orders tab with its unread count', ordersTab],
      ['the unread button', unread],
      ['the newest order’s number', newest.getByRole('heading')],
      ['the newest order’s status', status],
    ] as const) {
      expect(await onFirstScreen(shown), `${what} on the first screen`).toBe(true)
    }
    // The four figures are still there, in one compact line, with their full names for screen readers.
    const stats = page.getByRole('region', { name: 'Shop statistics' })
    for (const title of ['Total Orders', 'Pending Orders', 'Total Revenue', "Today's Orders"]) {
      await expect(stats.getByRole('heading', { name: title })).toBeVisible()
    }
    const statsHeight = await stats.evaluate((element) => element.getBoundingClientRect().height)
    expect(statsHeight).toBeLessThan(64)

    // Every tab, from every tab: the row of tabs is on the tab's first screen, with a link to each
    // tab in it and Orders (with its count) in sight; a tap on the next tab opens it.
    const shownTabs = [...ADMIN_TABS, ADMIN_TABS[0]!]
    for (const [index, tab] of shownTabs.entries()) {
      if (index > 0) {
        await tabs.getByRole('link', { name: new RegExp(`^${tab.label}\\b`) }).click()
        await expect(page).toHaveURL(new URL(tab.to, baseURL).href)
      }
      await expect(tabs.getByRole('link', { name: new RegExp(`^${tab.label}\\b`) })).toHaveAttribute(
        'aria-current',
        'page',
      )
      await expect(tabs.getByRole('link')).toHaveCount(ADMIN_TABS.length)
      expect(await onFirstScreen(tabs), `the tabs on the first screen of ${tab.to}`).toBe(true)
      // (Its count may be read meanwhile: other tests of the run open the desk too.)
      const orders = tabs.getByRole('link', { name: /^Orders\b/ })
      expect(await onFirstScreen(orders), `Orders in sight on ${tab.to}`).toBe(true)
      // The open tab is in sight in the row too, not scrolled away behind its edge.
      const open = tabs.getByRole('link', { name: new RegExp(`^${tab.label}\\b`) })
      await expect(open).toBeInViewport()
    }
  })
})
