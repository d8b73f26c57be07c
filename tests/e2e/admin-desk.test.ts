// The owner's desk walked at a desktop, a tablet and with the keyboard alone (found in use).
import { expect, test } from './orders-desk-helpers.ts'

for (const width of [768, 1024, 1279]) {
  test(`at ${width} px the signed-in header fits the page without sideways scrolling`, async ({ page, isMobile }) => {
    test.skip(isMobile, 'a tablet or a small desktop window')
    await page.setViewportSize({ width, height: 1024 })
    for (const path of ['/admin', '/', '/hi/']) {
      await page.goto(path)
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBe(width)
    }
    // The links moved into the menu, Logout among them.
    await page.getByLabel('मेन्यू').click()
    await expect(page.getByRole('navigation', { name: 'मोबाइल' }).getByRole('button', { name: 'लॉगआउट' })).toBeVisible()
  })
}
