import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_ARGS, HEADLESS_SHELL_PATH } from './tests/chromium.ts'

// End-to-end tests drive Debian's Chromium (its headless shell: tests/chromium.ts) against the
// production build (`npm run build` first), started by the global setup on a free port with a
// temporary DATA_DIR.

// Every test runs once, at the width where it is used: the shopper's journeys on a 360 px phone,
// where most shop, and the owner's at a 1280 px desk (admin-phone.test.ts walks every tab and form of
// the panel at phone size). A test of something that looks or works differently at the two widths
// (the header's menu, a dialog over a phone's screen, axe on each layout) is tagged @both and runs at
// both. Before, every test not listed here ran twice, for about a quarter of the suite's time.
const OWNER_JOURNEYS = [
  'admin-desk',
  'blogs-admin',
  'products-admin',
  'settings-admin',
  'messages-admin',
  'push-admin',
  'uploads',
  'orders-desk',
]
// Playwright matches grep against the project name, the file, the describe blocks, the title and the
// tags, joined by spaces.
const OWNER_FILE = new RegExp(`\\b(${OWNER_JOURNEYS.join('|')})\\.test\\.ts\\b`)
const AT_BOTH = /@both\b/
const OWNER_AT_DESK_ONLY = new RegExp(`^(?!.*@both\\b).*${OWNER_FILE.source}`)

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // Its own folder, which Playwright empties at the start: the unit and integration reports that
  // `npm test` wrote to test-results/ before stay, with each file's time.
  outputDir: 'test-results/e2e',
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : 'list',
  // A journey of sign-up, checkout and sign-in takes 20-25 s on this two-core machine, and CI's
  // machines have run 1.5 times slower: at 30 s such a test failed CI though nothing hung. An expect
  // still fails after its own timeout (5 s unless the test sets one).
  timeout: 60_000,
  use: {
    trace: { mode: 'retain-on-failure', screenshots: false },
    // The shop's service worker would answer requests that tests intercept with page.route (which
    // never sees a worker's requests) and keep pages between tests; pwa.test.ts and
    // push-device.test.ts allow it and test it.
    serviceWorkers: 'block',
    // A toast fades in and out over 0.4 s; axe run during the fade saw its half-transparent text as too
    // faint (another test's new order brings a toast to every open desk). With motion reduced, as a
    // shopper may ask, the toasts (sonner honours it) appear and go at once.
    reducedMotion: 'reduce',
    // push-device.test.ts and push-admin.test.ts need notifications: they launch the full Chromium.
    launchOptions: { executablePath: HEADLESS_SHELL_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'phone',
      grepInvert: OWNER_AT_DESK_ONLY,
      use: { ...devices['Pixel 7'], viewport: { width: 360, height: 780 }, browserName: 'chromium' },
    },
    {
      name: 'desktop',
      grep: [OWNER_FILE, AT_BOTH],
      // The owner's files are the run's longest and come last: their tests share out over both
      // workers rather than one worker finishing a file alone (each test sets up its own data).
      fullyParallel: true,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } },
    },
  ],
})
