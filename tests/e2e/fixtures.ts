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
        // A document that answers 4xx on purpose (unknown path or slug, a refused form post without
        // JavaScript) is not an error of the page.
        const refusedDocument = /status of 4\d\d/.test(message.text()) && message.location().url === page.url()
        if (!refusedDocument) errors.push(message.text())
      })
      page.on('pageerror', (error) => errors.push(error.message))
      await use(errors)
      expect(errors, 'console errors in the page').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }
