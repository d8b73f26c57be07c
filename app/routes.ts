import { index, type RouteConfig, type RouteConfigEntry, route } from '@react-router/dev/routes'
import { LOCALIZED_PAGES } from './i18n/locale.ts'

/** The shop's addresses in English (the admin panel's and the machines' among them). */
const english: RouteConfigEntry[] = [
  index('routes/home.tsx'),
  route('products', 'routes/products.tsx'),
  route('products/:slug', 'routes/product.tsx'),
  route('about', 'routes/about.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('blog', 'routes/blog.tsx'),
  route('blog/feed.xml', 'routes/blog-feed.ts'),
  route('blog/:slug', 'routes/blog-post.tsx'),
  route('faq', 'routes/faq.tsx'),
  route('auth', 'routes/auth.tsx'),
  route('cart', 'routes/cart.ts'),
  route('delivery', 'routes/delivery.tsx'),
  route('checkout', 'routes/checkout.tsx'),
  route('track-order', 'routes/track-order.tsx'),
  route('order-success', 'routes/order-success.tsx'),
  route('payment-status', 'routes/payment-status.tsx'),
  route('my-orders', 'routes/my-orders.tsx'),
  route('orders/:orderId/invoice', 'routes/order-invoice.tsx'),
  route('orders/:orderId/invoice.pdf', 'routes/order-invoice.pdf.ts'),
  route('admin', 'routes/admin.tsx', [
    index('routes/admin._index.tsx'),
    route('products', 'routes/admin.products.tsx'),
    route('products/new', 'routes/admin.products.new.tsx'),
    route('products/:productId', 'routes/admin.products.$productId.tsx'),
    route('blogs', 'routes/admin.blogs.tsx'),
    route('blogs/new', 'routes/admin.blogs.new.tsx'),
    route('blogs/:blogId', 'routes/admin.blogs.$blogId.tsx'),
    route('push', 'routes/admin.push.tsx'),
    route('sales', 'routes/admin.sales.tsx'),
    route('messages', 'routes/admin.messages.tsx'),
    route('reviews', 'routes/admin.reviews.tsx'),
    route('settings', 'routes/admin.settings.tsx'),
    route('settings/delivery', 'routes/admin.settings.delivery.tsx'),
    route('settings/coupons/new', 'routes/admin.settings.coupons.new.tsx'),
    route('settings/coupons/:code', 'routes/admin.settings.coupons.$code.tsx'),
    route('audit', 'routes/admin.audit.tsx'),
    route('shipping', 'routes/admin.shipping.tsx'),
  ]),
  route('admin/shipping/manifest', 'routes/admin.shipping.manifest.ts'),
  route('admin/uploads', 'routes/admin.uploads.ts'),
  route('uploads/*', 'routes/uploads.$.ts'),
  route('reviews', 'routes/reviews.ts'),
  route('quality-policy', 'routes/quality-policy.tsx'),
  route('terms-and-conditions', 'routes/terms-and-conditions.tsx'),
  route('privacy-policy', 'routes/privacy-policy.tsx'),
  route('shipping-policy', 'routes/shipping-policy.tsx'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('manifest.webmanifest', 'routes/manifest.webmanifest.ts'),
  route('offline', 'routes/offline.ts'),
  route('auth/provider/:provider', 'routes/auth.provider.$provider.ts'),
  route('api/auth/*', 'routes/api.auth.$.ts'),
  route('logout', 'routes/logout.ts'),
  route('account', 'routes/account.tsx'),
  route('account/addresses', 'routes/account.addresses.tsx'),
  route('account/addresses/new', 'routes/account.addresses.new.tsx'),
  route('account/addresses/:addressId', 'routes/account.addresses.$addressId.tsx'),
  route('admin/stats', 'routes/admin.stats.ts'),
  route('admin/orders.csv', 'routes/admin.orders.csv.ts'),
  route('admin/orders/:orderId', 'routes/admin.orders.$orderId.ts'),
  route('admin/orders/:orderId/slip', 'routes/admin.orders.$orderId.slip.tsx'),
  route('admin/orders/:orderId/couriers', 'routes/admin.orders.$orderId.couriers.ts'),
  route('admin/orders/:orderId/book', 'routes/admin.orders.$orderId.book.ts'),
  route('admin/orders/:orderId/label', 'routes/admin.orders.$orderId.label.ts'),
  route('admin/notifications', 'routes/admin.notifications.ts'),
  route('admin/events', 'routes/admin.events.ts'),
  route('api/payments/phonepe/webhook', 'routes/api.payments.phonepe.webhook.ts'),
  route('api/hooks/courier-events', 'routes/api.hooks.courier-events.ts'),
  route('api/hooks/whatsapp', 'routes/api.hooks.whatsapp.ts'),
  route('api/payments/status', 'routes/api.payments.status.ts'),
  route('api/push/public-key', 'routes/api.push.public-key.ts'),
  route('api/push/subscriptions', 'routes/api.push.subscriptions.ts'),
  route('ops/backup', 'routes/ops.backup.ts'),
]

/** The module of an English page, by its pattern ('' for the home page). */
function fileOf(path: string): string {
  const found = english.find((entry) => (entry.path ?? '') === path)
  if (!found) throw new Error(`LOCALIZED_PAGES lists '${path}', which is no page of app/routes.ts`)
  return found.file
}

export default [
  ...english,
  // The shop in Hindi (docs/decisions/024-hindi.md): the same route modules at /hi/..., each with an id
  // of its own; app/i18n/locale.server.ts tells the language from the address.
  ...LOCALIZED_PAGES.map((path) =>
    path === ''
      ? route('hi', fileOf(path), { id: 'hi/index' })
      : route(`hi/${path}`, fileOf(path), { id: `hi/${path}` }),
  ),
  // Not a page of its own (no switch, no cookie redirect): the worker keeps it beside /offline.
  route('hi/offline', 'routes/offline.ts', { id: 'hi/offline' }),
  route('hi/*', 'routes/not-found.tsx', { id: 'hi/not-found' }),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
