import { pageMeta } from '#app/seo/page-meta.ts'
import { PageHeading } from '#app/shell/page-heading.tsx'
import type { Route } from './+types/privacy-policy'

export const meta: Route.MetaFunction = (args) => pageMeta(args, { preset: 'privacy' })

export default function Page() {
  return (
    <PageHeading title="Privacy Policy">
      <p>What personal data we collect, why, and how to ask for it to be corrected or erased.</p>
    </PageHeading>
  )
}
