import { listPublishedPosts } from '#app/blog/posts.server.ts'
import { servicesContext } from '#app/platform/services.server.ts'
import { pageMeta } from '#app/seo/page-meta.ts'
import { PageHeading } from '#app/shell/page-heading.tsx'
import type { Route } from './+types/blog'

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext)
  return { posts: await listPublishedPosts(db) }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { preset: 'blog' })

export default function Blog({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeading title="Our Blog">
        <p>Stories of Indori namkeen, tips from our kitchen and festival snack ideas.</p>
      </PageHeading>
      <ul className="mx-auto grid max-w-6xl gap-6 px-4 md:grid-cols-3">
        {loaderData.posts.map((post) => (
          <li key={post.id} className="rounded-xl border bg-card p-5">
            <h2 className="text-xl font-bold">{post.title}</h2>
            <p className="mt-2 text-sm text-muted-foreground">
              {post.author} · {new Date(post.createdAt).toLocaleDateString('en-IN', { dateStyle: 'medium' })}
            </p>
            <p className="mt-3">{post.excerpt}</p>
          </li>
        ))}
      </ul>
    </>
  )
}
