import { and, asc, desc, eq, ne } from 'drizzle-orm'
import type { Tx } from '#app/platform/db.server.ts'
import { blogs } from './schema.ts'

/** Published posts, newest first. */
export function listPublishedPosts(db: Tx) {
  return db.select().from(blogs).where(eq(blogs.isPublished, true)).orderBy(desc(blogs.createdAt))
}

export async function findPublishedPost(db: Tx, slug: string) {
  const [post] = await db
    .select()
    .from(blogs)
    .where(and(eq(blogs.slug, slug), eq(blogs.isPublished, true)))
  return post
}

/** What a card needs: everything but the content, which lists never show. */
const summaryColumns = {
  id: blogs.id,
  slug: blogs.slug,
  title: blogs.title,
  excerpt: blogs.excerpt,
  author: blogs.author,
  imageUrl: blogs.imageUrl,
  createdAt: blogs.createdAt,
}

export type PostSummaryRow = Awaited<ReturnType<typeof listPublishedSummaries>>[number]

/**
 * Published posts for cards, newest first (the slug breaks ties, so the order is stable); without
 * `except` when a post page lists the others, with `limit` for a short list.
 */
export function listPublishedSummaries(db: Tx, { except, limit }: { except?: string; limit?: number } = {}) {
  const query = db
    .select(summaryColumns)
    .from(blogs)
    .where(and(eq(blogs.isPublished, true), except === undefined ? undefined : ne(blogs.slug, except)))
    .orderBy(desc(blogs.createdAt), asc(blogs.slug))
    .$dynamic()
  return limit === undefined ? query : query.limit(limit)
}
