// A product's own page: picture, prices per size with availability, what the pack label carries
// (pack-facts.tsx) and the size choice with Add to Cart (or the showcase-mode note). What only shows
// or waits below is hydrated later (app/shell/hydrate-later.tsx): the page's first scripts are the
// size choice's and the cart's.
import { ArrowLeft, Phone } from 'lucide-react'
import type { ReactNode } from 'react'
import { AddToCartSizes } from '#app/cart/add-to-cart.tsx'
import { rememberedPin } from '#app/delivery/remembered-pin.ts'
import { Link } from '#app/i18n/links.tsx'
import { m } from '#app/paraglide/messages.js'
import { useShopSettings, useShowcaseMode } from '#app/settings/use-shop-settings.ts'
import { formatRupees } from '#app/shared/money.ts'
import { Later, laterPart } from '#app/shell/hydrate-later.tsx'
import { Badge } from '#app/ui/badge.tsx'
import { Button } from '#app/ui/button.tsx'
import { PAGE_WIDE_ON_A_PHONE, ShopImage } from '#app/ui/shop-image.tsx'
import { browseSearch, categoryName } from './browse.ts'
import { sellingPrice } from './pricing.ts'
import { RatingSummary } from './product-card.tsx'
import type { ProductDetails as Product } from './products.server.ts'
import { isAvailable, SIZES } from './sizes.ts'

/** Parts that only show: hydrated only when the page renders them again (app/shell/hydrate-later.tsx). */
const packSizesPart = laterPart(() => import('./pack-facts.tsx').then((part) => part.PackSizes), { when: 'rendered' })
const packLabelPart = laterPart(() => import('./pack-facts.tsx').then((part) => part.PackLabel), { when: 'rendered' })
const askOnWhatsAppPart = laterPart(() => import('./ask-on-whatsapp.tsx').then((part) => part.AskOnWhatsApp), {
  when: 'rendered',
})
/** Hydrated when seen or used, or at once when a PIN code is remembered: the box asks for it as it runs. */
const pinCodePart = laterPart(() => import('#app/delivery/pin-code-box.tsx').then((part) => part.PinCodeBox), {
  soon: () => rememberedPin(document.cookie) !== null,
})

/** The picture's width for srcset: half the page beside the details from 1024 px, the page's on a phone. */
const PICTURE_SIZES = `(min-width: 1152px) 536px, (min-width: 1024px) 46vw, ${PAGE_WIDE_ON_A_PHONE}`

export function ProductDetails({
  product,
  reviews,
}: {
  product: Product /** The reviews section (app/reviews). */
  reviews?: ReactNode
}) {
  const showcase = useShowcaseMode()
  // No empty row in the column's gaps when the shop has no WhatsApp number.
  const whatsappNumber = useShopSettings()?.whatsappNumber
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

          <Later part={packSizesPart} props={{ product }} />

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
              <Later part={pinCodePart} props={{}} />
            </>
          )}

          {whatsappNumber && (
            <Later
              part={askOnWhatsAppPart}
              props={{ product, sizes: showcase ? [] : SIZES.filter((size) => isAvailable(product, size)) }}
            />
          )}
        </div>
      </div>

      <Later part={packLabelPart} props={{ product }} />

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
