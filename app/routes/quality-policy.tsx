import { qualityDocumentHindi } from '#app/content/policies/quality.hi.tsx'
import { qualityDocument } from '#app/content/policies/quality.tsx'
import { PolicyPage } from '#app/content/policy-page.tsx'
import { getLocale } from '#app/i18n/page-locale.ts'
import { m } from '#app/paraglide/messages.js'
import { pageMeta } from '#app/seo/page-meta.ts'
import { READING_PAGE } from '#app/shell/page-hydration.ts'
import type { Route } from './+types/quality-policy'

export const handle = READING_PAGE

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: m.seo_quality_title(), description: m.seo_quality_description() })

export default function Page({ matches }: Route.ComponentProps) {
  const { settings } = matches[0].loaderData
  return (
    <PolicyPage
      document={getLocale() === 'hi' ? qualityDocumentHindi(settings) : qualityDocument(settings)}
      settings={settings}
    />
  )
}
