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

for (const path of PAGES) {
  test(`axe finds no serious or critical violation on ${path}`, async ({ page }) => {
    test.setTimeout(90_000) // axe walks the whole page; slow on a loaded two-core machine
    await page.goto(path)
    await page.waitForLoadState('load')
    const results = await new AxeBuilder({ page }).analyze()
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        help: violation.help,
        targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
      }))
    expect(serious).toEqual([])
  })
}
