import { qualityDocument } from '#app/content/policies/quality.tsx'
import { PolicyPage } from '#app/content/policy-page.tsx'
import { pageMeta } from '#app/seo/page-meta.ts'
import type { Route } from './+types/quality-policy'

export const meta: Route.MetaFunction = (args) => pageMeta(args, { preset: 'quality' })

export default function Page({ matches }: Route.ComponentProps) {
  const { settings } = matches[0].loaderData
  return <PolicyPage document={qualityDocument(settings)} settings={settings} />
}
