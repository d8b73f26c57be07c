// Whether React runs in the browser on a page: each page route says so in one property of its
// `handle`, and the root leaves out React Router's scripts where it is false
// (docs/decisions/028-pages-to-read.md; Remix called it `handle.hydrate`). A page to read (a policy, a
// post, the FAQ) is rendered on the server and works as plain HTML: links, a `<details>` menu, forms
// that post. page-hydration.test.ts walks app/routes.ts: every page route declares it, and the pages
// that do not hydrate are exactly the listed ones, so none gains or loses its scripts by accident.
import { useMatches } from 'react-router'

/** The property every route module with a component declares in its `handle`. */
export interface HydrationHandle {
  /**
   * true: React hydrates the page (it has client-side controls: a cart, a form with early feedback,
   * the admin panel). false: the page only shows; its sole script is the service worker's registration
   * (and any small inline script a component of the page renders for itself).
   */
  hydrate: boolean
}

/** A page a shopper only reads. */
export const READING_PAGE = { hydrate: false } as const satisfies HydrationHandle
/** A page React runs on. */
export const INTERACTIVE_PAGE = { hydrate: true } as const satisfies HydrationHandle

export function declaresHydration(handle: unknown): handle is HydrationHandle {
  return typeof handle === 'object' && handle !== null && 'hydrate' in handle && typeof handle.hydrate === 'boolean'
}

/**
 * Whether the page these route matches render hydrates: what its leaf route (the page itself, under
 * the root and any layout) declares. A route that declares nothing hydrates, as every page did before;
 * the unit test keeps any page from declaring nothing.
 */
export function pageHydrates(matches: readonly { handle?: unknown }[]): boolean {
  const leaf = matches.at(-1)?.handle
  return !(declaresHydration(leaf) && !leaf.hydrate)
}

/**
 * Whether the root renders React Router's scripts and scroll restoration. On the server: as the page
 * declares. In the browser React runs already (the document was a page that hydrates), so a
 * client-side navigation to a page to read keeps them: without <ScrollRestoration> the router would
 * stop restoring scroll positions, and the scripts have run.
 */
export function useFrameworkScripts(): boolean {
  const matches = useMatches()
  return typeof document !== 'undefined' || pageHydrates(matches)
}
