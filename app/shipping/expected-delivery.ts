// The day a shopper is told their order arrives by: the zone's promise made at checkout until the
// parcel is booked, then the courier's own estimate (issue 30: "A booked shipment's expected date comes
// from the courier's estimate. Before booking, the zones' promise stands."). Pure: My Orders, Track
// Order, the order's result page and the shipment box all decide with it.
import type { ShipmentTracking } from './couriers.ts'
import type { TrackState } from './track-states.ts'

/** A parcel in these states is still coming to the shopper. */
const COMING: readonly TrackState[] = ['booked', 'in_transit', 'out_for_delivery', 'undelivered']

export interface ExpectedDelivery {
  /** 'YYYY-MM-DD'. */
  day: string
  /** Whose day it is: the courier's estimate for a booked parcel, or the zone's promise. */
  from: 'courier' | 'zone'
}

/**
 * `promisedBy` is the order's zone promise, `parcel` the tracking of its latest booked parcel (none
 * for a manual shipment or before booking). A booking cancelled before pickup is sent again, so the
 * zone's promise stands again; a courier that gave no estimate leaves it standing too. A parcel
 * delivered, coming back or lost arrives by no day.
 */
export function expectedDelivery(
  promisedBy: string | null,
  parcel: Pick<ShipmentTracking, 'state' | 'expectedBy'> | null | undefined,
): ExpectedDelivery | null {
  const zone = promisedBy ? { day: promisedBy, from: 'zone' as const } : null
  if (!parcel || parcel.state === null || parcel.state === 'cancelled') return zone
  if (!COMING.includes(parcel.state)) return null
  return parcel.expectedBy ? { day: parcel.expectedBy, from: 'courier' } : zone
}
