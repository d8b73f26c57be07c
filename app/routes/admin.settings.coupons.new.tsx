// A new coupon (app/checkout).
import { CouponEditor } from '#app/checkout/admin/coupon-editor.tsx'
import { createCouponAction } from '#app/checkout/coupon-routes.server.ts'
import { INTERACTIVE_PAGE } from '#app/shell/page-hydration.ts'
import type { Route } from './+types/admin.settings.coupons.new'

export const handle = INTERACTIVE_PAGE

export const action = (args: Route.ActionArgs) => createCouponAction(args)

export default function Page() {
  return <CouponEditor coupon={null} version={null} now={new Date().toISOString()} />
}
