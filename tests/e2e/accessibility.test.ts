import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './fixtures.ts'

// Every page a shopper can reach without signing in; pages added later join this list.
const PAGES = [
  '/',
  '/products',
  '/products/premium-ratlami-sev',
  '/about',
  '/contact',
  '/faq',
  '/blog',
  '/blog/the-story-of-ratlami-sev',
  '/auth',
  '/checkout',
  '/my-orders',
  '/admin',
  '/quality-policy',
  '/terms-and-conditions',
  '/privacy-policy',
  '/shipping-policy',
  '/no-such-page',
]

// A few pages per test, visited in one page: a context's start-up costs as much as axe on a short page.
// Each page is still checked (soft expectations), and a failure names its page.
const GROUPS = [PAGES.slice(0, 6), PAGES.slice(6, 12), PAGES.slice(12)]

for (const paths of GROUPS) {
  test(`axe finds no serious or critical violation on ${paths.join(', ')}`, { tag: '@both' }, async ({ page }) => {
    test.setTimeout(90_000) // axe walks each whole page; slow on a loaded two-core machine
    for (const path of paths) {
      // Each page as a first visit would show it (no cookie from the page before, such as a remembered PIN code).
      await page.context().clearCookies()
      await page.goto(path)
      const results = await new AxeBuilder({ page }).analyze()
      const serious = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => ({
          id: violation.id,
          help: violation.help,
          targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
        }))
      expect.soft(serious, `axe on ${path}`).toEqual([])
    }
  })
}
