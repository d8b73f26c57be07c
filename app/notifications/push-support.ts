// The few push facts every shop page needs before deciding to load anything more (the banner and
// the on/off switch are loaded lazily, and only when these say they can be of use).

import { pathWithoutLocale } from '#app/i18n/locale.ts'

const BANNER_SEEN_KEY = 'push_banner_seen'
/** Announced on window whenever this device subscribes or unsubscribes. */
export const PUSH_CHANGE_EVENT = 'shop:push-subscription-change'

/** Web Push needs a service worker, the Push API and notifications. */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  )
}

/** Whether the visitor already enabled or dismissed the banner on this device (spec: a local flag). */
export function bannerSeen(): boolean {
  try {
    return localStorage.getItem(BANNER_SEEN_KEY) !== null
  } catch {
    // Storage refused (private mode, settings): behave as seen rather than ask on every page.
    return true
  }
}

export function markBannerSeen() {
  try {
    localStorage.setItem(BANNER_SEEN_KEY, new Date().toISOString())
  } catch {
    // Nothing to keep it in: the banner simply goes away for this page.
  }
}

const ORDER_PLACED_KEY = 'push_banner_after_order'

/** Remembers on this device that the shopper placed an order here (the banner may then show on more pages). */
export function markOrderPlaced() {
  try {
    localStorage.setItem(ORDER_PLACED_KEY, new Date().toISOString())
  } catch {
    // Nothing to keep it in: the banner stays on the home page.
  }
}

export function orderPlacedHere(): boolean {
  try {
    return localStorage.getItem(ORDER_PLACED_KEY) !== null
  } catch {
    return false
  }
}

/**
 * Pages the banner never shows on: where a shopper buys (the product list and a product's page, with
 * their prices, sizes, quantities and Add to Cart; the cart; checkout; a payment's result), signs in,
 * the account (its switch is there) and the admin panel, in either language (/hi/checkout).
 */
const NEVER = ['/products', '/cart', '/checkout', '/payment-status', '/admin', '/auth', '/account', '/logout']

/**
 * Where the push banner may show (docs/decisions/014-web-push.md, 'The shopper's phone'): on the home
 * page, where the spec puts it; on the page that says an order is placed; and, once the shopper has
 * ordered on this device (`orderPlaced`), on the pages that sell nothing (My Orders, tracking, the
 * blog, the policies...). Never on a page where a shopper buys. Where it shows, it still steps aside
 * from any buy control beneath it (push-banner.tsx).
 */
export function bannerAllowedOn(pathname: string, orderPlaced: boolean): boolean {
  const page = pathWithoutLocale(pathname)
  if (page === '/' || page === '/order-success') return true
  if (NEVER.some((prefix) => page === prefix || page.startsWith(`${prefix}/`))) return false
  return orderPlaced
}
