import { data } from 'react-router'
import { findProductBySlug } from '#app/catalog/products.server.ts'
import { servicesContext } from '#app/platform/services.server.ts'
import { pageMeta } from '#app/seo/page-meta.ts'
import { PageHeading } from '#app/shell/page-heading.tsx'
import type { Route } from './+types/product'

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext)
  const product = await findProductBySlug(db, params.slug)
  if (!product) throw data(null, { status: 404 })
  return { product }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData ? `${args.loaderData.product.name} | Malwa Namkeen` : 'Product not found',
    description: args.loaderData?.product.description,
    type: 'product',
  })

export default function Product({ loaderData }: Route.ComponentProps) {
  return (
    <PageHeading title={loaderData.product.name}>
      <p>{loaderData.product.description}</p>
    </PageHeading>
  )
}
