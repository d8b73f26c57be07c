import type { Locator, Page, Route } from '@playwright/test'
import { type RunningServer, startServer } from '../server-process.ts'
import { expect, test } from './fixtures.ts'

// The demo blog: three published posts (newest first) and one draft.
const RATLAMI = {
  slug: 'the-story-of-ratlami-sev',
  title: "The Story of Ratlami Sev: From Ratlam to Indore's Sarafa Bazaar",
  author: 'Rajendra Soni',
  date: '18 Aug 2026',
}
const CRISP = { slug: 'how-to-keep-namkeen-crisp-for-weeks', title: 'How to Keep Namkeen Crisp for Weeks' }
const SATWIK = {
  slug: 'satwik-namkeen-snacks-for-fasting-and-festivals',
  title: 'Satwik Namkeen: Snacks for Fasting and Festivals',
  date: '2 Oct 2026',
}
const DRAFT = 'coming-soon-diwali-gift-box'
const DEMO_TITLES = [SATWIK.title, CRISP.title, RATLAMI.title]

/**
 * The headings among `headings` that belong to the demo posts, in page order: the admin's tests
 * (blogs-admin.test.ts) publish posts of their own on the same server while these run.
 */
async function demoHeadings(headings: Locator): Promise<string[]> {
  return (await headings.allTextContents()).filter((text) => DEMO_TITLES.includes(text))
}

/**
 * Holds the browser's data requests for a page's route until release() (what a slow network does).
 * A request names the routes it loads in `_routes`, or none when it loads all of them.
 */
async function holdData(page: Page, path: string, routeId: string) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(
    (url) => {
      const routes = url.searchParams.get('_routes')
      return url.pathname === `${path}.data` && (routes === null || routes.split(',').includes(routeId))
    },
    async (route: Route) => {
      await released
      await route.continue()
    },
  )
  return release
}

test.describe('blog list', () => {
  test('shows the published posts newest first, each with its picture, excerpt, author, date and link', async ({
    page,
  }) => {
    await page.goto('/blog')
    await expect(page).toHaveTitle(/Malwa Namkeen Blog/)
    await expect(page.getByRole('heading', { level: 1, name: 'Our Blog' })).toBeVisible()
    await expect(page.getByText('Stories of Indori namkeen, tips from our kitchen')).toBeVisible()

    const cards = page.getByRole('list', { name: 'Blog posts' }).getByRole('article')
    await expect.poll(() => demoHeadings(cards.getByRole('heading', { level: 2 }))).toEqual(DEMO_TITLES)
    await expect(page.getByText('Coming Soon: The Malwa Namkeen Diwali Box')).toHaveCount(0)

    const ratlami = cards.filter({ has: page.getByRole('heading', { name: RATLAMI.title }) })
    await expect(ratlami.getByText('Where Ratlami sev comes from, why clove and black pepper')).toBeVisible()
    await expect(ratlami.getByText(RATLAMI.author)).toBeVisible()
    await expect(ratlami.getByText(RATLAMI.date)).toBeVisible()
    await expect(ratlami.locator('img')).toHaveAttribute('src', '/images/products/ratlami-sev-640.webp')
    const link = ratlami.getByRole('link', { name: 'Read Full Article' })
    await expect(link).toHaveAttribute('href', `/blog/${RATLAMI.slug}`)
    await expect(cards.filter({ hasText: SATWIK.title }).getByText(SATWIK.date)).toBeVisible()
  })

  test('a post without a picture shows the fallback image, in four widths', async ({ page }) => {
    await page.goto('/blog')
    const image = page.getByRole('article').filter({ hasText: CRISP.title }).locator('img')
    await expect(image).toHaveAttribute('src', '/images/blog-fallback-640.webp')
    await expect(image).toHaveAttribute(
      'srcset',
      /blog-fallback-320\.webp 320w.*blog-fallback-800\.webp 800w, \/images\/blog-fallback-960\.webp 960w/,
    )
    await image.scrollIntoViewIfNeeded()
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0)
  })

  test('invites readers on to the products and the shop’s story', async ({ page }) => {
    await page.goto('/blog')
    const invitation = page.getByRole('region', { name: 'From our kitchen to your doorstep' })
    await invitation.getByRole('link', { name: 'Shop Namkeen' }).click()
    await expect(page).toHaveURL(/\/products$/)
    await page.goto('/blog')
    await invitation.getByRole('link', { name: 'Our Story' }).click()
    await expect(page).toHaveURL(/\/about$/)
  })

  test('says "Loading blog posts..." while a client-side navigation fetches the list', async ({ page, isMobile }) => {
    await page.goto('/')
    const release = await holdData(page, '/blog', 'routes/blog')
    if (isMobile) await page.getByLabel('Menu').click()
    await page
      .getByRole('navigation', { name: isMobile ? 'Mobile' : 'Main' })
      .getByRole('link', { name: 'Blog' })
      .click()
    await expect(page.getByRole('status').filter({ hasText: 'Loading blog posts...' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: 'Our Blog' })).toBeVisible()
    release()
    await expect(
      page.getByRole('list', { name: 'Blog posts' }).getByRole('article').filter({ hasText: RATLAMI.title }),
    ).toBeVisible()
    await expect(page.getByText('Loading blog posts...')).toHaveCount(0)
  })
})

test.describe('blog post', () => {
  test('opens from its card and shows the title, author, date, picture and formatted text', async ({ page }) => {
    await page.goto('/blog')
    await page
      .getByRole('article')
      .filter({ hasText: RATLAMI.title })
      .getByRole('link', { name: 'Read Full Article' })
      .click()
    await expect(page).toHaveURL(new RegExp(`/blog/${RATLAMI.slug}$`))
    await expect(page.getByRole('heading', { level: 1, name: RATLAMI.title })).toBeVisible()
    await expect(page).toHaveTitle(`${RATLAMI.title} | Malwa Namkeen Blog`)
    const article = page.getByRole('article')
    await expect(article.getByText(RATLAMI.author)).toBeVisible()
    await expect(article.getByText(RATLAMI.date)).toBeVisible()
    await expect(article.getByRole('img', { name: RATLAMI.title })).toHaveAttribute(
      'src',
      '/images/products/ratlami-sev-640.webp',
    )

    // Markdown: headings, bold, italics, list items and links, not the characters that mark them.
    await expect(article.getByRole('heading', { level: 2, name: 'Where Ratlami sev comes from' })).toBeVisible()
    await expect(article.getByRole('heading', { level: 3, name: '1. The dough' })).toBeVisible()
    const clove = article.getByRole('listitem').filter({ hasText: 'Clove (laung):' })
    await expect(clove.locator('strong')).toHaveText('Clove (laung):')
    await expect(article.locator('em', { hasText: 'moyan' })).toBeVisible()
    await expect(article.getByText('**', { exact: false })).toHaveCount(0)
    await expect(article.getByText('## ', { exact: false })).toHaveCount(0)
    await expect(article.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq')
  })

  test('ends with other recent posts and links to the products', async ({ page }) => {
    await page.goto(`/blog/${RATLAMI.slug}`)
    const more = page.getByRole('region', { name: 'More from our blog' })
    // The three newest others: the demo's two, after any post an admin test has just published.
    await expect(more.getByRole('heading', { level: 3 })).not.toHaveCount(0)
    const others = await more.getByRole('heading', { level: 3 }).allTextContents()
    expect(others.length).toBeLessThanOrEqual(3)
    expect(others.filter((title) => DEMO_TITLES.includes(title))).toEqual(
      [SATWIK.title, CRISP.title].slice(0, others.filter((title) => DEMO_TITLES.includes(title)).length),
    )
    await more.getByRole('article').last().getByRole('link').click()
    await expect(page.getByRole('heading', { level: 1, name: others.at(-1) })).toBeVisible()
    const taste = page.getByRole('region', { name: 'Taste what you have read about' })
    await expect(taste.getByRole('link', { name: 'Shop all namkeen' })).toHaveAttribute('href', '/products')
    await taste.getByRole('link', { name: /Satwik namkeen/ }).click()
    await expect(page).toHaveURL(/\/products\?category=Satwik(%20|\+)Products$/)
  })

  test('shows a loading state while a post loads in a client-side navigation', async ({ page, isMobile }) => {
    // A post or the list loaded as a page does not hydrate: its links load pages. From a page React
    // runs on, the blog and its posts open client-side.
    await page.goto('/')
    if (isMobile) await page.getByLabel('Menu').click()
    await page
      .getByRole('navigation', { name: isMobile ? 'Mobile' : 'Main' })
      .getByRole('link', { name: 'Blog' })
      .click()
    const card = page.getByRole('list', { name: 'Blog posts' }).getByRole('article').filter({ hasText: SATWIK.title })
    await expect(card).toBeVisible()
    const release = await holdData(page, `/blog/${SATWIK.slug}`, 'routes/blog-post')
    await card.getByRole('link', { name: 'Read Full Article' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Loading article...' })).toBeVisible()
    release()
    await expect(page.getByRole('heading', { level: 1, name: SATWIK.title })).toBeVisible()
    await expect(page.getByText('Loading article...')).toHaveCount(0)
  })

  test('a link in the text to another page of the shop opens it', async ({ page }) => {
    await page.goto(`/blog/${RATLAMI.slug}`)
    await page.getByRole('article').getByRole('link', { name: 'FAQ' }).click()
    await expect(page).toHaveURL(/\/faq$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible()
  })

  test('a draft answers 404 with the not-found state and a way back to the blog', async ({ page }) => {
    const response = await page.goto(`/blog/${DRAFT}`)
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Blog Post Not Found' })).toBeVisible()
    await expect(page.getByText("The blog post you're looking for doesn't exist or has been removed.")).toBeVisible()
    await expect(page.getByText('Four of our favourite namkeen in one gift carton')).toHaveCount(0)
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
    await page.getByRole('link', { name: 'Back to Blog' }).click()
    await expect(page).toHaveURL(/\/blog$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Our Blog' })).toBeVisible()
  })

  test('an unknown slug answers 404 with the not-found state', async ({ page }) => {
    const response = await page.goto('/blog/no-such-post')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Blog Post Not Found' })).toBeVisible()
    await expect(page.getByText("The blog post you're looking for doesn't exist or has been removed.")).toBeVisible()
    // Inside the shop's frame.
    await expect(page.getByRole('contentinfo')).toBeVisible()
  })

  test('tells search engines and link previews what the post is', async ({ page, baseURL }) => {
    await page.goto(`/blog/${RATLAMI.slug}`)
    const blocks = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? 'null')))
    const posting = blocks.find((block) => block?.['@type'] === 'BlogPosting')
    const url = `${baseURL}/blog/${RATLAMI.slug}`
    expect(posting).toMatchObject({
      '@context': 'https://schema.org',
      headline: RATLAMI.title,
      description: expect.stringContaining('Where Ratlami sev comes from'),
      datePublished: '2026-08-18T03:30:00.000Z',
      dateModified: '2026-08-18T03:30:00.000Z',
      author: { '@type': 'Person', name: RATLAMI.author },
      publisher: {
        '@type': 'Organization',
        name: 'Malwa Namkeen',
        logo: { '@type': 'ImageObject', url: `${baseURL}/icons/icon-512.png` },
      },
      mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    })
    expect(posting.image).toContain(`${baseURL}/images/og/products/ratlami-sev.jpg`)
    for (const image of posting.image as string[]) expect(image).toMatch(/^https?:\/\//)

    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article')
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      `${baseURL}/images/og/products/ratlami-sev.jpg`,
    )
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', url)
  })

  test('a post without a product picture is previewed with the shop’s default image', async ({ page, baseURL }) => {
    await page.goto(`/blog/${CRISP.slug}`)
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      `${baseURL}/images/og/default.jpg`,
    )
    await expect(page.getByRole('article').locator('img').first()).toHaveAttribute(
      'src',
      '/images/blog-fallback-640.webp',
    )
  })
})

test.describe('sharing a post', () => {
  test.describe('without a share sheet', () => {
    test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

    test('copies the link and says so', async ({ page, baseURL }) => {
      await page.addInitScript(() => {
        Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true })
        Object.defineProperty(navigator, 'share', { value: undefined, configurable: true })
      })
      await page.goto(`/blog/${RATLAMI.slug}?utm_source=test#spice`)
      await page.getByRole('button', { name: 'Share' }).first().click()
      await expect(page.getByText('Link Copied', { exact: true })).toBeVisible()
      await expect(page.getByText('Blog link copied to clipboard!')).toBeVisible()
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/blog/${RATLAMI.slug}`)
    })
  })

  test('uses the device’s share sheet where there is one', async ({ page, baseURL }) => {
    await page.addInitScript(() => {
      const shared: ShareData[] = []
      Object.assign(window, { shared })
      Object.defineProperty(navigator, 'share', {
        value: async (data: ShareData) => {
          shared.push(data)
        },
        configurable: true,
      })
    })
    await page.goto(`/blog/${RATLAMI.slug}`)
    await page.getByRole('button', { name: 'Share' }).first().click()
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared))
      .toEqual([
        {
          title: RATLAMI.title,
          text: expect.stringContaining('Where Ratlami sev comes from'),
          url: `${baseURL}/blog/${RATLAMI.slug}`,
        },
      ])
    await expect(page.getByText('Link Copied', { exact: true })).toHaveCount(0)
  })
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the list, a post and the not-found state work', async ({ page }) => {
    await page.goto('/blog')
    expect(
      await demoHeadings(page.getByRole('list', { name: 'Blog posts' }).getByRole('heading', { level: 2 })),
    ).toEqual(DEMO_TITLES)
    await page
      .getByRole('article')
      .filter({ hasText: RATLAMI.title })
      .getByRole('link', { name: 'Read Full Article' })
      .click()
    await expect(page.getByRole('heading', { level: 1, name: RATLAMI.title })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: 'The spice blend' })).toBeVisible()
    const related = await page.getByRole('region', { name: 'More from our blog' }).getByRole('article').count()
    expect(related).toBeGreaterThanOrEqual(2)
    expect(related).toBeLessThanOrEqual(3)
    // Sharing needs JavaScript: the button is not offered rather than offered and dead.
    await expect(page.getByRole('button', { name: 'Share' })).toHaveCount(0)

    const response = await page.goto(`/blog/${DRAFT}`)
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Blog Post Not Found' })).toBeVisible()
  })
})

test.describe('a shop with no posts', () => {
  let server: RunningServer | undefined

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a hook asks for from this pattern
  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(120_000)
    server = await startServer({ SEED_DEMO: 'false' })
  })
  test.afterAll(async () => {
    await server?.stop()
  })

  test('shows "No Blog Posts Yet" with a way to the products', async ({ page }) => {
    await page.goto(`${server!.url}/blog`)
    await expect(page.getByRole('heading', { name: 'No Blog Posts Yet' })).toBeVisible()
    await expect(page.getByText('our first stories are on their way')).toBeVisible()
    await page.getByRole('link', { name: 'Browse our namkeen' }).click()
    await expect(page).toHaveURL(/\/products$/)
  })
})
