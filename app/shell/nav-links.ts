// The header's links (spec section 2, shared frame); the mobile menu repeats them.
// Each label is a message function: called when rendered, in the page's language.
import { m } from '#app/paraglide/messages.js'
export const NAV_LINKS = [
  { to: '/', label: m.nav_home },
  { to: '/products', label: m.nav_products },
  { to: '/about', label: m.nav_about },
  { to: '/blog', label: m.nav_blog },
  { to: '/faq', label: m.nav_faq },
  { to: '/contact', label: m.nav_contact },
] as const

export const POLICY_LINKS = [
  { to: '/quality-policy', label: m.nav_quality_policy },
  { to: '/terms-and-conditions', label: m.nav_terms },
  { to: '/privacy-policy', label: m.nav_privacy },
  { to: '/shipping-policy', label: m.nav_shipping },
] as const

/** Guest order tracking, in the footer once the shop takes orders. */
export const TRACK_ORDER_LINK = { to: '/track-order', label: m.nav_track_order } as const
