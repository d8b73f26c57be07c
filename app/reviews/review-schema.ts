// The review form's one schema, run by POST /reviews for the decision and by the browser for early
// feedback: the form loads this module (and zod with it) when a shopper starts on it, so the product
// page's first load carries no validation code (docs/decisions/018-lean-shop-pages.md).
import { z } from 'zod'
import { m } from '#app/paraglide/messages.js'
import { type FormValidation, validateForm } from '#app/shared/form-schema.ts'
import { REVIEW_FIELDS, REVIEW_TEXT_MAX, type ReviewField, reviewTooLong } from './review-form.ts'

export const reviewFormSchema = z.object({
  productId: z.uuid({ error: () => m.review_no_product() }),
  // Exactly one digit 1-5: '0', '6', '3.5', '4 ' and '' are all refused with the same sentence.
  rating: z
    .string({ error: () => m.review_choose_rating() })
    .regex(/^[1-5]$/, { error: () => m.review_choose_rating() })
    .transform(Number),
  body: z
    .string()
    // Browsers post a textarea's line breaks as CRLF: count them as one character, as the counter does.
    .overwrite((value) => value.replace(/\r\n?/g, '\n'))
    .trim()
    .max(REVIEW_TEXT_MAX, { error: () => reviewTooLong() }),
})

export type ReviewInput = z.output<typeof reviewFormSchema>

export function validateReviewForm(values: unknown): FormValidation<ReviewInput, ReviewField> {
  return validateForm(reviewFormSchema, REVIEW_FIELDS, values)
}
