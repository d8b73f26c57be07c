// The three pack sizes the shop sells, and how each maps onto a product's price and stock columns.
import type { Locale } from '#app/i18n/locale.ts'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'

export const SIZES = ['250g', '500g', '1kg'] as const
export type Size = (typeof SIZES)[number]

/**
 * A size as shoppers read it, in the page's language or the one given (250g, 250 ग्राम); a stored
 * size the shop does not know shows as stored.
 */
export function sizeName(size: string, locale: Locale = getLocale()): string {
  return isSize(size) ? { '250g': m.size_250g, '500g': m.size_500g, '1kg': m.size_1kg }[size]({}, { locale }) : size
}

/** A size as short as the page's language writes it (250g, 250 ग्रा), for a product card's narrow size list. */
export function shortSizeName(size: Size): string {
  return { '250g': m.size_250g_short, '500g': m.size_500g_short, '1kg': m.size_1kg_short }[size]()
}

export function isSize(value: unknown): value is Size {
  return typeof value === 'string' && (SIZES as readonly string[]).includes(value)
}

export interface SizedFields {
  price250g: number
  price500g: number
  price1kg: number
  stock250g: number
  stock500g: number
  stock1kg: number
}

const columns = {
  '250g': { price: 'price250g', stock: 'stock250g' },
  '500g': { price: 'price500g', stock: 'stock500g' },
  '1kg': { price: 'price1kg', stock: 'stock1kg' },
} as const satisfies Record<Size, { price: keyof SizedFields; stock: keyof SizedFields }>

export function priceOf(product: SizedFields, size: Size): number {
  return product[columns[size].price]
}

export function stockOf(product: SizedFields, size: Size): number {
  return product[stockField(size)]
}

/** The product column that holds this size's stock. */
export function stockField(size: Size) {
  return columns[size].stock
}

/** A size can be bought when it has a price and at least one packet in stock. */
export function isAvailable(product: SizedFields, size: Size): boolean {
  return priceOf(product, size) > 0 && stockOf(product, size) > 0
}
