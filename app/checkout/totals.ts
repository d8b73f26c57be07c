// What an order costs, in paise: the same pure rules for the cart drawer, the checkout page and the
// order the server stores. Delivery is free when the items' subtotal (at their selling prices, before
// a coupon) reaches the threshold, so applying a coupon never adds a delivery fee
// (docs/decisions/007-buying.md).

export interface DeliveryTerms {
  /** Paise. */
  deliveryFee: number
  /** Paise: delivery is free from this subtotal on. */
  freeDeliveryThreshold: number
}

export interface PricedLine {
  /** What one packet costs the shopper, in paise. */
  unitPrice: number
  quantity: number
}

/** What a coupon takes off: a whole-number percentage of the subtotal, or a flat amount in paise. */
export type CouponTerms =
  | { kind: 'percent'; percentOff: number; minOrderAmount: number }
  | { kind: 'flat'; amountOff: number; minOrderAmount: number }

export interface Totals {
  subtotal: number
  /** The coupon's discount. */
  discount: number
  delivery: number
  total: number
  /** How much more would make delivery free; 0 once it is free. */
  freeDeliveryShortfall: number
}

export function linesSubtotal(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0)
}

/** How much more the subtotal needs before the coupon applies; 0 once it does. */
export function couponShortfall(subtotal: number, coupon: CouponTerms): number {
  return Math.max(0, coupon.minOrderAmount - subtotal)
}

/**
 * A coupon's discount on a subtotal, nothing below its minimum order. A percentage is rounded to the
 * nearest paisa (halves up); a flat amount never takes more than the subtotal, so a total is never
 * below the delivery fee.
 */
export function couponDiscount(subtotal: number, coupon: CouponTerms | null): number {
  if (!coupon || subtotal <= 0 || couponShortfall(subtotal, coupon) > 0) return 0
  return coupon.kind === 'percent'
    ? Math.round((subtotal * coupon.percentOff) / 100)
    : Math.min(coupon.amountOff, subtotal)
}

export function orderTotals(
  lines: readonly PricedLine[],
  terms: DeliveryTerms,
  coupon: CouponTerms | null = null,
): Totals {
  const subtotal = linesSubtotal(lines)
  const discount = couponDiscount(subtotal, coupon)
  const freeDelivery = subtotal >= terms.freeDeliveryThreshold
  const delivery = subtotal === 0 || freeDelivery ? 0 : terms.deliveryFee
  return {
    subtotal,
    discount,
    delivery,
    total: subtotal - discount + delivery,
    freeDeliveryShortfall: freeDelivery ? 0 : terms.freeDeliveryThreshold - subtotal,
  }
}

/**
 * The totals with a delivery zone's extra fee (app/delivery) added to the delivery charge. The extra
 * fee is charged also when delivery is otherwise free: it pays for reaching the area, not for the
 * order's size (docs/decisions/023-delivery-zones.md). An empty cart costs nothing.
 */
export function withZoneFee(totals: Totals, zoneFee: number): Totals {
  if (totals.subtotal === 0 || zoneFee === 0) return totals
  return { ...totals, delivery: totals.delivery + zoneFee, total: totals.total + zoneFee }
}
