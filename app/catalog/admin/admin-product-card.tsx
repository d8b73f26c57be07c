// One product in the Products tab (spec section 2): image, name, category badge, Featured, 'N% OFF'
// above 0, two lines of description, and each size's price and stock. Edit and Delete; an archived
// product offers Restore instead of Delete.
import { Pencil, RotateCcw } from 'lucide-react'
import { useId } from 'react'
import { Link } from 'react-router'
import { formatRupees } from '#app/shared/money.ts'
import { Badge } from '#app/ui/badge.tsx'
import { Button } from '#app/ui/button.tsx'
import { cn } from '#app/ui/cn.ts'
import { ShopImage } from '#app/ui/shop-image.tsx'
import type { AdminProductCard as Product } from '../admin-products.server.ts'
import { priceOf, SIZES, stockOf } from '../sizes.ts'
import { DeleteProductDialog } from './delete-product-dialog.tsx'
import { productActionButton, useProductAction } from './product-action.ts'

export function AdminProductCard({ product }: { product: Product }) {
  const titleId = useId()
  const archived = product.archivedAt !== null
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm"
    >
      <div className="flex gap-3 p-4">
        <ShopImage
          src={product.imageUrl}
          alt=""
          width={1}
          height={1}
          sizes="96px"
          // Only the photo is dimmed: 'Image not available' in its place keeps its contrast.
          className={cn('w-20 shrink-0 self-start rounded-lg sm:w-24', archived && 'grayscale [&_img]:opacity-60')}
        />
        <div className="min-w-0 flex-1 space-y-1.5">
          <h3 id={titleId} className="text-lg leading-snug font-bold break-words">
            {product.name}
          </h3>
          <div className="flex flex-wrap gap-1.5">
            <Badge variant="secondary">{product.category}</Badge>
            {product.isFeatured && <Badge variant="accent">Featured</Badge>}
            {product.discountPercentage > 0 && <Badge variant="destructive">{product.discountPercentage}% OFF</Badge>}
            {archived && <Badge variant="outline">Archived</Badge>}
          </div>
          {product.description && (
            <p className="line-clamp-2 text-sm break-words text-muted-foreground">{product.description}</p>
          )}
        </div>
      </div>

      <table className="mx-4 mb-4 text-sm">
        <caption className="sr-only">Prices and stock of {product.name}</caption>
        <thead>
          <tr className="text-left text-xs text-muted-foreground">
            <th scope="col" className="pb-1 font-semibold">
              Size
            </th>
            <th scope="col" className="pb-1 font-semibold">
              Price
            </th>
            <th scope="col" className="pb-1 text-right font-semibold">
              Stock
            </th>
          </tr>
        </thead>
        <tbody>
          {SIZES.map((size) => {
            const price = priceOf(product, size)
            const stock = stockOf(product, size)
            return (
              <tr key={size} className="border-t">
                <th scope="row" className="py-1.5 text-left font-semibold">
                  {size}
                </th>
                <td className="py-1.5">
                  {price > 0 ? formatRupees(price) : <span className="text-muted-foreground">Not sold</span>}
                </td>
                <td className="py-1.5 text-right">
                  {price === 0 ? (
                    <span className="text-muted-foreground">–</span>
                  ) : stock === 0 ? (
                    <span className="font-semibold text-chilli">Out of stock</span>
                  ) : (
                    `${stock.toLocaleString('en-IN')} in stock`
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>

      <div className="mt-auto grid grid-cols-2 gap-2 border-t bg-muted/40 p-3">
        <Button asChild variant="outline" className="h-11">
          <Link to={`/admin/products/${product.id}`} aria-label={`Edit ${product.name}`}>
            <Pencil aria-hidden />
            Edit
          </Link>
        </Button>
        {archived ? <RestoreButton product={product} /> : <DeleteProductDialog product={product} />}
      </div>
    </article>
  )
}

function RestoreButton({ product }: { product: Product }) {
  const { run, busy } = useProductAction(product.id)
  return (
    <Button
      className="h-11"
      disabled={busy}
      onClick={() => void run('restore')}
      aria-label={`Restore ${product.name}`}
      {...productActionButton(product.id)}
    >
      <RotateCcw aria-hidden />
      Restore
    </Button>
  )
}
