// Every admin page, action and endpoint, in one place. The authorization matrix (app/route-access.ts,
// walked by the authz drill and tests/e2e/accounts.test.ts) requests each of them as anonymous, as
// customers and as the admin; a route added under /admin must be listed here (app/route-access.test.ts
// checks app/routes.ts against it).

export interface AdminEndpoint {
  method: 'GET' | 'POST'
  /** The route's pattern in app/routes.ts. */
  route: string
  /** A URL of it to request. */
  path: string
  /** Form fields for a POST. */
  form?: Record<string, string>
  /** Text that appears in the answer only when the admin asks (never in a refusal). */
  adminOnly: string
  /** The admin's answer, when not 200 (an unknown order is a 404 even for the admin). */
  adminStatus?: number
  /** A stream that never ends (Server-Sent Events): the test reads its first chunk only. */
  stream?: boolean
}

/** An id no order, product or post has. */
const NO_ID = '00000000-0000-4000-8000-000000000000'

export const ADMIN_ENDPOINTS: readonly AdminEndpoint[] = [
  { method: 'GET', route: '/admin', path: '/admin', adminOnly: 'data-admin-panel' },
  { method: 'GET', route: '/admin', path: '/admin.data', adminOnly: 'totalOrders' },
  { method: 'GET', route: '/admin', path: '/admin?status=pending', adminOnly: 'Order Management' },
  { method: 'GET', route: '/admin/products', path: '/admin/products', adminOnly: 'Product Management' },
  { method: 'GET', route: '/admin/blogs', path: '/admin/blogs', adminOnly: 'Blog Management' },
  { method: 'GET', route: '/admin/push', path: '/admin/push', adminOnly: 'Send Push Notification' },
  {
    // An empty form: refused with the spec's sentence, so the matrix sends nobody anything.
    method: 'POST',
    route: '/admin/push',
    path: '/admin/push',
    form: { title: '', message: '' },
    adminOnly: 'Please fill in title and message',
    adminStatus: 400,
  },
  { method: 'GET', route: '/admin/sales', path: '/admin/sales', adminOnly: 'Best sellers' },
  { method: 'GET', route: '/admin/products/new', path: '/admin/products/new', adminOnly: 'Sizes, prices and stock' },
  {
    method: 'POST',
    route: '/admin/products/new',
    path: '/admin/products/new',
    form: { name: '' },
    adminOnly: 'Failed to save product',
    adminStatus: 400,
  },
  {
    method: 'GET',
    route: '/admin/products/:productId',
    path: `/admin/products/${NO_ID}`,
    adminOnly: 'This product does not exist.',
    adminStatus: 404,
  },
  {
    method: 'POST',
    route: '/admin/products/:productId',
    path: `/admin/products/${NO_ID}`,
    form: { intent: 'delete' },
    adminOnly: 'This product does not exist.',
    adminStatus: 404,
  },
  { method: 'GET', route: '/admin/blogs/new', path: '/admin/blogs/new', adminOnly: 'Create Blog' },
  {
    method: 'POST',
    route: '/admin/blogs/new',
    path: '/admin/blogs/new',
    form: { intent: 'preview', content: '## A heading' },
    adminOnly: 'Create Blog',
  },
  {
    method: 'GET',
    route: '/admin/blogs/:blogId',
    path: `/admin/blogs/${NO_ID}`,
    adminOnly: 'This blog does not exist',
    adminStatus: 404,
  },
  {
    method: 'POST',
    route: '/admin/blogs/:blogId',
    path: `/admin/blogs/${NO_ID}`,
    form: { intent: 'delete', version: '2026-01-01T00:00:00.000Z' },
    adminOnly: 'This blog does not exist',
    adminStatus: 404,
  },
  {
    method: 'GET',
    route: '/admin/messages',
    path: '/admin/messages',
    adminOnly: 'From the contact form, newest first',
  },
  {
    method: 'POST',
    route: '/admin/messages',
    path: '/admin/messages',
    form: { intent: 'handled', messageId: NO_ID, version: 'unread' },
    adminOnly: 'This message does not exist.',
    adminStatus: 404,
  },
  { method: 'GET', route: '/admin/reviews', path: '/admin/reviews', adminOnly: 'Pending first, then newest' },
  {
    method: 'POST',
    route: '/admin/reviews',
    path: '/admin/reviews',
    form: { intent: 'approve', reviewId: NO_ID, version: '2026-01-01T00:00:00.000Z' },
    adminOnly: 'This review does not exist.',
    adminStatus: 404,
  },
  { method: 'GET', route: '/admin/settings', path: '/admin/settings', adminOnly: 'Save delivery terms' },
  {
    // A form from long ago: refused as stale, so the matrix changes nothing.
    method: 'POST',
    route: '/admin/settings',
    path: '/admin/settings',
    form: { intent: 'showcase', version: '2020-01-01T00:00:00.000Z', showcaseMode: 'on' },
    adminOnly: 'These settings were changed in another window',
    adminStatus: 409,
  },
  {
    method: 'GET',
    route: '/admin/settings/coupons/new',
    path: '/admin/settings/coupons/new',
    adminOnly: 'Create coupon',
  },
  {
    method: 'POST',
    route: '/admin/settings/coupons/new',
    path: '/admin/settings/coupons/new',
    form: { code: '', description: '', kind: 'percent', percentOff: '10' },
    adminOnly: 'Please enter a code, like DIWALI25.',
    adminStatus: 400,
  },
  {
    method: 'GET',
    route: '/admin/settings/coupons/:code',
    path: '/admin/settings/coupons/NOSUCHCODE',
    adminOnly: 'This coupon does not exist.',
    adminStatus: 404,
  },
  {
    method: 'POST',
    route: '/admin/settings/coupons/:code',
    path: '/admin/settings/coupons/NOSUCHCODE',
    form: { intent: 'disable', version: '2020-01-01T00:00:00.000Z' },
    adminOnly: 'This coupon does not exist.',
    adminStatus: 404,
  },
  {
    method: 'GET',
    route: '/admin/settings/delivery',
    path: '/admin/settings/delivery',
    adminOnly: 'Holidays and order cut-off',
  },
  {
    // A zone with no fields: refused with the form's first message, so the matrix adds nothing.
    method: 'POST',
    route: '/admin/settings/delivery',
    path: '/admin/settings/delivery',
    form: { intent: 'create', name: '' },
    adminOnly: 'Please enter the zone’s name',
    adminStatus: 400,
  },
  { method: 'GET', route: '/admin/audit', path: '/admin/audit', adminOnly: 'Every change made in this panel' },
  // The matrix's server ships by hand only (SHIPPING_PROVIDER=none): the view says how to set it up.
  { method: 'GET', route: '/admin/shipping', path: '/admin/shipping', adminOnly: 'SHIPPING_PROVIDER' },
  {
    method: 'POST',
    route: '/admin/shipping/manifest',
    path: '/admin/shipping/manifest',
    form: { orderId: NO_ID },
    adminOnly: 'Shipping through Shiprocket is not set up',
    adminStatus: 409,
  },
  {
    // Not a multipart upload: the admin is told how to send one; nothing is stored.
    method: 'POST',
    route: '/admin/uploads',
    path: '/admin/uploads',
    form: { folder: 'products' },
    adminOnly: 'multipart/form-data',
    adminStatus: 400,
  },
  { method: 'GET', route: '/admin/stats', path: '/admin/stats', adminOnly: '"totalOrders"' },
  { method: 'GET', route: '/admin/orders.csv', path: '/admin/orders.csv', adminOnly: 'Order number' },
  {
    method: 'GET',
    route: '/admin/orders/:orderId',
    path: `/admin/orders/${NO_ID}`,
    adminOnly: 'This order does not exist.',
    adminStatus: 404,
  },
  {
    method: 'POST',
    route: '/admin/orders/:orderId',
    path: `/admin/orders/${NO_ID}`,
    form: { intent: 'status', status: 'cancelled', version: '2026-01-01T00:00:00.000Z' },
    adminOnly: 'This order does not exist.',
    adminStatus: 404,
  },
  {
    method: 'GET',
    route: '/admin/orders/:orderId/slip',
    path: `/admin/orders/${NO_ID}/slip`,
    adminOnly: 'This order does not exist.',
    adminStatus: 404,
  },
  {
    method: 'GET',
    route: '/admin/orders/:orderId/couriers',
    path: `/admin/orders/${NO_ID}/couriers`,
    adminOnly: 'Shipping through Shiprocket is not set up',
    adminStatus: 409,
  },
  {
    method: 'POST',
    route: '/admin/orders/:orderId/book',
    path: `/admin/orders/${NO_ID}/book`,
    form: {},
    adminOnly: 'Shipping through Shiprocket is not set up',
    adminStatus: 409,
  },
  {
    method: 'GET',
    route: '/admin/orders/:orderId/label',
    path: `/admin/orders/${NO_ID}/label`,
    adminOnly: 'This order has no label yet',
    adminStatus: 404,
  },
  {
    method: 'POST',
    route: '/admin/notifications',
    path: '/admin/notifications',
    form: { intent: 'mark-all-read' },
    adminOnly: 'marked',
  },
  { method: 'GET', route: '/admin/events', path: '/admin/events', adminOnly: 'event: ready', stream: true },
]
