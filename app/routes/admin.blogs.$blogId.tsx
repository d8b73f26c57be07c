// One post in the Blogs tab: edit, delete, live preview (app/blog).
import { isRouteErrorResponse } from 'react-router'
import { BlogEditor } from '#app/blog/admin/blog-editor.tsx'
import { BlogsLoadError } from '#app/blog/admin/blogs-tab.tsx'
import { editBlogAction, editBlogLoader } from '#app/blog/blog-admin-routes.server.ts'
import type { CrumbsHandle } from '#app/shell/breadcrumb-trail.ts'
import type { HydrationHandle } from '#app/shell/page-hydration.ts'
import type { Route } from './+types/admin.blogs.$blogId'

export const handle: CrumbsHandle & HydrationHandle = {
  hydrate: true,
  crumbs: (params) => [
    { label: 'Admin', path: '/admin' },
    { label: 'Blogs', path: '/admin/blogs' },
    { label: 'Edit Blog', path: `/admin/blogs/${params.blogId}` },
  ],
}

export const loader = (args: Route.LoaderArgs) => editBlogLoader(args)
export const action = (args: Route.ActionArgs) => editBlogAction(args)

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData) return null
  return (
    <BlogEditor
      key={loaderData.blog.id}
      blog={loaderData.blog}
      previewHtml={loaderData.previewHtml}
      defaultAuthor={loaderData.blog.values.author}
      actionData={actionData}
    />
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404
  return (
    <BlogsLoadError
      notFound={notFound}
      message={notFound ? (error.data as { message?: string } | null)?.message : undefined}
    />
  )
}
