// The sentences a refused request is answered with (app/platform/request-input.server.ts), by reason.
// The edge (server/app.ts) decides the refusal before the request's language is known, so it keeps
// the reason; the root middleware writes the sentence inside the request, in the page's language
// (a /hi/... address: Hindi). The root error page shows one only if it is one of these, never a
// framework's own message.
import { m } from '#app/paraglide/messages.js'

export const INPUT_TEXTS = {
  otherSite: m.input_other_site,
  notAForm: m.input_not_a_form,
  notFormOrJson: m.input_not_form_or_json,
  unreadable: m.input_unreadable,
  badJson: m.input_bad_json,
} as const

export type InputRefusalReason = keyof typeof INPUT_TEXTS

/** Whether a text is one of the refusals, in the language of the request or page. */
export function isInputRefusalText(text: unknown): text is string {
  return Object.values(INPUT_TEXTS).some((message) => message() === text)
}
