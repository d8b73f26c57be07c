import { Star } from 'lucide-react'
import { memo } from 'react'
import { AddToCartCompact } from '#app/cart/add-to-cart.tsx'
import { Link } from '#app/i18n/links.tsx'
import { BUY_CONTROLS } from '#app/notifications/buy-controls.ts'
import { m } from '#app/paraglide/messages.js'
import { formatRupees } from '#app/shared/money.ts'
import { Badge } from '#app/ui/badge.tsx'
import { cn } from '#app/ui/cn.ts'
import { ShopImage } from '#app/ui/shop-image.tsx'
import { Skeleton } from '#app/ui/skeleton.tsx'
import { categoryName } from './browse.ts'
import { sellingPrice } from './pricing.ts'
import type { ProductCardData } from './products.server.ts'

export function productPath(slug: string): string {
  return `/products/${encodeURIComponent(slug)}`
}

/**
 * A product in a list. Memoised, and told the shop's mode by its list rather than reading the router's
 * state: a list of cards renders once when the page hydrates and again only when its products change.
 */
export const ProductCard = memo(function ProductCard({
  product,
  showcase,
  eager = false,
  imageSizes,
}: {
  product: ProductCardData
  /** Showcase mode (useShowcaseMode): 'Coming Soon' instead of Add to Cart. */
  showcase: boolean
  /** On the first screen: its picture loads at once (ShopImage). */
  eager?: boolean
  /** The rendered image width, for srcset (the grid's). */
  imageSizes: string
}) {
  const price = sellingPrice(product, '250g')
  const discounted = product.discountPercentage > 0
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow hover:shadow-md has-[a:focus-visible]:ring-[3px] has-[a:focus-visible]:ring-ring/60">
      <div className="relative">
        <ShopImage
          src={product.imageUrl}
          alt={product.name}
          width={640}
          height={640}
          sizes={imageSizes}
          eager={eager}
        />
        <div className="absolute top-2 left-2 flex flex-col items-start gap-1.5 sm:top-3 sm:left-3">
          {product.isFeatured && <Badge variant="accent">{m.badge_bestseller()}</Badge>}
          {discounted && <Badge variant="destructive">{m.badge_off({ percent: product.discountPercentage })}</Badge>}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-2.5 sm:gap-2 sm:p-4">
        <p className="text-[0.7rem] font-semibold tracking-wide text-muted-foreground uppercase sm:text-xs">
          {categoryName(product.category)}
        </p>
        <h3 className="text-base leading-snug font-bold sm:text-lg">
          {/* The link covers the whole card, so the picture opens the product too. */}
          <Link
            to={productPath(product.slug)}
            className="outline-none after:absolute after:inset-0 after:content-[''] hover:text-primary"
          >
            {product.name}
          </Link>
        </h3>
        <RatingSummary average={product.ratingAverage} count={product.ratingCount} />
        {/* The price and Add to Cart are buy controls: the push banner never covers them. */}
        <p {...BUY_CONTROLS} className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
          <span className="text-base font-bold text-brown sm:text-lg">{formatRupees(price)}</span>
          {discounted && (
            <span className="text-sm text-muted-foreground line-through">
              <span className="sr-only">{m.mrp()} </span>
              {formatRupees(product.price250g)}
            </span>
          )}
          <span className="text-sm text-muted-foreground">{m.per_250g()}</span>
        </p>
        {showcase ? (
          <div {...BUY_CONTROLS} className="mt-auto rounded-lg bg-secondary/70 px-2 py-2 text-center sm:px-3">
            <p className="font-semibold text-brown">{m.coming_soon()}</p>
            <p className="text-xs text-muted-foreground">{m.ordering_not_open()}</p>
          </div>
        ) : (
          <div {...BUY_CONTROLS} className="mt-auto">
            <AddToCartCompact product={product} />
          </div>
        )}
      </div>
    </article>
  )
})

/** The average of approved reviews and their count; nothing at all without reviews (no invented ratings). */
export function RatingSummary({
  average,
  count,
  className,
}: {
  average: number | null
  count: number
  className?: string
}) {
  if (average === null || count === 0) return null
  const shown = average.toFixed(1)
  const reviews = count === 1 ? m.reviews_one({ count }) : m.reviews_many({ count })
  return (
    <p className={cn('flex items-center gap-1 text-sm', className)}>
      <Star className="size-4 fill-turmeric text-turmeric" aria-hidden />
      <span aria-hidden className="font-semibold text-brown">
        {shown}
      </span>
      <span aria-hidden className="text-muted-foreground">
        ({reviews})
      </span>
      <span className="sr-only">{m.rated_out_of_5({ rating: shown, reviews })}</span>
    </p>
  )
}

/** Holds a card's place while the list loads. */
export function ProductCardSkeleton() {
  return (
    <div
      data-slot="product-card-skeleton"
      className="flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm"
    >
      <Skeleton className="aspect-square w-full rounded-none" />
      <div className="flex flex-1 flex-col gap-2 p-2.5 sm:p-4">
        <Skeleton className="h-3 w-1/2" />
        <Skeleton className="h-5 w-4/5" />
        <Skeleton className="h-5 w-2/5" />
        <Skeleton className="mt-2 h-14 w-full" />
      </div>
    </div>
  )
}
