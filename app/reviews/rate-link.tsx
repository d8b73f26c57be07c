// My Orders' way to the review form: a 'Rate' link on each delivered line, or what became of the
// shopper's review of that product.
import { CircleCheck, Star } from 'lucide-react'
import { Link } from '#app/i18n/links.tsx'
import { m } from '#app/paraglide/messages.js'
import { REVIEW_SECTION_ID } from './review-form.ts'
import type { RateableLine } from './reviews.server.ts'

export function RateLink({ line, productName }: { line: RateableLine | undefined; productName: string }) {
  if (!line) return null
  if (line.reviewStatus) {
    return (
      <span className="inline-flex shrink-0 items-center gap-1 text-xs font-semibold text-success">
        <CircleCheck className="size-3.5" aria-hidden />
        {m.review_rated()}
      </span>
    )
  }
  return (
    <Link
      to={`/products/${encodeURIComponent(line.productSlug)}#${REVIEW_SECTION_ID}`}
      aria-label={m.review_rate_product({ name: productName })}
      className="inline-flex min-h-10 shrink-0 items-center gap-1 rounded-md border border-primary/40 bg-card px-3 text-sm font-semibold text-brown transition-colors outline-none hover:bg-secondary focus-visible:ring-[3px] focus-visible:ring-ring/60"
    >
      <Star className="size-4 fill-turmeric text-turmeric" aria-hidden />
      {m.review_rate()}
    </Link>
  )
}
