// The couriers an order can be shipped with, and their names: no rules and no zod, so the shopper's
// pages that name a courier (app/shipping/shipment-texts.ts) carry only this. The rules are in
// couriers.ts.

export const COURIERS = [
  'india_post',
  'dtdc',
  'delhivery',
  'bluedart',
  'ekart',
  'xpressbees',
  'own_rider',
  'other',
] as const
export type Courier = (typeof COURIERS)[number]

/** Couriers with a tracking website of their own: each has a link template in the settings. */
export const TRACKED_COURIERS = ['india_post', 'dtdc', 'delhivery', 'bluedart', 'ekart', 'xpressbees'] as const
export type TrackedCourier = (typeof TRACKED_COURIERS)[number]

/** The couriers' own names (brands, written alike in English and Hindi but India Post's). */
export const COURIER_NAMES: Record<TrackedCourier, string> = {
  india_post: 'India Post',
  dtdc: 'DTDC',
  delhivery: 'Delhivery',
  bluedart: 'Blue Dart',
  ekart: 'Ekart',
  xpressbees: 'Xpressbees',
}
