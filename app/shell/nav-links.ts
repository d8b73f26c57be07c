// The header's links (spec section 2, shared frame); the mobile menu repeats them.
export const NAV_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/products', label: 'Products' },
  { to: '/about', label: 'About' },
  { to: '/blog', label: 'Blog' },
  { to: '/faq', label: 'FAQ' },
  { to: '/contact', label: 'Contact' },
] as const

export const POLICY_LINKS = [
  { to: '/quality-policy', label: 'Quality Policy' },
  { to: '/terms-and-conditions', label: 'Terms and Conditions' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/shipping-policy', label: 'Shipping Policy' },
] as const

/** Guest order tracking, in the footer once the shop takes orders. */
export const TRACK_ORDER_LINK = { to: '/track-order', label: 'Track Your Order' } as const
