import { CalendarDays, ChevronDown, Mail, MapPin, Phone } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, NavLink } from '#app/i18n/links.tsx'
import { m } from '#app/paraglide/messages.js'
import type { PublicSettings } from '#app/settings/public-settings.ts'
import { telHref } from '#app/shared/phone.ts'
import { POLICY_LINKS } from '#app/shell/nav-links.ts'
import { PageHeading } from '#app/shell/page-heading.tsx'
import { Card, CardContent } from '#app/ui/card.tsx'
import { cn } from '#app/ui/cn.ts'
import { POLICIES_LAST_UPDATED } from './promises.ts'

export interface PolicySection {
  id: string
  title: string
  content: ReactNode
}

export interface PolicyDocument {
  title: string
  /** One or two sentences under the title. */
  intro: ReactNode
  /** The points a shopper most needs, shown first in a box. */
  summary: ReactNode[]
  sections: PolicySection[]
}

/** Long-form text: paragraphs, lists and tables without a typography plugin. */
export const proseClass =
  'space-y-4 leading-relaxed text-foreground/90 [&_a]:font-semibold [&_a]:text-primary [&_a]:underline-offset-4 hover:[&_a]:underline [&_li]:pl-1 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_strong]:text-brown [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ul]:marker:text-primary'

/** The shared frame of the four policy pages: summary, contents, numbered sections, contact and the other policies. */
export function PolicyPage({ document, settings }: { document: PolicyDocument; settings: PublicSettings }) {
  return (
    <>
      <PageHeading title={document.title}>
        <p>{document.intro}</p>
        <p className="mt-3 inline-flex items-center gap-2 rounded-full bg-secondary px-3 py-1 text-sm font-medium text-secondary-foreground">
          <CalendarDays className="size-4" aria-hidden />
          {m.policy_last_updated()} <time dateTime={POLICIES_LAST_UPDATED.iso}>{m.policy_last_updated_date()}</time>
        </p>
      </PageHeading>
      {/* Phones read the summary, then the contents, then the text; wide screens keep the contents beside both. */}
      <div className="mx-auto grid max-w-6xl gap-8 px-4 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-x-12">
        <section
          aria-labelledby="policy-summary"
          className="max-w-3xl rounded-xl border border-turmeric/60 bg-[oklch(0.96_0.05_85)] p-5 sm:p-6 lg:col-start-2 lg:row-start-1"
        >
          <h2 id="policy-summary" className="text-xl font-bold">
            {m.policy_in_short()}
          </h2>
          <ul className="mt-3 space-y-2">
            {document.summary.map((point, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of points written in the source
              <li key={index} className="flex gap-2.5 leading-relaxed">
                <span className="mt-2.5 size-1.5 shrink-0 rounded-full bg-primary" aria-hidden />
                <span>{point}</span>
              </li>
            ))}
          </ul>
        </section>
        <nav
          aria-label={m.policy_on_this_page()}
          className="self-start rounded-xl border bg-card text-sm shadow-sm lg:sticky lg:top-24 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:max-h-[calc(100dvh-7rem)] lg:overflow-y-auto"
        >
          {/* Phones get the contents folded away; wide screens always show them. */}
          <details className="group/toc lg:hidden">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-xl p-4 font-semibold text-brown [&::-webkit-details-marker]:hidden">
              {m.policy_sections_count({ count: document.sections.length })}
              <ChevronDown className="size-4 text-primary transition-transform group-open/toc:rotate-180" aria-hidden />
            </summary>
            <div className="px-4 pb-4">
              <Contents sections={document.sections} />
            </div>
          </details>
          <div className="hidden p-4 lg:block">
            <h2 className="font-sans text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              {m.policy_on_this_page()}
            </h2>
            <div className="mt-3">
              <Contents sections={document.sections} />
            </div>
          </div>
        </nav>
        <div className="max-w-3xl lg:col-start-2">
          {document.sections.map((section, index) => (
            <section key={section.id} aria-labelledby={section.id} className="mt-10 first:mt-2">
              <h2 id={section.id} className="scroll-mt-24 text-2xl font-bold">
                <span className="mr-2 text-primary">{index + 1}.</span>
                {section.title}
              </h2>
              <div className={cn(proseClass, 'mt-4')}>{section.content}</div>
            </section>
          ))}
          <ShopDetailsCard settings={settings} />
          <OtherPolicies />
        </div>
      </div>
    </>
  )
}

function Contents({ sections }: { sections: PolicySection[] }) {
  return (
    <ol className="grid gap-1">
      {sections.map((section, index) => (
        <li key={section.id}>
          <a
            href={`#${section.id}`}
            className="flex gap-2 rounded-md px-2 py-1.5 text-foreground/80 hover:bg-secondary hover:text-brown"
          >
            <span className="w-5 shrink-0 text-right font-semibold text-primary tabular-nums">{index + 1}.</span>
            {section.title}
          </a>
        </li>
      ))}
    </ol>
  )
}

/** Who the seller is and how to reach them, as the Consumer Protection (E-Commerce) Rules ask. */
function ShopDetailsCard({ settings }: { settings: PublicSettings }) {
  return (
    <Card className="mt-12">
      <CardContent className="sm:p-6">
        <h2 className="text-xl font-bold">{m.policy_questions_title()}</h2>
        <p className="mt-2 text-muted-foreground">{m.policy_questions_text()}</p>
        <address className="mt-4 grid gap-3 text-sm not-italic sm:grid-cols-2">
          <p className="sm:col-span-2">
            <strong className="text-brown">{settings.legalName}</strong>
            <br />
            {m.policy_fssai({ number: settings.fssaiLicence })}
          </p>
          <p className="flex gap-2">
            <MapPin className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
            {settings.address}
          </p>
          <div className="space-y-2">
            <p className="flex gap-2">
              <Phone className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              <a href={telHref(settings.phone)} className="font-semibold text-brown hover:text-primary">
                {settings.phone}
              </a>
            </p>
            <p className="flex gap-2">
              <Mail className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              <a href={`mailto:${settings.email}`} className="font-semibold break-all text-brown hover:text-primary">
                {settings.email}
              </a>
            </p>
          </div>
        </address>
        <p className="mt-4 text-sm">
          <Link to="/contact" className="font-semibold text-primary underline-offset-4 hover:underline">
            {m.policy_send_message()}
          </Link>
        </p>
      </CardContent>
    </Card>
  )
}

function OtherPolicies() {
  return (
    <nav aria-label={m.policy_other()} className="mt-8">
      <h2 className="font-sans text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {m.policy_ours()}
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {POLICY_LINKS.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              className={({ isActive }) =>
                cn(
                  'inline-flex rounded-full border px-3 py-1.5 text-sm font-medium',
                  isActive ? 'border-primary bg-primary text-primary-foreground' : 'bg-card hover:bg-secondary',
                )
              }
            >
              {link.label()}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** A grievance officer block, as the Consumer Protection (E-Commerce) Rules, 2020 require. */
export function GrievanceOfficer({ settings }: { settings: PublicSettings }) {
  return (
    <div className="rounded-xl border bg-card p-5 not-italic shadow-sm">
      <p className="font-serif text-lg font-bold text-brown">{m.policy_grievance_officer()}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{m.policy_name()}</dt>
        <dd>{settings.grievanceOfficerName}</dd>
        <dt className="text-muted-foreground">{m.policy_email()}</dt>
        <dd className="min-w-0 break-all">
          <a href={`mailto:${settings.grievanceOfficerEmail}`}>{settings.grievanceOfficerEmail}</a>
        </dd>
        <dt className="text-muted-foreground">{m.policy_phone()}</dt>
        <dd>
          <a href={telHref(settings.grievanceOfficerPhone)}>{settings.grievanceOfficerPhone}</a>
        </dd>
        <dt className="text-muted-foreground">{m.policy_address()}</dt>
        <dd>{settings.address}</dd>
      </dl>
    </div>
  )
}
