// A Shiprocket booking as the owner's screens show it (an order's Details; the Shipping view's rows
// have the same shape), and the words for where its parcel is.
import type { shipments } from '../schema.ts'
import type { TrackState } from '../track-states.ts'

export interface BookingView {
  courierName: string | null
  awb: string | null
  trackState: TrackState | null
  /** The courier's expected day, 'YYYY-MM-DD'. */
  expectedBy: string | null
  /** The courier's reason for the last failed delivery attempt. */
  ndrReason: string | null
  /** Why the last booking step failed; the booking resumes from there. */
  bookingError: string | null
  labelReady: boolean
  /** Booked through to the pickup: a booking without it stopped half way. */
  pickupRequested: boolean
  manifested: boolean
  trackingUrl: string | null
}

export function toBookingView(row: typeof shipments.$inferSelect): BookingView {
  return {
    courierName: row.courierName,
    awb: row.awb,
    trackState: row.trackState,
    expectedBy: row.expectedBy,
    ndrReason: row.ndrReason,
    bookingError: row.bookingError,
    labelReady: row.labelKey !== null,
    pickupRequested: row.pickupRequestedAt !== null,
    manifested: row.manifestedAt !== null,
    trackingUrl: row.trackingUrl,
  }
}

export const TRACK_STATE_LABEL: Record<TrackState, string> = {
  booked: 'Awaiting pickup',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  undelivered: 'Delivery failed',
  delivered: 'Delivered',
  rto: 'Coming back (RTO)',
  rto_delivered: 'Back at the shop',
  cancelled: 'Cancelled',
  lost: 'Lost',
}

/** Where the booking stands, in words: its parcel's state, or that it stopped half way. */
export function bookingStateText(booking: Pick<BookingView, 'trackState' | 'pickupRequested'>): string {
  if (!booking.pickupRequested) return 'Booking not finished'
  return booking.trackState ? TRACK_STATE_LABEL[booking.trackState] : 'Booked'
}

const SHORT_DAY = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
})

/** 'Thu, 26 Nov' for '2026-11-26': a day in a card's line. */
export function shortDay(day: string): string {
  return SHORT_DAY.format(new Date(`${day}T00:00:00Z`))
}
