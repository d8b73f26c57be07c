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

/**
 * Pages where the banner would get in the way of a task (paying, a payment's result, signing in,
 * the admin panel) or where the switch already is (the account page), in either language (/hi/checkout).
 */
const NO_BANNER = ['/checkout', '/payment-status', '/order-success', '/admin', '/auth', '/account', '/logout']

export function bannerAllowedOn(pathname: string): boolean {
  const page = pathWithoutLocale(pathname)
  return !NO_BANNER.some((prefix) => page === prefix || page.startsWith(`${prefix}/`))
}
