// A product's listed prices are its MRP per size; a discount lowers what the shopper pays.
import { priceOf, type Size, type SizedFields } from './sizes.ts'

/** The price after a whole-number percentage discount, rounded to the nearest paisa (halves up). */
export function discounted(paise: number, discountPercentage: number): number {
  return Math.round((paise * (100 - discountPercentage)) / 100)
}

export interface PricedProduct extends SizedFields {
  discountPercentage: number
}

/** What one packet of this size costs the shopper, in paise. */
export function sellingPrice(product: PricedProduct, size: Size): number {
  return discounted(priceOf(product, size), product.discountPercentage)
}
