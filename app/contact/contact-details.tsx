import { Clock, ExternalLink, Factory, Globe, Mail, MapPin, MessageCircle, Phone, ShieldCheck } from 'lucide-react'
import type { ReactNode } from 'react'
import { m } from '#app/paraglide/messages.js'
import type { PublicSettings } from '#app/settings/public-settings.ts'
import { telHref } from '#app/shared/phone.ts'
import { WhatsAppChatLink } from '#app/shell/whatsapp-chat-link.tsx'
import { Card, CardContent } from '#app/ui/card.tsx'

function DetailRow({ icon: Icon, title, children }: { icon: typeof MapPin; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-4 py-5 first:pt-0 last:pb-0">
      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-accent/40 text-primary">
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0 space-y-1">
        <h3 className="text-lg font-bold">{title}</h3>
        {children}
      </div>
    </div>
  )
}

/** Where and how to reach the shop: every detail from the settings the owner edits. */
export function ContactDetails({ settings }: { settings: PublicSettings }) {
  const mapUrl = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(settings.address)}`
  return (
    <div className="space-y-4">
      <Card>
        <CardContent className="sm:p-6">
          <address className="divide-y not-italic">
            <DetailRow icon={MapPin} title={m.address()}>
              <p className="leading-relaxed">
                {settings.legalName}
                <br />
                {settings.address}
              </p>
              {settings.gstin && <p className="text-sm text-muted-foreground">GSTIN {settings.gstin}</p>}
              <a
                href={mapUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 text-sm font-semibold text-primary underline-offset-4 hover:underline"
              >
                {m.open_in_maps()}
                <ExternalLink className="size-3.5" aria-hidden />
                <span className="sr-only">{m.opens_new_tab()}</span>
              </a>
            </DetailRow>
            <DetailRow icon={Phone} title={m.customer_care()}>
              <a href={telHref(settings.phone)} className="text-lg font-semibold text-brown hover:text-primary">
                {settings.phone}
              </a>
              <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
                <Clock className="size-3.5" aria-hidden />
                {m.promise_phone_hours()}
              </p>
            </DetailRow>
            {settings.whatsappNumber && (
              <DetailRow icon={MessageCircle} title="WhatsApp">
                <p className="text-lg font-semibold text-brown">{settings.whatsappNumber}</p>
                <p className="text-sm text-muted-foreground">{m.whatsapp_text()}</p>
                <WhatsAppChatLink
                  text={m.chat_whatsapp_contact_text({ shopName: settings.shopName })}
                  className="mt-2"
                />
              </DetailRow>
            )}
            <DetailRow icon={Mail} title={m.email()}>
              <a
                href={`mailto:${settings.email}`}
                className="font-semibold [overflow-wrap:anywhere] text-brown hover:text-primary max-sm:text-sm"
              >
                {settings.email}
              </a>
              <p className="text-sm text-muted-foreground">
                {m.we_respond_within({ period: m.promise_email_response() })}
              </p>
            </DetailRow>
            {settings.socialLinks.length > 0 && (
              <DetailRow icon={Globe} title={m.online_presence()}>
                <p className="text-sm text-muted-foreground">{m.follow_text()}</p>
                <ul className="flex flex-wrap gap-2 pt-1" aria-label={m.footer_follow_us()}>
                  {settings.socialLinks.map((link) => (
                    <li key={link.url}>
                      <a
                        href={link.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="inline-flex items-center rounded-full border border-primary/30 bg-secondary/60 px-3 py-1 text-sm font-semibold text-brown hover:bg-secondary"
                      >
                        {link.label}
                        <span className="sr-only"> {m.opens_new_tab()}</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </DetailRow>
            )}
          </address>
        </CardContent>
      </Card>
    </div>
  )
}

/** The kitchen-visit note and the grievance officer, under the contact details. */
export function ContactNotes({ settings }: { settings: PublicSettings }) {
  return (
    <div className="space-y-4">
      <Card className="border-turmeric/60 bg-[oklch(0.96_0.05_85)]">
        <CardContent className="flex gap-4">
          <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-card text-primary">
            <Factory className="size-5" aria-hidden />
          </span>
          <div className="space-y-1">
            <h2 className="text-lg font-bold">{m.visit_kitchen()}</h2>
            <p className="leading-relaxed text-foreground/85">
              {m.visit_kitchen_before()} <strong className="text-brown">{m.visit_kitchen_appointment()}</strong>
              {m.visit_kitchen_after()}
            </p>
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardContent className="flex gap-4">
          <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-accent/40 text-primary">
            <ShieldCheck className="size-5" aria-hidden />
          </span>
          <div className="min-w-0 space-y-1 text-sm">
            <h2 className="text-lg font-bold">{m.grievance_officer()}</h2>
            <p className="text-foreground/85">
              {settings.grievanceOfficerName}
              <br />
              <a
                href={`mailto:${settings.grievanceOfficerEmail}`}
                className="[overflow-wrap:anywhere] text-primary hover:underline"
              >
                {settings.grievanceOfficerEmail}
              </a>
              <br />
              <a href={telHref(settings.grievanceOfficerPhone)} className="text-primary hover:underline">
                {settings.grievanceOfficerPhone}
              </a>
            </p>
            <p className="text-muted-foreground">
              {m.grievance_text({
                acknowledged: m.promise_grievance_acknowledgement(),
                resolved: m.promise_grievance_resolution(),
              })}
            </p>
          </div>
        </CardContent>
      </Card>
    </div>
  )
}
