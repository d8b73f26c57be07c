// Paraglide's runtime as the browser build has it: the browser build loads this module in place of
// app/paraglide/runtime.js (browser-messages.ts). The generated runtime carries the locale
// strategies (cookies, URL patterns, a reload on a change) that the shop never uses, since the page's
// address says its language (app/i18n/page-locale.ts) and a change of language is a full page load;
// it cost every page about a kilobyte. Exported: what the shop's browser modules and the message
// modules import from the runtime; a name added there and missing here fails the build.
import type { Locale } from './locale.ts'

/** Paraglide's build-time locale: none, both languages are in one build. */
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
 * A message function of the browser build (what browser-messages.ts makes of each message module): its English
 * and Hindi text, a string when it takes no inputs, in the page's language or the one asked for.
 */
export function message(en: Text, hi: Text) {
  return (inputs?: unknown, options: { locale?: Locale } = {}): string => {
    const text = (options.locale ?? current()) === 'hi' ? hi : en
    return typeof text === 'string' ? text : (text as (inputs: unknown) => string)(inputs)
  }
}
