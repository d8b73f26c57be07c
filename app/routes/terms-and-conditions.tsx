import { pageMeta } from '#app/seo/page-meta.ts'
import { PageHeading } from '#app/shell/page-heading.tsx'
import type { Route } from './+types/terms-and-conditions'

export const meta: Route.MetaFunction = (args) => pageMeta(args, { preset: 'terms' })

export default function Page() {
  return (
    <PageHeading title="Terms and Conditions">
      <p>The terms for buying from Malwa Namkeen.</p>
    </PageHeading>
  )
}
