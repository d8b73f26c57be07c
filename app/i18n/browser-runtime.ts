// Paraglide's runtime as the browser build has it: the browser build loads this module in place of
// app/paraglide/runtime.js (browser-messages.ts). The generated runtime carries the locale
// strategies (cookies, URL patterns, a reload on a change) that the shop never uses, since the page's
// address says its language (app/i18n/page-locale.ts) and a change of language is a full page load;
// it cost every page about a kilobyte. Exported: what the shop's browser modules and the message
// modules import from the runtime; a name added there and missing here fails the build.
import type { Locale } from './locale.ts'

/** Paraglide's build-time locale: none (each message function chooses, see `message`). */
export const experimentalStaticLocale = undefined

let current: () => Locale = () => 'en'

export function getLocale(): Locale {
  return current()
}

export function overwriteGetLocale(find: () => Locale): void {
  current = find
}

type Text = string | ((inputs: never) => string)

/**
 * The language of this copy of the browser build. The build is written once per language
 * (language-copies.ts): each copy gets its own in place of this placeholder.
 */
const BUILD_LOCALE = 'malwa-build-locale' as Locale

/**
 * A message function of the browser build (what browser-messages.ts makes of each message module),
 * in the page's language or the one asked for. In each language's copy of the build a message has
 * that language's text only; the messages some code asks for in a language of its choosing keep both
 * (`message(English, Hindi)`). Each text is a string, or a function of the message's inputs.
 */
export function message(text: Text, hindi?: Text) {
  return (inputs?: unknown, options: { locale?: Locale } = {}): string => {
    const locale = options.locale ?? current()
    if (hindi !== undefined) return show(locale === 'hi' ? hindi : text, inputs)
    if (locale !== BUILD_LOCALE) otherLanguage(options.locale)
    return show(text, inputs)
  }
}

function show(text: Text, inputs: unknown): string {
  return typeof text === 'string' ? text : (text as (inputs: unknown) => string)(inputs)
}

/** A text wanted in the language this copy of the build does not carry. */
function otherLanguage(asked: Locale | undefined): void {
  // The build keeps both texts of every message called with a locale (browser-messages.ts): one that
  // is not is a bug of the build, not a page to show in the wrong language.
  if (asked) throw new Error(`a message asked for in ${asked} has only this page's language`)
  // A client-side navigation left the page's language (a redirect from a Hindi page to the admin
  // panel): the new page is loaded again, with the copy of its language (once: every text asks).
  if (reloading) return
  reloading = true
  window.location.reload()
}

let reloading = false
