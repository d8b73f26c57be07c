import { expect, test } from './fixtures.ts'

// A visitor without cookies gets public pages from the page cache: the same bytes for everybody,
// so its policy lists the SHA-256 of the inline scripts the shop rendered (with their nonce) instead of the nonce.
test('a page from the cache runs its own inline scripts under its hash-based policy and refuses any other', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/products')
  const response = await page.goto('/products')
  expect(response?.headers().etag).toBeTruthy()
  const policy = response?.headers()['content-security-policy'] ?? ''
  expect(policy).toMatch(/script-src 'self'( 'sha256-[^']+')+;/)
  expect(policy).not.toContain("'nonce-")

  // React Router's inline scripts ran (they set these; the module script runs after the page's load
  // event), so the page hydrates.
  await page.waitForFunction(() => {
    const scope = window as unknown as Record<string, unknown>
    return typeof scope.__reactRouterContext === 'object' && typeof scope.__reactRouterRouteModules === 'object'
  })
  await page.getByRole('link', { name: 'About', exact: true }).first().click()
  await expect(page).toHaveURL(/\/about$/)

  // An inline script the policy does not list is refused, and the browser says so.
  const refusal = page.waitForEvent('console', (message) =>
    /inline script.*Content Security Policy directive 'script-src/.test(message.text()),
  )
  const outcome = await page.evaluate(async () => {
    const violation = new Promise<string>((resolve) =>
      document.addEventListener('securitypolicyviolation', (event) => resolve(event.violatedDirective), { once: true }),
    )
    const script = document.createElement('script')
    script.textContent = 'window.injected = true'
    document.body.append(script)
    return { directive: await violation, ran: (window as unknown as { injected?: boolean }).injected === true }
  })
  expect(outcome).toEqual({ directive: 'script-src-elem', ran: false })
  // That refusal is the one console error this test expects.
  const expected = (await refusal).text()
  consoleErrors.splice(consoleErrors.indexOf(expected), 1)
})
