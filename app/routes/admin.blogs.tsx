// The Blogs tab: every post with preview, edit and delete (app/blog).
import { BlogsLoadError, BlogsTab } from '#app/blog/admin/blogs-tab.tsx'
import { blogsTabLoader } from '#app/blog/blog-admin-routes.server.ts'
import { INTERACTIVE_PAGE } from '#app/shell/page-hydration.ts'
import type { Route } from './+types/admin.blogs'

export const handle = INTERACTIVE_PAGE

export const loader = (args: Route.LoaderArgs) => blogsTabLoader(args)

export default function Page({ loaderData }: Route.ComponentProps) {
  return loaderData ? <BlogsTab blogs={loaderData.blogs} /> : null
}

export function ErrorBoundary() {
  return <BlogsLoadError notFound={false} />
}
