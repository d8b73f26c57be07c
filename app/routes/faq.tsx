import { pageMeta } from '#app/seo/page-meta.ts'
import { PageHeading } from '#app/shell/page-heading.tsx'
import type { Route } from './+types/faq'

export const meta: Route.MetaFunction = (args) => pageMeta(args, { preset: 'faq' })

export default function Page() {
  return (
    <PageHeading title="Frequently Asked Questions">
      <p>Answers about delivery, freshness, pack sizes, payment and bulk orders.</p>
    </PageHeading>
  )
}
