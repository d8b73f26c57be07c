import { data } from 'react-router'
import { m } from '#app/paraglide/messages.js'
import { pageMeta } from '#app/seo/page-meta.ts'
import { type CrumbsHandle, notFoundTrail } from '#app/shell/breadcrumb-trail.ts'
import { NotFoundContent } from '#app/shell/not-found-content.tsx'
import { READING_PAGE } from '#app/shell/page-hydration.ts'
import type { Route } from './+types/not-found'

export const handle = {
  ...READING_PAGE,
  // After Home: the shop's pages the address starts with, then 'Page Not Found' in the page's language.
  crumbs: (params) => notFoundTrail(`/${params['*'] ?? ''}`).slice(1),
} satisfies CrumbsHandle & typeof READING_PAGE

export function loader() {
  return data(null, { status: 404 })
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: m.page_not_found_title(), description: m.not_found_meta_description(), noindex: true })

export default function NotFound() {
  return <NotFoundContent />
}
