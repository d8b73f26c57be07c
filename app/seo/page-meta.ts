import type { MetaDescriptor } from 'react-router'
import type { BreadcrumbList, WithContext } from 'schema-dts'
import { localeOfPath, localizedHref, pathWithoutLocale } from '#app/i18n/locale.ts'
import { breadcrumbTrail } from '#app/shell/breadcrumb-trail.ts'
import { absoluteUrl, type SeoInput, seoMeta } from './meta.ts'

interface MetaArgsLike {
  location: { pathname: string }
  matches: ReadonlyArray<{ id: string; loaderData: unknown } | undefined>
}

/**
 * seoMeta for a route's meta export: the origin comes from the root loader, the path from the
 * location, and inner pages get BreadcrumbList structured data matching the visible breadcrumb.
 */
export function pageMeta(
  args: MetaArgsLike,
  input: Omit<SeoInput, 'origin' | 'path'> & {
    path?: string
    /** The page's own name for the last crumb (a product's or a post's), instead of its address's words. */
    crumbName?: string
  },
): MetaDescriptor[] {
  const root = args.matches.find((match) => match?.id === 'root')?.loaderData as { publicUrl?: string } | undefined
  const origin = root?.publicUrl ?? ''
  const path = input.path ?? args.location.pathname
  const { crumbName, ...seo } = input
  const breadcrumbs =
    pathWithoutLocale(path) === '/' || input.noindex ? [] : [breadcrumbJsonLd(origin, path, crumbName)]
  return seoMeta({ ...seo, origin, path, jsonLd: [...(input.jsonLd ?? []), ...breadcrumbs] })
}

export function breadcrumbJsonLd(origin: string, path: string, crumbName?: string): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: breadcrumbTrail(pathWithoutLocale(path), crumbName).map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.label,
      item: absoluteUrl(origin, localizedHref(crumb.path, localeOfPath(path))),
    })),
  }
}
