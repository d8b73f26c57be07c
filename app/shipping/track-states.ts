// Where a booked parcel is, read from Shiprocket's shipment status ids (reference/shiprocket.md), and
// the one rule every tracking report obeys: a parcel never moves backwards and a final state never
// changes. Pure: the webhook, the reconciler and the drills all decide with decideTrack.

export const TRACK_STATES = [
  'booked',
  'in_transit',
  'out_for_delivery',
  'undelivered',
  'delivered',
  'rto',
  'rto_delivered',
  'cancelled',
  'lost',
] as const
export type TrackState = (typeof TRACK_STATES)[number]

export const FINAL_STATES: readonly TrackState[] = ['delivered', 'rto_delivered', 'cancelled', 'lost']

/**
 * Shiprocket's status id to the shop's state (its tracking status table). Ids not listed (16
 * cancellation requested, and the warehouse, cross-border and fulfilment steps) leave the state as it is.
 */
const STATE_OF_STATUS: Record<number, TrackState> = {
  1: 'booked',
  2: 'booked',
  3: 'booked',
  4: 'booked',
  5: 'booked',
  6: 'in_transit',
  7: 'delivered',
  8: 'cancelled',
  9: 'rto',
  10: 'rto_delivered',
  12: 'lost',
  13: 'booked',
  14: 'rto_delivered',
  15: 'booked',
  17: 'out_for_delivery',
  18: 'in_transit',
  19: 'booked',
  20: 'booked',
  21: 'undelivered',
  22: 'in_transit',
  23: 'delivered',
  24: 'lost',
  25: 'lost',
  26: 'delivered',
  27: 'booked',
  38: 'in_transit',
  39: 'in_transit',
  40: 'rto',
  41: 'rto',
  42: 'in_transit',
  44: 'lost',
  45: 'cancelled',
  46: 'rto',
}

/** Status ids the owner should look at although the parcel's state does not say so. */
export const ALERT_STATUSES: Record<number, string> = {
  13: 'the pickup failed',
  20: 'the pickup had a problem',
  23: 'only part of the parcel was delivered',
}

export function stateOfStatus(statusId: number | null): TrackState | null {
  return statusId === null ? null : (STATE_OF_STATUS[statusId] ?? null)
}

/** Rank within a branch: forward booked < in_transit < {out_for_delivery, undelivered} < delivered. */
const FORWARD_RANK: Partial<Record<TrackState, number>> = {
  booked: 0,
  in_transit: 1,
  out_for_delivery: 2,
  undelivered: 2,
  delivered: 3,
}
const RETURN_RANK: Partial<Record<TrackState, number>> = { rto: 0, rto_delivered: 1 }

export type TrackDecision =
  | { apply: true; state: TrackState }
  | { apply: false; why: 'final' | 'older' | 'backwards' | 'unknown-status' }

/**
 * Whether a report moves the parcel: `current` is what the shop holds (its state and the time of the
 * scan it came from), `report` the status id and scan time just heard. The same state heard again
 * with a newer scan applies (a new NDR reason, a new date), so that re-attempts alternate
 * out_for_delivery and undelivered in scan order.
 */
export function decideTrack(
  current: { state: TrackState | null; at: Date | null },
  report: { statusId: number | null; at: Date },
): TrackDecision {
  const next = stateOfStatus(report.statusId)
  if (next === null) return { apply: false, why: 'unknown-status' }
  if (current.state !== null && FINAL_STATES.includes(current.state)) return { apply: false, why: 'final' }
  if (current.at !== null && report.at < current.at) return { apply: false, why: 'older' }
  if (current.state === null) return { apply: true, state: next }
  if (next === 'lost') return { apply: true, state: next }
  // A parcel can be cancelled only before it leaves; a cancellation heard later is stale.
  if (next === 'cancelled') return current.state === 'booked' ? { apply: true, state: next } : backwards
  const was = current.state
  if (was in RETURN_RANK) {
    if (!(next in RETURN_RANK)) return backwards
    return RETURN_RANK[next]! >= RETURN_RANK[was]! ? { apply: true, state: next } : backwards
  }
  // A return may begin from any forward state before delivery (its first events may be missed).
  if (next in RETURN_RANK) return { apply: true, state: next }
  return FORWARD_RANK[next]! >= FORWARD_RANK[was]! ? { apply: true, state: next } : backwards
}

const backwards = { apply: false, why: 'backwards' } as const
