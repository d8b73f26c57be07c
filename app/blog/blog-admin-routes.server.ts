// The Blogs tab's HTTP side: what its routes read from a request, which operation they call, and how
// refusals become 4xx answers with a message the form shows. Every function here asks the admin guard
// first; loaders give anyone else nothing (the panel's layout shows them the login form).
import { data, type RouterContextProvider, redirect } from 'react-router'
import { z } from 'zod'
import { assertSameOrigin } from '#app/accounts/session.server.ts'
import type { Viewer } from '#app/accounts/viewer.ts'
import { findAdmin, requireAdmin } from '#app/admin/guard.server.ts'
import { servicesContext } from '#app/platform/services.server.ts'
import { getSettings } from '#app/settings/settings.server.ts'
import { isUuid } from '#app/shared/uuid.ts'
import {
  BlogAdminError,
  type BlogRow,
  blogVersion,
  createBlog,
  deleteBlog,
  findBlog,
  listAdminBlogs,
  updateBlog,
} from './blog-admin.server.ts'
import {
  BLOG_LIMITS,
  type BlogFieldErrors,
  type BlogFormValues,
  blogFormValues,
  ENHANCED_FIELD,
  validateBlogForm,
} from './blog-form.ts'
import { renderMarkdown } from './markdown.server.ts'
import { formatPostDate } from './post-view.ts'

type Args = { request: Request; context: Readonly<RouterContextProvider>; params?: Record<string, string | undefined> }

const NO_STORE = { 'Cache-Control': 'no-store' }
const ADMIN_BLOGS_PATH = '/admin/blogs'

/** One row of the list (spec section 2, Blogs tab). */
export interface AdminBlogRow {
  id: string
  title: string
  slug: string
  excerpt: string
  author: string
  imageUrl: string | null
  isPublished: boolean
  createdAt: string
  /** en-IN, India's time zone: '2 Oct 2026'. */
  createdOn: string
  /** Set when the post changed after it was created. */
  updatedAt: string | null
  updatedOn: string | null
  version: string
}

/** A post as the edit form starts from it. */
export interface EditableBlog {
  id: string
  values: BlogFormValues
  version: string
}

export type BlogActionResult =
  | { ok: true; intent: 'save'; created: boolean; message: string; blogId: string; slug: string }
  | { ok: true; intent: 'delete'; message: string }
  | { ok: true; intent: 'preview'; html: string }
  | {
      ok: false
      intent: 'save' | 'delete' | 'preview' | 'unknown'
      message: string
      fieldErrors?: BlogFieldErrors
      /** The post changed since the screen was loaded. */
      stale?: boolean
      /** What was posted, for a form posted without JavaScript to show again. */
      values?: BlogFormValues
    }

function toRow(row: Awaited<ReturnType<typeof listAdminBlogs>>[number]): AdminBlogRow {
  const changed = row.updatedAt.getTime() !== row.createdAt.getTime()
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    author: row.author,
    imageUrl: row.imageUrl,
    isPublished: row.isPublished,
    createdAt: row.createdAt.toISOString(),
    createdOn: formatPostDate(row.createdAt),
    updatedAt: changed ? row.updatedAt.toISOString() : null,
    updatedOn: changed ? formatPostDate(row.updatedAt) : null,
    version: blogVersion(row),
  }
}

function toEditable(row: BlogRow): EditableBlog {
  return {
    id: row.id,
    values: {
      title: row.title,
      slug: row.slug,
      excerpt: row.excerpt,
      content: row.content,
      imageUrl: row.imageUrl ?? '',
      author: row.author,
      isPublished: row.isPublished ? 'on' : '',
      titleHi: row.titleHi,
      excerptHi: row.excerptHi,
      contentHi: row.contentHi,
    },
    version: blogVersion(row),
  }
}

/** /admin/blogs: every post, drafts too, newest first. */
export async function blogsTabLoader({ request, context }: Args) {
  if (!(await findAdmin(request, context))) return null
  const rows = await listAdminBlogs(context.get(servicesContext).db)
  return data({ blogs: rows.map(toRow) }, { headers: NO_STORE })
}

/** /admin/blogs/new: an empty form whose author is the shop's team (spec section 3). */
export async function newBlogLoader({ request, context }: Args) {
  if (!(await findAdmin(request, context))) return null
  const { shopName } = await getSettings(context.get(servicesContext).db)
  return data({ defaultAuthor: `${shopName} Team` }, { headers: NO_STORE })
}

const NOT_FOUND = 'This blog does not exist: it may have been deleted.'

function blogIdFrom(params: Args['params']): string {
  const blogId = params?.blogId
  if (!isUuid(blogId)) throw data({ message: NOT_FOUND }, { status: 404, headers: NO_STORE })
  return blogId
}

/** /admin/blogs/:blogId: the post in the form. */
export async function editBlogLoader({ request, context, params }: Args) {
  if (!(await findAdmin(request, context))) return null
  const row = await findBlog(context.get(servicesContext).db, blogIdFrom(params))
  if (!row) throw data({ message: NOT_FOUND }, { status: 404, headers: NO_STORE })
  return data({ blog: toEditable(row), previewHtml: renderMarkdown(row.content) }, { headers: NO_STORE })
}

const versionSchema = z.iso.datetime({ message: 'This form is out of date: reload it and try again.' })
const previewSchema = z
  .string()
  .max(
    BLOG_LIMITS.content,
    `Please keep the content to ${BLOG_LIMITS.content.toLocaleString('en-IN')} characters or fewer.`,
  )

const ERROR_STATUS: Record<BlogAdminError['kind'], number> = { 'not-found': 404, stale: 409, 'duplicate-slug': 409 }

function answer(result: BlogActionResult, status = result.ok ? 200 : 400) {
  return data(result, { status, headers: NO_STORE })
}

/** POST /admin/blogs/new: 'save' creates a post, 'preview' renders markdown for the live preview. */
export function newBlogAction(args: Args) {
  return blogAction(args, null)
}

/** POST /admin/blogs/:blogId: 'save' updates it, 'delete' deletes it, 'preview' as for a new post. */
export async function editBlogAction(args: Args) {
  await requireAdmin(args.request, args.context)
  return blogAction(args, blogIdFrom(args.params))
}

async function blogAction({ request, context }: Args, blogId: string | null) {
  const admin = await requireAdmin(request, context)
  assertSameOrigin(request, context.get(servicesContext).config.publicUrl)
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    return answer({ ok: false, intent: 'unknown', message: 'The form could not be read.' })
  }
  const intent = form.get('intent')

  if (intent === 'preview') {
    // The same renderer as the public post, so the preview shows exactly what readers will see.
    const content = previewSchema.safeParse(form.get('content') ?? '')
    if (!content.success) {
      return answer({ ok: false, intent, message: content.error.issues[0]?.message ?? 'Bad content.' })
    }
    return answer({ ok: true, intent, html: content.data.trim() ? renderMarkdown(content.data) : '' })
  }
  if (intent !== 'save' && !(intent === 'delete' && blogId)) {
    return answer({ ok: false, intent: 'unknown', message: 'That is not something a blog can do.' })
  }
  return changeBlog(admin, context, form, intent === 'delete' ? 'delete' : 'save', blogId)
}

async function changeBlog(
  admin: Viewer,
  context: Args['context'],
  form: FormData,
  intent: 'save' | 'delete',
  blogId: string | null,
) {
  const { db, logger } = context.get(servicesContext)
  const enhanced = form.get(ENHANCED_FIELD) === '1'
  const values = blogFormValues(form)

  const version = blogId ? versionSchema.safeParse(form.get('version')) : null
  if (version && !version.success) {
    return answer({ ok: false, intent, message: version.error.issues[0]?.message ?? 'Bad version.', stale: true })
  }

  try {
    if (intent === 'delete' && blogId && version?.success) {
      await deleteBlog(db, { id: blogId, version: version.data }, admin)
      if (!enhanced) return redirect(ADMIN_BLOGS_PATH)
      return answer({ ok: true, intent, message: 'Blog deleted successfully' })
    }
    const validation = validateBlogForm(values)
    if (!validation.ok) {
      const first = Object.values(validation.fieldErrors)[0]
      return answer({
        ok: false,
        intent: 'save',
        message: first ?? 'Please check the form.',
        fieldErrors: validation.fieldErrors,
        values,
      })
    }
    const row =
      blogId && version?.success
        ? await updateBlog(db, { id: blogId, version: version.data, input: validation.data }, admin)
        : await createBlog(db, validation.data, admin)
    if (!enhanced) return redirect(ADMIN_BLOGS_PATH)
    return answer({
      ok: true,
      intent: 'save',
      created: !blogId,
      message: blogId ? 'Blog updated successfully' : 'Blog created successfully',
      blogId: row.id,
      slug: row.slug,
    })
  } catch (error) {
    if (error instanceof BlogAdminError) {
      return answer(
        {
          ok: false,
          intent,
          message: error.message,
          fieldErrors: error.kind === 'duplicate-slug' ? { slug: error.message } : undefined,
          stale: error.kind === 'stale',
          values,
        },
        ERROR_STATUS[error.kind],
      )
    }
    logger.error({ err: error, blogId, intent }, 'a blog change failed')
    return answer(
      { ok: false, intent, message: intent === 'delete' ? 'Failed to delete blog' : 'Failed to save blog', values },
      500,
    )
  }
}
