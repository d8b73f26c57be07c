import { pageMeta } from '#app/seo/page-meta.ts'
import { PageHeading } from '#app/shell/page-heading.tsx'
import type { Route } from './+types/about'

export const meta: Route.MetaFunction = (args) => pageMeta(args, { preset: 'about' })

export default function Page() {
  return (
    <PageHeading title="About Us">
      <p>
        Malwa Namkeen is a family kitchen in Indore making sev, mixtures and bundi the way the city has always eaten
        them.
      </p>
    </PageHeading>
  )
}
