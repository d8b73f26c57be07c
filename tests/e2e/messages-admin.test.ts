// The Messages tab: a message sent through the contact form reaches the owner's inbox with its
// sender's details and its line breaks, can be answered by e-mail and marked handled / unread; a
// stale or forged change is refused.

import { randomBytes } from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import { uniquePhone } from './accounts-helpers.ts'
import { expect, holdAnswers, NOBODY, test, toast, uniqueName, watchConsole } from './orders-desk-helpers.ts'

// The contact form accepts 5 messages an hour from one address, and contact.test.ts sends 3 of them:
// this file sends one per project (phone and desktop), so the run stays within the limit.

// A shopper's visit and the owner's changes, each a database write: slow on a busy two-core machine.
test.describe.configure({ timeout: 90_000 })

test('a contact message reaches the Messages tab, is answered by e-mail and marked handled', async ({
  page,
  browser,
  baseURL,
}) => {
  const name = uniqueName('Meera')
  const [firstName, lastName] = name.split(' ') as [string, string]
  const email = `inbox-${randomBytes(4).toString('hex')}@example.in`
  const phone = uniquePhone()
  const text = `Do you make jain namkeen without onion?\nWe need 5 kg for a wedding & a puja #${randomBytes(2).toString('hex')}.`

  const shopper = await browser.newContext({ baseURL, storageState: NOBODY })
  const shopperPage = await shopper.newPage()
  const shopperConsole = watchConsole(shopperPage)
  await shopperPage.goto('/contact')
  const form = shopperPage.getByRole('region', { name: 'Send us a message' })
  await form.getByLabel('First name').fill(firstName)
  await form.getByLabel('Last name').fill(lastName)
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Phone (optional)').fill(phone)
  await form.getByLabel('Message').fill(text)
  await form.getByRole('button', { name: 'Send Message' }).click()
  await expect(shopperPage.getByText('Thank you! Your message has been sent.')).toBeVisible()
  shopperConsole()
  await shopper.close()

  await page.goto('/admin/messages?show=unread')
  const heading = page.getByRole('heading', { level: 2, name: /^Messages \(\d+ unread\)$/ })
  await expect(heading).toBeVisible()
  const unreadBefore = Number(/\((\d+) unread\)/.exec((await heading.textContent()) ?? '')![1])
  const card = page.getByRole('article', { name: `Unread: ${name}` })
  await expect(card).toBeVisible()
  await expect(card.getByText('Unread', { exact: true })).toBeVisible()
  await expect(card.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`)
  await expect(card.getByRole('link', { name: `+91 ${phone.slice(0, 5)} ${phone.slice(5)}` })).toHaveAttribute(
    'href',
    `tel:+91${phone}`,
  )
  // The text as written: line breaks kept, nothing read as markup.
  expect(await card.locator('p.whitespace-pre-wrap').textContent()).toBe(text)
  await expect(card.locator('time')).toHaveText(/^\d{1,2} \w{3} \d{4}, \d{1,2}:\d{2}\s?[ap]m$/i)

  const reply = card.getByRole('link', { name: `Reply by e-mail to ${name}` })
  const href = (await reply.getAttribute('href'))!
  const mailto = new URL(href)
  expect(decodeURIComponent(mailto.pathname)).toBe(email)
  expect(mailto.searchParams.get('subject')).toBe('Re: your message to Malwa Namkeen')
  expect(mailto.searchParams.get('body')).toContain(
    `you wrote:\r\n> Do you make jain namkeen without onion?\r\n> We need 5 kg for a wedding & a puja`,
  )

  // Handled messages leave the Unread list. Its answer is held here until the list has been read again
  // without the card (on a busy day a live order event does that first): the toast still shows.
  const { answered, release } = await holdAnswers(page, '**/admin/messages.data*')
  await card.getByRole('button', { name: `Mark handled: message from ${name}` }).click()
  await answered
  await page
    .getByRole('navigation', { name: 'Show messages' })
    .getByRole('link', { name: /^Unread/ })
    .click()
  await expect(card).toHaveCount(0)
  release()
  await expect(toast(page, 'Marked handled')).toBeVisible()
  await page.unrouteAll()
  // The count in the heading went down.
  await expect(page.getByRole('heading', { level: 2, name: /^Messages \(\d+ unread\)$/ })).not.toHaveText(
    `Messages (${unreadBefore} unread)`,
  )

  await page.getByRole('navigation', { name: 'Show messages' }).getByRole('link', { name: /^All/ }).click()
  await expect(page).toHaveURL(/\/admin\/messages$/)
  const handled = page.getByRole('article', { name: name, exact: true })
  await expect(handled.getByText('Handled', { exact: true })).toBeVisible()
  await expect(handled.getByText(/^Handled \d/)).toBeVisible()

  // A screen that still shows it unread, a form from another site and a made-up action change nothing.
  const messageId = await handled.locator('input[name="messageId"]').inputValue()
  const version = await handled.locator('input[name="version"]').inputValue()
  const origin = new URL(page.url()).origin
  const post = (form: Record<string, string>, from = origin) =>
    page.request.post('/admin/messages', { form, headers: { origin: from } })
  expect((await post({ intent: 'handled', messageId, version: 'unread' })).status()).toBe(409)
  // React Router itself refuses a cross-origin form post to a page (400) before the action's own check (403).
  expect([400, 403]).toContain((await post({ intent: 'unread', messageId, version }, 'https://evil.example')).status())
  expect((await post({ intent: 'delete', messageId, version })).status()).toBe(400)

  // With the keyboard: the button, disabled while the change is sent, has the focus back in its new state.
  await handled.getByRole('button', { name: `Mark unread: message from ${name}` }).focus()
  await page.keyboard.press('Enter')
  await expect(toast(page, 'Marked unread')).toBeVisible()
  const unread = page.getByRole('article', { name: `Unread: ${name}` })
  await expect(unread).toBeVisible()
  await expect(unread.getByRole('button', { name: `Mark handled: message from ${name}` })).toBeFocused()
})

test('axe finds nothing serious in the Messages tab', async ({ page }) => {
  await page.goto('/admin/messages')
  await expect(page.getByRole('heading', { level: 2, name: /^Messages/ })).toBeVisible()
  const violations = (await new AxeBuilder({ page }).analyze()).violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  )
  expect(violations.map((violation) => violation.id)).toEqual([])
})
