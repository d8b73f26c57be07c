export interface Crumb {
  label: string
  path: string
}

/**
 * A route whose path does not read as a trail (ids, resource routes in between) names its crumbs
 * after Home in its `handle`: `export const handle: CrumbsHandle = { crumbs: (params) => [...] }`.
 */
export interface CrumbsHandle {
  crumbs: (params: Record<string, string | undefined>) => Crumb[]
}

export function hasCrumbs(handle: unknown): handle is CrumbsHandle {
  return typeof handle === 'object' && handle !== null && 'crumbs' in handle && typeof handle.crumbs === 'function'
}

/** '/blog/how-to-store-sev' -> Home, Blog, How To Store Sev (dashes to spaces, words capitalised). */
export function breadcrumbTrail(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean)
  return [
    { label: 'Home', path: '/' },
    ...segments.map((segment, index) => ({
      label: crumbLabel(segment),
      path: `/${segments.slice(0, index + 1).join('/')}`,
    })),
  ]
}

/** Words a plain capital letter would spell wrong. */
const ACRONYMS: Record<string, string> = { faq: 'FAQ' }

function crumbLabel(segment: string): string {
  let text = segment
  try {
    text = decodeURIComponent(segment)
  } catch {
    // A malformed escape stays as written.
  }
  return text
    .replace(/-/g, ' ')
    .split(' ')
    .filter(Boolean)
    .map((word) => ACRONYMS[word.toLowerCase()] ?? word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}
