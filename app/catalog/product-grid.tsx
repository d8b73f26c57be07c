// The grid of product cards the catalogue and the home page's bestsellers share: two columns on
// phones and tablets, four on a desktop.
import { memo } from 'react'
import { m } from '#app/paraglide/messages.js'
import { ProductCard, ProductCardSkeleton } from './product-card.tsx'
import type { ProductCardData } from './products.server.ts'

const gridClass = 'mt-6 grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4'
/**
 * Cards after the first screen's are laid out and painted only when they come near the screen: a
 * page of twenty cards was one long task of style and layout on a phone. 26rem is about a card's
 * height on a phone; once shown, a card keeps its real height (`auto`), so nothing moves.
 */
const LATER_CARD = '[content-visibility:auto] [contain-intrinsic-size:auto_26rem]'
/**
 * A card picture's width as laid out, near enough for the browser's choice of file: two columns on
 * phones and tablets (the page's padding and the gap taken off: exact below 640 px, 6 px over above),
 * four from 1024 px, at most 260 px in the 1152 px page. A phone of 412 px at 1.75 device pixels
 * (Lighthouse's) or 360 px at 2 takes the 320 px file, not the 640 (13 KB, not 40).
 */
const GRID_IMAGE_SIZES = '(min-width: 1024px) 260px, calc(50vw - 24px)'

/** Memoised: the router's other updates (a fetcher, a form's state) leave a list of cards alone. */
export const ProductGrid = memo(function ProductGrid({
  products,
  showcase,
  eagerCount,
}: {
  products: ProductCardData[]
  showcase: boolean
  eagerCount: number
}) {
  return (
    <ul className={gridClass}>
      {products.map((product, index) => (
        <li key={product.id} className={index < eagerCount ? undefined : LATER_CARD}>
          <ProductCard product={product} showcase={showcase} eager={index < eagerCount} imageSizes={GRID_IMAGE_SIZES} />
        </li>
      ))}
    </ul>
  )
})

export function ProductGridSkeleton({ count }: { count: number }) {
  return (
    <div role="status" aria-label={m.loading_products()}>
      <div className={gridClass}>
        {Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with no identity of their own
          <ProductCardSkeleton key={index} />
        ))}
      </div>
    </div>
  )
}
