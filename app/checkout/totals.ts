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

export interface Totals {
  subtotal: number
  /** The coupon's discount. */
  discount: number
  delivery: number
  total: number
  /** How much more would make delivery free; 0 once it is free. */
  freeDeliveryShortfall: number
}

/** A coupon's discount on a subtotal: a whole-number percentage, rounded to the nearest paisa (halves up). */
export function couponDiscount(subtotal: number, percentOff: number): number {
  return Math.round((subtotal * percentOff) / 100)
}

export function orderTotals(lines: readonly PricedLine[], terms: DeliveryTerms, couponPercentOff = 0): Totals {
  const subtotal = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0)
  const discount = couponDiscount(subtotal, couponPercentOff)
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
