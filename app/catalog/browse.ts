// The product browser's view (category, sort, search) lives in the URL, so a reload, a shared link
// or a browser without JavaScript shows the same list. Unknown values fall back to the defaults:
// an old or mistyped link still opens the shop instead of an error page.
import { m } from '#app/paraglide/messages.js'

/** The spec's two categories; the owner can add more (the categories table is the list). */
export const SPEC_CATEGORIES = ['Premium Products', 'Satwik Products'] as const

export const SORTS = [
  { value: 'featured', label: m.sort_featured },
  { value: 'price-asc', label: m.sort_price_asc },
  { value: 'price-desc', label: m.sort_price_desc },
  { value: 'offers', label: m.sort_offers },
  { value: 'name', label: m.sort_name },
] as const
/** A category's name in the page's language: the spec's two are translated, the owner's own shown as named. */
export function categoryName(category: string): string {
  if (category === 'Premium Products') return m.category_premium()
  if (category === 'Satwik Products') return m.category_satwik()
  return category
}

export type Sort = (typeof SORTS)[number]['value']
export const DEFAULT_SORT: Sort = 'featured'

/** Longer search text than this is cut: nobody types it, and it keeps the query cheap. */
export const MAX_QUERY_LENGTH = 100

/** How many products the featured and special-offer blocks show (spec section 9). */
export const HIGHLIGHT_LIMIT = 4

export interface BrowseView {
  /** One of the shop's categories; null is "All". */
  category: string | null
  sort: Sort
  /** Trimmed search text; '' searches nothing. */
  q: string
}

export function isSort(value: unknown): value is Sort {
  return typeof value === 'string' && SORTS.some((sort) => sort.value === value)
}

/**
 * Reads the view from a query string (URLSearchParams has already URL-decoded the values); a category
 * counts when it is one of `categories` (the shop's, from the database), in any letter case.
 */
export function parseBrowseView(params: URLSearchParams, categories: readonly string[]): BrowseView {
  const category = params.get('category')?.trim().toLowerCase()
  const sort = params.get('sort')
  return {
    category: categories.find((name) => name.toLowerCase() === category) ?? null,
    sort: isSort(sort) ? sort : DEFAULT_SORT,
    q: (params.get('q') ?? '').trim().slice(0, MAX_QUERY_LENGTH),
  }
}

/** The query string of a view, defaults left out: '' for the plain list, else '?category=...'. */
export function browseSearch(view: Partial<BrowseView>): string {
  const parts: string[] = []
  if (view.category) parts.push(`category=${encodeURIComponent(view.category)}`)
  if (view.sort && view.sort !== DEFAULT_SORT) parts.push(`sort=${encodeURIComponent(view.sort)}`)
  const q = view.q?.trim()
  if (q) parts.push(`q=${encodeURIComponent(q)}`)
  return parts.length ? `?${parts.join('&')}` : ''
}

/** The plain catalogue, as a first visit sees it: the featured and special-offer blocks belong here. */
export function isDefaultView(view: BrowseView): boolean {
  return view.category === null && view.sort === DEFAULT_SORT && view.q === ''
}

/** The featured and special-offer blocks show on the plain catalogue, and whenever a link asks for them. */
export function showsHighlights(params: URLSearchParams, categories: readonly string[]): boolean {
  return isDefaultView(parseBrowseView(params, categories)) || params.get('section') === 'featured'
}

/** Escapes LIKE's wildcards so that '%' and '_' typed by a shopper match themselves (escape is '\'). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}
