import { Mail, MessageCircle, Phone } from 'lucide-react'
import { Link } from '#app/i18n/links.tsx'
import type { PublicSettings } from '#app/settings/public-settings.ts'
import { telHref } from '#app/shared/phone.ts'
import { Button } from '#app/ui/button.tsx'
import { Card, CardContent } from '#app/ui/card.tsx'
import { EMAIL_RESPONSE, PHONE_HOURS } from './promises.ts'

/** 'Still have questions?': how to reach the shop, with the hours and response times it promises. */
export function HelpCard({ settings }: { settings: Pick<PublicSettings, 'phone' | 'email'> }) {
  return (
    <Card className="overflow-hidden border-primary/25">
      <div className="bg-brown px-5 py-4 text-white">
        <h2 className="flex items-center gap-2 font-serif text-xl font-bold text-white">
          <MessageCircle className="size-5 text-turmeric" aria-hidden />
          Still have questions?
        </h2>
        <p className="mt-1 text-sm text-white/85">Real people from our Indore kitchen answer.</p>
      </div>
      <CardContent className="space-y-5">
        <div className="flex gap-3">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-accent/40 text-primary">
            <Phone className="size-5" aria-hidden />
          </span>
          <div>
            <h3 className="font-sans text-sm font-semibold text-muted-foreground">Call us</h3>
            <a href={telHref(settings.phone)} className="text-lg font-semibold text-brown hover:text-primary">
              {settings.phone}
            </a>
            <p className="text-sm text-muted-foreground">{PHONE_HOURS}</p>
          </div>
        </div>
        <div className="flex gap-3">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-accent/40 text-primary">
            <Mail className="size-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <h3 className="font-sans text-sm font-semibold text-muted-foreground">E-mail us</h3>
            <a
              href={`mailto:${settings.email}`}
              className="text-sm font-semibold [overflow-wrap:anywhere] text-brown hover:text-primary"
            >
              {settings.email}
            </a>
            <p className="text-sm text-muted-foreground">We respond in {EMAIL_RESPONSE}</p>
          </div>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row lg:flex-col">
          <Button asChild className="flex-1">
            <Link to="/contact">Contact Us</Link>
          </Button>
          <Button asChild variant="outline" className="flex-1">
            <Link to="/products">Browse Products</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  )
}
