import { CircleCheck } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { data, redirect, useLocation, useSearchParams } from 'react-router'
import { ContactDetails, ContactNotes } from '#app/contact/contact-details.tsx'
import { contactFormValues } from '#app/contact/contact-form.ts'
import { CONTACT_FORM_ID, type ContactActionData, MessageForm } from '#app/contact/message-form.tsx'
import { sendContactMessage } from '#app/contact/send-message.server.ts'
import { m } from '#app/paraglide/messages.js'
import { withRetryAfter } from '#app/platform/retry-after-headers.ts'
import { requestContext, servicesContext } from '#app/platform/services.server.ts'
import { pageMeta } from '#app/seo/page-meta.ts'
import { PageHeading } from '#app/shell/page-heading.tsx'
import { INTERACTIVE_PAGE } from '#app/shell/page-hydration.ts'
import { Card, CardContent } from '#app/ui/card.tsx'
import type { Route } from './+types/contact'

export const handle = INTERACTIVE_PAGE

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: m.seo_contact_title(), description: m.seo_contact_description() })

/** A refusal by the rate limiter carries Retry-After. */
export const headers: Route.HeadersFunction = (args) => withRetryAfter(args)

export async function action({ request, context }: Route.ActionArgs) {
  const { db } = context.get(servicesContext)
  const { clientIp, log } = context.get(requestContext)
  const values = contactFormValues(await request.formData())
  const result = await sendContactMessage(db, { values, clientIp })
  // Sent: redirect, so that reloading the page does not send the message again.
  if (result.status === 'sent') {
    log.info({ messageId: result.messageId }, 'contact message received')
    return redirect(`/contact?sent=1#${CONTACT_FORM_ID}`)
  }
  const echoed = echo(values)
  if (result.status === 'invalid') {
    return data<ContactActionData>(
      { status: 'invalid', fieldErrors: result.fieldErrors, values: echoed },
      { status: 400 },
    )
  }
  log.warn({ clientIp }, 'contact form rate limit reached')
  return data<ContactActionData>(
    { status: 'rate-limited', retryAfterMinutes: Math.ceil(result.retryAfterSeconds / 60), values: echoed },
    { status: 429, headers: { 'Retry-After': String(result.retryAfterSeconds) } },
  )
}

/** What was typed goes back into the form, within reason. */
function echo(values: Record<string, string>) {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.slice(0, 20_000)])) as ReturnType<
    typeof contactFormValues
  >
}

export default function Contact({ matches, actionData }: Route.ComponentProps) {
  const { settings } = matches[0].loaderData
  const [searchParams] = useSearchParams()
  const location = useLocation()
  const sent = searchParams.get('sent') === '1' && !actionData
  const confirmation = useRef<HTMLDivElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new arrival on the page after sending is announced
  useEffect(() => {
    if (sent) confirmation.current?.focus({ preventScroll: true })
  }, [sent, location.key])

  return (
    <>
      <PageHeading title={m.contact_title()}>
        <p>{m.contact_intro()}</p>
      </PageHeading>
      {/* Phones: details, the form, then the notes; wide screens keep the form beside both. */}
      <div className="mx-auto grid max-w-6xl items-start gap-8 px-4 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <section aria-labelledby="contact-details-title" className="lg:col-start-1 lg:row-start-1">
          <h2 id="contact-details-title" className="sr-only">
            {m.our_details()}
          </h2>
          <ContactDetails settings={settings} />
        </section>
        <section
          id={CONTACT_FORM_ID}
          aria-labelledby="contact-form-title"
          className="scroll-mt-20 lg:col-start-2 lg:row-span-2 lg:row-start-1"
        >
          <Card>
            <CardContent className="space-y-5 p-5 sm:p-8">
              <div>
                <h2 id="contact-form-title" className="text-2xl font-bold">
                  {m.send_us_message()}
                </h2>
                <p className="mt-1 text-muted-foreground">{m.we_reply_within({ period: m.promise_message_reply() })}</p>
              </div>
              {sent && (
                <div
                  ref={confirmation}
                  role="status"
                  tabIndex={-1}
                  className="flex gap-3 rounded-lg border border-success/40 bg-[oklch(0.96_0.04_145)] p-4 outline-none"
                >
                  <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
                  <div>
                    <p className="font-semibold text-[oklch(0.35_0.09_145)]">{m.message_sent()}</p>
                    <p className="mt-1 text-sm text-foreground/85">
                      {m.message_sent_text({ period: m.promise_message_reply() })}
                    </p>
                  </div>
                </div>
              )}
              <MessageForm key={location.key} actionData={actionData} shopPhone={settings.phone} />
            </CardContent>
          </Card>
        </section>
        <div className="lg:col-start-1 lg:row-start-2">
          <ContactNotes settings={settings} />
        </div>
      </div>
    </>
  )
}
