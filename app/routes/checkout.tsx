import { pageMeta } from '#app/seo/page-meta.ts'
import { NotOpenYet } from '#app/shell/not-open-yet.tsx'
import type { Route } from './+types/checkout'

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'Checkout | Malwa Namkeen', noindex: true })

export default function Page() {
  return <NotOpenYet title="Checkout" what="Online checkout" />
}
