// Which requests the service worker may answer from its caches. Pure rules, shared by the service
// worker (app/pwa/sw.ts) and its tests; docs/decisions/015-installable-shop.md explains the lists.
// A Hindi page (/hi/...) follows its English page's rule.
import { pathWithoutLocale } from '../i18n/locale.ts'

/**
 * Pages whose contents depend on who is asking or change with every visit: the cart, checkout,
 * payment and order results, accounts, sign-in, the admin panel, and every endpoint. A copy of one of
 * these would show a stale total, another moment's order or a signed-out person's account, so they
 * are never stored and never answered from a cache (network only, the offline page when that fails).
 */
export const NEVER_CACHED_PREFIXES = [
  '/cart',
  '/checkout',
  '/payment-status',
  '/order-success',
  '/my-orders',
  '/track-order',
  '/account',
  '/auth',
  '/logout',
  '/admin',
  '/api',
  '/offline',
] as const

/**
 * Pages a shopper may read again offline once visited: the catalogue, product pages, the blog and
 * the shop's fixed pages. An allow-list, so a page added later is network-only until someone decides
 * otherwise.
 */
const READABLE_OFFLINE = [
  /^\/$/,
  /^\/products$/,
  /^\/products\/[^/]+$/,
  /^\/blog$/,
  /^\/blog\/(?!feed\.xml$)[^/]+$/,
  /^\/(about|faq|contact|quality-policy|terms-and-conditions|privacy-policy|shipping-policy)$/,
]

function startsWithSegment(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`) || pathname.startsWith(`${prefix}.`)
}

/** Whether a page (its path, without the query) must always come from the network. */
export function isNeverCached(pathname: string): boolean {
  const page = pathWithoutLocale(pathname)
  return NEVER_CACHED_PREFIXES.some((prefix) => startsWithSegment(page, prefix))
}

/** Whether a visited page may be kept and shown offline (with the offline notice). */
export function isReadableOffline(pathname: string): boolean {
  if (isNeverCached(pathname)) return false
  const page = pathWithoutLocale(pathname)
  return READABLE_OFFLINE.some((pattern) => pattern.test(page))
}

/**
 * Whether a document request is for one of the shop's public pages, the same for every visitor
 * without cookies: the pages readable offline, which the server's page cache also keeps
 * (server/app.ts). Not React Router's data requests for them, which the server renders each time.
 */
export function isPublicPage(pathname: string): boolean {
  return pageOfDataRequest(pathname) === null && isReadableOffline(pathname)
}

/**
 * The page a React Router data request belongs to: client-side navigations fetch `/products.data`
 * for `/products`, and `/_root.data` for the home page. Null for anything that is not one.
 */
export function pageOfDataRequest(pathname: string): string | null {
  if (!pathname.endsWith('.data')) return null
  const page = pathname.slice(0, -'.data'.length)
  return page === '/_root' ? '/' : page
}

/**
 * The document a React Router data request was made for (`/products.data?category=x&_routes=...`
 * -> `/products?category=x`), or null for anything that is not one.
 */
export function documentOfDataRequest(url: URL): string | null {
  const page = pageOfDataRequest(url.pathname)
  if (page === null) return null
  const search = new URLSearchParams(url.search)
  search.delete('_routes')
  const query = search.toString()
  return query ? `${page}?${query}` : page
}

/**
 * What the worker answers a data request it cannot serve offline: React Router's own "reload the
 * document" redirect (status 204 with `X-Remix-Redirect`, as its server sends), so a link followed
 * offline becomes a document navigation, which the worker answers with the stored page or the
 * offline page, instead of the router's error page.
 */
export function reloadDocumentAnswer(documentUrl: string): { status: 204; headers: Record<string, string> } {
  return {
    status: 204,
    headers: { 'X-Remix-Redirect': documentUrl, 'X-Remix-Status': '302', 'X-Remix-Reload-Document': 'true' },
  }
}

export type CachePolicy =
  /** A visited page (document or its data): network first, the stored copy when offline. */
  | 'page'
  /** Build assets with a content hash in their name: never change, cache first. */
  | 'asset'
  /** Product photos, artwork and uploads: cache first, a bounded number. */
  | 'image'
  /** Everything else: straight to the network, never stored. */
  | 'network-only'

/** How the service worker treats a GET request to its own origin. */
export function cachePolicy(url: URL, origin: string): CachePolicy {
  if (url.origin !== origin) return 'network-only'
  const { pathname } = url
  if (pathname.startsWith('/assets/')) return 'asset'
  if (pathname.startsWith('/images/') || pathname.startsWith('/uploads/') || pathname.startsWith('/icons/')) {
    return 'image'
  }
  const page = pageOfDataRequest(pathname) ?? pathname
  return isReadableOffline(page) ? 'page' : 'network-only'
}

/**
 * Whether a request may change who is signed in on this device: signing out (the header's form, at
 * `/logout` or `/logout.data` when React Router submits it, or better-auth's endpoint), signing in
 * (`/auth`, `/api/auth/*`), or the account page's forms ('sign out everywhere' is one of them). Stored
 * pages carry the signed-in header (name, cart), so the worker forgets them then.
 */
export function changesWhoIsSignedIn(method: string, pathname: string): boolean {
  if (method !== 'POST') return false
  const page = pageOfDataRequest(pathname) ?? pathname
  return ['/logout', '/auth', '/account'].includes(page) || pathname.startsWith('/api/auth/')
}
