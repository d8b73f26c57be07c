// The add-product form (app/catalog).
import { ProductEditor } from '#app/catalog/admin/product-editor.tsx'
import { createProductAction, newProductLoader } from '#app/catalog/product-admin-routes.server.ts'
import { PRODUCT_DEFAULTS } from '#app/catalog/product-form.ts'
import { INTERACTIVE_PAGE } from '#app/shell/page-hydration.ts'
import type { Route } from './+types/admin.products.new'

export const handle = INTERACTIVE_PAGE

export const loader = (args: Route.LoaderArgs) => newProductLoader(args)
export const action = (args: Route.ActionArgs) => createProductAction(args)

export default function Page({ loaderData }: Route.ComponentProps) {
  return loaderData ? (
    <ProductEditor categories={loaderData.categories} product={null} values={PRODUCT_DEFAULTS} />
  ) : null
}
