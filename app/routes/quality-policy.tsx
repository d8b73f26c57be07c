import { pageMeta } from '#app/seo/page-meta.ts'
import { PageHeading } from '#app/shell/page-heading.tsx'
import type { Route } from './+types/quality-policy'

export const meta: Route.MetaFunction = (args) => pageMeta(args, { preset: 'quality' })

export default function Page() {
  return (
    <PageHeading title="Quality Policy">
      <p>How we choose ingredients, fry, pack and check every batch in our Indore kitchen.</p>
    </PageHeading>
  )
}
