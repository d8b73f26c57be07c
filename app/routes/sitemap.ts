import { servicesContext } from '#app/platform/services.server.ts'
import { revalidatedResponse } from '#app/seo/revalidated-response.server.ts'
import { renderSitemap, sitemapEntries } from '#app/seo/sitemap.server.ts'
import type { Route } from './+types/sitemap'

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext)
  return revalidatedResponse(request, renderSitemap(config.publicUrl, await sitemapEntries(db)), {
    contentType: 'application/xml; charset=utf-8',
  })
}
