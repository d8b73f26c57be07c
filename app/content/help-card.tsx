import { Mail, MessageCircle, Phone } from 'lucide-react'
import { Link } from '#app/i18n/links.tsx'
import { m } from '#app/paraglide/messages.js'
import type { PublicSettings } from '#app/settings/public-settings.ts'
import { telHref } from '#app/shared/phone.ts'
import { Button } from '#app/ui/button.tsx'
import { Card, CardContent } from '#app/ui/card.tsx'

/** 'Still have questions?': how to reach the shop, with the hours and response times it promises. */
export function HelpCard({ settings }: { settings: Pick<PublicSettings, 'phone' | 'email'> }) {
  return (
    <Card className="overflow-hidden border-primary/25">
      <div className="bg-brown px-5 py-4 text-white">
        <h2 className="flex items-center gap-2 font-serif text-xl font-bold text-white">
          <MessageCircle className="size-5 text-turmeric" aria-hidden />
          {m.help_title()}
        </h2>
        <p className="mt-1 text-sm text-white/85">{m.help_subtitle()}</p>
      </div>
      <CardContent className="space-y-5">
        <div className="flex gap-3">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-accent/40 text-primary">
            <Phone className="size-5" aria-hidden />
          </span>
          <div>
            <h3 className="font-sans text-sm font-semibold text-muted-foreground">{m.help_call()}</h3>
            <a href={telHref(settings.phone)} className="text-lg font-semibold text-brown hover:text-primary">
              {settings.phone}
            </a>
            <p className="text-sm text-muted-foreground">{m.promise_phone_hours()}</p>
          </div>
        </div>
        <div className="flex gap-3">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-accent/40 text-primary">
            <Mail className="size-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <h3 className="font-sans text-sm font-semibold text-muted-foreground">{m.help_email()}</h3>
            <a
              href={`mailto:${settings.email}`}
              className="text-sm font-semibold [overflow-wrap:anywhere] text-brown hover:text-primary"
            >
              {settings.email}
            </a>
            <p className="text-sm text-muted-foreground">{m.help_respond({ time: m.promise_email_response() })}</p>
          </div>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row lg:flex-col">
          <Button asChild className="flex-1">
            <Link to="/contact">{m.help_contact()}</Link>
          </Button>
          <Button asChild variant="outline" className="flex-1">
            <Link to="/products">{m.help_browse()}</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  )
}
