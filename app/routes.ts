import { index, type RouteConfig, route } from '@react-router/dev/routes'

export default [
  index('routes/home.tsx'),
  route('products', 'routes/products.tsx'),
  route('about', 'routes/about.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('blog', 'routes/blog.tsx'),
  route('blog/:slug', 'routes/blog-post.tsx'),
  route('faq', 'routes/faq.tsx'),
  route('auth', 'routes/auth.tsx'),
  route('checkout', 'routes/checkout.tsx'),
  route('order-success', 'routes/order-success.tsx'),
  route('payment-status', 'routes/payment-status.tsx'),
  route('my-orders', 'routes/my-orders.tsx'),
  route('admin', 'routes/admin.tsx'),
  route('quality-policy', 'routes/quality-policy.tsx'),
  route('terms-and-conditions', 'routes/terms-and-conditions.tsx'),
  route('privacy-policy', 'routes/privacy-policy.tsx'),
  route('shipping-policy', 'routes/shipping-policy.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
