// The shop's forms share one shape: the posted fields as strings, one zod schema, and on failure the
// first message of each field. Used by the contact form, checkout and order tracking.
import type { z } from 'zod'

export type FieldErrors<F extends string> = Partial<Record<F, string>>

export type FormValidation<T, F extends string> = { ok: true; data: T } | { ok: false; fieldErrors: FieldErrors<F> }

/** The posted fields as strings; a missing or non-text field is empty. */
export function formValues<const F extends string>(formData: FormData, fields: readonly F[]): Record<F, string> {
  return Object.fromEntries(
    fields.map((field) => {
      const entry = formData.get(field)
      return [field, typeof entry === 'string' ? entry : '']
    }),
  ) as Record<F, string>
}

/** Checks `values` against `schema`; on failure, the first message of each of `fields` that failed. */
export function validateForm<S extends z.ZodType, const F extends string>(
  schema: S,
  fields: readonly F[],
  values: unknown,
): FormValidation<z.output<S>, F> {
  const result = schema.safeParse(values)
  if (result.success) return { ok: true, data: result.data }
  const fieldErrors: FieldErrors<F> = {}
  for (const issue of result.error.issues) {
    const field = issue.path[0]
    if (typeof field === 'string' && (fields as readonly string[]).includes(field))
      fieldErrors[field as F] ??= issue.message
  }
  return { ok: false, fieldErrors }
}
