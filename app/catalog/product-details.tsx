// A product's own page: picture, prices per size with availability, what the pack label carries
// (FSSAI: ingredients, allergens, vegetarian mark, net weight, best-before, storage, MRP) and the
// size choice with Add to Cart (or the showcase-mode note).
import { ArrowLeft, Phone } from 'lucide-react'
import type { ReactNode } from 'react'
import { AddToCartSizes } from '#app/cart/add-to-cart.tsx'
import { PinCodeBox } from '#app/delivery/pin-code-box.tsx'
import { Link } from '#app/i18n/links.tsx'
import { m } from '#app/paraglide/messages.js'
import { useShopSettings, useShowcaseMode } from '#app/settings/use-shop-settings.ts'
import { formatRupees } from '#app/shared/money.ts'
import { WhatsAppChatLink } from '#app/shell/whatsapp-chat-link.tsx'
import { Badge } from '#app/ui/badge.tsx'
import { Button } from '#app/ui/button.tsx'
import { cn } from '#app/ui/cn.ts'
import { ShopImage } from '#app/ui/shop-image.tsx'
import { browseSearch, categoryName } from './browse.ts'
import { sellingPrice } from './pricing.ts'
import { RatingSummary } from './product-card.tsx'
import type { ProductDetails as Product } from './products.server.ts'
import { isAvailable, priceOf, SIZES, type Size, sizeName } from './sizes.ts'

/** As a pack label states it (the metric unit after a space: '250 g'). */
const NET_WEIGHT: Record<Size, () => string> = {
  '250g': m.net_weight_250g,
  '500g': m.net_weight_500g,
  '1kg': m.net_weight_1kg,
}

/**
 * The picture's width for srcset: the page's width on a phone (less its 1rem margins), half the page
 * beside the details from 1024 px. Screens denser than 2.5 device pixels per CSS pixel are asked for
 * about 2x (3x screens two thirds of the width, 2.5-2.9x three quarters), which nobody tells from 3x
 * at arm's length: 360-412 px phones at 2x to 3x all take the 800 px variant (56 KB, not 72).
 */
const PICTURE_SIZES = [
  '(min-width: 1152px) 536px',
  '(min-width: 1024px) 46vw',
  '(min-resolution: 2.9dppx) calc((100vw - 2rem) * 2 / 3)',
  '(min-resolution: 2.5dppx) calc((100vw - 2rem) * 3 / 4)',
  'calc(100vw - 2rem)',
].join(', ')

export function ProductDetails({
  product,
  reviews,
}: {
  product: Product /** The reviews section (app/reviews). */
  reviews?: ReactNode
}) {
  const showcase = useShowcaseMode()
  const discounted = product.discountPercentage > 0
  const categoryLink = `/products${browseSearch({ category: product.category })}`
  return (
    <div className="mx-auto max-w-6xl px-4 pt-6 pb-16">
      <div className="grid gap-8 lg:grid-cols-2 lg:gap-12">
        <div className="relative self-start">
          <ShopImage
            src={product.imageUrl}
            alt={product.name}
            width={960}
            height={960}
            sizes={PICTURE_SIZES}
            priority
            className="rounded-2xl border shadow-sm"
          />
          <div className="absolute top-3 left-3 flex flex-col items-start gap-1.5">
            {product.isFeatured && <Badge variant="accent">{m.badge_bestseller()}</Badge>}
            {discounted && <Badge variant="destructive">{m.badge_off({ percent: product.discountPercentage })}</Badge>}
          </div>
        </div>

        <div className="group/buying flex flex-col gap-5">
          <div>
            <Link
              to={categoryLink}
              className="text-sm font-semibold tracking-wide text-primary uppercase underline-offset-4 hover:underline"
            >
              {categoryName(product.category)}
            </Link>
            <h1 className="mt-1 text-3xl font-bold sm:text-4xl">{product.name}</h1>
            <RatingSummary average={product.ratingAverage} count={product.ratingCount} className="mt-2" />
          </div>

          <PriceLine product={product} />

          <p className="leading-relaxed text-foreground/90">{product.description}</p>

          <PackSizes product={product} />

          {showcase ? (
            <div className="rounded-xl border border-accent bg-secondary/70 p-4">
              <p className="text-lg font-bold text-brown">{m.coming_soon()}</p>
              <p className="mt-1 text-sm text-muted-foreground">{m.product_bulk_text()}</p>
              <Button asChild variant="outline" className="mt-3">
                <Link to="/contact">
                  <Phone aria-hidden />
                  {m.contact_for_bulk()}
                </Link>
              </Button>
            </div>
          ) : (
            <>
              <AddToCartSizes product={product} />
              <PinCodeBox />
            </>
          )}

          <AskOnWhatsApp product={product} sizes={showcase ? [] : SIZES.filter((size) => isAvailable(product, size))} />
        </div>
      </div>

      <PackLabel product={product} />

      {reviews}

      <nav aria-label={m.more_products()} className="mt-12 flex flex-wrap gap-3 border-t pt-6">
        <Button asChild variant="outline">
          <Link to="/products">
            <ArrowLeft aria-hidden />
            {m.all_products()}
          </Link>
        </Button>
        <Button asChild variant="ghost">
          <Link to={categoryLink}>{m.more_in_category({ category: categoryName(product.category) })}</Link>
        </Button>
      </nav>
    </div>
  )
}

/**
 * Each size's link shows while its radio above is checked; the one without a size shows before that
 * and where no size can be chosen (showcase mode, sold out, a browser without :has()). CSS picks it, so
 * the cached page needs no script for it. Written out in full for Tailwind to find.
 */
const WHILE_CHOSEN: Record<Size, string> = {
  '250g': "hidden group-has-[input[name=size][value='250g']:checked]/buying:inline-flex",
  '500g': "hidden group-has-[input[name=size][value='500g']:checked]/buying:inline-flex",
  '1kg': "hidden group-has-[input[name=size][value='1kg']:checked]/buying:inline-flex",
}
const UNTIL_CHOSEN = 'group-has-[input[name=size]:checked]/buying:hidden'

/** A question on WhatsApp naming the product, and the pack size chosen above when there is one. */
function AskOnWhatsApp({ product, sizes }: { product: Product; sizes: Size[] }) {
  // No empty row in the column's gaps when the shop has no WhatsApp number.
  if (!useShopSettings()?.whatsappNumber) return null
  return (
    <div>
      <WhatsAppChatLink
        text={m.chat_whatsapp_product_text({ product: product.name })}
        className={sizes.length > 0 ? UNTIL_CHOSEN : undefined}
      />
      {sizes.map((size) => (
        <WhatsAppChatLink
          key={size}
          text={m.chat_whatsapp_product_size_text({ product: product.name, size: sizeName(size) })}
          className={WHILE_CHOSEN[size]}
        />
      ))}
    </div>
  )
}

function PriceLine({ product }: { product: Product }) {
  const discounted = product.discountPercentage > 0
  return (
    <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
      <span className="text-3xl font-bold text-brown">{formatRupees(sellingPrice(product, '250g'))}</span>
      {discounted && (
        <span className="text-lg text-muted-foreground line-through">
          <span className="sr-only">{m.mrp()} </span>
          {formatRupees(product.price250g)}
        </span>
      )}
      <span className="text-muted-foreground">{m.per_250g()}</span>
      {discounted && (
        <Badge variant="destructive" className="self-center">
          {m.badge_off({ percent: product.discountPercentage })}
        </Badge>
      )}
    </p>
  )
}

function PackSizes({ product }: { product: Product }) {
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

function PackLabel({ product }: { product: Product }) {
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
export function VegMark({ vegetarian }: { vegetarian: boolean }) {
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
