import { pageMeta } from '#app/seo/page-meta.ts'
import { NotOpenYet } from '#app/shell/not-open-yet.tsx'
import type { Route } from './+types/my-orders'

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'My Orders | Malwa Namkeen', noindex: true })

export default function Page() {
  return <NotOpenYet title="My Orders" what="Order history for accounts" />
}
