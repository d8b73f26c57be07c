import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }))
}

test('the about page tells the story, values, mission, vision and core values', async ({ page }) => {
  await page.goto('/about')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible()
  for (const heading of ['Our Story', 'What We Value', 'Our Mission', 'Our Vision', 'Our Core Values']) {
    await expect(main.getByRole('heading', { level: 2, name: heading })).toBeVisible()
  }
  await expect(main.getByRole('heading', { level: 3 })).toHaveCount(6)
  // The only figures are the owner's own claims from the settings.
  await expect(main.getByText('5000+')).toBeVisible()
  await main.getByRole('link', { name: 'Shop Namkeen' }).click()
  await expect(page).toHaveURL(/\/products$/)
})

test.describe('FAQ', () => {
  test('asks fifteen questions and keeps one answer open at a time', async ({ page }) => {
    await page.goto('/faq')
    const questions = page.locator('details[name="faq"]')
    await expect(questions).toHaveCount(15)
    const delivery = questions.filter({ hasText: 'Do you deliver across India?' })
    const speed = questions.filter({ hasText: 'How long does delivery take?' })

    await delivery.getByText('Do you deliver across India?').click()
    await expect(delivery).toHaveAttribute('open')
    await expect(delivery.getByText(/500\+ locations across India/)).toBeVisible()

    await speed.getByText('How long does delivery take?').click()
    await expect(speed).toHaveAttribute('open')
    await expect(speed.getByText(/2-3 business days to metro cities, 3-4 to tier-2 cities and 4-5/)).toBeVisible()
    await expect(delivery).not.toHaveAttribute('open')
    await expect(delivery.getByText(/500\+ locations across India/)).toBeHidden()
  })

  test('offers a contact card with the hours, the response time and links onwards', async ({ page }) => {
    await page.goto('/faq')
    const card = page.getByRole('complementary', { name: 'Contact' })
    await expect(card.getByRole('heading', { name: 'Still have questions?' })).toBeVisible()
    await expect(card.getByText('Mon-Sat 9AM-6PM')).toBeVisible()
    await expect(card.getByText('We respond in 24-48 hours')).toBeVisible()
    await expect(card.getByRole('link', { name: '+91 98765 43210' })).toHaveAttribute('href', 'tel:+919876543210')
    await expect(card.getByRole('link', { name: 'hello@malwanamkeen.example' })).toHaveAttribute(
      'href',
      'mailto:hello@malwanamkeen.example',
    )
    await expect(card.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/products')
    await card.getByRole('link', { name: 'Contact Us' }).click()
    await expect(page).toHaveURL(/\/contact$/)
  })

  test('describes its fifteen questions as FAQPage structured data', async ({ page }) => {
    await page.goto('/faq')
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents()
    const faq = blocks.map((text) => JSON.parse(text)).find((data) => data['@type'] === 'FAQPage')
    expect(faq?.mainEntity).toHaveLength(15)
    expect(faq.mainEntity[0]).toMatchObject({
      '@type': 'Question',
      name: 'Do you deliver across India?',
      acceptedAnswer: { '@type': 'Answer', text: expect.stringContaining('across India') },
    })
    const visible = await page.locator('details[name="faq"] summary').allTextContents()
    expect(faq.mainEntity.map((entry: { name: string }) => entry.name)).toEqual(visible)
  })

  test('axe finds nothing serious with an answer open', { tag: '@both' }, async ({ page }) => {
    await page.goto('/faq')
    await page.getByText('Can I pay cash on delivery?').click()
    await expect(page.getByText(/pay the courier when your parcel arrives/)).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  })
})

const POLICIES = [
  {
    path: '/terms-and-conditions',
    title: 'Terms and Conditions',
    texts: [
      'All sales are final',
      'Shipping costs are non-refundable',
      'Monday-Friday 09:00-18:00',
      'within 48 hours of delivery',
      'Grievance Officer (demo)',
      'grievance@malwanamkeen.example',
      'acknowledges every complaint within 48 hours',
      'resolves it within one month',
      'Consumer Protection (E-Commerce) Rules, 2020',
      'Malwa Namkeen (demo business details)',
      '₹50.00',
      '₹500.00',
    ],
  },
  {
    path: '/privacy-policy',
    title: 'Privacy Policy',
    texts: [
      'Digital Personal Data Protection Act, 2023',
      'Name, mobile number, e-mail address and delivery address',
      'We never sell your data',
      'A session cookie',
      'How long we keep it',
      'ask us to erase it',
      'Data Protection Board of India',
      'Grievance Officer (demo)',
      'grievance@malwanamkeen.example',
    ],
  },
  {
    path: '/shipping-policy',
    title: 'Shipping Policy',
    texts: [
      'Delivery in 3-6 days',
      'Monday-Friday 09:00-18:00',
      '₹50.00',
      'free when your order subtotal is ₹500.00 or more',
      'Shipping costs are non-refundable',
      'All sales are final',
      'within 48 hours of delivery',
    ],
  },
  {
    path: '/quality-policy',
    title: 'Quality Policy',
    texts: [
      'FSSAI licence no. 00000000000000',
      'No artificial preservatives, colours or flavours',
      'within 48 hours of delivery',
      'all sales are final',
      'Monday-Friday 09:00-18:00',
    ],
  },
] as const

test.describe('policy pages without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  for (const policy of POLICIES) {
    test(`${policy.path} is complete, with the shop's details and the date`, async ({ page }) => {
      await page.goto(policy.path)
      const main = page.getByRole('main')
      await expect(main.getByRole('heading', { level: 1, name: policy.title })).toBeVisible()
      await expect(main.getByText('Last updated:')).toContainText('22 November 2026')
      for (const text of policy.texts) await expect(main, text).toContainText(text)
      await expect(main.getByRole('link', { name: 'hello@malwanamkeen.example' })).toBeVisible()
      await expect(main.getByText('Sarafa Bazaar, Indore, Madhya Pradesh 452002').first()).toBeVisible()
    })
  }

  test('the FAQ opens one answer at a time', async ({ page }) => {
    await page.goto('/faq')
    const fssai = page.locator('details[name="faq"]').filter({ hasText: 'Is your kitchen FSSAI licensed?' })
    const sizes = page.locator('details[name="faq"]').filter({ hasText: 'Which pack sizes can I buy?' })
    await fssai.getByText('Is your kitchen FSSAI licensed?').click()
    await expect(fssai.getByText(/FSSAI licence number 00000000000000/)).toBeVisible()
    await sizes.getByText('Which pack sizes can I buy?').click()
    await expect(sizes.getByText(/250g, 500g and 1kg packs/)).toBeVisible()
    await expect(fssai).not.toHaveAttribute('open')
  })

  test('the about page is complete', async ({ page }) => {
    await page.goto('/about')
    await expect(page.getByRole('heading', { level: 2, name: 'Our Core Values' })).toBeVisible()
    await expect(page.getByText('Honest ingredients')).toBeVisible()
  })
})

test('the contents of a policy lead to its sections', { tag: '@both' }, async ({ page, isMobile }) => {
  await page.goto('/privacy-policy')
  const contents = page.getByRole('navigation', { name: 'On this page' })
  if (isMobile) await contents.getByText('On this page (10 sections)').click()
  await contents.getByRole('link', { name: 'Your rights' }).click()
  await expect(page).toHaveURL(/#your-rights$/)
  await expect(page.getByRole('heading', { level: 2, name: /Your rights/ })).toBeInViewport()
})

test('the policy pages link to each other', async ({ page }) => {
  await page.goto('/shipping-policy')
  const others = page.getByRole('navigation', { name: 'Other policies' })
  await expect(others.getByRole('link')).toHaveCount(4)
  await others.getByRole('link', { name: 'Privacy Policy' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible()
})
