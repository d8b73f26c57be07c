// The contact form's one schema: the browser runs it for early feedback, the action for the decision.
import { z } from 'zod'
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

function personName(label: string) {
  return z
    .string()
    .trim()
    .min(1, `Please enter your ${label}.`)
    .max(CONTACT_LIMITS.name, `Please keep your ${label} to ${CONTACT_LIMITS.name} characters or fewer.`)
    .regex(NAME_PATTERN, `Please use letters only in your ${label} (spaces, dots, apostrophes and hyphens are fine).`)
}

export const contactFormSchema = z.object({
  firstName: personName('first name'),
  lastName: personName('last name'),
  email: z
    .string()
    .trim()
    .min(1, 'Please enter your e-mail address.')
    .max(CONTACT_LIMITS.email, `Please keep your e-mail address to ${CONTACT_LIMITS.email} characters or fewer.`)
    .pipe(z.email('Please enter a valid e-mail address, like name@example.com.')),
  /** Optional; when given, stored as +91XXXXXXXXXX. */
  phone: z
    .string()
    .trim()
    .transform((value, context) => {
      if (value === '') return null
      const canonical = normaliseIndianMobile(value)
      if (canonical) return canonical
      context.addIssue({
        code: 'custom',
        message: 'Please enter a 10-digit Indian mobile number, like 98765 43210, or leave this field empty.',
      })
      return z.NEVER
    }),
  message: z
    .string()
    // Browsers post a textarea's line breaks as CRLF: count them as one character, as the counter does.
    .overwrite((value) => value.replace(/\r\n?/g, '\n'))
    .trim()
    .min(1, 'Please write your message.')
    .min(CONTACT_LIMITS.messageMin, `Please write at least ${CONTACT_LIMITS.messageMin} characters so we can help you.`)
    .max(CONTACT_LIMITS.messageMax, 'Please shorten your message to 2,000 characters or fewer.'),
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
