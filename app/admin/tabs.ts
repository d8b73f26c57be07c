// The admin panel's tabs: the spec's four (section 2) and Sales. Each tab is a route, so the open tab
// lives in the URL: a reload, the back button and a shared link all land on the same tab.

export interface AdminTab {
  id: 'orders' | 'products' | 'blogs' | 'push' | 'sales'
  label: string
  to: string
  /** Match the path exactly: '/admin' is also the start of every other tab's path. */
  end: boolean
}

export const ADMIN_TABS: readonly AdminTab[] = [
  { id: 'orders', label: 'Orders', to: '/admin', end: true },
  { id: 'products', label: 'Products', to: '/admin/products', end: false },
  { id: 'blogs', label: 'Blogs', to: '/admin/blogs', end: false },
  { id: 'push', label: 'Push Notifications', to: '/admin/push', end: false },
  { id: 'sales', label: 'Sales', to: '/admin/sales', end: false },
]
