import { termsDocument } from '#app/content/policies/terms.tsx'
import { PolicyPage } from '#app/content/policy-page.tsx'
import { pageMeta } from '#app/seo/page-meta.ts'
import type { Route } from './+types/terms-and-conditions'

export const meta: Route.MetaFunction = (args) => pageMeta(args, { preset: 'terms' })

export default function Page({ matches }: Route.ComponentProps) {
  const { settings } = matches[0].loaderData
  return <PolicyPage document={termsDocument(settings)} settings={settings} />
}
