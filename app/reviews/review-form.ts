// The review form's pure pieces both sides share: its fields and limits, how a reviewer is named, the
// answers' shape. Its schema is in review-schema.ts, which the browser loads when the form is used.
import { m } from '#app/paraglide/messages.js'
import type { FieldErrors } from '#app/shared/form-schema.ts'

export const REVIEW_TEXT_MAX = 1000

export const REVIEW_FIELDS = ['productId', 'rating', 'body'] as const
export type ReviewField = (typeof REVIEW_FIELDS)[number]

export type ReviewFieldErrors = FieldErrors<ReviewField>

/** The length the server will count: line breaks as one character, no surrounding spaces. */
export function reviewTextLength(value: string): number {
  return value.replace(/\r\n?/g, '\n').trim().length
}

export type ReviewStatus = 'pending' | 'approved' | 'rejected'

/** What the shopper reads about their own review, in the page's language. */
export const MY_REVIEW_STATUS: Record<ReviewStatus, () => string> = {
  pending: m.review_status_pending,
  approved: m.review_status_approved,
  rejected: m.review_status_rejected,
}

/** What the owner reads in the Reviews tab. */
export const REVIEW_STATUS_LABEL: Record<ReviewStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Hidden',
}

/** 'Asha V.': the first name and the last name's initial, never the whole name of a shopper. */
export function reviewerName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  if (words.length === 0) return m.review_a_shopper()
  const first = words[0]!
  const last = words.length > 1 ? words.at(-1)! : ''
  const initial = last ? `${Array.from(last)[0]!.toLocaleUpperCase('en-IN')}.` : ''
  return initial ? `${first} ${initial}` : first
}

/** The first name alone, as the Reviews tab shows the reviewer. */
export function reviewerFirstName(name: string): string {
  return name.trim().split(/\s+/)[0] || 'A shopper'
}

/** What POST /reviews answers to a page with JavaScript. */
export interface ReviewResult {
  ok: boolean
  title: string
  message: string
  fieldErrors?: ReviewFieldErrors
}

/** The refusal of a review over the limit, which it names as '1,000'. */
export const reviewTooLong = () => m.review_too_long({ max: REVIEW_TEXT_MAX.toLocaleString('en-IN') })

/**
 * What POST /reviews tells a page without JavaScript, through the query string of the product page
 * it redirects to: a code from this list, never a text of the request's choosing. Each is written in
 * the language of the page that shows it.
 */
export const REVIEW_NOTICES = {
  sent: m.review_notice_sent,
  'sign-in': m.review_notice_sign_in,
  'not-delivered': m.review_notice_not_delivered,
  twice: m.review_notice_twice,
  rating: m.review_choose_rating,
  'too-long': reviewTooLong,
  'too-many': m.review_too_many,
  failed: m.review_failed,
} as const satisfies Record<string, () => string>

export type ReviewNotice = keyof typeof REVIEW_NOTICES

export function isReviewNotice(value: unknown): value is ReviewNotice {
  return typeof value === 'string' && Object.hasOwn(REVIEW_NOTICES, value)
}

export const REVIEW_SECTION_ID = 'reviews'
export const ENHANCED_FIELD = 'enhanced'
