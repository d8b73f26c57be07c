import { Mail, MapPin, Phone } from 'lucide-react'
import { pageMeta } from '#app/seo/page-meta.ts'
import { PageHeading } from '#app/shell/page-heading.tsx'
import type { Route } from './+types/contact'

export const meta: Route.MetaFunction = (args) => pageMeta(args, { preset: 'contact' })

export default function Contact({ matches }: Route.ComponentProps) {
  const { settings } = matches[0].loaderData
  return (
    <>
      <PageHeading title="Contact Us">
        <p>Call or write to us for orders, festival and bulk enquiries, or help with a delivery.</p>
      </PageHeading>
      <address className="mx-auto grid max-w-6xl gap-4 px-4 not-italic sm:grid-cols-3">
        <p className="flex gap-3 rounded-xl border bg-card p-5">
          <MapPin className="size-5 shrink-0 text-primary" aria-hidden />
          {settings.address}
        </p>
        <p className="flex gap-3 rounded-xl border bg-card p-5">
          <Phone className="size-5 shrink-0 text-primary" aria-hidden />
          <a href={`tel:${settings.phone.replace(/\s/g, '')}`}>{settings.phone}</a>
        </p>
        <p className="flex gap-3 rounded-xl border bg-card p-5">
          <Mail className="size-5 shrink-0 text-primary" aria-hidden />
          <a href={`mailto:${settings.email}`} className="break-all">
            {settings.email}
          </a>
        </p>
      </address>
    </>
  )
}
