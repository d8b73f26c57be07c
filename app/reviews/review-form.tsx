// The shopper's review form: 1-5 stars as a radio group and an optional text. A plain POST to
// /reviews, so it works without JavaScript; with it, the browser checks the form with the server's own
// schema first and sends it through a fetcher, and the page reloads its reviews from the answer. The
// schema (with zod) is fetched when the shopper starts on the form, not with the page.

import { CircleAlert, Send, Star } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { useFetcher } from 'react-router'
import { localize } from '#app/i18n/links.tsx'
import { m } from '#app/paraglide/messages.js'
import { Button } from '#app/ui/button.tsx'
import { cn } from '#app/ui/cn.ts'
import { toastAnswer } from '#app/ui/toast.tsx'
import { useNewAnswer } from '#app/ui/use-new-answer.ts'
import {
  ENHANCED_FIELD,
  REVIEW_TEXT_MAX,
  type ReviewFieldErrors,
  type ReviewResult,
  reviewTextLength,
} from './review-form.ts'

const loadSchema = () => import('./review-schema.ts')

const STAR_WORDS = [
  m.review_star_poor,
  m.review_star_fair,
  m.review_star_good,
  m.review_star_very_good,
  m.review_star_excellent,
] as const

export function ReviewForm({ productId, productName }: { productId: string; productName: string }) {
  const id = useId()
  const fetcher = useFetcher<ReviewResult>()
  const [rating, setRating] = useState(0)
  const [length, setLength] = useState(0)
  const [clientErrors, setClientErrors] = useState<ReviewFieldErrors | null>(null)
  const serverErrors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {}
  const errors = clientErrors ?? serverErrors
  const refusal = fetcher.data && !fetcher.data.ok && !fetcher.data.fieldErrors ? fetcher.data : null
  const sending = fetcher.state !== 'idle'

  useNewAnswer(fetcher.data, toastAnswer)

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const { validateReviewForm } = await loadSchema()
    const result = validateReviewForm(Object.fromEntries(form))
    if (!result.ok) {
      setClientErrors(result.fieldErrors)
      const first = result.fieldErrors.rating ? `${id}-rating-1` : `${id}-body`
      document.getElementById(first)?.focus()
      return
    }
    setClientErrors({})
    form.set(ENHANCED_FIELD, '1')
    void fetcher.submit(form, { method: 'post', action: localize('/reviews') })
  }

  return (
    <form
      method="post"
      action={localize('/reviews')}
      noValidate
      onSubmit={onSubmit}
      onFocus={loadSchema}
      className="grid gap-4"
      aria-label={m.review_form_label({ name: productName })}
    >
      <input type="hidden" name="productId" value={productId} />
      <fieldset aria-describedby={errors.rating ? `${id}-rating-error` : undefined}>
        <legend className="font-semibold">{m.review_your_rating()}</legend>
        <div className="mt-1 flex gap-0.5">
          {STAR_WORDS.map((word, index) => {
            const value = index + 1
            return (
              <label
                key={value}
                htmlFor={`${id}-rating-${value}`}
                className="flex size-11 cursor-pointer items-center justify-center rounded-md has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/60"
              >
                <input
                  id={`${id}-rating-${value}`}
                  type="radio"
                  name="rating"
                  value={value}
                  checked={rating === value}
                  onChange={() => {
                    setRating(value)
                    setClientErrors((previous) => (previous ? { ...previous, rating: undefined } : previous))
                  }}
                  className="peer sr-only"
                />
                <Star
                  aria-hidden
                  className={cn(
                    'size-8 transition-colors',
                    value <= rating ? 'fill-turmeric text-turmeric' : 'fill-transparent text-brown/50',
                  )}
                />
                <span className="sr-only">
                  {value === 1
                    ? m.review_star_one({ word: word() })
                    : m.review_star_many({ count: value, word: word() })}
                </span>
              </label>
            )
          })}
        </div>
        <p className="min-h-5 text-sm text-muted-foreground" aria-hidden>
          {rating > 0 ? m.review_chosen({ rating, word: STAR_WORDS[rating - 1]!() }) : m.review_tap_star()}
        </p>
        {errors.rating && (
          <p id={`${id}-rating-error`} className="flex items-center gap-1.5 text-sm font-medium text-destructive">
            <CircleAlert className="size-4 shrink-0" aria-hidden />
            {errors.rating}
          </p>
        )}
      </fieldset>

      <div className="grid gap-1">
        <label htmlFor={`${id}-body`} className="font-semibold">
          {m.review_your_review()} <span className="font-normal text-muted-foreground">{m.optional()}</span>
        </label>
        <textarea
          id={`${id}-body`}
          name="body"
          rows={4}
          maxLength={REVIEW_TEXT_MAX + 200}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={`${id}-body-count${errors.body ? ` ${id}-body-error` : ''}`}
          onChange={(event) => {
            setLength(reviewTextLength(event.target.value))
            if (errors.body) setClientErrors((previous) => ({ ...(previous ?? {}), body: undefined }))
          }}
          placeholder={m.review_placeholder({ name: productName })}
          className="w-full min-w-0 rounded-md border border-input bg-card px-3 py-2 text-base outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40"
        />
        <p
          id={`${id}-body-count`}
          className={cn(
            'text-right text-xs',
            length > REVIEW_TEXT_MAX ? 'font-semibold text-destructive' : 'text-muted-foreground',
          )}
        >
          {length.toLocaleString('en-IN')} / {REVIEW_TEXT_MAX.toLocaleString('en-IN')}
        </p>
        {errors.body && (
          <p id={`${id}-body-error`} className="flex items-center gap-1.5 text-sm font-medium text-destructive">
            <CircleAlert className="size-4 shrink-0" aria-hidden />
            {errors.body}
          </p>
        )}
      </div>

      {refusal && (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-card p-3 text-sm text-destructive">
          {refusal.message}
        </p>
      )}

      <Button type="submit" className="h-11 w-full sm:w-fit" disabled={sending}>
        <Send aria-hidden />
        {sending ? m.review_sending() : m.review_submit()}
      </Button>
    </form>
  )
}
