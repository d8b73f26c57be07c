import { CircleAlert, Send } from 'lucide-react'
import { type FocusEvent, type FormEvent, useRef, useState } from 'react'
import { useNavigation } from 'react-router'
import { Form } from '#app/i18n/links.tsx'
import { m } from '#app/paraglide/messages.js'
import { Button } from '#app/ui/button.tsx'
import { cn } from '#app/ui/cn.ts'
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  type ContactField,
  type ContactFieldErrors,
  type ContactFormValues,
  contactFormValues,
  validateContactForm,
} from './contact-form.ts'
import { Field, TextArea, TextInput } from './form-field.tsx'

/** What the contact action answers when it does not redirect. */
export type ContactActionData =
  | { status: 'invalid'; fieldErrors: ContactFieldErrors; values: ContactFormValues }
  | { status: 'rate-limited'; retryAfterMinutes: number; values: ContactFormValues }

export const CONTACT_FORM_ID = 'contact-form'

const MAX_MESSAGE = CONTACT_LIMITS.messageMax.toLocaleString('en-IN')

const EMPTY: ContactFormValues = { firstName: '', lastName: '', email: '', phone: '', message: '' }

/**
 * The message form: a plain POST to the contact action (so it works without JavaScript), checked in
 * the browser with the action's own schema before it is sent.
 */
export function MessageForm({ actionData, shopPhone }: { actionData?: ContactActionData; shopPhone: string }) {
  const navigation = useNavigation()
  const sending = navigation.state === 'submitting' && navigation.formAction?.split('#')[0] === '/contact'
  const serverErrors = actionData?.status === 'invalid' ? actionData.fieldErrors : {}
  const values = actionData?.values ?? EMPTY

  // The browser's own findings; null until it has checked something, then they take over. (The page
  // mounts the form afresh for every answer from the server, so these never outlive one.)
  const [clientErrors, setClientErrors] = useState<ContactFieldErrors | null>(null)
  const [attempted, setAttempted] = useState(false)
  const [messageLength, setMessageLength] = useState(normalisedLength(values.message))
  // The summary counts what the last sending attempt found; it is announced once, not at every keystroke.
  const [summaryCount, setSummaryCount] = useState(Object.keys(serverErrors).length)
  const errors = clientErrors ?? serverErrors
  const form = useRef<HTMLFormElement>(null)

  function recheck(fields: readonly ContactField[]) {
    if (!form.current) return
    const result = validateContactForm(contactFormValues(new FormData(form.current)))
    const found = result.ok ? {} : result.fieldErrors
    setClientErrors((previous) => {
      const next = { ...(previous ?? serverErrors) }
      for (const field of fields) {
        if (found[field]) next[field] = found[field]
        else delete next[field]
      }
      return next
    })
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const result = validateContactForm(contactFormValues(new FormData(event.currentTarget)))
    setAttempted(true)
    if (result.ok) {
      setClientErrors({})
      return
    }
    event.preventDefault()
    setClientErrors(result.fieldErrors)
    setSummaryCount(Object.keys(result.fieldErrors).length)
    const first = CONTACT_FIELDS.find((field) => result.fieldErrors[field])
    if (first) focusField(event.currentTarget, first)
  }

  function onInput(event: FormEvent<HTMLFormElement>) {
    const target: EventTarget = event.target
    if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) return
    const field = fieldName(target)
    if (!field) return
    if (field === 'message') setMessageLength(normalisedLength(target.value))
    if (attempted || errors[field]) recheck([field])
  }

  function onBlur(event: FocusEvent<HTMLFormElement>) {
    const target: EventTarget = event.target
    if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) return
    const field = fieldName(target)
    // Early feedback when moving on to another field. Not when moving to the send button: a message
    // appearing then would push the button away from under the pointer, and sending checks anyway.
    const next = event.relatedTarget
    const toAnotherField = next instanceof Element && fieldName(next) !== null
    if (field && toAnotherField && target.value.trim() !== '') recheck([field])
  }

  const errorCount = Object.values(errors).filter(Boolean).length
  const tooLong = messageLength > CONTACT_LIMITS.messageMax

  return (
    <Form
      ref={form}
      method="post"
      action={`/contact#${CONTACT_FORM_ID}`}
      noValidate
      onSubmit={onSubmit}
      onInput={onInput}
      onBlur={onBlur}
      aria-describedby="contact-form-note"
      className="space-y-5"
    >
      <p id="contact-form-note" className="text-sm text-muted-foreground">
        {m.fields_required()}
      </p>
      {errorCount > 0 && summaryCount > 0 && (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm font-medium text-destructive"
        >
          {summaryCount === 1 ? m.correct_one_field() : m.correct_fields({ count: summaryCount })}
        </p>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="contact-firstName" label={m.first_name()} error={errors.firstName}>
          {(described) => (
            <TextInput
              id="contact-firstName"
              name="firstName"
              autoComplete="given-name"
              required
              maxLength={CONTACT_LIMITS.name}
              defaultValue={values.firstName}
              {...described}
            />
          )}
        </Field>
        <Field id="contact-lastName" label={m.last_name()} error={errors.lastName}>
          {(described) => (
            <TextInput
              id="contact-lastName"
              name="lastName"
              autoComplete="family-name"
              required
              maxLength={CONTACT_LIMITS.name}
              defaultValue={values.lastName}
              {...described}
            />
          )}
        </Field>
      </div>
      <Field id="contact-email" label={m.email()} error={errors.email} hint={m.email_hint()}>
        {(described) => (
          <TextInput
            id="contact-email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            maxLength={CONTACT_LIMITS.email}
            defaultValue={values.email}
            {...described}
          />
        )}
      </Field>
      <Field id="contact-phone" label={m.phone()} optional error={errors.phone} hint={m.phone_hint()}>
        {(described) => (
          <TextInput
            id="contact-phone"
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            defaultValue={values.phone}
            {...described}
          />
        )}
      </Field>
      <Field
        id="contact-message"
        label={m.message()}
        error={errors.message}
        hint={m.message_hint({ min: CONTACT_LIMITS.messageMin, max: MAX_MESSAGE })}
        aside={
          <p
            className={cn(
              'shrink-0 text-xs tabular-nums',
              tooLong ? 'font-semibold text-destructive' : 'text-muted-foreground',
            )}
            aria-hidden
          >
            {messageLength.toLocaleString('en-IN')} / {MAX_MESSAGE}
          </p>
        }
      >
        {(described) => (
          <TextArea
            id="contact-message"
            name="message"
            required
            rows={6}
            defaultValue={values.message}
            placeholder={m.message_placeholder()}
            {...described}
          />
        )}
      </Field>
      {actionData?.status === 'rate-limited' && (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm font-medium text-destructive"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {rateLimitMessage(actionData.retryAfterMinutes, shopPhone)}
        </p>
      )}
      <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
        <Send aria-hidden />
        {sending ? m.sending() : m.send_message()}
      </Button>
    </Form>
  )
}

function rateLimitMessage(minutes: number, phone: string): string {
  return minutes === 1 ? m.contact_rate_limited_one({ phone }) : m.contact_rate_limited({ minutes, phone })
}

function fieldName(element: Element): ContactField | null {
  const name = element.getAttribute('name')
  return name && (CONTACT_FIELDS as readonly string[]).includes(name) ? (name as ContactField) : null
}

function focusField(form: HTMLFormElement, field: ContactField) {
  const element = form.elements.namedItem(field)
  if (element instanceof HTMLElement) element.focus()
}

/** The length the schema counts: line breaks as one character, ends trimmed. */
function normalisedLength(text: string): number {
  return text.replace(/\r\n?/g, '\n').trim().length
}
