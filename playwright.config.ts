import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/chromium.ts'

// End-to-end tests drive Debian's Chromium against the production build (`npm run build` first),
// started by the global setup on a free port with a temporary DATA_DIR.

// Every test runs on a 360 px phone and at a 1280 px desk, except the journeys below, whose screen
// changes nothing they check: the shopper's run on the phone, where most shop, and the owner's at
// the desk (admin-phone.test.ts walks every tab and form of the panel at phone size). Each ran twice
// for about a quarter of the suite's time.
const SHOPPER_JOURNEYS = [
  'payments',
  'hindi',
  'pwa',
  'lost-answer',
  'returning-customer',
  'invoices',
  'reviews',
  'delivery',
  'delivery-promise',
].map((name) => `${name}.test.ts`)
const OWNER_JOURNEYS = [
  'admin-desk',
  'blogs-admin',
  'products-admin',
  'settings-admin',
  'messages-admin',
  'push-admin',
  'uploads',
].map((name) => `${name}.test.ts`)

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : 'list',
  // A journey of sign-up, checkout and sign-in takes 20-25 s on this two-core machine, and CI's
  // machines have run 1.5 times slower: at 30 s such a test failed CI though nothing hung. An expect
  // still fails after its own timeout (5 s unless the test sets one).
  timeout: 60_000,
  use: {
    trace: 'retain-on-failure',
    // The shop's service worker would answer requests that tests intercept with page.route (which
    // never sees a worker's requests) and keep pages between tests; pwa.test.ts allows it and tests it.
    serviceWorkers: 'block',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'phone',
      testIgnore: OWNER_JOURNEYS,
      use: { ...devices['Pixel 7'], viewport: { width: 360, height: 780 }, browserName: 'chromium' },
    },
    {
      name: 'desktop',
      testIgnore: SHOPPER_JOURNEYS,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } },
    },
  ],
})
