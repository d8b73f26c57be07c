// Shared steps of the orders-desk tests: the admin signed in once per worker (the admin login is
// rate limited per address for the whole run), guest orders placed over HTTP with a unique mobile
// number and name, the shop's stock read back through the cart, the development SMS outbox and
// mailbox, and the desk's cards and toasts.
import { randomBytes } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { type APIRequestContext, type Browser, type Locator, type Page, request } from '@playwright/test'
import { uniquePhone } from './accounts-helpers.ts'
import { checkoutForm } from './checkout-form.ts'
import { test as base, expect as baseExpect, documentsOf, isRefusal } from './fixtures.ts'

// A status change, an OTP check and a list reload each touch the database; the machine is busy.
export const expect = baseExpect.configure({ timeout: 15_000 })

/** A context with no cookies: test contexts otherwise start from the admin's storage state. */
export const NOBODY = { cookies: [], origins: [] }

/** Signs the admin in at `baseURL` in a fresh context, and returns that context's cookies. */
export async function signInAdmin(browser: Browser, baseURL: string, email: string, password: string) {
  const context = await browser.newContext({ baseURL, storageState: NOBODY })
  const page = await context.newPage()
  await page.goto('/admin')
  await page.getByLabel('Username').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Pro Panel' })).toBeVisible()
  const state = await context.storageState()
  await context.close()
  return state
}

/**
 * The admin of a shop a file runs itself, signed in over HTTP with the login form's post: every
 * request of the context carries the shop's origin, as the desk's forms do.
 */
export async function adminOverHttp(baseURL: string, email: string, password: string): Promise<APIRequestContext> {
  const admin = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } })
  const signedIn = await admin.post('/admin', {
    form: { intent: 'login', username: email, password },
    maxRedirects: 0,
  })
  expect(signedIn.status()).toBe(302)
  return admin
}

type StorageState = Awaited<ReturnType<typeof signInAdmin>>

/** `page`, `context` and `page.request` belong to the admin, signed in once per worker. */
export const test = base.extend<object, { adminState: StorageState }>({
  adminState: [
    async ({ browser }, use) => {
      await use(
        await signInAdmin(
          browser,
          process.env.E2E_BASE_URL!,
          process.env.E2E_ADMIN_EMAIL!,
          process.env.E2E_ADMIN_PASSWORD!,
        ),
      )
    },
    { scope: 'worker' },
  ],
  storageState: ({ adminState }, use) => use(adminState),
})

/** A name nobody else in the run uses: letters only, as the checkout asks. */
export function uniqueName(first = 'Asha'): string {
  const letters = Array.from(randomBytes(8), (byte) => String.fromCharCode(97 + (byte % 26))).join('')
  return `${first} ${letters[0]!.toUpperCase()}${letters.slice(1)}`
}

export type Size = '250g' | '500g' | '1kg'

export interface PlacedOrder {
  id: string
  /** The last 8 characters of the id, as cards and messages show it. */
  number: string
  /** The 10 digits the shopper typed. */
  phone: string
  /** As the shop stores it and sends SMS to it. */
  canonicalPhone: string
  name: string
  email: string
}

async function productId(api: APIRequestContext, slug: string): Promise<string> {
  const html = await (await api.get(`/products/${slug}`)).text()
  return /name="productId" value="([0-9a-f-]{36})"/.exec(html)![1]!
}

async function putInCart(api: APIRequestContext, id: string, size: Size, quantity: number) {
  const added = await api.post('/cart', { form: { intent: 'add', productId: id, size, enhanced: '1' } })
  expect(added.status(), await added.text()).toBe(200)
  if (quantity === 1) return
  const set = await api.post('/cart', {
    form: { intent: 'set', productId: id, size, quantity: String(quantity), enhanced: '1' },
  })
  expect(set.status(), await set.text()).toBe(200)
}

/**
 * A guest's cash-on-delivery order, placed the way a browser posts it (cart, then checkout), with a
 * mobile number, name and e-mail nobody else in the run uses unless `fields` says otherwise.
 */
export async function placeOrder(
  baseURL: string,
  items: { slug: string; size: Size; quantity?: number }[],
  fields: Record<string, string> = {},
): Promise<PlacedOrder> {
  const api = await request.newContext({ baseURL, storageState: NOBODY })
  try {
    for (const item of items) await putInCart(api, await productId(api, item.slug), item.size, item.quantity ?? 1)
    const form = checkoutForm({
      phone: uniquePhone(),
      fullName: uniqueName(),
      email: `desk-${randomBytes(4).toString('hex')}@example.in`,
      ...fields,
    })
    const response = await api.post('/checkout', { form, maxRedirects: 0 })
    expect(response.status(), await response.text()).toBe(302)
    const id = /orderId=([0-9a-f-]{36})/.exec(response.headers().location ?? '')![1]!
    return {
      id,
      number: id.slice(-8),
      phone: form.phone!,
      canonicalPhone: `+91${form.phone}`,
      name: form.fullName!,
      email: form.email!,
    }
  } finally {
    await api.dispose()
  }
}

/**
 * How many packets of a product's size the shop has, as a shopper can learn it: the cart refuses
 * more than that with 'Only N packets of ... are left.' (read in a throwaway guest cart).
 */
export async function stockOf(baseURL: string, slug: string, size: Size): Promise<number> {
  const api = await request.newContext({ baseURL, storageState: NOBODY })
  try {
    const id = await productId(api, slug)
    const added = await api.post('/cart', { form: { intent: 'add', productId: id, size, enhanced: '1' } })
    if (added.status() !== 200) {
      const { message } = (await added.json()) as { message: string }
      if (message.endsWith('is out of stock.')) return 0
      throw new Error(`the cart refused a first packet: ${message}`)
    }
    const probe = await api.post('/cart', {
      form: { intent: 'set', productId: id, size, quantity: '99', enhanced: '1' },
    })
    const { message } = (await probe.json()) as { message?: string }
    const left = /Only (\d+) packets? of .* (?:is|are) left\./.exec(message ?? '')
    if (!left) throw new Error(`the stock of ${slug} (${size}) could not be read: ${probe.status()} ${message}`)
    return Number(left[1])
  } finally {
    await api.dispose()
  }
}

/** The messages of a development outbox folder (SMS or e-mail) matching `to`, oldest first. */
async function outbox<T extends { to: string }>(folder: string, to: string): Promise<T[]> {
  const files = (await readdir(folder).catch(() => [] as string[])).sort()
  const messages: T[] = []
  for (const file of files) {
    const message = JSON.parse(await readFile(path.join(folder, file), 'utf8')) as T
    if (message.to === to) messages.push(message)
  }
  return messages
}

/** The SMS texts sent to a canonical number (+91...), oldest first. */
export async function smsTo(dataDir: string, phone: string): Promise<string[]> {
  return (await outbox<{ to: string; text: string }>(path.join(dataDir, 'sms-outbox'), phone)).map(
    (message) => message.text,
  )
}

/** The e-mails sent to an address, oldest first. */
export async function mailTo(dataDir: string, email: string): Promise<{ subject: string; text: string }[]> {
  return outbox<{ to: string; subject: string; text: string }>(path.join(dataDir, 'mailbox'), email)
}

/** The desk filtered to one search (an order number, a mobile number or a name). */
export async function openDesk(page: Page, q: string) {
  await page.goto(`/admin?q=${encodeURIComponent(q)}`)
  await expect(page.getByRole('heading', { name: 'Order Management' })).toBeVisible()
}

export function orderCard(page: Page, number: string): Locator {
  return page.getByRole('article', { name: `#${number}` })
}

export function statusSelect(card: Locator): Locator {
  return card.getByRole('combobox', { name: 'Status' })
}

/** A toast (sonner) whose text contains `title`. */
export function toast(page: Page, title: string | RegExp): Locator {
  return page
    .getByRole('region', { name: /^Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: title })
}

/** A toast asked for while a dialog is open: said in the dialog, under its header. */
export function dialogNotice(dialog: Locator, title: string | RegExp): Locator {
  return dialog.getByRole('status').getByRole('listitem').filter({ hasText: title })
}

export function recentActivity(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Recent Activity' })
}

/** Runs `click` and waits for the desk's answer about this order (a fetcher POST). */
export async function answerTo(page: Page, orderId: string, click: () => Promise<void>) {
  const [response] = await Promise.all([
    page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        new URL(response.url()).pathname.startsWith(`/admin/orders/${orderId}`),
    ),
    click(),
  ])
  return response
}

/**
 * Holds the answers to the page's POSTs to `url` in the browser, the server's change made, until
 * `release()`: for what the admin panel does meanwhile (a live event reloading the list). `answered`
 * settles when the first answer is in.
 */
export async function holdAnswers(page: Page, url: string | RegExp) {
  const answered = Promise.withResolvers<void>()
  const held = Promise.withResolvers<void>()
  await page.route(url, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback()
    const response = await route.fetch()
    answered.resolve()
    await held.promise
    await route.fulfill({ response })
  })
  return { answered: answered.promise, release: () => held.resolve() }
}

/**
 * Fails the test on console errors in a page other than the fixture's `page` (a second admin tab, a
 * shopper's browser). Call the returned function at the end of the test.
 */
export function watchConsole(page: Page): () => void {
  const errors: string[] = []
  documentsOf(page)
  page.on('console', (message) => {
    if (message.type() === 'error' && !isRefusal(message, page)) errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return () => expect(errors, `console errors in ${page.url()}`).toEqual([])
}

/** A CSV document as rows of cells (RFC 4180: quoted cells, doubled quotes, CRLF). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      row.push(cell)
      cell = ''
    } else if (char === '\n') {
      row.push(cell.replace(/\r$/, ''))
      rows.push(row)
      row = []
      cell = ''
    } else cell += char
  }
  if (cell || row.length) rows.push([...row, cell])
  return rows
}

/** Reloads the open page's data as the panel does on every live order event. */
export async function revalidateLikeALiveEvent(page: Page) {
  await page.evaluate(() =>
    (
      window as unknown as { __reactRouterDataRouter: { revalidate(): Promise<void> } }
    ).__reactRouterDataRouter.revalidate(),
  )
}

/**
 * Reloads the page's data every `everyMs` from now on, as a busy shop's live events do (at a faster
 * pace than the panel's own throttle, to make the race likely), and as the panel, never while a page
 * is being opened (each reload would restart its loaders).
 */
export async function keepRevalidating(page: Page, everyMs: number) {
  await page.evaluate((ms) => {
    const router = (
      window as unknown as {
        __reactRouterDataRouter: { revalidate(): Promise<void>; state: { navigation: { state: string } } }
      }
    ).__reactRouterDataRouter
    setInterval(() => {
      if (router.state.navigation.state === 'idle') void router.revalidate()
    }, ms)
  }, everyMs)
}
