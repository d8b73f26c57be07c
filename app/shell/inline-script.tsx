import { useMatches, useRouteLoaderData } from 'react-router'
import type { loader as rootLoader } from '#app/root.tsx'
import { pageHydrates } from './page-hydration.ts'

/**
 * A script of the page's own, inline, with the page's nonce, on a page that does not hydrate
 * (page-hydration.ts): where React runs, a component does its work itself. `script` comes from an
 * `?inline-script` import (app/shell/inline-scripts.ts): the server's text; in the browser's build it
 * is empty and nothing is rendered (React would not run it).
 */
export function InlineScript({ script }: { script: string }) {
  const nonce = useRouteLoaderData<typeof rootLoader>('root')?.nonce
  const hydrates = pageHydrates(useMatches())
  if (!script || hydrates) return null
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the shop's own script, bundled at build time
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />
}
