// The product page's reviews: the real average and count of approved reviews (nothing invented), the
// approved reviews marked 'Verified buyer', and the viewer's own part: the form when they received
// the product and have not reviewed it, or what became of their review.
import { BadgeCheck, CircleCheck, LogIn, MessageSquareText } from 'lucide-react'
import { Link } from '#app/i18n/links.tsx'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { Button } from '#app/ui/button.tsx'
import { cn } from '#app/ui/cn.ts'
import { MY_REVIEW_STATUS, REVIEW_NOTICES, REVIEW_SECTION_ID, type ReviewNotice } from './review-form.ts'
import { ReviewForm } from './review-form.tsx'
import type { ProductReviewsData } from './review-routes.server.ts'
import type { PublishedReview, ReviewStanding } from './reviews.server.ts'
import { Stars } from './stars.tsx'

const reviewDate = {
  en: new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' }),
  hi: new Intl.DateTimeFormat('hi-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' }),
}

export function ProductReviews({
  product,
  reviews,
}: {
  product: { id: string; slug: string; name: string; ratingAverage: number | null; ratingCount: number }
  reviews: ProductReviewsData
}) {
  const rated = product.ratingCount > 0 && product.ratingAverage !== null
  return (
    <section id={REVIEW_SECTION_ID} aria-labelledby="reviews-title" className="mt-12 scroll-mt-20">
      <h2 id="reviews-title" className="text-2xl font-bold">
        {m.customer_reviews()}
      </h2>
      <div className="mt-5 grid gap-6 lg:grid-cols-[20rem_minmax(0,1fr)] lg:items-start">
        <div className="grid gap-4">
          <div className="rounded-xl border bg-card p-4 sm:p-5">
            {rated ? (
              <div className="flex items-center gap-4">
                <p className="text-4xl font-bold text-brown">{product.ratingAverage!.toFixed(1)}</p>
                <div>
                  <Stars rating={Math.round(product.ratingAverage! * 10) / 10} />
                  <p className="text-sm text-muted-foreground">
                    {product.ratingCount === 1
                      ? m.review_from_one()
                      : m.review_from_many({ count: product.ratingCount })}
                  </p>
                </div>
              </div>
            ) : (
              <p className="text-muted-foreground">{m.no_reviews_yet({ name: product.name })}</p>
            )}
          </div>
          {reviews.notice && <Notice notice={reviews.notice} />}
          <YourReview product={product} standing={reviews.standing} />
        </div>

        {reviews.list.length > 0 && (
          <ul className="grid gap-3" aria-label={m.reviews_of({ name: product.name })}>
            {reviews.list.map((review) => (
              <li key={review.id}>
                <ReviewCard review={review} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}

function ReviewCard({ review }: { review: PublishedReview }) {
  return (
    <article className="rounded-xl border bg-card p-4 sm:p-5" aria-label={m.review_by({ author: review.author })}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Stars rating={review.rating} />
        <time dateTime={review.createdAt} className="text-sm text-muted-foreground">
          {reviewDate[getLocale()].format(new Date(review.createdAt))}
        </time>
      </div>
      {review.body && <p className="mt-2 leading-relaxed break-words whitespace-pre-wrap">{review.body}</p>}
      <p className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="font-semibold">{review.author}</span>
        <span className="inline-flex items-center gap-1 rounded-full bg-[oklch(0.96_0.04_145)] px-2 py-0.5 text-xs font-semibold text-[oklch(0.35_0.09_145)]">
          <BadgeCheck className="size-3.5" aria-hidden />
          {m.verified_buyer()}
        </span>
      </p>
    </article>
  )
}

function YourReview({
  product,
  standing,
}: {
  product: { id: string; slug: string; name: string }
  standing: ReviewStanding
}) {
  switch (standing.kind) {
    case 'can-review':
      return (
        <div className="rounded-xl border border-accent bg-secondary/50 p-4 sm:p-5">
          <h3 className="flex items-center gap-2 text-lg font-bold">
            <MessageSquareText className="size-5 text-primary" aria-hidden />
            {m.review_rate_product({ name: product.name })}
          </h3>
          <p className="mt-1 mb-4 text-sm text-muted-foreground">{m.review_invite()}</p>
          <ReviewForm productId={product.id} productName={product.name} />
        </div>
      )
    case 'reviewed':
      return (
        <div role="status" className="rounded-xl border bg-card p-4 sm:p-5">
          <h3 className="flex items-center gap-2 font-bold">
            <CircleCheck className="size-5 text-success" aria-hidden />
            {m.you_reviewed()}
          </h3>
          <Stars rating={standing.rating} className="mt-2" />
          <p className="mt-1 text-sm text-muted-foreground">{MY_REVIEW_STATUS[standing.status]()}</p>
        </div>
      )
    case 'signed-out':
      return (
        <div className="rounded-xl border bg-card p-4 text-sm sm:p-5">
          <p>{m.review_signed_out({ name: product.name })}</p>
          <Button asChild variant="outline" className="mt-3 h-11">
            <Link to={`/auth?redirectTo=${encodeURIComponent(`/products/${product.slug}#${REVIEW_SECTION_ID}`)}`}>
              <LogIn aria-hidden />
              {m.sign_in_to_review()}
            </Link>
          </Button>
        </div>
      )
    case 'not-delivered':
      return null
  }
}

/** The answer to a review sent without JavaScript, named by its code in the URL. */
function Notice({ notice }: { notice: ReviewNotice }) {
  const ok = notice === 'sent'
  return (
    <p
      role={ok ? 'status' : 'alert'}
      className={cn(
        'rounded-lg border p-3 text-sm',
        ok ? 'border-success/40 bg-card' : 'border-destructive/40 bg-card text-destructive',
      )}
    >
      {REVIEW_NOTICES[notice]()}
    </p>
  )
}
