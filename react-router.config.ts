import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  // The whole route manifest comes with the page (a cached module of about 3 KB compressed, without the
  // owner's desk's import lists: app/shell/route-manifest.ts) instead of
  // lazily: discovering routes fetched /__manifest after hydration and re-rendered the whole page
  // when the answer came (docs/decisions/018-lean-shop-pages.md, round four).
  routeDiscovery: { mode: 'initial' },
  appDirectory: 'app',
  // BUILD_DIR lets parallel work build into separate folders; the server reads the same variable.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
} satisfies Config
