// One product for the owner: the edit form (GET), and its changes (POST: save, delete, restore).
import { isRouteErrorResponse, Link } from 'react-router'
import { ProductEditor } from '#app/catalog/admin/product-editor.tsx'
import { editProductLoader, productAction } from '#app/catalog/product-admin-routes.server.ts'
import type { CrumbsHandle } from '#app/shell/breadcrumb-trail.ts'
import type { HydrationHandle } from '#app/shell/page-hydration.ts'
import type { Route } from './+types/admin.products.$productId'

export const loader = (args: Route.LoaderArgs) => editProductLoader(args)
export const action = (args: Route.ActionArgs) => productAction(args)

/** A product's id reads as nothing in the trail: Edit Product instead. */
export const handle: CrumbsHandle & HydrationHandle = {
  hydrate: true,
  crumbs: (params) => [
    { label: 'Admin', path: '/admin' },
    { label: 'Products', path: '/admin/products' },
    { label: 'Edit Product', path: `/admin/products/${params.productId}` },
  ],
}

export default function Page({ loaderData }: Route.ComponentProps) {
  // Keyed by product: moving from one product's form to another's starts afresh.
  return loaderData ? <ProductEditor key={loaderData.product.id} {...loaderData} /> : null
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const missing = isRouteErrorResponse(error) && error.status === 404
  return (
    <div role="alert" className="rounded-xl border border-destructive/40 bg-card p-6">
      <p className="font-semibold text-destructive">
        {missing ? 'This product does not exist.' : 'Failed to load products'}
      </p>
      <p className="mt-1 text-sm text-muted-foreground">
        {missing ? 'It may have been deleted.' : 'Please reload the page in a moment.'}
      </p>
      <Link to="/admin/products" className="mt-3 inline-block text-sm font-semibold text-primary underline">
        All products
      </Link>
    </div>
  )
}
