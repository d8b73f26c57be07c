import { shippingDocumentHindi } from '#app/content/policies/shipping.hi.tsx'
import { shippingDocument } from '#app/content/policies/shipping.tsx'
import { PolicyPage } from '#app/content/policy-page.tsx'
import { getLocale } from '#app/i18n/page-locale.ts'
import { m } from '#app/paraglide/messages.js'
import { pageMeta } from '#app/seo/page-meta.ts'
import { READING_PAGE } from '#app/shell/page-hydration.ts'
import type { Route } from './+types/shipping-policy'

export const handle = READING_PAGE

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: m.seo_shipping_title(), description: m.seo_shipping_description() })

export default function Page({ matches }: Route.ComponentProps) {
  const { settings } = matches[0].loaderData
  return (
    <PolicyPage
      document={getLocale() === 'hi' ? shippingDocumentHindi(settings) : shippingDocument(settings)}
      settings={settings}
    />
  )
}
