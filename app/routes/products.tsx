import { data } from 'react-router'
import { parseBrowseView } from '#app/catalog/browse.ts'
import { ProductBrowser } from '#app/catalog/product-browser.tsx'
import {
  browseProducts,
  listFeaturedProducts,
  listShopCategories,
  listSpecialOffers,
} from '#app/catalog/products.server.ts'
import { m } from '#app/paraglide/messages.js'
import { requestContext, servicesContext } from '#app/platform/services.server.ts'
import { pageMeta } from '#app/seo/page-meta.ts'
import { PageHeading } from '#app/shell/page-heading.tsx'
import type { Route } from './+types/products'

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext)
  try {
    const categories = await listShopCategories(db)
    const view = parseBrowseView(new URL(request.url).searchParams, categories)
    const [products, featured, offers] = await Promise.all([
      browseProducts(db, view),
      listFeaturedProducts(db),
      listSpecialOffers(db),
    ])
    return { products, featured, offers, categories, unavailable: false }
  } catch (error) {
    // Spec: a failed fetch is logged and the list stays empty; the page says so instead of erroring.
    context.get(requestContext).log.error({ err: error }, 'could not load the product list')
    return data({ products: [], featured: [], offers: [], categories: [], unavailable: true }, { status: 503 })
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { preset: 'products' })

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
