import { desc, eq, isNull } from 'drizzle-orm'
import { blogs } from '#app/blog/schema.ts'
import { products } from '#app/catalog/schema.ts'
import { hasHindiVersion, LOCALES, localizedHref } from '#app/i18n/locale.ts'
import type { Tx } from '#app/platform/db.server.ts'

/** Pages that need no data, and their share of the crawl. */
const STATIC_PATHS = [
  '/',
  '/products',
  '/about',
  '/blog',
  '/faq',
  '/contact',
  '/quality-policy',
  '/terms-and-conditions',
  '/privacy-policy',
  '/shipping-policy',
]

export interface SitemapEntry {
  path: string
  lastModified?: Date
}

/** Home, the static pages, every product on sale and every published post. */
export async function sitemapEntries(db: Tx): Promise<SitemapEntry[]> {
  const [productRows, postRows] = await Promise.all([
    db
      .select({ slug: products.slug, updatedAt: products.updatedAt })
      .from(products)
      .where(isNull(products.archivedAt))
      .orderBy(products.name),
    db
      .select({ slug: blogs.slug, updatedAt: blogs.updatedAt })
      .from(blogs)
      .where(eq(blogs.isPublished, true))
      .orderBy(desc(blogs.createdAt)),
  ])
  const catalogueChanged = productRows.reduce<Date | undefined>(
    (latest, row) => (!latest || row.updatedAt > latest ? row.updatedAt : latest),
    undefined,
  )
  const blogChanged = postRows[0]?.updatedAt
  return [
    ...STATIC_PATHS.map((path) => ({
      path,
      lastModified:
        path === '/' || path === '/products' ? catalogueChanged : path === '/blog' ? blogChanged : undefined,
    })),
    ...productRows.map((row) => ({ path: `/products/${row.slug}`, lastModified: row.updatedAt })),
    ...postRows.map((row) => ({ path: `/blog/${row.slug}`, lastModified: row.updatedAt })),
  ]
}

/** Each page in English and, under /hi, in Hindi, each listing both (and English as x-default). */
export function renderSitemap(origin: string, entries: SitemapEntry[]): string {
  const urls = entries
    .flatMap(({ path, lastModified }) => {
      const lastmod = lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : ''
      if (!hasHindiVersion(path)) return [`<url><loc>${escapeXml(origin + path)}</loc>${lastmod}</url>`]
      const alternates = [...LOCALES.map((locale) => [locale, localizedHref(path, locale)]), ['x-default', path]]
        .map(([lang, href]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(origin + href)}"/>`)
        .join('')
      return LOCALES.map(
        (locale) => `<url><loc>${escapeXml(origin + localizedHref(path, locale))}</loc>${lastmod}${alternates}</url>`,
      )
    })
    .join('')
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls}</urlset>`
}

/** Text or an attribute value inside XML. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c]};`)
}
