// The Blogs tab's operations (spec section 7, blogs calls for the admin): the list, one post, create,
// update and delete. Each change is one transaction with its audit record; an update or delete carries
// the version (updated_at) the admin's screen showed, so a stale form never overwrites a newer save.

import { and, asc, desc, eq, ne } from 'drizzle-orm'
import type { AuditActor } from '#app/platform/audit.server.ts'
import { recordAudit } from '#app/platform/audit.server.ts'
import type { Db, Tx } from '#app/platform/db.server.ts'
import { uniqueViolation } from '#app/platform/db-errors.ts'
import { nextVersion } from '#app/shared/record-version.ts'
import type { BlogInput } from './blog-form.ts'
import { formatPostDate } from './post-view.ts'
import { blogs } from './schema.ts'

export type BlogRow = typeof blogs.$inferSelect

export class BlogAdminError extends Error {
  override name = 'BlogAdminError'
  readonly kind: 'not-found' | 'stale' | 'duplicate-slug'
  constructor(kind: BlogAdminError['kind'], message: string) {
    super(message)
    this.kind = kind
  }
}

/** Whether the database refused a second post with the same slug (wherever in the cause chain). */
function isDuplicateSlug(error: unknown): boolean {
  return uniqueViolation(error)?.includes('slug') ?? false
}

function duplicateSlug(slug: string, title?: string): BlogAdminError {
  const owner = title ? ` by the blog “${title}”` : ''
  return new BlogAdminError('duplicate-slug', `The slug “${slug}” is already used${owner}. Please choose another slug.`)
}

const NOT_FOUND = 'This blog does not exist: it may have been deleted.'

/** Every post, drafts included, newest first (the slug breaks ties, so the order is stable). */
export function listAdminBlogs(db: Tx) {
  return db
    .select({
      id: blogs.id,
      title: blogs.title,
      slug: blogs.slug,
      excerpt: blogs.excerpt,
      author: blogs.author,
      imageUrl: blogs.imageUrl,
      isPublished: blogs.isPublished,
      createdAt: blogs.createdAt,
      updatedAt: blogs.updatedAt,
    })
    .from(blogs)
    .orderBy(desc(blogs.createdAt), asc(blogs.slug))
}

export async function findBlog(db: Tx, id: string): Promise<BlogRow | undefined> {
  const [row] = await db.select().from(blogs).where(eq(blogs.id, id))
  return row
}

/** What the audit trail keeps of a post. */
function auditView(row: Pick<BlogRow, keyof BlogInput>) {
  return {
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    content: row.content,
    author: row.author,
    imageUrl: row.imageUrl,
    isPublished: row.isPublished,
    titleHi: row.titleHi,
    excerptHi: row.excerptHi,
    contentHi: row.contentHi,
  }
}

async function assertSlugFree(tx: Tx, slug: string, exceptId?: string) {
  const [taken] = await tx
    .select({ title: blogs.title })
    .from(blogs)
    .where(and(eq(blogs.slug, slug), exceptId ? ne(blogs.id, exceptId) : undefined))
  if (taken) throw duplicateSlug(slug, taken.title)
}

/** The version a screen shows and sends back: updated_at to the millisecond. */
export function blogVersion(row: Pick<BlogRow, 'updatedAt'>): string {
  return row.updatedAt.toISOString()
}

async function lockBlog(tx: Tx, id: string, version: string): Promise<BlogRow> {
  const [row] = await tx.select().from(blogs).where(eq(blogs.id, id)).for('update')
  if (!row) throw new BlogAdminError('not-found', NOT_FOUND)
  if (blogVersion(row) !== version) {
    throw new BlogAdminError(
      'stale',
      `This blog was changed by another save (updated ${formatPostDate(row.updatedAt)}) after you opened it. ` +
        'Reload it to see the latest version, then make your changes again.',
    )
  }
  return row
}

/** Turns a unique-slug refusal by the database (two saves racing) into the same message as the check. */
async function guardSlug<T>(slug: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (isDuplicateSlug(error)) throw duplicateSlug(slug)
    throw error
  }
}

export async function createBlog(db: Db, input: BlogInput, actor: AuditActor, now = new Date()): Promise<BlogRow> {
  return guardSlug(input.slug, () =>
    db.transaction(async (tx) => {
      await assertSlugFree(tx, input.slug)
      const [row] = await tx
        .insert(blogs)
        .values({ ...input, createdAt: now, updatedAt: now })
        .returning()
      if (!row) throw new Error('the new blog was not returned')
      await recordAudit(tx, actor, {
        action: 'blog.create',
        entity: 'blog',
        entityId: row.id,
        label: row.title,
        before: null,
        after: auditView(row),
      })
      return row
    }),
  )
}

/**
 * Saves the form over the post, when the post is still at `version`. The id stays the same (spec
 * section 4); updated_at moves on only when something changed, and always forward, so two saves in
 * one millisecond still get different versions.
 */
export async function updateBlog(
  db: Db,
  { id, version, input }: { id: string; version: string; input: BlogInput },
  actor: AuditActor,
  now = new Date(),
): Promise<BlogRow> {
  return guardSlug(input.slug, () =>
    db.transaction(async (tx) => {
      const before = await lockBlog(tx, id, version)
      const was = auditView(before)
      const is = auditView({ ...before, ...input })
      if (JSON.stringify(was) === JSON.stringify(is)) return before
      if (input.slug !== before.slug) await assertSlugFree(tx, input.slug, id)
      const updatedAt = nextVersion(before.updatedAt, now)
      const [row] = await tx
        .update(blogs)
        .set({ ...input, updatedAt })
        .where(eq(blogs.id, id))
        .returning()
      if (!row) throw new BlogAdminError('not-found', NOT_FOUND)
      await recordAudit(tx, actor, {
        action: 'blog.update',
        entity: 'blog',
        entityId: id,
        label: row.title,
        before: was,
        after: is,
      })
      return row
    }),
  )
}

export async function deleteBlog(
  db: Db,
  { id, version }: { id: string; version: string },
  actor: AuditActor,
): Promise<BlogRow> {
  return db.transaction(async (tx) => {
    const row = await lockBlog(tx, id, version)
    await tx.delete(blogs).where(eq(blogs.id, id))
    await recordAudit(tx, actor, {
      action: 'blog.delete',
      entity: 'blog',
      entityId: id,
      label: row.title,
      before: auditView(row),
      after: null,
    })
    return row
  })
}
