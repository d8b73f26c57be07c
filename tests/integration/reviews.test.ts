// Reviews against a real database (PGlite always, PostgreSQL when TEST_DATABASE_URL is set): who may
// review (a shopper whose order with the product was delivered, once), what POST /reviews refuses
// and that a refusal stores nothing, the owner's approve and hide with their audit records, and the
// ratings the shop shows: nothing until the first approved review, then the real average and count.
import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { users } from '#app/accounts/schema.ts'
import { productJsonLd } from '#app/catalog/product-seo.ts'
import { findProductBySlug, listProducts } from '#app/catalog/products.server.ts'
import { products } from '#app/catalog/schema.ts'
import { orderItems, orders } from '#app/orders/schema.ts'
import type { Database } from '#app/platform/db.server.ts'
import { initialiseShop } from '#app/platform/first-start.server.ts'
import { createLogger } from '#app/platform/logger.server.ts'
import { auditLog, rateLimits } from '#app/platform/schema.ts'
import { createLoadContext, type Services } from '#app/platform/services.server.ts'
import { ProductReviews } from '#app/reviews/product-reviews.tsx'
import { REVIEW_TEXT_MAX } from '#app/reviews/review-form.ts'
import { productReviews, reviewAction, reviewsAdminAction } from '#app/reviews/review-routes.server.ts'
import {
  approvedReviews,
  moderateReview,
  pendingReviewCount,
  ReviewError,
  rateableLines,
  reviewStanding,
  submitReview,
} from '#app/reviews/reviews.server.ts'
import { reviews } from '#app/reviews/schema.ts'
import { DATABASE_KINDS, openTestDatabase } from './databases.ts'
import { type SignedInUser, standInServices } from './route-answer.ts'

const logger = createLogger('silent')
const ORIGIN = 'http://shop.test'

/** What an action answered: data() with its status, or a Response (a redirect). */
type Answer = { data: { ok: boolean; title: string; message: string; stale?: boolean }; init: ResponseInit | null }

describe.each(DATABASE_KINDS)('reviews on %s', (kind) => {
  let database: Database
  let db: Database['db']
  let sev: string
  let bundi: string
  const owner = { id: 'owner', name: 'Shop Owner', email: 'owner@shop.test' }

  /** Sessions by cookie: the shop's session lookup answers from here instead of better-auth. */
  const sessions = new Map<string, SignedInUser>()
  let services: Services
  let address = 0
  const post = async (
    action: typeof reviewAction,
    path: string,
    fields: Record<string, string>,
    cookie?: string,
  ): Promise<Answer | Response> => {
    const context = createLoadContext(services, {
      requestId: 'test',
      nonce: '',
      clientIp: `198.51.100.${++address}`,
      log: logger,
    })
    const request = new Request(`${ORIGIN}${path}`, {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    })
    try {
      return (await action({ request, context })) as unknown as Answer | Response
    } catch (thrown) {
      return thrown as Answer
    }
  }
  const review = (fields: Record<string, string>, cookie?: string) =>
    post(reviewAction, '/reviews', { enhanced: '1', ...fields }, cookie)
  const moderate = (fields: Record<string, string>, cookie = 'malwa.session_token=owner') =>
    post(reviewsAdminAction, '/admin/reviews', fields, cookie)

  const addUser = async (id: string, name: string, role: 'customer' | 'admin' = 'customer') => {
    await db.insert(users).values({ id, name, email: `${id}@example.in`, role })
    sessions.set(`malwa.session_token=${id}`, { id, name, email: `${id}@example.in`, role })
  }
  /** An order of the user's with one line of each product, in the given status. */
  const order = async (userId: string, productIds: string[], status: 'delivered' | 'shipped' | 'cancelled') => {
    const [row] = await db
      .insert(orders)
      .values({
        userId,
        customerName: 'Asha Verma',
        email: 'asha@example.in',
        subtotalAmount: 8000,
        deliveryFee: 5000,
        totalAmount: 13000,
        status,
        shippingAddress: '12, Vijay Nagar, Indore, Madhya Pradesh - 452010',
        phone: '+919876543210',
        paymentMethod: 'cod',
        deliveredAt: status === 'delivered' ? new Date() : null,
      })
      .returning({ id: orders.id })
    await db.insert(orderItems).values(
      productIds.map((productId, position) => ({
        orderId: row!.id,
        productId,
        productName: productId === sev ? 'Ratlami Sev' : 'Tikhi Bundi',
        size: '250g' as const,
        quantity: 1,
        price: 8000,
        position,
      })),
    )
    return row!.id
  }
  const stored = () => db.select().from(reviews)
  const versionOf = async (id: string) =>
    (await db.select({ v: reviews.updatedAt }).from(reviews).where(eq(reviews.id, id)))[0]!.v.toISOString()

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    db = database.db
    services = standInServices(database, ORIGIN, sessions)
    await initialiseShop(db, { seedDemo: false, showcaseMode: false })
    await addUser(owner.id, owner.name, 'admin')
    await addUser('asha', 'Asha Verma')
    await addUser('ravi', 'Ravi Shankar Joshi')
  })
  afterAll(async () => {
    await database?.close()
  })
  beforeEach(async () => {
    await db.delete(reviews)
    await db.delete(orders)
    await db.delete(products)
    await db.delete(auditLog)
    await db.delete(rateLimits)
    const product = (slug: string, name: string) => ({
      slug,
      name,
      category: 'Premium Products',
      price250g: 8000,
      price500g: 15000,
      price1kg: 0,
      stock250g: 10,
      stock500g: 5,
      stock1kg: 0,
    })
    const rows = await db
      .insert(products)
      .values([product('ratlami-sev', 'Ratlami Sev'), product('tikhi-bundi', 'Tikhi Bundi')])
      .returning({ id: products.id, slug: products.slug })
    sev = rows.find((row) => row.slug === 'ratlami-sev')!.id
    bundi = rows.find((row) => row.slug === 'tikhi-bundi')!.id
  })

  describe('a shopper reviewing', () => {
    it('stores a delivered product’s review as pending, tied to the order, and tells the shopper it awaits a check', async () => {
      const orderId = await order('asha', [sev, bundi], 'delivered')
      const answer = (await review(
        { productId: sev, rating: '5', body: '  Crisp and\r\nfresh!  ' },
        'malwa.session_token=asha',
      )) as Answer
      expect(answer.init?.status ?? 200).toBe(200)
      expect(answer.data).toEqual({
        ok: true,
        title: 'Thank you for your review!',
        message: 'It will appear on the product page after a quick check by the shop.',
      })
      expect(await stored()).toEqual([
        expect.objectContaining({
          productId: sev,
          userId: 'asha',
          orderId,
          rating: 5,
          body: 'Crisp and\nfresh!',
          status: 'pending',
        }),
      ])
      expect(await pendingReviewCount(db)).toBe(1)
      // Not shown, not counted until the owner approves it.
      expect(await approvedReviews(db, sev)).toEqual([])
      expect(await findProductBySlug(db, 'ratlami-sev')).toMatchObject({ ratingAverage: null, ratingCount: 0 })
      expect(await reviewStanding(db, 'asha', sev)).toEqual({
        kind: 'reviewed',
        rating: 5,
        body: 'Crisp and\nfresh!',
        status: 'pending',
      })
      expect(await reviewStanding(db, 'asha', bundi)).toEqual({ kind: 'can-review' })
    })

    it('without JavaScript, redirects back to the product’s reviews with a notice', async () => {
      await order('asha', [sev], 'delivered')
      const answer = (await post(
        reviewAction,
        '/reviews',
        { productId: sev, rating: '4' },
        'malwa.session_token=asha',
      )) as Response
      expect(answer.status).toBe(302)
      expect(answer.headers.get('Location')).toBe('/products/ratlami-sev?review=sent#reviews')
      const refused = (await post(
        reviewAction,
        '/reviews',
        { productId: sev, rating: '4' },
        'malwa.session_token=asha',
      )) as Response
      expect(refused.headers.get('Location')).toBe('/products/ratlami-sev?review=twice#reviews')
    })

    it.each([
      ['nobody signed in', {}, undefined, 401, 'Please sign in to review a product.'],
      ['rating 0', { rating: '0' }, 'malwa.session_token=asha', 400, 'Please choose a rating from 1 to 5 stars.'],
      ['rating 6', { rating: '6' }, 'malwa.session_token=asha', 400, 'Please choose a rating from 1 to 5 stars.'],
      ['rating 3.5', { rating: '3.5' }, 'malwa.session_token=asha', 400, 'Please choose a rating from 1 to 5 stars.'],
      ['no rating', { rating: '' }, 'malwa.session_token=asha', 400, 'Please choose a rating from 1 to 5 stars.'],
      [
        'a text over the limit',
        { body: 'x'.repeat(REVIEW_TEXT_MAX + 1) },
        'malwa.session_token=asha',
        400,
        'Please keep your review to 1,000 characters or fewer.',
      ],
      [
        'an unknown product',
        { productId: randomUUID() },
        'malwa.session_token=asha',
        404,
        'This product does not exist.',
      ],
      [
        'a field a review does not have',
        { status: 'approved' },
        'malwa.session_token=asha',
        400,
        'A review has no field called “status”.',
      ],
    ] as const)('refuses %s and stores nothing', async (_case, fields, cookie, status, message) => {
      await order('asha', [sev], 'delivered')
      const answer = (await review({ productId: sev, rating: '4', body: 'Good', ...fields }, cookie)) as Answer
      expect(answer.init?.status).toBe(status)
      expect(answer.data).toMatchObject({ ok: false, message })
      expect(await stored()).toEqual([])
    })

    it('refuses a shopper whose order is not delivered, or who never ordered the product', async () => {
      await order('asha', [sev], 'shipped')
      await order('asha', [sev], 'cancelled')
      await order('ravi', [sev], 'delivered')
      const notYet = (await review({ productId: sev, rating: '4' }, 'malwa.session_token=asha')) as Answer
      expect(notYet.init?.status).toBe(403)
      expect(notYet.data.message).toBe('Only shoppers whose order of Ratlami Sev was delivered can review it.')
      const neverBought = (await review({ productId: bundi, rating: '4' }, 'malwa.session_token=ravi')) as Answer
      expect(neverBought.init?.status).toBe(403)
      expect(await stored()).toEqual([])
      expect(await reviewStanding(db, 'asha', sev)).toEqual({ kind: 'not-delivered' })
      expect(await reviewStanding(db, null, sev)).toEqual({ kind: 'signed-out' })
    })

    it('refuses a second review of the same product, also when two arrive at once', async () => {
      await order('asha', [sev], 'delivered')
      await order('asha', [sev], 'delivered')
      expect(((await review({ productId: sev, rating: '4' }, 'malwa.session_token=asha')) as Answer).data.ok).toBe(true)
      const twice = (await review({ productId: sev, rating: '1' }, 'malwa.session_token=asha')) as Answer
      expect(twice.init?.status).toBe(409)
      expect(twice.data.message).toBe('You have already reviewed Ratlami Sev.')
      expect((await stored()).map((row) => row.rating)).toEqual([4])

      await order('ravi', [sev], 'delivered')
      const results = await Promise.allSettled([
        submitReview(db, 'ravi', { productId: sev, rating: 5, body: 'first' }),
        submitReview(db, 'ravi', { productId: sev, rating: 2, body: 'second' }),
      ])
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
      const refused = results.find((result) => result.status === 'rejected') as PromiseRejectedResult
      expect(refused.reason).toBeInstanceOf(ReviewError)
      expect(refused.reason.message).toBe('You have already reviewed Ratlami Sev.')
      expect(await db.$count(reviews, eq(reviews.userId, 'ravi'))).toBe(1)
    })

    it('limits how many reviews one account sends in an hour', async () => {
      await order('asha', [sev], 'delivered')
      for (let i = 0; i < 10; i++) await review({ productId: sev, rating: '4' }, 'malwa.session_token=asha')
      const limited = (await review({ productId: bundi, rating: '4' }, 'malwa.session_token=asha')) as Answer
      expect(limited.init?.status).toBe(429)
      expect(limited.data.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/)
    })

    it('offers a Rate link for the lines of delivered orders only, and says when the product was rated', async () => {
      const delivered = await order('asha', [sev, bundi], 'delivered')
      const shipped = await order('asha', [bundi], 'shipped')
      await submitReview(db, 'asha', { productId: sev, rating: 5, body: '' })
      const lines = await db
        .select({ id: orderItems.id, orderId: orderItems.orderId, productId: orderItems.productId })
        .from(orderItems)
      const rateable = await rateableLines(db, 'asha', [delivered, shipped])
      const lineOf = (orderId: string, productId: string) =>
        lines.find((line) => line.orderId === orderId && line.productId === productId)!.id
      expect(rateable).toEqual({
        [lineOf(delivered, sev)]: { productSlug: 'ratlami-sev', reviewStatus: 'pending' },
        [lineOf(delivered, bundi)]: { productSlug: 'tikhi-bundi', reviewStatus: null },
      })
      // Another shopper's orders give nothing.
      expect(await rateableLines(db, 'ravi', [delivered])).toEqual({})
    })
  })

  describe('the owner moderating', () => {
    const pendingReview = async (userId: string, rating: number, body = '') => {
      await order(userId, [sev], 'delivered')
      const { id } = await submitReview(db, userId, { productId: sev, rating, body })
      return id
    }

    it('approving makes a review count in the average, the cards and the structured data; hiding takes it out', async () => {
      const asha = await pendingReview('asha', 5, 'Crisp and fresh')
      const ravi = await pendingReview('ravi', 4)

      const approved = (await moderate({ intent: 'approve', reviewId: asha, version: await versionOf(asha) })) as Answer
      expect(approved.data).toMatchObject({ ok: true, title: 'Review approved' })
      await moderate({ intent: 'approve', reviewId: ravi, version: await versionOf(ravi) })
      expect(await pendingReviewCount(db)).toBe(0)

      const product = await findProductBySlug(db, 'ratlami-sev')
      expect(product).toMatchObject({ ratingAverage: 4.5, ratingCount: 2 })
      const cards = await listProducts(db)
      expect(cards.find((card) => card.id === sev)).toMatchObject({ ratingAverage: 4.5, ratingCount: 2 })
      expect(cards.find((card) => card.id === bundi)).toMatchObject({ ratingAverage: null, ratingCount: 0 })

      const list = await approvedReviews(db, sev)
      expect(list.map((entry) => [entry.author, entry.rating, entry.body])).toEqual([
        ['Ravi J.', 4, ''],
        ['Asha V.', 5, 'Crisp and fresh'],
      ])
      const jsonLd = productJsonLd(ORIGIN, 'Malwa Namkeen', product!, list)
      expect(jsonLd).toMatchObject({
        aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2 },
        review: [
          { '@type': 'Review', author: { '@type': 'Person', name: 'Ravi J.' }, reviewRating: { ratingValue: 4 } },
          { author: { name: 'Asha V.' }, reviewBody: 'Crisp and fresh', reviewRating: { ratingValue: 5 } },
        ],
      })

      const hidden = (await moderate({ intent: 'hide', reviewId: ravi, version: await versionOf(ravi) })) as Answer
      expect(hidden.data).toMatchObject({ ok: true, title: 'Review hidden' })
      expect(await findProductBySlug(db, 'ratlami-sev')).toMatchObject({ ratingAverage: 5, ratingCount: 1 })
      expect((await approvedReviews(db, sev)).map((entry) => entry.author)).toEqual(['Asha V.'])
      // The row stays: the shopper still sees what became of it.
      expect(await reviewStanding(db, 'ravi', sev)).toMatchObject({ kind: 'reviewed', status: 'rejected' })

      const trail = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'review')))
        .orderBy(auditLog.id)
      expect(trail.map((row) => [row.action, row.entityId, row.actorId, row.before, row.after])).toEqual([
        ['review.approve', asha, 'owner', { status: 'pending' }, { status: 'approved' }],
        ['review.approve', ravi, 'owner', { status: 'pending' }, { status: 'approved' }],
        ['review.hide', ravi, 'owner', { status: 'approved' }, { status: 'rejected' }],
      ])
      expect(trail[0]!.label).toBe('Review of Ratlami Sev (5 stars)')
    })

    it('shows no rating anywhere until the first approved review', async () => {
      await pendingReview('asha', 5)
      const product = await findProductBySlug(db, 'ratlami-sev')
      const jsonLd = productJsonLd(ORIGIN, 'Malwa Namkeen', product!, await approvedReviews(db, sev))
      expect(jsonLd).not.toHaveProperty('aggregateRating')
      expect(jsonLd).not.toHaveProperty('review')
    })

    it('refuses a change from an out-of-date screen, a repeated one, an unknown review and a bad form, changing nothing', async () => {
      const id = await pendingReview('asha', 3)
      const version = await versionOf(id)
      await moderateReview(db, owner, { reviewId: id, action: 'approve', version }, new Date(Date.now() + 5_000))

      const stale = (await moderate({ intent: 'hide', reviewId: id, version })) as Answer
      expect(stale.init?.status).toBe(409)
      expect(stale.data).toMatchObject({ ok: false, stale: true })
      expect(stale.data.message).toMatch(/^This review of Ratlami Sev was changed while you were looking at it\./)

      const again = (await moderate({ intent: 'approve', reviewId: id, version: await versionOf(id) })) as Answer
      expect(again.init?.status).toBe(409)
      expect(again.data.message).toBe('This review of Ratlami Sev is already approved.')

      const unknown = (await moderate({
        intent: 'approve',
        reviewId: randomUUID(),
        version: new Date().toISOString(),
      })) as Answer
      expect(unknown.init?.status).toBe(404)
      expect(unknown.data.message).toBe('This review does not exist.')

      for (const [fields, message] of [
        [{ intent: 'publish', reviewId: id, version }, 'That is not something a review can do.'],
        [
          { intent: 'hide', reviewId: id, version: 'yesterday' },
          'This screen is out of date: reload it and try again.',
        ],
        [{ intent: 'hide', reviewId: id, version, status: 'rejected' }, undefined],
      ] as const) {
        const refused = (await moderate(fields)) as Answer
        expect(refused.init?.status).toBe(400)
        if (message) expect(refused.data.message).toBe(message)
      }
      expect((await stored()).map((row) => row.status)).toEqual(['approved'])
      expect(await db.$count(auditLog)).toBe(1)
    })

    it('answers 403 to a customer and to nobody', async () => {
      const id = await pendingReview('asha', 3)
      for (const cookie of ['malwa.session_token=asha', 'nobody']) {
        const refused = (await moderate(
          { intent: 'approve', reviewId: id, version: await versionOf(id) },
          cookie,
        )) as Answer
        expect(refused.init?.status).toBe(403)
      }
      expect((await stored()).map((row) => row.status)).toEqual(['pending'])
    })

    it('escapes a review’s text on the product page: a script in it is only text', async () => {
      const id = await pendingReview('asha', 4, '<script>alert("x")</script><img src=x onerror=alert(1)>')
      await moderateReview(db, owner, { reviewId: id, action: 'approve', version: await versionOf(id) })
      const product = (await findProductBySlug(db, 'ratlami-sev'))!
      const context = createLoadContext(services, {
        requestId: 't',
        nonce: '',
        clientIp: '198.51.100.250',
        log: logger,
      })
      const data = await productReviews({ request: new Request(`${ORIGIN}/products/ratlami-sev`), context }, sev)
      const html = renderToString(
        createElement(MemoryRouter, null, createElement(ProductReviews, { product, reviews: data })),
      )
      expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;')
      expect(html).not.toContain('<script>')
      expect(html).not.toContain('<img src=x')
      expect(html).toContain('Verified buyer')
      expect(html).toContain('Asha V.')
    })
  })
})
