import { data } from 'react-router'
import { renderMarkdown } from '#app/blog/markdown.server.ts'
import { PostArticle } from '#app/blog/post-article.tsx'
import { PostNotFound } from '#app/blog/post-not-found.tsx'
import { blogPostingJsonLd } from '#app/blog/post-seo.ts'
import { postOgImage, readingMinutes, toPostSummary } from '#app/blog/post-view.ts'
import { findPublishedPost, listPublishedSummaries } from '#app/blog/posts.server.ts'
import { servicesContext } from '#app/platform/services.server.ts'
import { pageMeta } from '#app/seo/page-meta.ts'
import type { Route } from './+types/blog-post'

/** Other recent posts at the end of a post. */
const RELATED_POSTS = 3

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext)
  const [row, related] = await Promise.all([
    findPublishedPost(db, params.slug),
    listPublishedSummaries(db, { except: params.slug, limit: RELATED_POSTS }),
  ])
  // Drafts are not found, exactly like posts that never existed.
  if (!row) throw data(null, { status: 404 })
  return {
    post: { ...toPostSummary(row), updatedAt: row.updatedAt.toISOString() },
    html: renderMarkdown(row.content),
    readingMinutes: readingMinutes(row.content),
    related: related.map(toPostSummary),
  }
}

export const meta: Route.MetaFunction = (args) => {
  const root = args.matches.find((match) => match?.id === 'root')?.loaderData as
    | { publicUrl: string; settings: { shopName: string } }
    | undefined
  const shopName = root?.settings.shopName ?? 'Malwa Namkeen'
  if (!args.loaderData) {
    return pageMeta(args, {
      title: `Blog Post Not Found | ${shopName}`,
      description: "The blog post you're looking for doesn't exist or has been removed.",
      noindex: true,
    })
  }
  const { post } = args.loaderData
  return [
    ...pageMeta(args, {
      title: `${post.title} | ${shopName} Blog`,
      description: post.excerpt,
      type: 'article',
      image: postOgImage(post.imageUrl),
      imageAlt: post.title,
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
