// OpenID Connect sign-in against a real identity provider (oidc-provider) started here on 127.0.0.1,
// with a shop server of its own that has the provider, a Google client and an admin configured.
// Also: the admin's second factor at /admin, and no secret in the browser bundle or pages.
import { randomBytes } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import type { Server } from 'node:http'
import path from 'node:path'
import type { Page } from '@playwright/test'
import Provider from 'oidc-provider'
import { Secret, TOTP } from 'otpauth'
import { freePort, type RunningServer, startServer } from '../server-process.ts'
import { signUpOverHttp, uniqueEmail } from './accounts-helpers.ts'
import { expect as baseExpect, hydrated, test } from './fixtures.ts'

const expect = baseExpect.configure({ timeout: 20_000 })
test.describe.configure({ mode: 'serial', timeout: 120_000 })

const secrets = {
  oidcClient: `oidc-secret-${randomBytes(12).toString('hex')}`,
  google: `google-secret-${randomBytes(12).toString('hex')}`,
  auth: `auth-secret-${randomBytes(24).toString('hex')}`,
  adminPassword: `admin-pass-${randomBytes(12).toString('hex')}`,
}
const ADMIN_EMAIL = 'sso-admin@shop.example'

let issuer: string
let idp: Server
let shop: RunningServer

test.beforeAll(async () => {
  test.setTimeout(180_000)
  const [idpPort, shopPort] = [await freePort(), await freePort()]
  issuer = `http://127.0.0.1:${idpPort}`
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'malwa-shop',
        client_secret: secrets.oidcClient,
        redirect_uris: [`http://127.0.0.1:${shopPort}/auth`],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({ sub: id, email: `${id}@idp.example`, email_verified: true, name: `Guest ${id}` }),
    }),
    cookies: { keys: [randomBytes(16).toString('hex')] },
    features: { devInteractions: { enabled: true } },
  })
  idp = provider.listen(idpPort)
  shop = await startServer({
    PORT: String(shopPort),
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: 'malwa-shop',
    OIDC_CLIENT_SECRET: secrets.oidcClient,
    OIDC_NAME: 'Malwa SSO',
    GOOGLE_CLIENT_ID: 'google-client-id.apps.example',
    GOOGLE_CLIENT_SECRET: secrets.google,
    AUTH_SECRET: secrets.auth,
    ADMIN_EMAIL,
    ADMIN_PASSWORD: secrets.adminPassword,
  })
})

test.afterAll(async () => {
  await shop?.stop()
  await new Promise((resolve) => idp?.close(resolve))
})

/** The provider's development pages load a web font; there is no internet here. */
async function offline(page: Page) {
  await page.route(/fonts\.(googleapis|gstatic)\.com/, (route) =>
    route.fulfill({ status: 200, contentType: 'text/css', body: '' }),
  )
}

/** Signs in at the provider's development pages as `login` (any password), and consents. */
async function signInAtProvider(page: Page, login: string) {
  await page.locator('input[name="login"]').fill(login)
  await page.locator('input[name="password"]').fill('any password')
  await page.getByRole('button', { name: 'Sign-in' }).click()
  await page.getByRole('button', { name: 'Continue' }).click()
}

test('a shopper signs in with OpenID Connect (authorization code with PKCE) and returns to /auth', async ({
  page,
  isMobile,
}, info) => {
  await offline(page)
  const authorizeUrls: URL[] = []
  const returns: URL[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.origin === issuer && url.pathname === '/auth') authorizeUrls.push(url)
    if (url.origin === shop.url && url.pathname === '/auth' && url.searchParams.has('code')) returns.push(url)
  })
  await page.goto(`${shop.url}/auth`)
  // Only configured providers have buttons.
  await expect(page.getByRole('link', { name: 'Continue with Google' })).toBeVisible()
  await expect(page.getByRole('link', { name: /Continue with (Facebook|Apple)/ })).toHaveCount(0)
  await page.getByRole('link', { name: 'Continue with Malwa SSO' }).click()

  await signInAtProvider(page, `guest-${info.project.name}-${randomBytes(3).toString('hex')}`)

  await expect(page).toHaveURL(`${shop.url}/`)
  // Back from the provider by a full page load: the phone's menu opens once the page is hydrated.
  await hydrated(page)
  const nav = page.getByRole('navigation', { name: isMobile ? 'Mobile' : 'Main' })
  if (isMobile) await page.getByLabel('Menu').click()
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'My Orders' })).toBeVisible()

  const authorize = authorizeUrls[0]!
  expect(authorize.searchParams.get('response_type')).toBe('code')
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
  expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/)
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${shop.url}/auth`)
  expect(authorize.searchParams.get('screen_hint')).toBeNull()
  expect(returns[0]?.searchParams.get('state')).toBeTruthy()
})

test('creating an account passes the sign-up hint, and a refusal at the provider reads as a sentence', async ({
  page,
}) => {
  await offline(page)
  const authorizeUrls: URL[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.origin === issuer && url.pathname === '/auth') authorizeUrls.push(url)
  })
  await page.goto(`${shop.url}/auth?mode=sign-up`)
  await page.getByRole('link', { name: 'Continue with Malwa SSO' }).click()
  await expect(page.locator('input[name="login"]')).toBeVisible()
  expect(authorizeUrls[0]?.searchParams.get('screen_hint')).toBe('signup')

  // The shopper cancels at the provider: it returns to /auth with error=access_denied.
  await page.getByRole('link', { name: '[ Cancel ]' }).click()
  await expect(page).toHaveURL(new RegExp(`^${shop.url}/auth\\?error=access_denied`))
  await expect(page.getByRole('alert')).toHaveText(
    'Sign-in was cancelled or refused at the provider. You can try again or choose another way to sign in.',
  )
  await expect(page.getByRole('link', { name: 'Continue with Email' })).toBeVisible()
})

test('a shopper adds the provider to their e-mail account on My Account, and it then opens that account', async ({
  page,
  browser,
}, info) => {
  await offline(page)
  const email = uniqueEmail(info, 'link-oidc')
  await signUpOverHttp(page.request, email, 'poha jalebi sunday', { origin: shop.url })
  await page.goto(`${shop.url}/account`)
  const ways = page.getByRole('region', { name: 'Ways to sign in' })
  await expect(ways.getByText('Malwa SSO: not added')).toBeVisible()

  // The provider's sign-in proves the identity (its e-mail is another one), and the shop adds it.
  const login = `linked-${info.project.name}-${randomBytes(3).toString('hex')}`
  await ways.getByRole('link', { name: 'Add Malwa SSO' }).click()
  await signInAtProvider(page, login)
  await expect(page).toHaveURL(`${shop.url}/account?linked=oidc`)
  await expect(ways.getByRole('status')).toHaveText('Malwa SSO is added: it now signs in to this account.')
  await expect(ways.getByText('Malwa SSO: added')).toBeVisible()
  await expect(ways.getByText(`E-mail and password: ${email}`)).toBeVisible()

  // In another browser, signing in with the provider opens the same account, not a new one.
  const other = await browser.newContext()
  const elsewhere = await other.newPage()
  await offline(elsewhere)
  await elsewhere.goto(`${shop.url}/auth?redirectTo=/account`)
  await elsewhere.getByRole('link', { name: 'Continue with Malwa SSO' }).click()
  await signInAtProvider(elsewhere, login)
  await expect(elsewhere).toHaveURL(`${shop.url}/account`)
  await expect(
    elsewhere.getByRole('region', { name: 'Ways to sign in' }).getByText(`E-mail and password: ${email}`),
  ).toBeVisible()
  await other.close()
})

test('an admin who turned on the second factor must pass it at /admin', async ({ page }) => {
  await page.goto(`${shop.url}/admin`)
  await page.getByLabel('Username').fill(ADMIN_EMAIL)
  await page.getByLabel('Password', { exact: true }).fill(secrets.adminPassword)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Pro Panel' })).toBeVisible()

  await page.goto(`${shop.url}/account`)
  await page.getByLabel('Password', { exact: true }).fill(secrets.adminPassword)
  await page.getByRole('button', { name: 'Set up two-step sign-in' }).click()
  const key = (await page.getByTestId('totp-key').textContent())!.replace(/\s/g, '')
  const totp = new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30 })
  await page.getByLabel('3. Enter the 6-digit code the app shows').fill(totp.generate())
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click()
  await expect(page.getByRole('status')).toContainText('Two-step sign-in is on')

  await page.context().clearCookies()
  await page.goto(`${shop.url}/admin`)
  await page.getByLabel('Username').fill(ADMIN_EMAIL)
  await page.getByLabel('Password', { exact: true }).fill(secrets.adminPassword)
  await page.getByRole('button', { name: 'Login' }).click()
  await expect(page.getByLabel('Authentication code')).toBeVisible()
  await expect(page.getByText('Total Orders')).toHaveCount(0)
  await page.getByLabel('Authentication code').fill(totp.generate() === '000000' ? '111111' : '000000')
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByRole('alert')).toHaveText('That code is not right. Please try again.')
  await page.getByLabel('Authentication code').fill(totp.generate())
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Pro Panel' })).toBeVisible()
})

test('no secret reaches the browser: bundle and pages', async ({ request }) => {
  const clientDir = path.resolve(process.env.BUILD_DIR ?? 'build', 'client')
  const files = (await readdir(clientDir, { recursive: true })).filter((file) => file.endsWith('.js'))
  expect(files.length).toBeGreaterThan(0)
  const forbidden = [
    secrets.oidcClient,
    secrets.google,
    secrets.auth,
    secrets.adminPassword,
    process.env.E2E_AUTH_SECRET!,
    process.env.E2E_ADMIN_PASSWORD!,
    'CLIENT_SECRET',
    'AUTH_SECRET',
    'ADMIN_PASSWORD',
    'clientSecret',
    // A word of the server-only common-password list: the list stays on the server.
    'trustno1',
  ]
  for (const file of files) {
    const text = await readFile(path.join(clientDir, file), 'utf8')
    for (const secret of forbidden) expect(text.includes(secret), `${secret} in ${file}`).toBe(false)
  }
  for (const pathname of ['/auth', '/admin', '/', '/auth?mode=sign-up']) {
    const html = await (await request.get(`${shop.url}${pathname}`)).text()
    for (const secret of forbidden.slice(0, 6)) expect(html.includes(secret), `${pathname}`).toBe(false)
  }
})
