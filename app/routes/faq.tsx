import { type FaqSettings, faqEntries, faqGroups, faqJsonLd } from '#app/content/faq.ts'
import { FaqAccordion } from '#app/content/faq-accordion.tsx'
import { HelpCard } from '#app/content/help-card.tsx'
import { m } from '#app/paraglide/messages.js'
import { pageMeta } from '#app/seo/page-meta.ts'
import { PageHeading } from '#app/shell/page-heading.tsx'
import { READING_PAGE } from '#app/shell/page-hydration.ts'
import type { Route } from './+types/faq'

export const handle = READING_PAGE

export const meta: Route.MetaFunction = (args) => {
  const settings = (args.matches[0]?.loaderData as { settings?: FaqSettings } | undefined)?.settings
  return pageMeta(args, {
    title: m.seo_faq_title(),
    description: m.seo_faq_description(),
    jsonLd: settings ? [faqJsonLd(faqEntries(settings))] : [],
  })
}

export default function Faq({ matches }: Route.ComponentProps) {
  const { settings } = matches[0].loaderData
  return (
    <>
      <PageHeading title={m.faq_title()}>
        <p>{m.faq_intro()}</p>
      </PageHeading>
      <div className="mx-auto grid max-w-6xl items-start gap-10 px-4 lg:grid-cols-[1fr_20rem]">
        <FaqAccordion groups={faqGroups(settings)} />
        <aside aria-label={m.faq_contact_aside()} className="lg:sticky lg:top-24">
          <HelpCard settings={settings} />
        </aside>
      </div>
    </>
  )
}
