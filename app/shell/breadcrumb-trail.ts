import { m } from '#app/paraglide/messages.js'
export interface Crumb {
  label: string
  path: string
}

/**
 * A route whose path does not read as a trail (ids, resource routes in between) names its crumbs
 * after Home in its `handle`: `export const handle: CrumbsHandle = { crumbs: (params) => [...] }`.
 */
export interface CrumbsHandle {
  /** `data` is the route's loader data, when it has loaded. */
  crumbs: (params: Record<string, string | undefined>, data?: unknown) => Crumb[]
}

export function hasCrumbs(handle: unknown): handle is CrumbsHandle {
  return typeof handle === 'object' && handle !== null && 'crumbs' in handle && typeof handle.crumbs === 'function'
}

/**
 * '/blog/how-to-store-sev' -> Home, Blog, How To Store Sev (dashes to spaces, words capitalised). A
 * page that knows its own name (a product's or a post's, in the page's language) gives it as `name`
 * for the last crumb.
 */
export function breadcrumbTrail(pathname: string, name?: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean)
  return [
    { label: m.nav_home(), path: '/' },
    ...segments.map((segment, index) => ({
      label: name && index === segments.length - 1 ? name : crumbLabel(segment),
      path: `/${segments.slice(0, index + 1).join('/')}`,
    })),
  ]
}

/**
 * A page that does not exist ('/hi/no-such-page', '/products/gone'): Home, the shop's own pages its
 * address starts with, then 'Page Not Found' in the page's language. The rest of the address is not a
 * page's name: spelt out from its words, it was English on a Hindi page.
 */
export function notFoundTrail(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean)
  const known = segments.findIndex((segment) => !Object.hasOwn(PAGE_NAMES, segment))
  const shopPages = known === -1 ? segments.slice(0, -1) : segments.slice(0, known)
  return [...breadcrumbTrail(`/${shopPages.join('/')}`), { label: m.crumb_not_found(), path: `/${segments.join('/')}` }]
}

/** The shop's own pages, named in the page's language. */
const PAGE_NAMES: Record<string, () => string> = {
  products: m.nav_products,
  about: m.nav_about,
  blog: m.nav_blog,
  faq: m.nav_faq,
  contact: m.nav_contact,
  'my-orders': m.nav_my_orders,
  account: m.nav_account,
  checkout: m.crumb_checkout,
  delivery: m.crumb_delivery,
  auth: m.crumb_auth,
  'track-order': m.crumb_track_order,
  'order-success': m.crumb_order_success,
  'payment-status': m.crumb_payment_status,
  'quality-policy': m.nav_quality_policy,
  'terms-and-conditions': m.nav_terms,
  'privacy-policy': m.nav_privacy,
  'shipping-policy': m.nav_shipping,
}

/** Words a plain capital letter would spell wrong. */
const ACRONYMS: Record<string, string> = { faq: 'FAQ' }

function crumbLabel(segment: string): string {
  // Own keys only: a segment such as '__proto__' or 'constructor' is a word from the address, not a name.
  if (Object.hasOwn(PAGE_NAMES, segment)) return PAGE_NAMES[segment]!()
  let text = segment
  try {
    text = decodeURIComponent(segment)
  } catch {
    // A malformed escape stays as written.
  }
  return text
    .replace(/-/g, ' ')
    .split(' ')
    .filter(Boolean)
    .map((word) =>
      Object.hasOwn(ACRONYMS, word.toLowerCase())
        ? ACRONYMS[word.toLowerCase()]
        : word.charAt(0).toUpperCase() + word.slice(1),
    )
    .join(' ')
}
