import { privacyDocumentHindi } from '#app/content/policies/privacy.hi.tsx'
import { privacyDocument } from '#app/content/policies/privacy.tsx'
import { PolicyPage } from '#app/content/policy-page.tsx'
import { getLocale } from '#app/i18n/page-locale.ts'
import { m } from '#app/paraglide/messages.js'
import { pageMeta } from '#app/seo/page-meta.ts'
import { READING_PAGE } from '#app/shell/page-hydration.ts'
import type { Route } from './+types/privacy-policy'

export const handle = READING_PAGE

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: m.seo_privacy_title(), description: m.seo_privacy_description() })

export default function Page({ matches }: Route.ComponentProps) {
  const { settings } = matches[0].loaderData
  return (
    <PolicyPage
      document={getLocale() === 'hi' ? privacyDocumentHindi(settings) : privacyDocument(settings)}
      settings={settings}
    />
  )
}
