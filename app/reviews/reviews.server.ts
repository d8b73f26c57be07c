// Reviews: a shopper whose order with a product was delivered rates it once (stored pending), the owner
// approves or hides it (with its audit record), and the product page lists the approved ones. The
// rule of who may review lives here and only here.

import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import { users } from '#app/accounts/schema.ts'
import { products } from '#app/catalog/schema.ts'
import { inLanguage } from '#app/i18n/owner-text.server.ts'
import { orderItems, orders } from '#app/orders/schema.ts'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { type AuditActor, recordAudit } from '#app/platform/audit.server.ts'
import type { Db, Tx } from '#app/platform/db.server.ts'
import { nextVersion } from '#app/shared/record-version.ts'
import { isUuid } from '#app/shared/uuid.ts'
import { ADMIN_REVIEWS_PER_PAGE, type AdminReviewsPage, type ReviewFilter } from './admin-reviews.ts'
import { type ReviewStatus, reviewerFirstName, reviewerName } from './review-form.ts'
import type { ReviewInput } from './review-schema.ts'
import { reviews } from './schema.ts'

export class ReviewError extends Error {
  override name = 'ReviewError'
  readonly kind: 'not-found' | 'not-delivered' | 'twice' | 'stale' | 'unchanged'
  constructor(kind: ReviewError['kind'], message: string) {
    super(message)
    this.kind = kind
  }
}

/** Reviews waiting for the owner: the Reviews tab's badge. */
export async function pendingReviewCount(db: Tx): Promise<number> {
  const [row] = await db.select({ value: count() }).from(reviews).where(eq(reviews.status, 'pending'))
  return Number(row?.value ?? 0)
}

/** The shopper's latest delivered order containing the product, or null: who may review, and why. */
async function deliveredOrderWith(db: Tx, userId: string, productId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(eq(orders.userId, userId), eq(orders.status, 'delivered'), eq(orderItems.productId, productId)))
    .orderBy(desc(orders.deliveredAt), desc(orders.createdAt))
    .limit(1)
  return row?.id ?? null
}

/** A product's slug, for sending a shopper back to its page; null for an id that is not a product's. */
export async function productSlug(db: Tx, productId: string): Promise<string | null> {
  if (!isUuid(productId)) return null
  const [row] = await db.select({ slug: products.slug }).from(products).where(eq(products.id, productId))
  return row?.slug ?? null
}

export interface SubmittedReview {
  id: string
  productSlug: string
  productName: string
}

/**
 * Stores a shopper's review, pending the owner's check. Refused (nothing stored) for an unknown
 * product, a shopper with no delivered order of it, and a second review of the same product, also
 * when two arrive at once (the unique index decides, and the loser gets the same sentence).
 */
export async function submitReview(
  db: Db,
  userId: string,
  input: ReviewInput,
  now = new Date(),
): Promise<SubmittedReview> {
  const [product] = await db
    .select({ id: products.id, slug: products.slug, name: inLanguage(products.name, products.nameHi, getLocale()) })
    .from(products)
    .where(and(eq(products.id, input.productId), isNull(products.archivedAt)))
  // An archived product is no longer sold: nobody is asked about it any more.
  if (!product) throw new ReviewError('not-found', m.review_no_product())
  const twice = new ReviewError('twice', m.review_already_reviewed({ name: product.name }))
  const [existing] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.userId, userId), eq(reviews.productId, product.id)))
  if (existing) throw twice
  const orderId = await deliveredOrderWith(db, userId, product.id)
  if (!orderId) {
    throw new ReviewError('not-delivered', m.review_only_delivered({ name: product.name }))
  }
  const [stored] = await db
    .insert(reviews)
    .values({
      productId: product.id,
      userId,
      orderId,
      rating: input.rating,
      body: input.body,
      status: 'pending',
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: [reviews.userId, reviews.productId] })
    .returning({ id: reviews.id })
  if (!stored) throw twice
  return { id: stored.id, productSlug: product.slug, productName: product.name }
}

export interface PublishedReview {
  id: string
  rating: number
  body: string
  /** 'Asha V.' */
  author: string
  createdAt: string
}

export const REVIEWS_ON_PAGE = 20

/** A product's approved reviews, newest first. */
export async function approvedReviews(db: Tx, productId: string, limit = REVIEWS_ON_PAGE): Promise<PublishedReview[]> {
  const rows = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      body: reviews.body,
      name: users.name,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(and(eq(reviews.productId, productId), eq(reviews.status, 'approved')))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit)
  return rows.map((row) => ({
    id: row.id,
    rating: row.rating,
    body: row.body,
    author: reviewerName(row.name),
    createdAt: row.createdAt.toISOString(),
  }))
}

/** Where the viewer stands with a product: may they review it, or what became of their review. */
export type ReviewStanding =
  | { kind: 'signed-out' }
  | { kind: 'not-delivered' }
  | { kind: 'can-review' }
  | { kind: 'reviewed'; rating: number; body: string; status: ReviewStatus }

export async function reviewStanding(db: Tx, userId: string | null, productId: string): Promise<ReviewStanding> {
  if (!userId) return { kind: 'signed-out' }
  const [mine] = await db
    .select({ rating: reviews.rating, body: reviews.body, status: reviews.status })
    .from(reviews)
    .where(and(eq(reviews.userId, userId), eq(reviews.productId, productId)))
  if (mine) return { kind: 'reviewed', ...mine }
  return (await deliveredOrderWith(db, userId, productId)) ? { kind: 'can-review' } : { kind: 'not-delivered' }
}

/** A delivered line of My Orders: where to rate its product, and the shopper's review of it if any. */
export interface RateableLine {
  productSlug: string
  reviewStatus: ReviewStatus | null
}

/**
 * For My Orders: the lines of the shopper's delivered orders among `orderIds` whose product is still
 * on sale, keyed by order line id. One query for the whole page.
 */
export async function rateableLines(db: Tx, userId: string, orderIds: string[]): Promise<Record<string, RateableLine>> {
  if (orderIds.length === 0) return {}
  const rows = await db
    .select({ itemId: orderItems.id, productSlug: products.slug, reviewStatus: reviews.status })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(reviews, and(eq(reviews.productId, products.id), eq(reviews.userId, userId)))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, 'delivered'),
        isNull(products.archivedAt),
        inArray(orderItems.orderId, orderIds),
      ),
    )
  return Object.fromEntries(
    rows.map((row) => [row.itemId, { productSlug: row.productSlug, reviewStatus: row.reviewStatus ?? null }]),
  )
}

// The owner's side.

/** The Reviews tab: pending first, then newest; a page at a time. */
export async function listAdminReviews(db: Tx, show: ReviewFilter, page: number): Promise<AdminReviewsPage> {
  const conditions: SQL[] = []
  if (show !== 'all') conditions.push(eq(reviews.status, show))
  const [rows, countRows] = await Promise.all([
    db
      .select({
        id: reviews.id,
        productName: products.name,
        productSlug: products.slug,
        rating: reviews.rating,
        body: reviews.body,
        name: users.name,
        orderId: reviews.orderId,
        status: reviews.status,
        createdAt: reviews.createdAt,
        updatedAt: reviews.updatedAt,
      })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(and(...conditions))
      .orderBy(
        asc(sql`case when ${reviews.status} = 'pending' then 0 else 1 end`),
        desc(reviews.createdAt),
        desc(reviews.id),
      )
      .limit(ADMIN_REVIEWS_PER_PAGE + 1)
      .offset((page - 1) * ADMIN_REVIEWS_PER_PAGE),
    db.select({ status: reviews.status, value: count() }).from(reviews).groupBy(reviews.status),
  ])
  const counts: Record<ReviewFilter, number> = { all: 0, pending: 0, approved: 0, rejected: 0 }
  for (const row of countRows) {
    counts[row.status] = Number(row.value)
    counts.all += Number(row.value)
  }
  return {
    reviews: rows.slice(0, ADMIN_REVIEWS_PER_PAGE).map((row) => ({
      id: row.id,
      productName: row.productName,
      productSlug: row.productSlug,
      rating: row.rating,
      body: row.body,
      reviewer: reviewerFirstName(row.name),
      orderNumber: row.orderId.slice(-8),
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      version: row.updatedAt.toISOString(),
    })),
    counts,
    show,
    page,
    hasMore: rows.length > ADMIN_REVIEWS_PER_PAGE,
  }
}

export type Moderation = 'approve' | 'hide'

const MODERATED_TO: Record<Moderation, ReviewStatus> = { approve: 'approved', hide: 'rejected' }

/**
 * Approves or hides a review. `version` is the review's updated_at as the owner's screen showed it: a
 * review changed since is left alone and the owner is told.
 */
export async function moderateReview(
  db: Db,
  actor: AuditActor,
  input: { reviewId: string; action: Moderation; version: string },
  now = new Date(),
): Promise<{ status: ReviewStatus; productName: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(reviews).where(eq(reviews.id, input.reviewId)).for('update')
    if (!row) throw new ReviewError('not-found', 'This review does not exist.')
    const [product] = await tx.select({ name: products.name }).from(products).where(eq(products.id, row.productId))
    const productName = product?.name ?? 'a product'
    if (row.updatedAt.toISOString() !== input.version) {
      throw new ReviewError(
        'stale',
        `This review of ${productName} was changed while you were looking at it. The list has been reloaded: please check it and try again.`,
      )
    }
    const to = MODERATED_TO[input.action]
    if (row.status === to) {
      throw new ReviewError(
        'unchanged',
        `This review of ${productName} is already ${to === 'approved' ? 'approved' : 'hidden'}.`,
      )
    }
    await tx
      .update(reviews)
      .set({ status: to, updatedAt: nextVersion(row.updatedAt, now) })
      .where(eq(reviews.id, row.id))
    await recordAudit(tx, actor, {
      action: `review.${input.action}`,
      entity: 'review',
      entityId: row.id,
      label: `Review of ${productName} (${row.rating} stars)`,
      before: { status: row.status },
      after: { status: to },
    })
    return { status: to, productName }
  })
}
