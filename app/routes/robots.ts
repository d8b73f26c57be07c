import { localizedHref } from '#app/i18n/locale.ts'
import { servicesContext } from '#app/platform/services.server.ts'
import type { Route } from './+types/robots'

/** Private and transactional pages stay out of search results, in both languages. */
const DISALLOW = ['/admin', '/checkout', '/my-orders', '/auth', '/api/', '/order-success', '/payment-status'].flatMap(
  (path) => [...new Set([path, localizedHref(path, 'hi')])],
)

export function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(servicesContext)
  const body = [
    'User-agent: *',
    'Allow: /',
    ...DISALLOW.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${config.publicUrl}/sitemap.xml`,
    '',
  ]
  return new Response(body.join('\n'), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
  })
}
