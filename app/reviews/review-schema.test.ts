import { describe, expect, it } from 'vitest'
import { getLocale, overwriteGetLocale } from '#app/paraglide/runtime.js'
import { REVIEW_NOTICES } from './review-form.ts'
import { validateReviewForm } from './review-schema.ts'

const productId = '6f1c2b9e-3d4a-4c5b-8e7f-0a1b2c3d4e5f'

describe('the review form', () => {
  it('refuses a missing rating and a long review in the page language', () => {
    const bad = { productId, rating: '0', body: 'x'.repeat(1001) }
    expect(validateReviewForm(bad)).toEqual({
      ok: false,
      fieldErrors: {
        rating: 'Please choose a rating from 1 to 5 stars.',
        body: 'Please keep your review to 1,000 characters or fewer.',
      },
    })
    const base = getLocale
    overwriteGetLocale(() => 'hi')
    try {
      expect(validateReviewForm(bad)).toEqual({
        ok: false,
        fieldErrors: {
          rating: 'कृपया 1 से 5 स्टार तक रेटिंग चुनें।',
          body: 'कृपया अपनी समीक्षा 1,000 अक्षरों के भीतर रखें।',
        },
      })
      expect(REVIEW_NOTICES.twice()).toBe('आप इस उत्पाद की समीक्षा पहले ही कर चुके हैं।')
    } finally {
      overwriteGetLocale(base)
    }
    expect(REVIEW_NOTICES.twice()).toBe('You have already reviewed this product.')
  })
})
