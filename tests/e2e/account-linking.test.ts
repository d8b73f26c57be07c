// Adding a phone to an e-mail account from My Account (issue 32, decision 005 "Ways to sign in and
// merging"): the code sent by SMS proves the number, and a code to it then opens the same account.
// The linking rules (unverified and recycled numbers, the last way, merges, freshness, limits) are
// proven over HTTP in tests/integration/account-linking.test.ts.
import { codeFromOutbox, signUpOverHttp, uniqueEmail, uniquePhone } from './accounts-helpers.ts'
import { expect as baseExpect, test } from './fixtures.ts'

// Sign-in work (password hashing, the database) is slow on a busy two-core machine.
const expect = baseExpect.configure({ timeout: 20_000 })
test.describe.configure({ timeout: 120_000 })

test('a shopper adds their phone to their e-mail account, and a code to it then opens that account', async ({
  page,
  browser,
}, info) => {
  const email = uniqueEmail(info, 'link-phone')
  await signUpOverHttp(page.request, email, 'poha jalebi sunday')
  await page.goto('/account')

  const ways = page.getByRole('region', { name: 'Ways to sign in' })
  await expect(ways.getByText(`E-mail and password: ${email}`)).toBeVisible()
  await expect(ways.getByText('Phone (SMS code): not added')).toBeVisible()
  // The only way to sign in offers no "Remove".
  await expect(ways.getByRole('button', { name: /^Remove / })).toHaveCount(0)

  const national = uniquePhone()
  const shown = `+91 ${national.slice(0, 5)} ${national.slice(5)}`
  await ways.getByLabel('Mobile number').fill(national)
  await ways.getByRole('button', { name: 'Send code' }).click()
  await expect(ways.getByRole('status')).toHaveText(
    `We sent a 6-digit code by SMS to ${shown}. Enter it to add the phone.`,
  )
  const code = await codeFromOutbox(process.env.E2E_DATA_DIR!, `+91${national}`)
  await ways.getByLabel('6-digit code').fill(code)
  await ways.getByRole('button', { name: 'Verify and add the phone' }).click()
  await expect(ways.getByRole('status')).toHaveText(
    `Your phone ${shown} is added: a code sent to it now signs in to this account.`,
  )
  await expect(ways.getByText(`Phone (SMS code): ${shown}`)).toBeVisible()
  // Two ways now: either may go, never both.
  await expect(ways.getByRole('button', { name: 'Remove Phone (SMS code)' })).toBeVisible()
  await expect(ways.getByRole('button', { name: 'Remove E-mail and password' })).toBeVisible()

  // Another browser signs in with a code to that number and finds the same account, not a new one.
  const other = await browser.newContext()
  const phonePage = await other.newPage()
  await phonePage.goto('/auth?method=phone')
  await phonePage.getByLabel('Mobile number').fill(national)
  await phonePage.getByRole('button', { name: 'Send code' }).click()
  await expect(phonePage.getByRole('status')).toContainText('We have sent a 6-digit code by SMS.')
  const signInCode = await codeFromOutbox(process.env.E2E_DATA_DIR!, `+91${national}`)
  await phonePage.getByLabel('6-digit code').fill(signInCode)
  await phonePage.getByRole('button', { name: 'Verify and sign in' }).click()
  await expect(phonePage).toHaveURL(/\/$/)
  await phonePage.goto('/account')
  await expect(
    phonePage.getByRole('region', { name: 'Ways to sign in' }).getByText(`E-mail and password: ${email}`),
  ).toBeVisible()
  await other.close()
})
