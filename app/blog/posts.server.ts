import { and, desc, eq } from 'drizzle-orm'
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
