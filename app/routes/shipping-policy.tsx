import { pageMeta } from '#app/seo/page-meta.ts'
import { PageHeading } from '#app/shell/page-heading.tsx'
import type { Route } from './+types/shipping-policy'

export const meta: Route.MetaFunction = (args) => pageMeta(args, { preset: 'shipping' })

export default function Page() {
  return (
    <PageHeading title="Shipping Policy">
      <p>We deliver across India in 3-6 days; delivery is free on orders from ₹500.</p>
    </PageHeading>
  )
}
