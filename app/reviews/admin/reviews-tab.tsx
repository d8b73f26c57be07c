// The admin's Reviews tab: shoppers' reviews, pending first and then newest, each with Approve (it
// shows on the product page and counts in the rating) and Hide. Only approved reviews ever reach the
// shop's pages, so a review is checked before anyone sees it.

import { Check, ChevronLeft, ChevronRight, Clock, EyeOff, MessageSquareText } from 'lucide-react'
import { useId, useRef } from 'react'
import { Link, useNavigation } from 'react-router'
import { Button } from '#app/ui/button.tsx'
import { cn } from '#app/ui/cn.ts'
import { useFocusBack } from '#app/ui/use-focus-back.ts'
import { useListChange, useListChangeAnswers } from '#app/ui/use-list-change.ts'
import {
  type AdminReview,
  type AdminReviewsPage,
  type ModerationResult,
  REVIEW_FILTERS,
  type ReviewFilter,
} from '../admin-reviews.ts'
import { REVIEW_STATUS_LABEL, type ReviewStatus } from '../review-form.ts'
import { Stars } from '../stars.tsx'

const REVIEWS_PATH = '/admin/reviews'
/** The fetcher every card's Approve and Hide go through (see `useListChange`). */
const MODERATION = 'review-moderation'

const FILTER_LABEL: Record<ReviewFilter, string> = {
  all: 'All',
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Hidden',
}

function reviewsHref(show: ReviewFilter, page = 1): string {
  const params = new URLSearchParams()
  if (show !== 'all') params.set('show', show)
  if (page > 1) params.set('page', String(page))
  const query = params.toString()
  return query ? `${REVIEWS_PATH}?${query}` : REVIEWS_PATH
}

const reviewDate = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
})

export function ReviewsTab({ page, answer }: { page: AdminReviewsPage; answer?: ModerationResult }) {
  const navigation = useNavigation()
  const loading = navigation.state === 'loading' && navigation.location.pathname === REVIEWS_PATH
  useListChangeAnswers(MODERATION)
  return (
    <section aria-labelledby="reviews-tab-title" className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="reviews-tab-title" className="text-2xl font-bold sm:text-3xl">
          Reviews{' '}
          <span
            className={cn(
              'text-lg font-semibold sm:text-xl',
              page.counts.pending > 0 ? 'text-chilli' : 'text-muted-foreground',
            )}
          >
            ({page.counts.pending.toLocaleString('en-IN')} pending)
          </span>
        </h2>
        <p className="text-sm text-muted-foreground">Pending first, then newest</p>
      </div>

      {answer && (
        <p
          role={answer.ok ? 'status' : 'alert'}
          className={cn(
            'rounded-lg border p-3 text-sm',
            answer.ok ? 'border-success/40 bg-card' : 'border-destructive/40 bg-card text-destructive',
          )}
        >
          <span className="font-semibold">{answer.title}:</span> {answer.message}
        </p>
      )}

      <nav aria-label="Show reviews">
        <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0">
          {REVIEW_FILTERS.map((filter) => {
            const active = filter === page.show
            return (
              <li key={filter} className="shrink-0">
                <Link
                  to={reviewsHref(filter)}
                  preventScrollReset
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold whitespace-nowrap transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60',
                    active
                      ? 'border-primary bg-primary text-primary-foreground'
                      : 'bg-card text-brown hover:bg-secondary',
                  )}
                >
                  {FILTER_LABEL[filter]} ({page.counts[filter].toLocaleString('en-IN')})
                </Link>
              </li>
            )
          })}
        </ul>
      </nav>

      <div aria-busy={loading} className={cn('transition-opacity', loading && 'opacity-60')}>
        {page.reviews.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card px-6 py-12 text-center">
            <MessageSquareText className="size-10 text-muted-foreground/60" aria-hidden />
            <p className="text-lg font-semibold">
              {page.show === 'all' ? 'No reviews yet' : `No ${FILTER_LABEL[page.show].toLowerCase()} reviews`}
            </p>
            <p className="max-w-prose text-sm text-muted-foreground">
              Shoppers can review a product once their order of it is delivered. Their reviews wait here for you.
            </p>
          </div>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2" aria-label="Reviews">
            {page.reviews.map((review) => (
              <li key={review.id}>
                <ReviewCard review={review} />
              </li>
            ))}
          </ul>
        )}
      </div>

      {(page.page > 1 || page.hasMore) && (
        <nav aria-label="Pages of reviews" className="flex flex-wrap items-center justify-between gap-2">
          {page.page > 1 ? (
            <Button asChild variant="outline" className="h-11">
              <Link to={reviewsHref(page.show, page.page - 1)}>
                <ChevronLeft aria-hidden />
                Previous page
              </Link>
            </Button>
          ) : (
            <span />
          )}
          {page.hasMore && (
            <Button asChild variant="outline" className="h-11">
              <Link to={reviewsHref(page.show, page.page + 1)}>
                Next page
                <ChevronRight aria-hidden />
              </Link>
            </Button>
          )}
        </nav>
      )}
    </section>
  )
}

const STATUS_CLASS: Record<ReviewStatus, string> = {
  pending: 'border-yellow-300 bg-yellow-100 text-yellow-900',
  approved: 'border-green-300 bg-green-100 text-green-900',
  rejected: 'border-border bg-muted text-muted-foreground',
}

const STATUS_ICON = { pending: Clock, approved: Check, rejected: EyeOff } as const

function ReviewCard({ review }: { review: AdminReview }) {
  const titleId = useId()
  const fetcher = useListChange<ModerationResult>(MODERATION)
  const requested = fetcher.formData?.get('reviewId') === review.id ? fetcher.formData.get('intent') : null
  const status: ReviewStatus = requested === 'approve' ? 'approved' : requested === 'hide' ? 'rejected' : review.status
  const Icon = STATUS_ICON[status]
  // The pressed button stays disabled in the review's new state: the focus goes to the other one.
  const approveButton = useRef<HTMLButtonElement>(null)
  const hideButton = useRef<HTMLButtonElement>(null)
  useFocusBack(requested !== null, () => (review.status === 'approved' ? hideButton : approveButton).current)

  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'flex h-full flex-col rounded-xl border border-l-4 bg-card shadow-sm',
        status === 'pending' ? 'border-l-turmeric' : 'border-l-transparent',
      )}
    >
      <div className="grid flex-1 gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 id={titleId} className="min-w-0 text-lg font-bold break-words">
            <Link
              to={`/products/${encodeURIComponent(review.productSlug)}#reviews`}
              className="text-brown underline-offset-2 hover:text-primary hover:underline"
            >
              {review.productName}
            </Link>
          </h3>
          <span
            className={cn(
              'inline-flex shrink-0 items-center gap-1 rounded-full border px-2.5 py-1 text-xs font-semibold whitespace-nowrap',
              STATUS_CLASS[status],
            )}
          >
            <Icon className="size-3.5" aria-hidden />
            {REVIEW_STATUS_LABEL[status]}
          </span>
        </div>
        <Stars rating={review.rating} />
        {review.body ? (
          <p className="leading-relaxed break-words whitespace-pre-wrap">{review.body}</p>
        ) : (
          <p className="text-sm text-muted-foreground italic">No text, stars only.</p>
        )}
        <p className="mt-auto pt-1 text-sm text-muted-foreground">
          By <span className="font-semibold text-foreground">{review.reviewer}</span> · Order{' '}
          <span className="font-mono">#{review.orderNumber}</span> ·{' '}
          <time dateTime={review.createdAt}>{reviewDate.format(new Date(review.createdAt))}</time>
        </p>
      </div>
      <fetcher.Form method="post" action={REVIEWS_PATH} className="grid grid-cols-2 gap-2 border-t bg-muted/40 p-3">
        <input type="hidden" name="reviewId" value={review.id} />
        <input type="hidden" name="version" value={review.version} />
        <Button
          ref={approveButton}
          type="submit"
          name="intent"
          value="approve"
          className="h-11"
          disabled={fetcher.state !== 'idle' || status === 'approved'}
          aria-label={`Approve the review of ${review.productName} by ${review.reviewer}`}
        >
          <Check aria-hidden />
          Approve
        </Button>
        <Button
          ref={hideButton}
          type="submit"
          name="intent"
          value="hide"
          variant="outline"
          className="h-11"
          disabled={fetcher.state !== 'idle' || status === 'rejected'}
          aria-label={`Hide the review of ${review.productName} by ${review.reviewer}`}
        >
          <EyeOff aria-hidden />
          Hide
        </Button>
      </fetcher.Form>
    </article>
  )
}
