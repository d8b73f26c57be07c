// GET /blog/feed.xml: the blog's RSS feed (app/blog/feed.server.ts).
import { feedUpdatedAt, listFeedPosts, renderFeed } from '#app/blog/feed.server.ts'
import { servicesContext } from '#app/platform/services.server.ts'
import { revalidatedResponse } from '#app/seo/revalidated-response.server.ts'
import { getSettings } from '#app/settings/settings.server.ts'
import type { Route } from './+types/blog-feed'

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = context.get(servicesContext)
  const [posts, { shopName }] = await Promise.all([listFeedPosts(db), getSettings(db)])
  return revalidatedResponse(request, renderFeed(config.publicUrl, shopName, posts), {
    contentType: 'application/rss+xml; charset=utf-8',
    lastModified: feedUpdatedAt(posts),
  })
}
