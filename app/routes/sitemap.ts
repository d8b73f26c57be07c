import { servicesContext } from '#app/platform/services.server.ts'
import { renderSitemap, sitemapEntries } from '#app/seo/sitemap.server.ts'
import type { Route } from './+types/sitemap'

export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext)
  return new Response(renderSitemap(config.publicUrl, await sitemapEntries(db)), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
