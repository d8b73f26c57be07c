import { and, asc, desc, eq, getTableColumns, ne } from 'drizzle-orm'
import type { Locale } from '#app/i18n/locale.ts'
import { inLanguage } from '#app/i18n/owner-text.server.ts'
import type { Tx } from '#app/platform/db.server.ts'
import { blogs } from './schema.ts'

// The shop's readers take the page's language (English unless told): on Hindi pages each text is the
// owner's Hindi where there is some, the English where not, and only that one is read.

function postTitle(locale: Locale) {
  return inLanguage(blogs.title, blogs.titleHi, locale)
}

function postExcerpt(locale: Locale) {
  return inLanguage(blogs.excerpt, blogs.excerptHi, locale)
}

/** A whole post in the page's language, without the other language's texts. */
function postColumns(locale: Locale) {
  const { titleHi: _titleHi, excerptHi: _excerptHi, contentHi: _contentHi, ...columns } = getTableColumns(blogs)
  return {
    ...columns,
    title: postTitle(locale),
    excerpt: postExcerpt(locale),
    content: inLanguage(blogs.content, blogs.contentHi, locale),
  }
}

/** A published post by its slug; with `drafts`, a draft too (the admin's preview). */
export async function findPost(
  db: Tx,
  slug: string,
  { locale = 'en', drafts = false }: { locale?: Locale; drafts?: boolean } = {},
) {
  const [post] = await db
    .select(postColumns(locale))
    .from(blogs)
    .where(and(eq(blogs.slug, slug), drafts ? undefined : eq(blogs.isPublished, true)))
  return post
}

/** What a card needs: everything but the content, which lists never show. */
function summaryColumns(locale: Locale) {
  return {
    id: blogs.id,
    slug: blogs.slug,
    title: postTitle(locale),
    excerpt: postExcerpt(locale),
    author: blogs.author,
    imageUrl: blogs.imageUrl,
    createdAt: blogs.createdAt,
  }
}

export type PostSummaryRow = Awaited<ReturnType<typeof listPublishedSummaries>>[number]

/**
 * Published posts for cards, newest first (the slug breaks ties, so the order is stable); without
 * `except` when a post page lists the others, with `limit` for a short list.
 */
export function listPublishedSummaries(
  db: Tx,
  { except, limit, locale = 'en' }: { except?: string; limit?: number; locale?: Locale } = {},
) {
  const query = db
    .select(summaryColumns(locale))
    .from(blogs)
    .where(and(eq(blogs.isPublished, true), except === undefined ? undefined : ne(blogs.slug, except)))
    .orderBy(desc(blogs.createdAt), asc(blogs.slug))
    .$dynamic()
  return limit === undefined ? query : query.limit(limit)
}
