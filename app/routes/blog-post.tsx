import { data } from 'react-router'
import { findAdmin } from '#app/admin/guard.server.ts'
import { renderMarkdown } from '#app/blog/markdown.server.ts'
import { PostArticle } from '#app/blog/post-article.tsx'
import { PostNotFound } from '#app/blog/post-not-found.tsx'
import { blogPostingJsonLd } from '#app/blog/post-seo.ts'
import { postOgImage, readingMinutes, toPostSummary } from '#app/blog/post-view.ts'
import { findPost, listPublishedSummaries } from '#app/blog/posts.server.ts'
import { getLocale } from '#app/i18n/page-locale.ts'
import { m } from '#app/paraglide/messages.js'
import { servicesContext } from '#app/platform/services.server.ts'
import { pageMeta } from '#app/seo/page-meta.ts'
import { breadcrumbTrail, type CrumbsHandle } from '#app/shell/breadcrumb-trail.ts'
import type { HydrationHandle } from '#app/shell/page-hydration.ts'
import type { Route } from './+types/blog-post'

/** Other recent posts at the end of a post. */
const RELATED_POSTS = 3

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext)
  const locale = getLocale()
  const [published, related] = await Promise.all([
    findPost(db, params.slug, { locale }),
    listPublishedSummaries(db, { except: params.slug, limit: RELATED_POSTS, locale }),
  ])
  // A draft is not found, exactly like a post that never existed, except by the admin previewing it.
  const row =
    published ??
    ((await findAdmin(request, context)) ? await findPost(db, params.slug, { locale, drafts: true }) : undefined)
  if (!row) throw data(null, { status: 404 })
  const draft = !row.isPublished
  return data(
    {
      post: { ...toPostSummary(row), updatedAt: row.updatedAt.toISOString() },
      html: renderMarkdown(row.content),
      readingMinutes: readingMinutes(row.content),
      related: related.map(toPostSummary),
      draft,
    },
    // The admin's view of a draft is theirs alone: no shared cache may keep it.
    draft ? { headers: { 'Cache-Control': 'private, no-store' } } : undefined,
  )
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const cacheControl = loaderHeaders.get('Cache-Control')
  return cacheControl ? { 'Cache-Control': cacheControl } : new Headers()
}

/** The last crumb is the post's title in the page's language, not its address's words. */
export const handle: CrumbsHandle & HydrationHandle = {
  hydrate: false,
  crumbs: (params, data) =>
    breadcrumbTrail(`/blog/${params.slug}`, (data as Route.ComponentProps['loaderData'] | undefined)?.post.title).slice(
      1,
    ),
}

export const meta: Route.MetaFunction = (args) => {
  const root = args.matches.find((match) => match?.id === 'root')?.loaderData as
    | { publicUrl: string; settings: { shopName: string } }
    | undefined
  const shopName = root?.settings.shopName ?? 'Malwa Namkeen'
  if (!args.loaderData) {
    return pageMeta(args, {
      title: m.post_not_found_meta({ shopName }),
      description: m.post_not_found_text(),
      noindex: true,
    })
  }
  const { post, draft } = args.loaderData
  if (draft) {
    return pageMeta(args, {
      title: `Draft: ${post.title} | ${shopName} Blog`,
      description: post.excerpt,
      noindex: true,
    })
  }
  return [
    ...pageMeta(args, {
      title: m.post_meta_title({ title: post.title, shopName }),
      description: post.excerpt,
      type: 'article',
      image: postOgImage(post.imageUrl),
      imageAlt: post.title,
      crumbName: post.title,
      jsonLd: [blogPostingJsonLd(root?.publicUrl ?? '', shopName, post)],
    }),
    { property: 'article:published_time', content: post.publishedAt },
    { property: 'article:modified_time', content: post.updatedAt },
    { property: 'article:author', content: post.author },
  ]
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  return <PostArticle {...loaderData} />
}

/** A draft, an unknown slug (404) or a post that could not be read: the spec's not-found state. */
export function ErrorBoundary() {
  return <PostNotFound />
}
