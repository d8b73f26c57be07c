// The Reviews tab's shapes, shared by the server and the admin's browser. No I/O here.
import type { ReviewStatus } from './review-form.ts'

export const REVIEW_FILTERS = ['all', 'pending', 'approved', 'rejected'] as const
export type ReviewFilter = (typeof REVIEW_FILTERS)[number]
export const ADMIN_REVIEWS_PER_PAGE = 20

export interface AdminReview {
  id: string
  productName: string
  productSlug: string
  rating: number
  body: string
  /** The first name only. */
  reviewer: string
  /** The last 8 characters of the order's id. */
  orderNumber: string
  status: ReviewStatus
  createdAt: string
  /** updated_at as the screen showed it, sent back with a change so a stale screen cannot overwrite a newer one. */
  version: string
}

export interface AdminReviewsPage {
  reviews: AdminReview[]
  counts: Record<ReviewFilter, number>
  show: ReviewFilter
  page: number
  hasMore: boolean
}

/** What Approve and Hide answer: the toast the owner sees. */
export interface ModerationResult {
  ok: boolean
  title: string
  message: string
  stale?: boolean
}
