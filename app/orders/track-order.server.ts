// Guest tracking: order number + the phone number it was placed with show that order's status and
// history. Rate-limited per client address, so numbers cannot be guessed; a mismatch shows nothing.
import { z } from 'zod'
import { m } from '#app/paraglide/messages.js'
import type { Db } from '#app/platform/db.server.ts'
import { hitRateLimit, type RateLimitRule } from '#app/platform/rate-limit.server.ts'
import { type FieldErrors, validateForm } from '#app/shared/form-schema.ts'
import { normaliseIndianMobile } from '#app/shared/phone.ts'
import { type TrackedOrder, trackOrder } from './orders.server.ts'

// Guessing needs an order number (2^32) and its mobile number together, so the limit only has to stop
// enumeration; shoppers behind one mobile carrier's address share it, so it is generous.
export const TRACKING_RATE_LIMIT: RateLimitRule = { name: 'track-order:ip', limit: 30, windowMs: 15 * 60_000 }

export const TRACKING_FIELDS = ['orderNumber', 'phone'] as const

export const trackingFormSchema = z.object({
  orderNumber: z
    .string()
    .trim()
    .transform((value) => value.replace(/^#/, '').toLowerCase())
    .pipe(z.string().regex(/^[0-9a-f]{8}$/, { error: () => m.track_bad_number() })),
  phone: z
    .string()
    .trim()
    .transform((value, context) => {
      const canonical = normaliseIndianMobile(value)
      if (canonical) return canonical
      context.addIssue({ code: 'custom', message: m.track_bad_phone() })
      return z.NEVER
    }),
})

export type TrackingResult =
  | { status: 'found'; order: TrackedOrder }
  | { status: 'not-found' }
  | { status: 'invalid'; fieldErrors: FieldErrors<(typeof TRACKING_FIELDS)[number]> }
  | { status: 'rate-limited'; retryAfterSeconds: number }

export async function lookUpOrder(db: Db, values: unknown, clientIp: string): Promise<TrackingResult> {
  const parsed = validateForm(trackingFormSchema, TRACKING_FIELDS, values)
  if (!parsed.ok) return { status: 'invalid', fieldErrors: parsed.fieldErrors }
  const limit = await hitRateLimit(db, TRACKING_RATE_LIMIT, clientIp)
  if (!limit.allowed) return { status: 'rate-limited', retryAfterSeconds: limit.retryAfterSeconds }
  const order = await trackOrder(db, parsed.data.orderNumber, parsed.data.phone)
  return order ? { status: 'found', order } : { status: 'not-found' }
}
