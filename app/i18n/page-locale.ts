// The language of the page being rendered, for components: on the server the request's (set by
// app/i18n/locale.server.ts), in the browser the page's address (/hi/... is Hindi). Imported by the
// root route, so it is set before anything renders. A change of language is a full page load (the
// header's switch is a plain link), so client-side navigation never changes it.
import { overwriteGetLocale, getLocale as paraglideLocale } from '#app/paraglide/runtime.js'
import { type Locale, localeOfPath } from './locale.ts'

if (!import.meta.env.SSR) overwriteGetLocale(() => localeOfPath(window.location.pathname))

export function getLocale(): Locale {
  return paraglideLocale()
}
