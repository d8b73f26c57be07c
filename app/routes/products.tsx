import { ProductCard } from '#app/catalog/product-card.tsx'
import { listProducts } from '#app/catalog/products.server.ts'
import { servicesContext } from '#app/platform/services.server.ts'
import { pageMeta } from '#app/seo/page-meta.ts'
import { PageHeading } from '#app/shell/page-heading.tsx'
import type { Route } from './+types/products'

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext)
  return { products: await listProducts(db) }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { preset: 'products' })

export default function Products({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeading title="Our Products">
        <p>
          Crisp sev, generous mixtures and spicy bundi from Indore, in 250g, 500g and 1kg packs. Premium for the full
          Indori kick, Satwik for snacks made without onion and garlic.
        </p>
      </PageHeading>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 sm:grid-cols-2 lg:grid-cols-4">
        {loaderData.products.map((product, index) => (
          <ProductCard key={product.id} product={product} priority={index < 2} />
        ))}
      </div>
    </>
  )
}
