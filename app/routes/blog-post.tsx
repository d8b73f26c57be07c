import { data } from 'react-router'
import { findPublishedPost } from '#app/blog/posts.server.ts'
import { servicesContext } from '#app/platform/services.server.ts'
import { pageMeta } from '#app/seo/page-meta.ts'
import { PageHeading } from '#app/shell/page-heading.tsx'
import type { Route } from './+types/blog-post'

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext)
  const post = await findPublishedPost(db, params.slug)
  if (!post) throw data(null, { status: 404 })
  return { post }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData ? `${args.loaderData.post.title} | Malwa Namkeen Blog` : 'Blog Post Not Found',
    description: args.loaderData?.post.excerpt,
    type: 'article',
  })

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData
  return (
    <PageHeading title={post.title}>
      <p>{post.excerpt}</p>
    </PageHeading>
  )
}
