// Size choice and Add to Cart, on product cards (a compact list) and on the product page (a radio
// group). A size without a price or without stock is shown and cannot be chosen.
import { ChevronDown, ShoppingCart } from 'lucide-react'
import { useId } from 'react'
import { type PricedProduct, sellingPrice } from '#app/catalog/pricing.ts'
import { isAvailable, priceOf, SIZES, type Size, shortSizeName, sizeName } from '#app/catalog/sizes.ts'
import { m } from '#app/paraglide/messages.js'
import { formatRupees } from '#app/shared/money.ts'
import { Button } from '#app/ui/button.tsx'
import { cn } from '#app/ui/cn.ts'
import { CartForm } from './cart-form.tsx'

interface OrderableProduct extends PricedProduct {
  id: string
  name: string
}

function firstAvailable(product: OrderableProduct): Size | undefined {
  return SIZES.find((size) => isAvailable(product, size))
}

function sizeOption(product: OrderableProduct, size: Size): string {
  const name = shortSizeName(size)
  if (priceOf(product, size) === 0) return m.size_unavailable({ size: name })
  const price = formatRupees(sellingPrice(product, size))
  return isAvailable(product, size) ? `${name} · ${price}` : m.size_out_of_stock({ size: name, price })
}

/** The card's ordering row: a size list and a button. */
export function AddToCartCompact({ product }: { product: OrderableProduct }) {
  const id = useId()
  const initial = firstAvailable(product)
  if (!initial) {
    return (
      <p className="mt-auto rounded-lg bg-secondary/70 px-3 py-2 text-center text-sm font-semibold text-muted-foreground">
        {m.out_of_stock()}
      </p>
    )
  }
  return (
    <CartForm className="relative z-10 mt-auto flex flex-col gap-2">
      {(busy) => (
        <>
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="productId" value={product.id} />
          <label htmlFor={`${id}-size`} className="sr-only">
            {m.pack_size_for({ name: product.name })}
          </label>
          {/* A drawn chevron instead of the browser's leaves room for '1kg · ₹1,080.00' and '500 ग्रा · ₹150.00' on a 360 px phone. */}
          <div className="relative">
            <select
              id={`${id}-size`}
              name="size"
              defaultValue={initial}
              className="h-11 w-full appearance-none rounded-md border border-input bg-card py-0 pr-5 pl-1.5 text-[13px] font-medium text-foreground outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40 sm:text-sm"
            >
              {SIZES.map((size) => (
                <option key={size} value={size} disabled={!isAvailable(product, size)}>
                  {sizeOption(product, size)}
                </option>
              ))}
            </select>
            <ChevronDown
              className="pointer-events-none absolute top-1/2 right-1 size-3.5 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
          </div>
          <Button type="submit" disabled={busy} className="h-11">
            <ShoppingCart aria-hidden />
            {m.add_to_cart()}
            <span className="sr-only">{m.for_product({ name: product.name })}</span>
          </Button>
        </>
      )}
    </CartForm>
  )
}

/** The product page's ordering block: one radio per size, with its price, then the button. */
export function AddToCartSizes({ product }: { product: OrderableProduct }) {
  const initial = firstAvailable(product)
  if (!initial) {
    return (
      <div className="rounded-xl border bg-secondary/70 p-4">
        <p className="text-lg font-bold text-brown">{m.out_of_stock()}</p>
        <p className="mt-1 text-sm text-muted-foreground">{m.all_sizes_sold_out()}</p>
      </div>
    )
  }
  return (
    <CartForm className="flex flex-col gap-4">
      {(busy) => (
        <>
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="productId" value={product.id} />
          <fieldset>
            <legend className="text-xl font-bold">{m.choose_pack_size()}</legend>
            <div className="mt-3 grid grid-cols-3 gap-2 sm:gap-3">
              {SIZES.map((size) => {
                const available = isAvailable(product, size)
                const priced = priceOf(product, size) > 0
                return (
                  <label
                    key={size}
                    className={cn(
                      'flex cursor-pointer flex-col items-center gap-0.5 rounded-xl border-2 bg-card px-2 py-3 text-center transition-colors has-[:checked]:border-primary has-[:checked]:bg-secondary/70 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/60',
                      !available && 'cursor-not-allowed opacity-60',
                    )}
                  >
                    <input
                      type="radio"
                      name="size"
                      value={size}
                      defaultChecked={size === initial}
                      disabled={!available}
                      className="sr-only"
                    />
                    <span className="text-base font-bold text-brown">{sizeName(size)}</span>
                    <span className="text-sm font-semibold">
                      {priced ? formatRupees(sellingPrice(product, size)) : '—'}
                    </span>
                    <span className={cn('text-xs', available ? 'text-success' : 'text-muted-foreground')}>
                      {available ? m.in_stock() : m.unavailable()}
                    </span>
                  </label>
                )
              })}
            </div>
          </fieldset>
          <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto">
            <ShoppingCart aria-hidden />
            {m.add_to_cart()}
          </Button>
        </>
      )}
    </CartForm>
  )
}
