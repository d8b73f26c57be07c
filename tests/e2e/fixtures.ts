import { type BrowserContext, test as base, type ConsoleMessage, expect, type Page } from '@playwright/test'

/**
 * Forms whose refusals (4xx with a message for the shopper, or a toast for the owner on the orders
 * desk, for a refused image upload and for a refused push subscription) the browser logs as failed
 * loads.
 */
const REFUSING_FORMS =
  /^\/(cart|checkout|delivery|track-order|api\/push\/subscriptions|admin\/uploads|admin\/orders\/[0-9a-f-]{36}|admin\/(products|blogs)\/(new|[0-9a-f-]{36}))(\.data)?$/

/**
 * Whether a console error is a 4xx the page asked for on purpose: a document that answers 4xx (an
 * unknown path or slug, a refused form post without JavaScript) or its data read again, or a form the
 * server refuses.
 */
export function isRefusal(message: ConsoleMessage, page: Page): boolean {
  const { url } = message.location()
  if (!/status of 4\d\d/.test(message.text()) || !URL.canParse(url)) return false
  const shown = pageOfData(url)
  return shown === page.url() || documentsOf(page).has(shown) || REFUSING_FORMS.test(new URL(url).pathname)
}

/**
 * The page whose data a React Router `.data` request reads (`/admin.data?q` for `/admin?q`, `/_root.data`
 * for `/`): a refused page revalidates its own data (the orders desk on its change feed) and is refused
 * again.
 */
function pageOfData(url: string): string {
  const address = new URL(url)
  address.pathname = address.pathname.replace(/^\/_root\.data$/, '/').replace(/\.data$/, '')
  return address.href
}

/**
 * The documents a page has shown: a console message about one may arrive after the page has moved on
 * (a refused page's link followed at once).
 */
const shown = new WeakMap<Page, Set<string>>()
export function documentsOf(page: Page): Set<string> {
  let documents = shown.get(page)
  if (!documents) {
    const seen = new Set<string>([page.url()])
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) seen.add(frame.url())
    })
    shown.set(page, seen)
    documents = seen
  }
  return documents
}

/**
 * Every test runs against the global server, fails on any console error in the page, and acts on a
 * shop page only once React has hydrated it (see `waitsForHydration`).
 */
export const test = base.extend<{ consoleErrors: string[] }, { hydratedNavigations: undefined }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a function asks for from this pattern
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL)
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      documentsOf(page)
      page.on('console', (message) => {
        if (message.type() === 'error' && !isRefusal(message, page)) errors.push(message.text())
      })
      page.on('pageerror', (error) => errors.push(error.message))
      await use(errors)
      expect(errors, 'console errors in the page').toEqual([])
    },
    { auto: true },
  ],
  hydratedNavigations: [
    async ({ browser }, use) => {
      const onContext = (context: BrowserContext) => context.on('page', waitsForHydration)
      browser.on('context', onContext)
      await use(undefined)
      browser.off('context', onContext)
    },
    { scope: 'worker', auto: true },
  ],
})

const NAVIGATIONS = ['goto', 'reload', 'goBack', 'goForward'] as const
/** What a test asks for when it wants the page before it is ready (before its load event). */
const BEFORE_READY = ['commit', 'domcontentloaded']
const waiting = new WeakSet<Page>()

/**
 * Makes `goto`, `reload`, `goBack` and `goForward` of every page of the run (the fixture's, other tabs,
 * other browsers' contexts) return only once a React Router page they opened is hydrated: public pages
 * request their scripts after the load event, and before hydration a click on a client-side control
 * does nothing or posts the form without JavaScript. A page whose React Router scripts do not run (a
 * context without JavaScript, a file, a page of another site) is returned at once, and so is a page
 * asked for with `waitUntil: 'commit'` or `'domcontentloaded'`, which a test wants before it is ready.
 */
function waitsForHydration(page: Page): void {
  if (waiting.has(page)) return
  waiting.add(page)
  for (const name of NAVIGATIONS) {
    const navigate = page[name].bind(page) as (...args: unknown[]) => ReturnType<Page[typeof name]>
    page[name] = (async (...args: unknown[]) => {
      const response = await navigate(...args)
      const options = args.find((arg): arg is { waitUntil?: string } => typeof arg === 'object' && arg !== null)
      if (!BEFORE_READY.includes(options?.waitUntil ?? 'load')) await page.waitForFunction(hydratedInPage, true)
      return response
    }) as Page[typeof name]
  }
}

/**
 * Waits until React has committed the page's hydration (its root no longer holds server markup to
 * hydrate). `goto` and `reload` wait for it already (`waitsForHydration`); a test waits with this for a
 * page it reached otherwise (a plain link, a redirect back from another site, a new tab) or asked for
 * with `waitUntil: 'commit'` or `'domcontentloaded'`.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(hydratedInPage, false)
}

/**
 * Runs in the page: whether React has hydrated it; with `unlessNotReact`, also true at once on a page
 * where React Router's inline scripts did not run.
 */
function hydratedInPage(unlessNotReact: boolean): boolean {
  if (unlessNotReact && !('__reactRouterContext' in window)) return true
  const key = Object.keys(document).find((name) => name.startsWith('__reactContainer$'))
  if (!key) return false
  const container = (document as unknown as Record<string, { stateNode?: { current?: { memoizedState?: unknown } } }>)[
    key
  ]
  const state = container?.stateNode?.current?.memoizedState as { isDehydrated?: boolean } | undefined
  return state?.isDehydrated === false
}

/** Waits until the shop's service worker controls the page (in files that allow service workers). */
export async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.scriptURL.endsWith('/sw.js') === true)
}

export { expect }
