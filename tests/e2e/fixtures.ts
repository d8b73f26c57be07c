import { test as base, expect } from '@playwright/test'

/** Every test runs against the global server, and fails on any console error in the page. */
export const test = base.extend<{ consoleErrors: string[] }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a function asks for from this pattern
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL)
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() !== 'error') return
        // A page that answers 404 on purpose (unknown path or slug) is not an error of the page.
        const notFoundDocument = message.text().includes('status of 404') && message.location().url === page.url()
        if (!notFoundDocument) errors.push(message.text())
      })
      page.on('pageerror', (error) => errors.push(error.message))
      await use(errors)
      expect(errors, 'console errors in the page').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }
