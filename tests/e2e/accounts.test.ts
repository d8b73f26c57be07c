import { Secret, TOTP } from 'otpauth'
import { ADMIN_ENDPOINTS } from '#app/admin/admin-routes.ts'
import {
  codeFromOutbox,
  openMenu,
  signUpAndSignIn,
  signUpOverHttp,
  uniqueEmail,
  uniquePhone,
} from './accounts-helpers.ts'
import { expect as baseExpect, test } from './fixtures.ts'

// Sign-in work (password hashing, the database) is slow on a busy two-core machine.
const expect = baseExpect.configure({ timeout: 20_000 })
test.describe.configure({ timeout: 120_000 })

const dataDir = () => process.env.E2E_DATA_DIR!

test('a shopper signs up by e-mail, signs in, sees My Orders, and signs out', async ({ page, isMobile }, info) => {
  const email = uniqueEmail(info, 'signup')
  await page.goto('/')
  let nav = await openMenu(page, isMobile)
  await expect(nav.getByRole('link', { name: 'My Orders' })).toHaveCount(0)
  await nav.getByRole('link', { name: 'Login' }).click()
  await expect(page).toHaveURL(/\/auth$/)
  await expect(page.getByText('Get 10% OFF on your first order with code FIRST10')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Terms and Conditions' }).last()).toHaveAttribute(
    'href',
    '/terms-and-conditions',
  )
  await expect(page.getByRole('link', { name: 'Privacy Policy' }).last()).toHaveAttribute('href', '/privacy-policy')
  // No provider is configured on this server, so no provider button is shown.
  await expect(page.getByRole('link', { name: /Continue with (Google|Facebook|Apple)/ })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Continue with Phone (OTP)' })).toBeVisible()

  await signUpAndSignIn(page, email, 'jalebi with poha')
  nav = await openMenu(page, isMobile)
  await expect(nav.getByRole('link', { name: 'My Orders' })).toBeVisible()

  const cookies = await page.context().cookies()
  const session = cookies.find((cookie) => cookie.name.endsWith('session_token'))
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })

  // Signed in, /auth sends the shopper home (decided on the server).
  await page.goto('/auth')
  await expect(page).toHaveURL(/\/$/)

  nav = await openMenu(page, isMobile)
  await nav.getByRole('button', { name: 'Logout' }).click()
  await expect(page.getByRole('link', { name: 'Login', includeHidden: true }).first()).toBeAttached()
  nav = await openMenu(page, isMobile)
  await expect(nav.getByRole('link', { name: 'Login' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'My Orders' })).toHaveCount(0)

  // The old cookie is worth nothing: the session ended on the server.
  const stale = await page.request.get('/my-orders', {
    headers: { cookie: `${session!.name}=${session!.value}` },
    maxRedirects: 0,
  })
  expect(stale.status()).toBe(302)
  expect(stale.headers().location).toContain('/auth')
})

test('My Orders asks an anonymous visitor to sign in', async ({ page }) => {
  await page.goto('/my-orders')
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fmy-orders$|\/auth\?redirectTo=\/my-orders$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible()
})

test('a shopper signs in with a code sent to their phone', async ({ page, isMobile }) => {
  const national = uniquePhone()
  await page.goto('/auth')
  await page.getByRole('link', { name: 'Continue with Phone (OTP)' }).click()
  await page.getByLabel('Mobile number').fill(`+91 ${national.slice(0, 5)} ${national.slice(5)}`)
  await page.getByRole('button', { name: 'Send code' }).click()
  await expect(page.getByRole('status')).toContainText('We have sent a 6-digit code by SMS.')
  const code = await codeFromOutbox(dataDir(), `+91${national}`)
  const wrong = code === '123456' ? '654321' : '123456'
  await page.getByLabel('6-digit code').fill(wrong)
  await page.getByRole('button', { name: 'Verify and sign in' }).click()
  await expect(page.getByRole('alert')).toHaveText('That code is not right. Please check the SMS and try again.')
  await page.getByLabel('6-digit code').fill(code)
  await page.getByRole('button', { name: 'Verify and sign in' }).click()
  await expect(page).toHaveURL(/\/$/)
  const nav = await openMenu(page, isMobile)
  await expect(nav.getByRole('link', { name: 'My Orders' })).toBeVisible()

  // The SMS code is the step: with no password, there is no second step to add, and none is offered.
  await page.goto('/account')
  await expect(page.getByRole('heading', { name: 'Signed-in devices' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Two-step sign-in (authenticator app)' })).toHaveCount(0)
  const origin = new URL(page.url()).origin
  const refused = await page.request.post('/account', { form: { intent: 'enable-2fa' }, headers: { origin } })
  expect(refused.status()).toBe(400)
  expect(await refused.text()).toContain('Two-step sign-in adds a code to your password.')
})

test('sign-up and sign-in never reveal whether an account exists', async ({ page, playwright }, info) => {
  const email = uniqueEmail(info, 'exists')
  const first = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL })
  await signUpOverHttp(first, email, 'masala chai at five', { signIn: false })
  await first.dispose()

  // Signing up again with the same e-mail reads exactly like a new account.
  await page.goto('/auth?method=email&mode=sign-up')
  await page.getByLabel('Name').fill('Someone Else')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password', { exact: true }).fill('another long phrase')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('status')).toHaveText(
    'Thank you. Your account is ready: sign in with your e-mail and password.',
  )

  for (const address of [email, uniqueEmail(info, 'nobody')]) {
    await page.goto('/auth?method=email')
    await page.getByLabel('E-mail').fill(address)
    await page.getByLabel('Password', { exact: true }).fill('not the password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert')).toHaveText('Invalid e-mail or password')
  }
})

test('a common password is refused at sign-up', async ({ page }, info) => {
  await page.goto('/auth?method=email&mode=sign-up')
  await page.getByLabel('Name').fill('Weak')
  await page.getByLabel('E-mail').fill(uniqueEmail(info, 'weak'))
  await page.getByLabel('Password', { exact: true }).fill('password123')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByRole('alert')).toContainText('This password is too common')
})

test('too many sign-in attempts for one account answer 429 with a clear message', async ({ page }, info) => {
  const email = uniqueEmail(info, 'locked')
  const origin = process.env.E2E_BASE_URL!
  const statuses: number[] = []
  for (let attempt = 0; attempt < 6; attempt++) {
    const response = await page.request.post('/auth', {
      form: { intent: 'sign-in', email, password: 'wrong password' },
      headers: { origin },
    })
    statuses.push(response.status())
  }
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
  // The page (no script needed) says so too.
  const page429 = await page.request.post('/auth', {
    form: { intent: 'sign-in', email, password: 'wrong password' },
    headers: { origin },
  })
  expect(page429.status()).toBe(429)
  expect(page429.headers()['retry-after']).toMatch(/^\d+$/)
  expect(await page429.text()).toContain('Too many attempts. Please try again in 15 minutes.')
})

test('sending codes to one number is limited', async ({ page }) => {
  const phone = `+91${uniquePhone()}`
  const origin = process.env.E2E_BASE_URL!
  const statuses: number[] = []
  for (let attempt = 0; attempt < 4; attempt++) {
    const response = await page.request.post('/auth', { form: { intent: 'send-code', phone }, headers: { origin } })
    statuses.push(response.status())
  }
  expect(statuses).toEqual([200, 200, 200, 429])
})

test('a shopper turns on two-step sign-in and must pass it to sign in', async ({ page }, info) => {
  const email = uniqueEmail(info, 'totp')
  const password = 'kachori and sev'
  await signUpOverHttp(page.request, email, password)
  await page.goto('/account')
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Set up two-step sign-in' }).click()
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
  const key = (await page.getByTestId('totp-key').textContent())!.replace(/\s/g, '')
  await expect(page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(10)
  const totp = new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30 })
  await page.getByLabel('3. Enter the 6-digit code the app shows').fill(totp.generate())
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click()
  await expect(page.getByRole('status')).toContainText('Two-step sign-in is on')

  await page.context().clearCookies()
  await page.goto('/auth?method=email')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByLabel('Authentication code').fill(totp.generate() === '000000' ? '111111' : '000000')
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByRole('alert')).toHaveText('That code is not right. Please try again.')
  expect((await page.context().cookies()).some((cookie) => cookie.name.endsWith('session_token'))).toBe(false)
  await page.getByLabel('Authentication code').fill(totp.generate())
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/$/)
  expect((await page.context().cookies()).some((cookie) => cookie.name.endsWith('session_token'))).toBe(true)
})

test.describe('the admin panel', () => {
  test('refuses everyone but the admin on every admin route', async ({ page, playwright }, info) => {
    const customer = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL })
    await signUpOverHttp(customer, uniqueEmail(info, 'matrix'), 'namkeen every evening')
    const anonymous = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL })

    // The admin signs in with the login form's post (the form itself is the next test's), into the page's cookies.
    const origin = process.env.E2E_BASE_URL!
    const signedIn = await page.request.post('/admin', {
      form: { intent: 'login', username: process.env.E2E_ADMIN_EMAIL!, password: process.env.E2E_ADMIN_PASSWORD! },
      headers: { origin },
      maxRedirects: 0,
    })
    expect(signedIn.status()).toBe(302)
    await page.goto('/admin')
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Pro Panel' })).toBeVisible()

    for (const endpoint of ADMIN_ENDPOINTS) {
      const send = (request: typeof page.request) =>
        endpoint.method === 'GET'
          ? request.get(endpoint.path, { maxRedirects: 0 })
          : request.post(endpoint.path, { form: endpoint.form ?? {}, headers: { origin }, maxRedirects: 0 })
      for (const [who, request] of [
        ['anonymous', anonymous],
        ['customer', customer],
      ] as const) {
        const response = await send(request)
        const body = await response.text()
        expect(body, `${endpoint.method} ${endpoint.path} as ${who}`).not.toContain(endpoint.adminOnly)
        expect(body).not.toContain('Total Revenue')
        expect([200, 302, 303, 401, 403, 405]).toContain(response.status())
      }
      if (endpoint.stream) {
        // A stream never ends: read its first chunk in the admin's page, then let it go.
        const first = await page.evaluate(async (path) => {
          const controller = new AbortController()
          const response = await fetch(path, { signal: controller.signal })
          const chunk = await response.body!.getReader().read()
          controller.abort()
          return {
            status: response.status,
            type: response.headers.get('content-type'),
            text: new TextDecoder().decode(chunk.value),
          }
        }, endpoint.path)
        expect(first.status, `${endpoint.path} as admin`).toBe(200)
        expect(first.type).toContain('text/event-stream')
        expect(first.text).toContain(endpoint.adminOnly)
        continue
      }
      const asAdmin = await send(page.request)
      expect(asAdmin.status(), `${endpoint.method} ${endpoint.path} as admin`).toBe(endpoint.adminStatus ?? 200)
      expect(await asAdmin.text()).toContain(endpoint.adminOnly)
    }
    await customer.dispose()
    await anonymous.dispose()
  })

  test('shows the spec login form, refuses wrong and customer credentials, and shows the stat cards', async ({
    page,
    playwright,
  }, info) => {
    // A signed-in customer is shown the login form, and signing in there with customer credentials grants
    // nothing: the server's answers, read as the page would get them (the form in the page is the admin's below).
    const customer = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL })
    const email = uniqueEmail(info, 'admin-try')
    await signUpOverHttp(customer, email, 'poha jalebi sunday')
    const shown = async (response: Awaited<ReturnType<typeof customer.get>>) => {
      expect(response.status()).toBe(200)
      const html = (await response.text()).replaceAll('<!-- -->', '')
      expect(html).toContain('Admin Login')
      expect(html).not.toContain('data-admin-panel')
      expect(html).not.toContain('Total Orders')
      return html
    }
    await shown(await customer.get('/admin'))
    const tried = await customer.post('/admin', {
      form: { intent: 'login', username: email, password: 'poha jalebi sunday' },
      headers: { origin: process.env.E2E_BASE_URL! },
      maxRedirects: 0,
    })
    expect(await shown(tried)).toContain('Login Failed: Invalid username or password')
    await shown(await customer.get('/admin'))
    await customer.dispose()

    await page.goto('/admin')
    await expect(page.getByLabel('Username')).toHaveAttribute('required', '')
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('required', '')
    await page.getByLabel('Username').fill(process.env.E2E_ADMIN_EMAIL!)
    await page.getByLabel('Password', { exact: true }).fill('not-the-admin-password')
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(page.getByRole('alert')).toHaveText('Login Failed: Invalid username or password')

    await page.getByLabel('Password', { exact: true }).fill(process.env.E2E_ADMIN_PASSWORD!)
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Pro Panel' })).toBeVisible()
    const stats = page.getByRole('region', { name: 'Shop statistics' })
    for (const title of ['Total Orders', 'Pending Orders', 'Total Revenue', "Today's Orders"]) {
      await expect(stats.getByRole('heading', { name: title })).toBeVisible()
    }
    await expect(stats.getByText(/^₹[\d,]+$/)).toBeVisible()
    await page.getByRole('main').getByRole('button', { name: 'Logout' }).click()
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible()
  })
})
