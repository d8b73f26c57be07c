// The product page's facts, which only show (nothing in them reacts to the shopper): the pack sizes
// with their prices and availability, and what the pack label carries (FSSAI: ingredients, allergens,
// vegetarian mark, net weight, best-before, storage). The product page hydrates them only when it
// renders them again (app/shell/hydrate-later.tsx), so their code is not among its first scripts.
import type { ReactNode } from 'react'
import { m } from '#app/paraglide/messages.js'
import { formatRupees } from '#app/shared/money.ts'
import { cn } from '#app/ui/cn.ts'
import { sellingPrice } from './pricing.ts'
import type { ProductDetails as Product } from './products.server.ts'
import { isAvailable, priceOf, SIZES, type Size, sizeName } from './sizes.ts'

/** As a pack label states it (the metric unit after a space: '250 g'). */
const NET_WEIGHT: Record<Size, () => string> = {
  '250g': m.net_weight_250g,
  '500g': m.net_weight_500g,
  '1kg': m.net_weight_1kg,
}

export function PackSizes({ product }: { product: Product }) {
  const discounted = product.discountPercentage > 0
  return (
    <section aria-labelledby="pack-sizes-title">
      <h2 id="pack-sizes-title" className="text-xl font-bold">
        {m.pack_sizes()}
      </h2>
      <table className="mt-3 w-full overflow-hidden rounded-xl border-separate border-spacing-0 border text-left text-sm">
        <thead className="bg-secondary/70 text-brown">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold sm:px-4">
              {m.net_weight()}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold sm:px-4">
              {m.price()}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold sm:px-4">
              {m.availability()}
            </th>
          </tr>
        </thead>
        <tbody className="bg-card">
          {SIZES.map((size) => {
            const available = isAvailable(product, size)
            const priced = priceOf(product, size) > 0
            return (
              <tr key={size}>
                <th scope="row" className="border-t px-3 py-3 text-base font-bold text-brown sm:px-4">
                  {sizeName(size)}
                </th>
                <td className="border-t px-3 py-3 sm:px-4">
                  {priced ? (
                    <>
                      <span className="font-semibold">{formatRupees(sellingPrice(product, size))}</span>
                      {discounted && (
                        <span className="block text-xs text-muted-foreground">
                          {m.mrp()} <s>{formatRupees(priceOf(product, size))}</s>
                        </span>
                      )}
                    </>
                  ) : (
                    <span className="text-muted-foreground">—</span>
                  )}
                </td>
                <td className="border-t px-3 py-3 sm:px-4">
                  <span
                    className={cn(
                      'inline-flex items-center gap-1.5 font-semibold',
                      available ? 'text-success' : 'text-muted-foreground',
                    )}
                  >
                    <span
                      className={cn('size-2 rounded-full', available ? 'bg-success' : 'bg-muted-foreground/60')}
                      aria-hidden
                    />
                    {available ? m.in_stock() : m.unavailable()}
                  </span>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
      <p className="mt-2 text-xs text-muted-foreground">{m.mrp_inclusive()}</p>
    </section>
  )
}

export function PackLabel({ product }: { product: Product }) {
  const facts: { term: string; detail: ReactNode }[] = [
    {
      term: m.food_type(),
      detail: (
        <span className="inline-flex items-center gap-2">
          <VegMark vegetarian={product.isVegetarian} />
          {product.isVegetarian ? m.vegetarian() : m.non_vegetarian()}
        </span>
      ),
    },
    ...(product.ingredients ? [{ term: m.ingredients(), detail: product.ingredients }] : []),
    ...(product.allergens ? [{ term: m.allergens(), detail: product.allergens }] : []),
    {
      term: m.net_weight(),
      detail: m.per_pack({
        weights: eitherOf(SIZES.filter((size) => priceOf(product, size) > 0).map((size) => NET_WEIGHT[size]())),
      }),
    },
    ...(product.bestBeforeDays
      ? [{ term: m.best_before(), detail: m.best_before_days({ days: product.bestBeforeDays }) }]
      : []),
    ...(product.storageAdvice ? [{ term: m.storage(), detail: product.storageAdvice }] : []),
  ]
  return (
    <section aria-labelledby="pack-label-title" className="mt-12">
      <h2 id="pack-label-title" className="text-2xl font-bold">
        {m.on_the_pack()}
      </h2>
      <p className="mt-1 text-muted-foreground">{m.pack_label_text({ name: product.name })}</p>
      <dl className="mt-5 divide-y rounded-xl border bg-card">
        {facts.map(({ term, detail }) => (
          <div key={term} className="grid gap-1 px-4 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4 sm:px-5">
            <dt className="font-semibold text-brown">{term}</dt>
            <dd className="text-foreground/90">{detail}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

/** '250 g, 500 g or 1 kg' (written out, so server and browser render the same text). */
function eitherOf(items: string[]): string {
  return items.length < 2
    ? (items[0] ?? '')
    : m.either_or({ first: items.slice(0, -1).join(', '), last: items.at(-1) ?? '' })
}

/** India's food-type mark: a green square with a green dot (vegetarian), brown with a triangle otherwise. */
function VegMark({ vegetarian }: { vegetarian: boolean }) {
  return vegetarian ? (
    <span
      role="img"
      aria-label={m.vegetarian_mark()}
      className="inline-flex size-5 shrink-0 items-center justify-center rounded-[3px] border-2 border-[#138a36] bg-white"
    >
      <span className="size-2.5 rounded-full bg-[#138a36]" />
    </span>
  ) : (
    <span
      role="img"
      aria-label={m.non_vegetarian_mark()}
      className="inline-flex size-5 shrink-0 items-center justify-center rounded-[3px] border-2 border-[#7b3f00] bg-white"
    >
      <span className="size-0 border-x-[5px] border-b-[9px] border-x-transparent border-b-[#7b3f00]" />
    </span>
  )
}
