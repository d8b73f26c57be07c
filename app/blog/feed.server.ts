// The blog's RSS 2.0 feed (/blog/feed.xml): the newest published posts, with absolute links, so feed
// readers and aggregators hear of a new post as soon as it is published.
import { asc, desc, eq } from 'drizzle-orm'
import type { Tx } from '#app/platform/db.server.ts'
import { absoluteUrl } from '#app/seo/meta.ts'
import { escapeXml } from '#app/seo/sitemap.server.ts'
import { blogs } from './schema.ts'

/** Feed readers want the recent posts, not the archive. */
export const FEED_POSTS = 50

export interface FeedPost {
  slug: string
  title: string
  excerpt: string
  author: string
  createdAt: Date
  updatedAt: Date
}

export function listFeedPosts(db: Tx): Promise<FeedPost[]> {
  return db
    .select({
      slug: blogs.slug,
      title: blogs.title,
      excerpt: blogs.excerpt,
      author: blogs.author,
      createdAt: blogs.createdAt,
      updatedAt: blogs.updatedAt,
    })
    .from(blogs)
    .where(eq(blogs.isPublished, true))
    .orderBy(desc(blogs.createdAt), asc(blogs.slug))
    .limit(FEED_POSTS)
}

/** When the feed last changed: the latest publication or edit among its posts. */
export function feedUpdatedAt(posts: FeedPost[]): Date | undefined {
  return posts.reduce<Date | undefined>(
    (latest, post) => (!latest || post.updatedAt > latest ? post.updatedAt : latest),
    undefined,
  )
}

function element(name: string, text: string): string {
  return `<${name}>${escapeXml(text)}</${name}>`
}

export function renderFeed(origin: string, shopName: string, posts: FeedPost[]): string {
  const blogUrl = absoluteUrl(origin, '/blog')
  const updated = feedUpdatedAt(posts)
  const items = posts
    .map((post) => {
      const url = absoluteUrl(origin, `/blog/${post.slug}`)
      return [
        '<item>',
        element('title', post.title),
        element('link', url),
        `<guid isPermaLink="true">${escapeXml(url)}</guid>`,
        element('description', post.excerpt),
        element('dc:creator', post.author),
        element('pubDate', post.createdAt.toUTCString()),
        '</item>',
      ].join('')
    })
    .join('')
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    element('title', `${shopName} Blog`),
    element('link', blogUrl),
    element(
      'description',
      `Stories of Indori namkeen, tips from our kitchen and festival snack ideas from ${shopName}.`,
    ),
    element('language', 'en-IN'),
    `<atom:link href="${escapeXml(absoluteUrl(origin, '/blog/feed.xml'))}" rel="self" type="application/rss+xml"/>`,
    updated ? element('lastBuildDate', updated.toUTCString()) : '',
    items,
    '</channel>',
    '</rss>',
  ].join('')
}
