// Reviews over HTTP: a shopper's POST /reviews (JSON to a page with JavaScript, a redirect back to the
// product page without), the product page's review data, and the Reviews tab's list and actions.
// Refusals are 4xx answers with a sentence; nothing the browser sends decides a review's status.
import { data, type RouterContextProvider, redirect } from 'react-router'
import { z } from 'zod'
import { enforceLimits, TooManyAttempts } from '#app/accounts/limits.server.ts'
import { assertSameOrigin, getViewer } from '#app/accounts/session.server.ts'
import { findAdmin, requireAdmin } from '#app/admin/guard.server.ts'
import { productPath } from '#app/catalog/product-card.tsx'
import { m } from '#app/paraglide/messages.js'
import type { RateLimitRule } from '#app/platform/rate-limit.server.ts'
import { requestContext, servicesContext } from '#app/platform/services.server.ts'
import { formValues } from '#app/shared/form-schema.ts'
import { type ModerationResult, REVIEW_FILTERS, type ReviewFilter } from './admin-reviews.ts'
import {
  ENHANCED_FIELD,
  isReviewNotice,
  REVIEW_FIELDS,
  REVIEW_NOTICES,
  REVIEW_SECTION_ID,
  type ReviewNotice,
  type ReviewResult,
} from './review-form.ts'
import { validateReviewForm } from './review-schema.ts'
import {
  approvedReviews,
  listAdminReviews,
  moderateReview,
  productSlug,
  ReviewError,
  reviewStanding,
  submitReview,
} from './reviews.server.ts'

type Args = { request: Request; context: Readonly<RouterContextProvider> }

const NO_STORE = { 'Cache-Control': 'no-store' }
const MINUTE = 60_000

/** A shopper reviews what they received, a handful at a time; more from one account or address is a script. */
export const REVIEW_LIMITS = {
  account: { name: 'review:account', limit: 10, windowMs: 60 * MINUTE },
  client: { name: 'review:ip', limit: 30, windowMs: 60 * MINUTE },
} as const satisfies Record<string, RateLimitRule>

/** POST /reviews. */
export async function reviewAction({ request, context }: Args) {
  const { db, config, logger } = context.get(servicesContext)
  const { clientIp } = context.get(requestContext)
  assertSameOrigin(request, config.publicUrl)
  const form = await request.formData()
  const enhanced = form.get(ENHANCED_FIELD) === '1'
  const values = formValues(form, REVIEW_FIELDS)

  // Without JavaScript the shopper goes back to the product's reviews, with a notice named by its code.
  const answer = async (status: number, result: ReviewResult, notice: ReviewNotice) => {
    if (enhanced) return data(result, { status, headers: NO_STORE })
    const slug = await productSlug(db, values.productId)
    return redirect(`${slug ? productPath(slug) : '/products'}?review=${notice}#${REVIEW_SECTION_ID}`, {
      headers: NO_STORE,
    })
  }
  const refuse = (status: number, notice: ReviewNotice, message: string = REVIEW_NOTICES[notice]()) =>
    answer(status, { ok: false, title: m.review_not_sent(), message }, notice)

  const unknown = [...form.keys()].find(
    (key) => key !== ENHANCED_FIELD && !(REVIEW_FIELDS as readonly string[]).includes(key),
  )
  if (unknown) return refuse(400, 'failed', m.review_no_field({ field: unknown.slice(0, 40) }))

  const { viewer } = await getViewer(request, context)
  if (!viewer) return refuse(401, 'sign-in')

  const validation = validateReviewForm(values)
  if (!validation.ok) {
    const { fieldErrors } = validation
    const notice: ReviewNotice = fieldErrors.productId ? 'failed' : fieldErrors.rating ? 'rating' : 'too-long'
    const message = fieldErrors.productId ?? fieldErrors.rating ?? fieldErrors.body ?? REVIEW_NOTICES.failed()
    if (enhanced) {
      return data<ReviewResult>(
        { ok: false, title: m.review_not_sent(), message, fieldErrors },
        { status: fieldErrors.productId ? 404 : 400, headers: NO_STORE },
      )
    }
    return refuse(400, notice)
  }

  try {
    await enforceLimits(db, [
      [REVIEW_LIMITS.account, viewer.id],
      [REVIEW_LIMITS.client, clientIp],
    ])
    await submitReview(db, viewer.id, validation.data)
    return answer(200, { ok: true, title: m.review_thanks_title(), message: m.review_thanks_text() }, 'sent')
  } catch (error) {
    if (error instanceof TooManyAttempts) {
      if (enhanced) {
        return data<ReviewResult>(
          { ok: false, title: m.review_not_sent(), message: error.message },
          { status: 429, headers: { ...NO_STORE, 'Retry-After': String(error.retryAfterSeconds) } },
        )
      }
      return refuse(429, 'too-many')
    }
    if (error instanceof ReviewError) {
      const status = error.kind === 'not-found' ? 404 : error.kind === 'not-delivered' ? 403 : 409
      const notice: ReviewNotice =
        error.kind === 'twice' ? 'twice' : error.kind === 'not-delivered' ? 'not-delivered' : 'failed'
      return refuse(status, notice, error.message)
    }
    logger.error({ err: error }, 'a review could not be stored')
    return refuse(500, 'failed')
  }
}

/** What the product page shows of reviews: the approved ones, and where the viewer stands. */
export async function productReviews(args: Args, productId: string) {
  const { db } = args.context.get(servicesContext)
  const { viewer } = await getViewer(args.request, args.context)
  const notice = new URL(args.request.url).searchParams.get('review')
  const [list, standing] = await Promise.all([
    approvedReviews(db, productId),
    reviewStanding(db, viewer?.id ?? null, productId),
  ])
  return { list, standing, notice: isReviewNotice(notice) ? notice : null }
}

export type ProductReviewsData = Awaited<ReturnType<typeof productReviews>>

// The owner's Reviews tab.

const listSchema = z
  .object({
    show: z.enum(REVIEW_FILTERS, 'Show all reviews, or the pending, approved or hidden ones.').optional(),
    page: z
      .string()
      .regex(/^[1-9]\d{0,4}$/, 'That page does not exist.')
      .transform(Number)
      .optional(),
  })
  .strict()

export async function reviewsTabLoader({ request, context }: Args) {
  if (!(await findAdmin(request, context))) return null
  const parsed = listSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const message =
      issue?.code === 'unrecognized_keys'
        ? 'That filter is not one of the list’s filters.'
        : (issue?.message ?? 'Bad filter.')
    throw data({ message }, { status: 400, headers: NO_STORE })
  }
  const show: ReviewFilter = parsed.data.show ?? 'all'
  const page = await listAdminReviews(context.get(servicesContext).db, show, parsed.data.page ?? 1)
  return data({ page }, { headers: NO_STORE })
}

const STALE = 'This screen is out of date: reload it and try again.'

const moderationSchema = z
  .object({
    intent: z.enum(['approve', 'hide'], 'That is not something a review can do.'),
    reviewId: z.uuid('This review does not exist.'),
    version: z.iso.datetime({ message: STALE }),
  })
  .strict()

const ERROR_STATUS: Record<ReviewError['kind'], number> = {
  'not-found': 404,
  'not-delivered': 403,
  twice: 409,
  stale: 409,
  unchanged: 409,
}

export async function reviewsAdminAction({ request, context }: Args) {
  const admin = await requireAdmin(request, context)
  const { db, config, logger } = context.get(servicesContext)
  assertSameOrigin(request, config.publicUrl)
  const reply = (result: ModerationResult, status = result.ok ? 200 : 400) =>
    data(result, { status, headers: NO_STORE })
  const parsed = moderationSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return reply(
      { ok: false, title: 'Review not changed', message: issue?.message ?? 'Bad request.' },
      issue?.path[0] === 'reviewId' ? 404 : 400,
    )
  }
  const { intent, reviewId, version } = parsed.data
  try {
    const { productName } = await moderateReview(db, admin, { reviewId, action: intent, version })
    return reply({
      ok: true,
      title: intent === 'approve' ? 'Review approved' : 'Review hidden',
      message:
        intent === 'approve'
          ? `It now shows on the page of ${productName} and counts in its rating.`
          : `It no longer shows on the page of ${productName} or counts in its rating.`,
    })
  } catch (error) {
    if (error instanceof ReviewError) {
      return reply(
        { ok: false, title: 'Review not changed', message: error.message, stale: error.kind === 'stale' },
        ERROR_STATUS[error.kind],
      )
    }
    logger.error({ err: error, reviewId, intent }, 'moderating a review failed')
    return reply({ ok: false, title: 'Review not changed', message: 'Something went wrong. Please try again.' }, 500)
  }
}
