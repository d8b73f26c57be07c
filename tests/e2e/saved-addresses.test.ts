// A returning shopper's address book on a phone (docs/decisions/029-saved-addresses.md): the parents'
// address added from My Account, then chosen at checkout instead of typing it, and the order placed
// to it; and the same choice without JavaScript, where the new address's fields step aside by CSS.
// The rules (another account's id, bad input, the zone's re-check) are saved-addresses.test.ts's.
import AxeBuilder from '@axe-core/playwright'
import type { APIRequestContext, Page } from '@playwright/test'
import { signUpOverHttp, uniqueEmail, uniquePhone } from './accounts-helpers.ts'
import { checkoutForm } from './checkout-form.ts'
import { expect as baseExpect, test } from './fixtures.ts'

// Sign-in work (password hashing, the database) is slow on a busy two-core machine.
const expect = baseExpect.configure({ timeout: 20_000 })
test.describe.configure({ timeout: 120_000 })

async function putOnePacketInCart(api: APIRequestContext) {
  const html = await (await api.get('/products/premium-ratlami-sev')).text()
  const productId = /name="productId" value="([0-9a-f-]{36})"/.exec(html)![1]!
  const added = await api.post('/cart', { form: { intent: 'add', productId, size: '250g', enhanced: '1' } })
  expect(added.status(), await added.text()).toBe(200)
}

/** axe finds no serious or critical violation on the page as it is now. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }))
  expect(serious, `axe on ${page.url()}`).toEqual([])
}

/** The order's details on My Orders, newest first. */
async function expectLatestOrderTo(page: Page, ...texts: string[]) {
  await page.goto('/my-orders')
  await page
    .getByRole('link', { name: /^View details of order/ })
    .first()
    .click()
  for (const text of texts) await expect(page.getByRole('dialog')).toContainText(text)
}

test('a returning shopper saves the parents’ address in My Account and orders to it at checkout', async ({
  page,
}, info) => {
  await signUpOverHttp(page.request, uniqueEmail(info, 'book'), 'sev and chai at six', { name: 'Asha Verma' })
  // A first order home, typed and saved from the checkout (its page is buying.test.ts's).
  await putOnePacketInCart(page.request)
  const first = await page.request.post('/checkout', {
    form: checkoutForm({ saveAddress: 'on', saveLabel: 'home' }),
    maxRedirects: 0,
  })
  expect(first.status(), await first.text()).toBe(302)

  await page.goto('/account')
  await page.getByRole('link', { name: 'Manage my addresses' }).click()
  await expect(page.getByRole('heading', { name: 'My addresses', level: 1 })).toBeVisible()
  await expect(page.getByRole('article', { name: 'Home Default' })).toContainText('12, Vijay Nagar, Scheme 54')

  await page.getByRole('link', { name: 'Add a new address' }).click()
  await page.getByRole('radio', { name: 'Parents' }).check()
  await page.getByLabel('Full name').fill('Kamla Verma')
  const parentsPhone = uniquePhone()
  await page.getByLabel('Mobile number').fill(parentsPhone)
  await page.getByLabel('Address', { exact: true }).fill('45, Arera Colony, E-3')
  await page.getByLabel('City').fill('Bhopal')
  await page.getByLabel('State or union territory').selectOption('Madhya Pradesh')
  // A typo the shop catches before it is saved: Bhopal's PIN code with Kerala.
  await page.getByLabel('PIN code').fill('462016')
  await page.getByLabel('State or union territory').selectOption('Kerala')
  await page.getByRole('button', { name: 'Save address' }).click()
  await expect(page.getByText('This PIN code is not in Kerala.')).toBeVisible()
  await page.getByLabel('State or union territory').selectOption('Madhya Pradesh')
  await page.getByRole('checkbox', { name: 'Make this my default address' }).check()
  await page.getByRole('button', { name: 'Save address' }).click()
  await expect(page.getByText('Address saved.')).toBeVisible()
  const parents = page.getByRole('article', { name: 'Parents Default' })
  await expect(parents).toContainText('45, Arera Colony, E-3, Bhopal, Madhya Pradesh - 462016')
  await expect(page.getByRole('article', { name: 'Home' })).toBeVisible()
  await expectAccessible(page)

  // At checkout the book is offered, the address the shopper last ordered to chosen; the parents' is one tap.
  await putOnePacketInCart(page.request)
  await page.goto('/checkout')
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible()
  const choice = page.getByRole('group', { name: 'Deliver to' })
  await expect(choice.getByRole('radio', { name: /^Home/ })).toBeChecked()
  await expect(choice.getByRole('radio', { name: 'A new address' })).toBeVisible()
  await expect(page.getByLabel('Address', { exact: true })).toBeHidden()
  await expectAccessible(page)
  await choice.getByRole('radio', { name: /^Parents/ }).check()
  await expect(page.getByText(/^Delivery by \w+day, \d{1,2} \w+$/)).toBeVisible()
  // "A new address" brings the form back, and the saved one hides it again.
  await choice.getByRole('radio', { name: 'A new address' }).check()
  await expect(page.getByLabel('Address', { exact: true })).toBeVisible()
  await choice.getByRole('radio', { name: /^Parents/ }).check()
  await expect(page.getByLabel('Address', { exact: true })).toBeHidden()
  await page.getByRole('checkbox', { name: /I agree to the terms and conditions/ }).check()
  await page.getByRole('button', { name: /^Place Order/ }).click()
  await expect(page.getByRole('heading', { name: 'Order placed successfully!' })).toBeVisible()

  await expectLatestOrderTo(page, 'Kamla Verma', '45, Arera Colony, E-3, Bhopal, Madhya Pradesh - 462016')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the checkout offers the saved addresses as plain radios and orders to the one chosen', async ({
    page,
  }, info) => {
    await signUpOverHttp(page.request, uniqueEmail(info, 'book-nojs'), 'sev and chai at six', { name: 'Asha Verma' })
    const office = await page.request.post('/account/addresses/new', {
      form: {
        label: 'office',
        customLabel: '',
        fullName: 'Asha Verma',
        phone: uniquePhone(),
        address: '7, MP Nagar Zone 1',
        city: 'Bhopal',
        state: 'Madhya Pradesh',
        pincode: '462011',
      },
      maxRedirects: 0,
    })
    expect(office.status(), await office.text()).toBe(302)
    await putOnePacketInCart(page.request)
    await page.goto('/checkout')
    // A new device: no PIN code remembered, so the default is chosen, and the typed form is out of the way.
    await expect(page.getByRole('radio', { name: /^Office/ })).toBeChecked()
    await expect(page.getByLabel('Address', { exact: true })).toBeHidden()
    await page.getByRole('radio', { name: 'A new address' }).check()
    await expect(page.getByLabel('Address', { exact: true })).toBeVisible()
    await page.getByRole('radio', { name: /^Office/ }).check()
    await page.getByLabel('E-mail').fill('asha@example.in')
    await page.getByRole('checkbox', { name: /I agree to the terms and conditions/ }).check()
    await page.getByRole('button', { name: /^Place Order/ }).click()
    await expect(page.getByRole('heading', { name: 'Order placed successfully!' })).toBeVisible()
  })
})
