// One coupon: edit its terms, disable or enable it (app/checkout).
import { isRouteErrorResponse, Link } from 'react-router'
import { CouponEditor } from '#app/checkout/admin/coupon-editor.tsx'
import { editCouponAction, editCouponLoader } from '#app/checkout/coupon-routes.server.ts'
import { INTERACTIVE_PAGE } from '#app/shell/page-hydration.ts'
import type { Route } from './+types/admin.settings.coupons.$code'

export const handle = INTERACTIVE_PAGE

export const loader = (args: Route.LoaderArgs) => editCouponLoader(args)
export const action = (args: Route.ActionArgs) => editCouponAction(args)

export default function Page({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return null
  return <CouponEditor coupon={loaderData.coupon} version={loaderData.version} now={loaderData.now} />
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const missing = isRouteErrorResponse(error) && error.status === 404
  return (
    <div role="alert" className="rounded-xl border border-destructive/40 bg-card p-6">
      <p className="font-semibold text-destructive">
        {missing ? 'This coupon does not exist.' : 'Failed to load the coupon'}
      </p>
      <Link to="/admin/settings#coupons" className="mt-3 inline-block text-sm font-semibold text-primary underline">
        All coupons
      </Link>
    </div>
  )
}
