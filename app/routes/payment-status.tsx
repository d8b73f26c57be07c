import { pageMeta } from '#app/seo/page-meta.ts'
import { NotOpenYet } from '#app/shell/not-open-yet.tsx'
import type { Route } from './+types/payment-status'

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Payment Status | Malwa Namkeen', noindex: true })

export default function Page() {
  return <NotOpenYet title="Payment Status" what="Online payment" />
}
