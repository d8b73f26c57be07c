// What a product page tells search engines and link previews: Product structured data with one
// offer per size, and the product's own 1200x630 preview image when one exists.
import type { Offer, Product, Review, WithContext } from 'schema-dts'
import { localizedHref } from '#app/i18n/locale.ts'
import { bundledImageKey } from '#app/media/image-url.ts'
import { getLocale } from '#app/paraglide/runtime.js'
import { absoluteUrl } from '#app/seo/meta.ts'
import { sellingPrice } from './pricing.ts'
import { isAvailable, priceOf, SIZES, type SizedFields } from './sizes.ts'

/** The product's 1200x630 preview image, or undefined for the shop's default (uploads have none). */
export function productOgImage(imageUrl: string | null): string | undefined {
  const key = imageUrl ? bundledImageKey(imageUrl) : undefined
  return key ? `/images/og/products/${key}.jpg` : undefined
}

/** Paise as schema.org wants a price: a decimal string in rupees ('72.00'). */
export function rupeesDecimal(paise: number): string {
  return (paise / 100).toFixed(2)
}

export interface ProductForJsonLd extends SizedFields {
  slug: string
  name: string
  description: string
  category: string
  imageUrl: string | null
  discountPercentage: number
  ratingAverage: number | null
  ratingCount: number
}

/** An approved review, as the product page lists it. */
export interface ReviewForJsonLd {
  rating: number
  body: string
  author: string
  createdAt: string
}

/** Search engines need a few reviews, not the whole list. */
const REVIEWS_IN_JSON_LD = 5

export function productJsonLd(
  origin: string,
  shopName: string,
  product: ProductForJsonLd,
  reviews: readonly ReviewForJsonLd[] = [],
): WithContext<Product> {
  const rated = product.ratingCount > 0
  const review: Review[] = reviews.slice(0, REVIEWS_IN_JSON_LD).map((entry) => ({
    '@type': 'Review',
    author: { '@type': 'Person', name: entry.author },
    datePublished: entry.createdAt.slice(0, 10),
    reviewRating: { '@type': 'Rating', ratingValue: entry.rating, bestRating: 5, worstRating: 1 },
    ...(entry.body ? { reviewBody: entry.body } : {}),
  }))
  // The page in its own language: a Hindi page's data names the product in Hindi.
  const url = absoluteUrl(origin, localizedHref(`/products/${product.slug}`, getLocale()))
  // A size without a price is not sold: it gets no offer (a price of 0.00 would read as free).
  const offers: Offer[] = SIZES.filter((size) => priceOf(product, size) > 0).map((size) => ({
    '@type': 'Offer',
    name: `${product.name} ${size}`,
    sku: `${product.slug}-${size}`,
    price: rupeesDecimal(sellingPrice(product, size)),
    priceCurrency: 'INR',
    availability: isAvailable(product, size) ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    itemCondition: 'https://schema.org/NewCondition',
    url,
    seller: { '@type': 'Organization', name: shopName },
  }))
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    ...(product.imageUrl ? { image: absoluteUrl(origin, product.imageUrl) } : {}),
    sku: product.slug,
    brand: { '@type': 'Brand', name: shopName },
    category: product.category,
    url,
    offers,
    ...(rated && product.ratingAverage !== null
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: Math.round(product.ratingAverage * 10) / 10,
            reviewCount: product.ratingCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    ...(rated && review.length > 0 ? { review } : {}),
  }
}

/**
 * A description for search results: the first sentences that fit in about 160 characters (a Hindi
 * sentence ends with a danda, ।).
 */
export function metaDescription(text: string, limit = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim()
  if (clean.length <= limit) return clean
  const sentences = clean.slice(0, limit).match(/^.*[.!?।](?=\s|$)/)?.[0]
  if (sentences && sentences.length >= limit / 2) return sentences
  const cut = clean.slice(0, limit - 1)
  return `${cut.slice(0, cut.lastIndexOf(' ')).replace(/[,;:]$/, '')}…`
}
