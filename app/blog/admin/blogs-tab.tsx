// The admin's Blogs tab (spec section 2): 'Blog Management', Add New Blog, and one row per post,
// drafts included, with its preview (a new tab), edit and delete.
import { BookOpen, ExternalLink, Pencil, Plus, Trash2 } from 'lucide-react'
import { useId, useState } from 'react'
import { Link, useFetcher } from 'react-router'
import { Badge } from '#app/ui/badge.tsx'
import { Button } from '#app/ui/button.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#app/ui/dialog.tsx'
import { ShopImage } from '#app/ui/shop-image.tsx'
import { toast } from '#app/ui/toast.tsx'
import { useNewAnswer } from '#app/ui/use-new-answer.ts'
import type { AdminBlogRow, BlogActionResult } from '../blog-admin-routes.server.ts'
import { ENHANCED_FIELD } from '../blog-form.ts'
import { postImage } from '../post-view.ts'

export const ADMIN_BLOGS_PATH = '/admin/blogs'

export function blogEditPath(id: string): string {
  return `${ADMIN_BLOGS_PATH}/${id}`
}

export function BlogsTab({ blogs }: { blogs: AdminBlogRow[] }) {
  // The post stays in the dialog while it closes (its row may already be gone from the list).
  const [toDelete, setToDelete] = useState<AdminBlogRow | null>(null)
  const [asking, setAsking] = useState(false)
  return (
    <section aria-labelledby="blogs-tab-title" className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="blogs-tab-title" className="text-2xl font-bold sm:text-3xl">
          Blog Management
        </h2>
        <Button asChild className="h-11">
          <Link to={`${ADMIN_BLOGS_PATH}/new`}>
            <Plus aria-hidden />
            Add New Blog
          </Link>
        </Button>
      </div>
      {blogs.length === 0 ? (
        <NoBlogs />
      ) : (
        <ul className="grid gap-4" aria-label="Blogs">
          {blogs.map((blog) => (
            <li key={blog.id}>
              <BlogRow
                blog={blog}
                onDelete={() => {
                  setToDelete(blog)
                  setAsking(true)
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <DeleteBlogDialog blog={toDelete} open={asking} onClose={() => setAsking(false)} />
    </section>
  )
}

/** The spec's empty state. */
export function NoBlogs() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card px-6 py-12 text-center">
      <BookOpen className="size-10 text-muted-foreground/60" aria-hidden />
      <p className="text-lg font-semibold">No blogs found. Create your first blog!</p>
    </div>
  )
}

function BlogRow({ blog, onDelete }: { blog: AdminBlogRow; onDelete: () => void }) {
  const titleId = useId()
  return (
    <article
      aria-labelledby={titleId}
      className="grid grid-cols-[5rem_minmax(0,1fr)] gap-x-4 gap-y-3 rounded-xl border bg-card p-4 shadow-sm sm:grid-cols-[9rem_minmax(0,1fr)_auto] sm:p-5"
    >
      <ShopImage
        src={postImage(blog.imageUrl)}
        alt=""
        width={4}
        height={3}
        sizes="(min-width: 640px) 144px, 80px"
        className="self-start rounded-lg"
      />
      <div className="grid min-w-0 content-start gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className="min-w-0 text-lg leading-snug font-bold break-words">
            {blog.title}
          </h3>
          {!blog.isPublished && (
            <Badge variant="accent" className="text-brown">
              Draft
            </Badge>
          )}
        </div>
        <p className="text-sm break-all text-muted-foreground">
          Slug: <span className="font-mono text-brown">/blog/{blog.slug}</span>
        </p>
        <p className="line-clamp-2 text-sm break-words">{blog.excerpt}</p>
        <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
          <span>
            <span className="sr-only">Author: </span>
            {blog.author}
          </span>
          <span>
            Created <time dateTime={blog.createdAt}>{blog.createdOn}</time>
          </span>
          {blog.updatedAt && (
            <span>
              Updated <time dateTime={blog.updatedAt}>{blog.updatedOn}</time>
            </span>
          )}
        </p>
      </div>
      <div className="col-span-2 flex flex-wrap items-start gap-2 sm:col-span-1 sm:flex-col sm:items-stretch lg:flex-row lg:items-start">
        <Button asChild variant="outline" className="h-11 flex-1 sm:flex-none">
          <a
            href={`/blog/${blog.slug}`}
            target="_blank"
            rel="noopener"
            aria-label={`Preview “${blog.title}” (opens in a new tab)`}
          >
            <ExternalLink aria-hidden />
            Preview
          </a>
        </Button>
        <Button asChild variant="outline" className="h-11 flex-1 sm:flex-none">
          <Link to={blogEditPath(blog.id)} aria-label={`Edit “${blog.title}”`}>
            <Pencil aria-hidden />
            Edit
          </Link>
        </Button>
        <Button
          type="button"
          variant="outline"
          className="h-11 flex-1 text-destructive hover:text-destructive sm:flex-none"
          aria-label={`Delete “${blog.title}”`}
          onClick={onDelete}
        >
          <Trash2 aria-hidden />
          Delete
        </Button>
      </div>
    </article>
  )
}

/**
 * The spec's delete question, in a dialog. The fetcher belongs to the tab, not to the row, because the
 * row disappears when the list reloads and the answer's toast must still be shown.
 */
function DeleteBlogDialog({ blog, open, onClose }: { blog: AdminBlogRow | null; open: boolean; onClose: () => void }) {
  const fetcher = useFetcher<BlogActionResult>({ key: 'blog-delete' })
  const busy = fetcher.state !== 'idle'
  const result = fetcher.data

  useNewAnswer(result, (result) => {
    if (result.intent !== 'delete') return
    if (result.ok) {
      toast(result.message)
      onClose()
    } else {
      toast.error('Failed to delete blog', { description: result.message })
    }
  })

  return (
    <Dialog open={open && blog !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent closeLabel="Keep this blog">
        <DialogHeader>
          <DialogTitle>Are you sure you want to delete this blog?</DialogTitle>
          <DialogDescription>
            “{blog?.title}” will be removed from the blog, the sitemap and the feed. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" action={blog ? blogEditPath(blog.id) : undefined}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name={ENHANCED_FIELD} value="1" />
          <input type="hidden" name="version" value={blog?.version ?? ''} />
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" className="h-11" disabled={busy}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" className="h-11" disabled={busy}>
              <Trash2 aria-hidden />
              {busy ? 'Deleting...' : 'Delete'}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  )
}

/** A tab page that could not load: the spec's 'Failed to fetch blogs', or a post that is not there. */
export function BlogsLoadError({ notFound, message }: { notFound: boolean; message?: string }) {
  return (
    <div role="alert" className="rounded-xl border border-destructive/40 bg-card p-6">
      <p className="font-semibold text-destructive">{notFound ? 'Blog not found' : 'Failed to fetch blogs'}</p>
      <p className="mt-1 text-sm text-muted-foreground">{message ?? 'Please reload the page in a moment.'}</p>
      <Link
        to={ADMIN_BLOGS_PATH}
        className="mt-3 inline-flex min-h-11 items-center text-sm font-semibold text-primary underline"
      >
        Show all blogs
      </Link>
    </div>
  )
}
