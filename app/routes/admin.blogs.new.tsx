// A new post in the Blogs tab (app/blog).
import { BlogEditor } from '#app/blog/admin/blog-editor.tsx'
import { BlogsLoadError } from '#app/blog/admin/blogs-tab.tsx'
import { newBlogAction, newBlogLoader } from '#app/blog/blog-admin-routes.server.ts'
import type { CrumbsHandle } from '#app/shell/breadcrumb-trail.ts'
import type { HydrationHandle } from '#app/shell/page-hydration.ts'
import type { Route } from './+types/admin.blogs.new'

export const handle: CrumbsHandle & HydrationHandle = {
  hydrate: true,
  crumbs: () => [
    { label: 'Admin', path: '/admin' },
    { label: 'Blogs', path: '/admin/blogs' },
    { label: 'New Blog', path: '/admin/blogs/new' },
  ],
}

export const loader = (args: Route.LoaderArgs) => newBlogLoader(args)
export const action = (args: Route.ActionArgs) => newBlogAction(args)

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return loaderData ? <BlogEditor defaultAuthor={loaderData.defaultAuthor} actionData={actionData} /> : null
}

export function ErrorBoundary() {
  return <BlogsLoadError notFound={false} />
}
