import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

// Every test here talks to one shared server from one address (127.0.0.1), and the contact form
// accepts 5 messages an hour per address. Only sent messages count, so the suite sends three in all:
// one per browser with JavaScript, and one without JavaScript on the phone.

const SUCCESS = 'Thank you! Your message has been sent.'

function form(page: Page) {
  const region = page.getByRole('region', { name: 'Send us a message' })
  return {
    region,
    firstName: region.getByLabel('First name'),
    lastName: region.getByLabel('Last name'),
    email: region.getByLabel('Email'),
    phone: region.getByLabel('Phone (optional)'),
    message: region.getByLabel('Message'),
    send: region.getByRole('button', { name: 'Send Message' }),
  }
}

/** Counts the posts the page makes, to prove that a refused form sends nothing. */
function countPosts(page: Page) {
  const posts: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(request.url())
  })
  return posts
}

test('the contact page shows the shop details from the settings', async ({ page }) => {
  await page.goto('/contact')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible()
  await expect(main.getByText('Sarafa Bazaar, Indore, Madhya Pradesh 452002')).toBeVisible()
  await expect(main.getByRole('link', { name: '+91 98765 43210' }).first()).toHaveAttribute('href', 'tel:+919876543210')
  await expect(main.getByText('Mon-Sat 9AM-6PM')).toBeVisible()
  await expect(main.getByRole('link', { name: 'hello@malwanamkeen.example' })).toBeVisible()
  await expect(main.getByRole('link', { name: /Instagram/ })).toHaveAttribute('href', 'https://www.instagram.com/')
  await expect(main.getByText(/by appointment only/)).toBeVisible()
  await expect(main.getByText('Grievance Officer (demo)')).toBeVisible()
})

test('sending a message shows the confirmation and clears the form', async ({ page }) => {
  await page.goto('/contact')
  const fields = form(page)
  await fields.firstName.fill('Asha')
  await fields.lastName.fill('Verma')
  await fields.email.fill('asha.verma@example.com')
  await fields.phone.fill('098765-43210')
  await fields.message.fill('Do you send 1kg packs of Ratlami sev to Pune for a wedding in December?')
  await fields.send.click()

  const status = page.getByRole('status').filter({ hasText: SUCCESS })
  await expect(status).toBeVisible()
  await expect(status).toContainText('We have e-mailed you a confirmation and will reply within 24 hours.')
  await expect(status).toBeFocused()
  await expect(page).toHaveURL(/\/contact\?sent=1#contact-form$/)
  for (const field of [fields.firstName, fields.lastName, fields.email, fields.phone, fields.message]) {
    await expect(field).toHaveValue('')
  }
})

test('an empty form names every missing field and sends nothing', async ({ page }) => {
  const posts = countPosts(page)
  await page.goto('/contact')
  const fields = form(page)

  await fields.send.click()
  await expect(fields.region.getByRole('alert')).toHaveText('Please correct the 4 fields marked below.')
  await expect(fields.firstName).toBeFocused()
  await expect(fields.firstName).toHaveAttribute('aria-invalid', 'true')
  await expect(fields.firstName).toHaveAccessibleDescription('Please enter your first name.')
  await expect(fields.lastName).toHaveAccessibleDescription('Please enter your last name.')
  await expect(fields.email).toHaveAccessibleDescription(/Please enter your e-mail address\./)
  await expect(fields.message).toHaveAccessibleDescription(/Please write your message\./)
  await expect(fields.phone).not.toHaveAttribute('aria-invalid')

  // Corrections clear their messages as they are typed.
  await fields.firstName.fill('Asha')
  await expect(fields.firstName).not.toHaveAttribute('aria-invalid')
  await expect(page.getByText(SUCCESS)).toHaveCount(0)
  expect(posts).toEqual([])
})

test('a malformed e-mail, a wrong phone number and an over-long message are explained and nothing is sent', async ({
  page,
}) => {
  const posts = countPosts(page)
  await page.goto('/contact')
  const fields = form(page)
  await fields.firstName.fill('Asha')
  await fields.lastName.fill('Verma')
  await fields.email.fill('asha.verma@example')
  await fields.phone.fill('12345')
  await fields.message.fill('x'.repeat(2001))
  await expect(fields.region.getByText('2,001 / 2,000')).toBeVisible()

  await fields.send.click()
  await expect(fields.region.getByRole('alert')).toHaveText('Please correct the 3 fields marked below.')
  await expect(fields.email).toHaveAccessibleDescription(
    /Please enter a valid e-mail address, like name@example\.com\./,
  )
  await expect(fields.phone).toHaveAccessibleDescription(/Please enter a 10-digit Indian mobile number/)
  await expect(fields.message).toHaveAccessibleDescription(/Please shorten your message to 2,000 characters or fewer\./)
  await expect(fields.email).toBeFocused()

  // Early feedback: leaving a corrected field checks it again.
  await fields.email.fill('asha.verma@example.com')
  await fields.phone.focus()
  await expect(fields.email).not.toHaveAttribute('aria-invalid')
  await expect(page.getByText(SUCCESS)).toHaveCount(0)
  expect(posts).toEqual([])
})

test('axe finds nothing serious in a form showing its messages', { tag: '@both' }, async ({ page }) => {
  await page.goto('/contact')
  await form(page).send.click()
  await expect(form(page).region.getByRole('alert')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
})

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }))
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the server explains a refused form and keeps what was typed', async ({ page }) => {
    await page.goto('/contact')
    const fields = form(page)
    await fields.firstName.fill('Ravi')
    await fields.email.fill('ravi@example')
    await fields.message.fill('x'.repeat(2500))
    const answer = page.waitForResponse((response) => response.request().method() === 'POST')
    await fields.send.click()
    expect((await answer).status()).toBe(400)
    await page.waitForLoadState('load')

    await expect(fields.region.getByRole('alert')).toHaveText('Please correct the 3 fields marked below.')
    await expect(fields.lastName).toHaveAccessibleDescription('Please enter your last name.')
    await expect(fields.email).toHaveAccessibleDescription(/Please enter a valid e-mail address/)
    await expect(fields.message).toHaveAccessibleDescription(
      /Please shorten your message to 2,000 characters or fewer\./,
    )
    await expect(fields.firstName).toHaveValue('Ravi')
    await expect(fields.email).toHaveValue('ravi@example')
    await expect(page.getByText(SUCCESS)).toHaveCount(0)
  })

  test('a message can be sent', async ({ page, isMobile }) => {
    test.skip(!isMobile, 'one message without JavaScript is enough for the rate limit this suite shares')
    await page.goto('/contact')
    const fields = form(page)
    await fields.firstName.fill('Ravi')
    await fields.lastName.fill('Patel')
    await fields.email.fill('ravi.patel@example.com')
    await fields.message.fill('Please call me about 20kg of mixed namkeen for a Diwali function.')
    await fields.send.click()
    await expect(page.getByRole('status')).toContainText(SUCCESS)
    await expect(page).toHaveURL(/\/contact\?sent=1#contact-form$/)
    await expect(fields.firstName).toHaveValue('')
  })
})
