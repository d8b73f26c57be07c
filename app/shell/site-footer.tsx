import { Mail, MapPin, MessageCircle, Phone } from 'lucide-react'
import { Link } from '#app/i18n/links.tsx'
import { PushSwitchSlot } from '#app/notifications/push-prompt.tsx'
import { m } from '#app/paraglide/messages.js'
import type { PublicSettings } from '#app/settings/public-settings.ts'
import { whatsappHref } from '#app/shared/phone.ts'
import { cn } from '#app/ui/cn.ts'
import { NAV_LINKS, POLICY_LINKS, TRACK_ORDER_LINK } from './nav-links.ts'

/** A footer link as tall as a fingertip (44 px) on a touch screen; closer together under a mouse. */
const FOOTER_LINK = 'inline-flex min-h-11 items-center hover:text-white hover:underline pointer-fine:min-h-8'

export function SiteFooter({ settings }: { settings: PublicSettings }) {
  const year = new Date().getFullYear()
  return (
    <footer className="mt-16 bg-brown text-[oklch(0.93_0.03_85)]">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-4 gap-y-10 px-4 py-12 lg:grid-cols-4">
        <div className="col-span-2 space-y-3 sm:col-span-1">
          <p className="font-serif text-xl font-bold text-white">{settings.shopName}</p>
          <p className="text-sm leading-relaxed">{settings.qualityTagline}</p>
          <p className="flex items-center gap-2 text-sm">
            <span
              className="inline-flex size-4 items-center justify-center border-2 border-[oklch(0.75_0.15_145)]"
              aria-hidden
            >
              <span className="size-1.5 rounded-full bg-[oklch(0.75_0.15_145)]" />
            </span>
            {m.footer_vegetarian()}
          </p>
          <p className="text-sm">{m.footer_fssai({ number: settings.fssaiLicence })}</p>
          {settings.gstin && <p className="text-sm">{m.footer_gstin({ gstin: settings.gstin })}</p>}
        </div>
        <nav aria-label={m.footer_shop()} className="space-y-2 text-sm">
          <h2 className="font-sans text-sm font-semibold tracking-wide text-white uppercase">{m.footer_shop()}</h2>
          <ul>
            {[...NAV_LINKS, ...(settings.showcaseMode ? [] : [TRACK_ORDER_LINK])].map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={FOOTER_LINK}>
                  {link.label()}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={m.footer_policies()} className="space-y-2 text-sm">
          <h2 className="font-sans text-sm font-semibold tracking-wide text-white uppercase">{m.footer_policies()}</h2>
          <ul>
            {POLICY_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={FOOTER_LINK}>
                  {link.label()}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="col-span-2 space-y-3 text-sm sm:col-span-1">
          <h2 className="font-sans text-sm font-semibold tracking-wide text-white uppercase">
            {m.footer_get_in_touch()}
          </h2>
          <address className="space-y-1 not-italic">
            <p className="flex gap-2">
              <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden />
              {settings.address}
            </p>
            <p className="flex items-center gap-2">
              <Phone className="size-4 shrink-0" aria-hidden />
              <a href={`tel:${settings.phone.replace(/\s/g, '')}`} className={FOOTER_LINK}>
                {settings.phone}
              </a>
            </p>
            {settings.whatsappNumber && (
              <p className="flex items-center gap-2">
                <MessageCircle className="size-4 shrink-0" aria-hidden />
                <a
                  href={whatsappHref(settings.whatsappNumber)}
                  rel="noopener noreferrer"
                  target="_blank"
                  className={FOOTER_LINK}
                >
                  WhatsApp {settings.whatsappNumber}
                  <span className="sr-only"> {m.footer_opens_whatsapp()}</span>
                </a>
              </p>
            )}
            <p className="flex items-center gap-2">
              <Mail className="size-4 shrink-0" aria-hidden />
              <a href={`mailto:${settings.email}`} className={cn(FOOTER_LINK, 'break-all')}>
                {settings.email}
              </a>
            </p>
          </address>
          {settings.socialLinks.length > 0 && (
            <ul className="flex flex-wrap gap-3 pt-1" aria-label={m.footer_follow_us()}>
              {settings.socialLinks.map((link) => (
                <li key={link.url}>
                  <a
                    href={link.url}
                    rel="noopener noreferrer"
                    target="_blank"
                    className="inline-flex min-h-11 items-center rounded-full border border-white/30 px-4 hover:bg-white/10"
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          )}
          <PushSwitchSlot tone="footer" className="min-h-11" />
        </div>
      </div>
      <div className="border-t border-white/15">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs">
          {m.footer_rights({ year, legalName: settings.legalName })}
        </p>
      </div>
    </footer>
  )
}
