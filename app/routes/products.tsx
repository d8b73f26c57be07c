import { data } from 'react-router'
import { parseBrowseView, showsHighlights } from '#app/catalog/browse.ts'
import { ProductBrowser } from '#app/catalog/product-browser.tsx'
import {
  browseProducts,
  listFeaturedProducts,
  listShopCategories,
  listSpecialOffers,
} from '#app/catalog/products.server.ts'
import { getLocale } from '#app/i18n/page-locale.ts'
import { m } from '#app/paraglide/messages.js'
import { requestContext, servicesContext } from '#app/platform/services.server.ts'
import { pageMeta } from '#app/seo/page-meta.ts'
import { PageHeading } from '#app/shell/page-heading.tsx'
import { INTERACTIVE_PAGE } from '#app/shell/page-hydration.ts'
import type { Route } from './+types/products'

export const handle = INTERACTIVE_PAGE

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext)
  try {
    const categories = await listShopCategories(db)
    const params = new URL(request.url).searchParams
    const view = parseBrowseView(params, categories)
    // The featured and special-offer blocks are read only where they are shown.
    const highlights = showsHighlights(params, categories)
    const locale = getLocale()
    const [products, featured, offers] = await Promise.all([
      browseProducts(db, view, locale),
      highlights ? listFeaturedProducts(db, locale) : [],
      highlights ? listSpecialOffers(db, locale) : [],
    ])
    // A product in a block and in the list is one object, so the page's data carries it once.
    const listed = new Map(products.map((product) => [product.id, product]))
    const same = (cards: typeof products) => cards.map((card) => listed.get(card.id) ?? card)
    return { products, featured: same(featured), offers: same(offers), categories, unavailable: false }
  } catch (error) {
    // Spec: a failed fetch is logged and the list stays empty; the page says so instead of erroring.
    context.get(requestContext).log.error({ err: error }, 'could not load the product list')
    return data({ products: [], featured: [], offers: [], categories: [], unavailable: true }, { status: 503 })
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: m.seo_products_title(), description: m.seo_products_description() })

export default function Products({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeading title={m.products_title()}>
        <p>{m.products_intro()}</p>
      </PageHeading>
      <ProductBrowser {...loaderData} />
    </>
  )
}
