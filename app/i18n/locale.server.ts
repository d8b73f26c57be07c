// The language of each request on the server: from its address (/hi/... is Hindi), kept for the
// request in an AsyncLocalStorage that Paraglide's getLocale() reads, so concurrent requests never
// share one. The header's switch is remembered in a cookie. docs/decisions/024-hindi.md.
import { AsyncLocalStorage } from 'node:async_hooks'
import { type MiddlewareFunction, redirect, redirectDocument } from 'react-router'
import { overwriteServerAsyncLocalStorage } from '#app/paraglide/runtime.js'
import { readCookie, serializeCookie } from '#app/platform/cookies.server.ts'
import { servicesContext } from '#app/platform/services.server.ts'
import {
  hasHindiVersion,
  LOCALE_COOKIE,
  LOCALE_PARAM,
  type Locale,
  localeOfPath,
  localizedHref,
  toLocale,
} from './locale.ts'

const storage = new AsyncLocalStorage<{ locale?: Locale }>()
overwriteServerAsyncLocalStorage(storage)

const YEAR = 60 * 60 * 24 * 365

/** What a request asks about its language: where it goes first, if anywhere, and in which language it is answered. */
export function resolveLocale(
  url: URL,
  method: string,
  cookieLocale: Locale | null,
): { locale: Locale; redirectTo?: string; remember?: Locale } {
  const locale = localeOfPath(url.pathname)
  // '//elsewhere/x' is no page of the shop's (a 404), and as a redirect's target it would be another site.
  if (method !== 'GET' || url.pathname.startsWith('//')) return { locale }
  // The switch's links: /hi/products?lang=hi, /products?lang=en. The choice is remembered and the
  // parameter dropped; a value that is not a language is dropped and remembers nothing.
  if (url.searchParams.has(LOCALE_PARAM)) {
    const chosen = toLocale(url.searchParams.get(LOCALE_PARAM))
    const clean = new URL(url)
    clean.searchParams.delete(LOCALE_PARAM)
    return {
      locale,
      redirectTo: `${clean.pathname}${clean.search}`,
      ...(chosen && chosen !== cookieLocale ? { remember: chosen } : {}),
    }
  }
  // An English address for a visitor who chose Hindi: the Hindi page. An address under /hi is Hindi
  // whatever the cookie says.
  if (locale === 'en' && cookieLocale === 'hi' && hasHindiVersion(url.pathname))
    return { locale, redirectTo: localizedHref(`${url.pathname}${url.search}`, 'hi') }
  return { locale }
}

/**
 * The root middleware: answers the switch and the remembered choice with a redirect, runs the rest
 * of the request (loaders, actions, the render) in the request's language, and keeps a Hindi page's
 * redirects to the shop's pages in Hindi (`redirect('/checkout')` from /hi/cart goes to /hi/checkout).
 */
export const localeMiddleware: MiddlewareFunction<Response> = async ({ request, url, context }, next) => {
  // `url` is the page's address: a client-side navigation's data request (/products/x.data?_routes=...)
  // is read as the page it loads, and sent to the other language with a full page load.
  const { locale, redirectTo, remember } = resolveLocale(
    url,
    request.method,
    toLocale(readCookie(request, LOCALE_COOKIE)),
  )
  if (redirectTo !== undefined) {
    const headers = new Headers({ 'Cache-Control': 'no-store' })
    if (remember) {
      const { secure } = context.get(servicesContext).config
      headers.append('Set-Cookie', serializeCookie(LOCALE_COOKIE, remember, { maxAge: YEAR, secure }))
    }
    throw (isDataRequest(request) ? redirectDocument : redirect)(redirectTo, { headers })
  }
  const response = await storage.run({ locale }, next)
  if (locale === 'hi') {
    const location = response.headers.get('Location')
    if (location?.startsWith('/') && !location.startsWith('//')) {
      const headers = new Headers(response.headers)
      headers.set('Location', localizedHref(location, 'hi'))
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
    }
  }
  return response
}

/** A React Router data request (client-side navigation or revalidation), not a document. */
function isDataRequest(request: Request): boolean {
  return new URL(request.url).pathname.endsWith('.data')
}
