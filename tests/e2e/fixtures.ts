import { test as base, expect } from '@playwright/test'

/** Forms whose refusals (4xx with a message for the shopper) the browser logs as failed loads. */
const REFUSING_FORMS = /^\/(cart|checkout|track-order)(\.data)?$/

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
        // JavaScript), or a form the server refuses with a 4xx and a message (a cart change, an order),
        // is not an error of the page.
        const refused =
          /status of 4\d\d/.test(message.text()) &&
          (message.location().url === page.url() || REFUSING_FORMS.test(new URL(message.location().url).pathname))
        if (!refused) errors.push(message.text())
      })
      page.on('pageerror', (error) => errors.push(error.message))
      await use(errors)
      expect(errors, 'console errors in the page').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }
