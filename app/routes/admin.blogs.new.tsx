// A new post in the Blogs tab (app/blog).
import { BlogEditor } from '#app/blog/admin/blog-editor.tsx'
import { BlogsLoadError } from '#app/blog/admin/blogs-tab.tsx'
import { newBlogAction, newBlogLoader } from '#app/blog/blog-admin-routes.server.ts'
import type { Route } from './+types/admin.blogs.new'

export const loader = (args: Route.LoaderArgs) => newBlogLoader(args)
export const action = (args: Route.ActionArgs) => newBlogAction(args)

export default function Page({ loaderData }: Route.ComponentProps) {
  return loaderData ? <BlogEditor defaultAuthor={loaderData.defaultAuthor} /> : null
}

export function ErrorBoundary() {
  return <BlogsLoadError notFound={false} />
}
