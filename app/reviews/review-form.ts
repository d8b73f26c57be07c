// The review form's pure pieces both sides share: its fields and limits, how a reviewer is named, the
// answers' shape. Its schema is in review-schema.ts, which the browser loads when the form is used.
import type { FieldErrors } from '#app/shared/form-schema.ts'

export const REVIEW_TEXT_MAX = 1000

export const REVIEW_FIELDS = ['productId', 'rating', 'body'] as const
export type ReviewField = (typeof REVIEW_FIELDS)[number]

export const RATING_MESSAGE = 'Please choose a rating from 1 to 5 stars.'

export type ReviewFieldErrors = FieldErrors<ReviewField>

/** The length the server will count: line breaks as one character, no surrounding spaces. */
export function reviewTextLength(value: string): number {
  return value.replace(/\r\n?/g, '\n').trim().length
}

export type ReviewStatus = 'pending' | 'approved' | 'rejected'

/** What the shopper reads about their own review. */
export const MY_REVIEW_STATUS: Record<ReviewStatus, string> = {
  pending: 'It will appear here after a quick check by the shop.',
  approved: 'It is published on this page.',
  rejected: 'The shop has hidden it from this page.',
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
  if (words.length === 0) return 'A shopper'
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

/**
 * What POST /reviews tells a page without JavaScript, through the query string of the product page
 * it redirects to: a code from this list, never a text of the request's choosing.
 */
export const REVIEW_NOTICES = {
  sent: 'Thank you! Your review will appear after a quick check by the shop.',
  'sign-in': 'Please sign in to review a product.',
  'not-delivered': 'Only shoppers whose order of this product was delivered can review it.',
  twice: 'You have already reviewed this product.',
  rating: RATING_MESSAGE,
  'too-long': `Please keep your review to ${REVIEW_TEXT_MAX.toLocaleString('en-IN')} characters or fewer.`,
  'too-many': 'Too many reviews in a short time. Please try again later.',
  failed: 'Your review could not be saved. Please try again.',
} as const

export type ReviewNotice = keyof typeof REVIEW_NOTICES

export function isReviewNotice(value: unknown): value is ReviewNotice {
  return typeof value === 'string' && Object.hasOwn(REVIEW_NOTICES, value)
}

export const REVIEW_SECTION_ID = 'reviews'
export const ENHANCED_FIELD = 'enhanced'
