// The Products tab: the catalogue as the owner manages it (app/catalog).
import { Link } from 'react-router'
import { ProductsTab } from '#app/catalog/admin/products-tab.tsx'
import { productsTabLoader } from '#app/catalog/product-admin-routes.server.ts'
import { INTERACTIVE_PAGE } from '#app/shell/page-hydration.ts'
import type { Route } from './+types/admin.products'

export const handle = INTERACTIVE_PAGE

export const loader = (args: Route.LoaderArgs) => productsTabLoader(args)

export default function Page({ loaderData }: Route.ComponentProps) {
  return loaderData ? <ProductsTab {...loaderData} /> : null
}

export function ErrorBoundary() {
  return (
    <div role="alert" className="rounded-xl border border-destructive/40 bg-card p-6">
      <p className="font-semibold text-destructive">Failed to load products</p>
      <p className="mt-1 text-sm text-muted-foreground">Please reload the page in a moment.</p>
      <Link to="/admin/products" className="mt-3 inline-block text-sm font-semibold text-primary underline">
        Reload
      </Link>
    </div>
  )
}
