import { formatRupees } from '#app/shared/money.ts'
import { Badge } from '#app/ui/badge.tsx'
import { ShopImage } from '#app/ui/shop-image.tsx'
import { sellingPrice } from './pricing.ts'
import type { ProductCardData } from './products.server.ts'

export function ProductCard({ product, priority = false }: { product: ProductCardData; priority?: boolean }) {
  const price = sellingPrice(product, '250g')
  const discounted = product.discountPercentage > 0
  return (
    <article className="group flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow hover:shadow-md">
      <div className="relative">
        <ShopImage
          src={product.imageUrl}
          alt={product.name}
          width={640}
          height={640}
          sizes="(min-width: 1024px) 280px, (min-width: 640px) 45vw, 90vw"
          priority={priority}
        />
        <div className="absolute top-3 left-3 flex flex-col items-start gap-1.5">
          {product.isFeatured && <Badge variant="accent">Bestseller</Badge>}
          {discounted && <Badge variant="destructive">{product.discountPercentage}% OFF</Badge>}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{product.category}</p>
        <h3 className="text-lg leading-snug font-bold">{product.name}</h3>
        <p className="flex items-baseline gap-2">
          <span className="text-lg font-bold text-brown">{formatRupees(price)}</span>
          {discounted && (
            <span className="text-sm text-muted-foreground line-through">
              <span className="sr-only">MRP </span>
              {formatRupees(product.price250g)}
            </span>
          )}
          <span className="text-sm text-muted-foreground">/ 250g</span>
        </p>
        <div className="mt-auto rounded-lg bg-secondary/70 px-3 py-2 text-center">
          <p className="font-semibold text-brown">Coming Soon</p>
          <p className="text-xs text-muted-foreground">Online ordering is not open yet. Contact us for bulk orders.</p>
        </div>
      </div>
    </article>
  )
}
