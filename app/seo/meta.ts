// One SEO helper for every page: title, description, Open Graph with a 1200x630 image, canonical
// link and optional JSON-LD, all rendered into the server's HTML through React Router's meta.
import type { MetaDescriptor } from 'react-router'
import type { Thing, WithContext } from 'schema-dts'
import { hasHindiVersion, LOCALES, localeOfPath, localizedHref, pathWithoutLocale } from '#app/i18n/locale.ts'
import { m } from '#app/paraglide/messages.js'

export const DEFAULT_OG_IMAGE = '/images/og/default.jpg'

export interface SeoInput {
  /** The site's origin as shoppers see it (PUBLIC_URL). */
  origin: string
  /**
   * Path of the page, without query string (tracking parameters never reach the canonical URL). A
   * Hindi page's path (/hi/...) makes a Hindi canonical URL; a page with both languages lists both.
   */
  path: string
  /** The page's title and description (its seo_* messages, spec section 2); the shop's own otherwise. */
  title?: string
  description?: string
  /** Path or absolute URL of a 1200x630 image. */
  image?: string
  imageAlt?: string
  type?: 'website' | 'article' | 'product'
  jsonLd?: WithContext<Thing>[]
  noindex?: boolean
}

export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const title = input.title ?? 'Malwa Namkeen'
  const description = input.description ?? m.seo_home_description()
  const url = absoluteUrl(input.origin, input.path)
  const image = absoluteUrl(input.origin, input.image ?? DEFAULT_OG_IMAGE)

  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    ...(input.noindex ? [] : languageAlternates(input.origin, input.path)),
    { property: 'og:site_name', content: 'Malwa Namkeen' },
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
    { property: 'og:image:alt', content: input.imageAlt ?? title },
    { property: 'og:locale', content: localeOfPath(input.path) === 'hi' ? 'hi_IN' : 'en_IN' },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
    ...(input.noindex ? [{ name: 'robots', content: 'noindex' }] : []),
    ...(input.jsonLd ?? []).map((data) => ({ 'script:ld+json': data })),
  ]
}

/** hreflang links to the page in each language, English for any other (x-default). */
export function languageAlternates(origin: string, path: string): MetaDescriptor[] {
  const english = pathWithoutLocale(path)
  if (!hasHindiVersion(english)) return []
  return [
    ...LOCALES.map((locale) => ({
      tagName: 'link' as const,
      rel: 'alternate',
      hrefLang: locale,
      href: absoluteUrl(origin, localizedHref(english, locale)),
    })),
    { tagName: 'link' as const, rel: 'alternate', hrefLang: 'x-default', href: absoluteUrl(origin, english) },
  ]
}

export function absoluteUrl(origin: string, pathOrUrl: string): string {
  if (!origin) return pathOrUrl
  return new URL(pathOrUrl, `${origin}/`).toString()
}
