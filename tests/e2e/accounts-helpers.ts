// Shared steps of the accounts tests: unique identities, the development SMS outbox, signing in.
import { randomBytes, randomInt } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { type APIRequestContext, expect as baseExpect, type Page, type TestInfo } from '@playwright/test'

const expect = baseExpect.configure({ timeout: 20_000 })

export function uniqueEmail(info: TestInfo, label: string): string {
  return `${label}-${info.project.name}-${randomBytes(4).toString('hex')}@example.com`
}

/** A mobile number nobody else in the run uses (starts with 7, random rest). */
export function uniquePhone(): string {
  const digits = Array.from(randomBytes(9), (byte) => byte % 10).join('')
  return `7${digits}`
}

/** The newest code sent to `phone` (canonical +91...), waiting for it to arrive. */
export async function codeFromOutbox(dataDir: string, phone: string): Promise<string> {
  const folder = path.join(dataDir, 'sms-outbox')
  let code: string | undefined
  await expect
    .poll(async () => {
      const files = (await readdir(folder).catch(() => [] as string[])).sort().reverse()
      for (const file of files) {
        const message = JSON.parse(await readFile(path.join(folder, file), 'utf8')) as { to: string; text: string }
        if (message.to === phone) {
          code = /\b(\d{6})\b/.exec(message.text)?.[1]
          return code
        }
      }
      return undefined
    })
    .toMatch(/^\d{6}$/)
  return code!
}

/** The header's links live behind the menu on a phone. */
export async function openMenu(page: Page, isMobile: boolean) {
  const nav = page.getByRole('navigation', { name: isMobile ? 'Mobile' : 'Main' })
  if (isMobile && !(await nav.isVisible())) await page.getByLabel('Menu').click()
  await expect(nav).toBeVisible()
  return nav
}

export async function signUpAndSignIn(page: Page, email: string, password: string, name = 'Test Shopper') {
  await page.goto('/auth?method=email&mode=sign-up')
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  // From an address of its own, as a new shopper's would be (global-setup.ts: the run makes more
  // accounts than one address may in an hour).
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `198.18.${randomInt(256)}.${randomInt(1, 255)}` })
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('status')).toHaveText(
    'Thank you. Your account is ready: sign in with your e-mail and password.',
  )
  await page.setExtraHTTPHeaders({})
  await expect(page.getByLabel('E-mail')).toHaveValue(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/$/)
}

/**
 * Signs a new shopper up and, unless `signIn` is false, in, posting the /auth page's own forms (intent
 * sign-up, then sign-in) to the run's shop (or `origin`'s) from an address of its own, into
 * `request`'s cookies (a page's `page.request` shares its context's, so the page's next navigation is
 * signed in). The page itself is walked by signUpAndSignIn above, in accounts.test.ts; this is set-up
 * for journeys an account only starts.
 */
export async function signUpOverHttp(
  request: APIRequestContext,
  email: string,
  password: string,
  { signIn = true, name = 'Test Shopper', origin = new URL(process.env.E2E_BASE_URL!).origin } = {},
) {
  const headers = { origin, 'x-forwarded-for': `198.18.${randomInt(256)}.${randomInt(1, 255)}` }
  const signedUp = await request.post(`${origin}/auth`, {
    form: { intent: 'sign-up', redirectTo: '/', name, email, password },
    headers,
  })
  expect(signedUp.status(), 'sign-up').toBe(200)
  expect(await signedUp.text(), 'sign-up').toContain('Your account is ready: sign in with your e-mail and password.')
  if (!signIn) return
  const signedIn = await request.post(`${origin}/auth`, {
    form: { intent: 'sign-in', redirectTo: '/', email, password },
    headers,
    maxRedirects: 0,
  })
  expect(signedIn.status(), 'sign-in').toBe(302)
  expect(signedIn.headers().location, 'sign-in').toBe('/')
  expect(signedIn.headers()['set-cookie'], 'sign-in').toMatch(/session_token=/)
}
