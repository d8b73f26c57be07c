// The shop's two languages and where each page lives: English at the shop's addresses, Hindi under
// /hi. Pure functions (no imports: the service worker uses them too), shared by the server
// (app/i18n/locale.server.ts), the browser and routes.ts.
// docs/decisions/024-hindi.md.
export const LOCALES = ['en', 'hi'] as const
export type Locale = (typeof LOCALES)[number]

/** The value of `<html lang>` for each language (hreflang uses the bare codes). */
export const HTML_LANG: Record<Locale, string> = { en: 'en-IN', hi: 'hi' }

/** The cookie that remembers the language a visitor chose with the header's switch. */
export const LOCALE_COOKIE = 'lang'
/** The query parameter of the switch's links: an explicit choice, remembered in the cookie. */
export const LOCALE_PARAM = 'lang'

const HINDI_PREFIX = '/hi'

/**
 * The shop's pages that have a Hindi version at /hi/... (patterns of app/routes.ts). The admin panel,
 * the feeds and the machine endpoints stay English only.
 */
export const LOCALIZED_PAGES = [
  '',
  'products',
  'products/:slug',
  'about',
  'contact',
  'blog',
  'blog/:slug',
  'faq',
  'auth',
  'cart',
  'delivery',
  'checkout',
  'track-order',
  'order-success',
  'payment-status',
  'my-orders',
  // The page around the invoice; the document and its PDF stay English.
  'orders/:orderId/invoice',
  'account',
  'account/addresses',
  'account/addresses/new',
  'account/addresses/:addressId',
  'reviews',
  'logout',
  'quality-policy',
  'terms-and-conditions',
  'privacy-policy',
  'shipping-policy',
] as const

/** English-only addresses that a localized pattern would otherwise claim (`blog/:slug`). */
const ENGLISH_ONLY = new Set(['/blog/feed.xml'])

/** A value (cookie, query parameter) as one of the shop's languages, or null for anything else. */
export function toLocale(value: unknown): Locale | null {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value) ? (value as Locale) : null
}

/** The language of an address: Hindi under /hi, English everywhere else (/fr/... included). */
export function localeOfPath(pathname: string): Locale {
  return pathname === HINDI_PREFIX || pathname.startsWith(`${HINDI_PREFIX}/`) || pathname === `${HINDI_PREFIX}.data`
    ? 'hi'
    : 'en'
}

/** The English address of a page: `/hi/products` -> `/products`, `/hi` -> `/`. */
export function pathWithoutLocale(pathname: string): string {
  if (localeOfPath(pathname) === 'en') return pathname
  const rest = pathname.slice(HINDI_PREFIX.length)
  return rest === '' || rest === '.data' ? '/' : rest
}

/** Whether an English address (without query) is a page with a Hindi version. */
export function hasHindiVersion(pathname: string): boolean {
  if (ENGLISH_ONLY.has(pathname)) return false
  const segments = pathname.split('/').filter(Boolean)
  return LOCALIZED_PAGES.some((page) => {
    const pattern = page.split('/').filter(Boolean)
    return (
      pattern.length === segments.length &&
      pattern.every((part, index) => part.startsWith(':') || part === segments[index])
    )
  })
}

/**
 * An address (path with optional query and hash) in a language: a page with a Hindi version gets
 * /hi in Hindi and loses it in English; anything else (the admin panel, a feed, another site) is
 * returned as it is.
 */
export function localizedHref(href: string, locale: Locale): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href
  const end = href.search(/[?#]/)
  const pathname = end === -1 ? href : href.slice(0, end)
  const rest = end === -1 ? '' : href.slice(end)
  const english = pathWithoutLocale(pathname)
  if (!hasHindiVersion(english)) return href
  if (locale === 'en') return `${english}${rest}`
  return `${english === '/' ? HINDI_PREFIX : `${HINDI_PREFIX}${english}`}${rest}`
}
