import { pageMeta } from '#app/seo/page-meta.ts'
import { NotOpenYet } from '#app/shell/not-open-yet.tsx'
import type { Route } from './+types/order-success'

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Order Placed | Malwa Namkeen', noindex: true })

export default function Page() {
  return <NotOpenYet title="Order Placed" what="Online ordering" />
}
