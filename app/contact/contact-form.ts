// The contact form's one schema: the browser runs it for early feedback, the action for the decision.
import { z } from 'zod'
import { m } from '#app/paraglide/messages.js'
import { type FieldErrors, type FormValidation, formValues, validateForm } from '#app/shared/form-schema.ts'
import { normaliseIndianMobile } from '#app/shared/phone.ts'

export const CONTACT_LIMITS = { name: 80, email: 254, messageMin: 10, messageMax: 2000 } as const

export const CONTACT_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'message'] as const
export type ContactField = (typeof CONTACT_FIELDS)[number]

/** What the form posts: every field as typed. */
export type ContactFormValues = Record<ContactField, string>
export type ContactFieldErrors = FieldErrors<ContactField>

/** Letters and marks of any script (Devanagari included), spaces, dots, apostrophes, hyphens, ZWJ/ZWNJ. */
const NAME_PATTERN = /^[\p{L}\p{M}](?:[\p{L}\p{M} .'’-]|\u200c|\u200d)*$/u

const NAME_MESSAGES = {
  first: { enter: m.contact_enter_first_name, max: m.contact_first_name_max, letters: m.contact_first_name_letters },
  last: { enter: m.contact_enter_last_name, max: m.contact_last_name_max, letters: m.contact_last_name_letters },
}

function personName(which: keyof typeof NAME_MESSAGES) {
  const messages = NAME_MESSAGES[which]
  return z
    .string()
    .trim()
    .min(1, { error: () => messages.enter() })
    .max(CONTACT_LIMITS.name, { error: () => messages.max({ max: CONTACT_LIMITS.name }) })
    .regex(NAME_PATTERN, { error: () => messages.letters() })
}

export const contactFormSchema = z.object({
  firstName: personName('first'),
  lastName: personName('last'),
  email: z
    .string()
    .trim()
    .min(1, { error: () => m.form_enter_email() })
    .max(CONTACT_LIMITS.email, { error: () => m.form_email_max({ max: CONTACT_LIMITS.email }) })
    .pipe(z.email({ error: () => m.form_email_invalid() })),
  /** Optional; when given, stored as +91XXXXXXXXXX. */
  phone: z
    .string()
    .trim()
    .transform((value, context) => {
      if (value === '') return null
      const canonical = normaliseIndianMobile(value)
      if (canonical) return canonical
      context.addIssue({ code: 'custom', message: m.contact_phone_invalid() })
      return z.NEVER
    }),
  message: z
    .string()
    // Browsers post a textarea's line breaks as CRLF: count them as one character, as the counter does.
    .overwrite((value) => value.replace(/\r\n?/g, '\n'))
    .trim()
    .min(1, { error: () => m.contact_enter_message() })
    .min(CONTACT_LIMITS.messageMin, { error: () => m.contact_message_min({ min: CONTACT_LIMITS.messageMin }) })
    .max(CONTACT_LIMITS.messageMax, { error: () => m.contact_message_max() }),
})

export type ContactMessageInput = z.output<typeof contactFormSchema>

export type ContactValidation = FormValidation<ContactMessageInput, ContactField>

/** The posted fields as strings; a missing or non-text field is empty. */
export function contactFormValues(formData: FormData): ContactFormValues {
  return formValues(formData, CONTACT_FIELDS)
}

/** Checks the form; on failure, the first message of each field that failed. */
export function validateContactForm(values: unknown): ContactValidation {
  return validateForm(contactFormSchema, CONTACT_FIELDS, values)
}
