import { data, redirect } from 'react-router'
import { ProductDetails } from '#app/catalog/product-details.tsx'
import { metaDescription, productJsonLd, productOgImage } from '#app/catalog/product-seo.ts'
import { findProductBySlug, findSlugRedirect } from '#app/catalog/products.server.ts'
import { getLocale } from '#app/i18n/page-locale.ts'
import { m } from '#app/paraglide/messages.js'
import { servicesContext } from '#app/platform/services.server.ts'
import { productReviews } from '#app/reviews/review-routes.server.ts'
import { pageMeta } from '#app/seo/page-meta.ts'
import { breadcrumbTrail, type CrumbsHandle } from '#app/shell/breadcrumb-trail.ts'
import { Later, laterPart } from '#app/shell/hydrate-later.tsx'
import type { HydrationHandle } from '#app/shell/page-hydration.ts'
import type { Route } from './+types/product'

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext)
  const product = await findProductBySlug(db, params.slug, getLocale())
  if (!product) {
    // An address the product had before the owner changed it: moved for good.
    const moved = await findSlugRedirect(db, params.slug)
    if (moved) throw redirect(`/products/${encodeURIComponent(moved)}`, 301)
    throw data(null, { status: 404 })
  }
  return { product, reviews: await productReviews({ request, context }, product.id) }
}

/** The last crumb is the product's name in the page's language, not its address's words. */
export const handle: CrumbsHandle & HydrationHandle = {
  hydrate: true,
  crumbs: (params, data) =>
    breadcrumbTrail(
      `/products/${params.slug}`,
      (data as Route.ComponentProps['loaderData'] | undefined)?.product.name,
    ).slice(1),
}

export const meta: Route.MetaFunction = (args) => {
  const product = args.loaderData?.product
  const root = args.matches[0]?.loaderData
  if (!product) return pageMeta(args, { title: m.product_not_found(), noindex: true })
  const shopName = root?.settings.shopName ?? 'Malwa Namkeen'
  return pageMeta(args, {
    title: `${product.name} | ${shopName}`,
    description: metaDescription(product.description),
    type: 'product',
    image: productOgImage(product.imageUrl),
    imageAlt: product.name,
    crumbName: product.name,
    jsonLd: [productJsonLd(root?.publicUrl ?? '', shopName, product, args.loaderData?.reviews.list)],
  })
}

/** Below the fold: hydrated when the shopper comes near it (app/shell/hydrate-later.tsx). */
const reviewsPart = laterPart(() => import('#app/reviews/product-reviews.tsx').then((part) => part.ProductReviews))

export default function Product({ loaderData }: Route.ComponentProps) {
  const { product, reviews } = loaderData
  return <ProductDetails product={product} reviews={<Later part={reviewsPart} props={{ product, reviews }} />} />
}
