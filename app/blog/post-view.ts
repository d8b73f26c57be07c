// How a post is shown, the same on the server and in the browser: dates, images, reading time.
import { productOgImage } from '#app/catalog/product-seo.ts'
import { getLocale } from '#app/paraglide/runtime.js'
import { srcSetFor } from '#app/shared/image-variants.ts'

/** Shown for a post without an image (a recipe notebook beside a bowl of sev). */
export const BLOG_FALLBACK_IMAGE = '/images/blog-fallback-640.webp'
export const BLOG_FALLBACK_ALT = 'An open recipe notebook beside a brass bowl of sev'

export interface PostSummary {
  slug: string
  title: string
  excerpt: string
  author: string
  imageUrl: string | null
  /** ISO timestamp, for <time dateTime>. */
  publishedAt: string
  /** en-IN, in India's time zone: '2 Oct 2026'. */
  publishedOn: string
}

const DATE_OPTIONS: Intl.DateTimeFormatOptions = {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
}
/** In the request's language (Hindi pages: hi-IN, '2 अक्टू॰ 2026'). */
const DATE_FORMAT = {
  en: new Intl.DateTimeFormat('en-IN', DATE_OPTIONS),
  hi: new Intl.DateTimeFormat('hi-IN', DATE_OPTIONS),
}

/**
 * The date as readers in India see it. Formatted on the server and sent as text, so the browser
 * (with its own time zone and ICU data) renders exactly what the server did.
 */
export function formatPostDate(date: Date): string {
  return DATE_FORMAT[getLocale()].format(date)
}

export function toPostSummary(row: {
  slug: string
  title: string
  excerpt: string
  author: string
  imageUrl: string | null
  createdAt: Date
}): PostSummary {
  return {
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    author: row.author,
    imageUrl: row.imageUrl,
    publishedAt: row.createdAt.toISOString(),
    publishedOn: formatPostDate(row.createdAt),
  }
}

export function postImage(imageUrl: string | null): string {
  return imageUrl || BLOG_FALLBACK_IMAGE
}

/** The largest variant of an image (what search engines want), or the image itself. */
export function largestVariant(src: string): string {
  const widest = srcSetFor(src)?.split(', ').at(-1)?.split(' ')[0]
  return widest ?? src
}

/** The 1200x630 link-preview image: a bundled product's own, or undefined for the shop's default. */
export function postOgImage(imageUrl: string | null): string | undefined {
  return productOgImage(imageUrl)
}

/** Minutes to read, at 200 words a minute (at least 1). */
export function readingMinutes(markdown: string): number {
  const words = markdown.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length
  return Math.max(1, Math.round(words / 200))
}
