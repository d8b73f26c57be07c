import { data } from 'react-router'
import { pageMeta } from '#app/seo/page-meta.ts'
import { NotFoundContent } from '#app/shell/not-found-content.tsx'
import type { Route } from './+types/not-found'

export function loader() {
  return data(null, { status: 404 })
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: 'Page not found | Malwa Namkeen', description: 'This page does not exist.', noindex: true })

export default function NotFound() {
  return <NotFoundContent />
}
