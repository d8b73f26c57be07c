import { pageMeta } from '#app/seo/page-meta.ts'
import { NotOpenYet } from '#app/shell/not-open-yet.tsx'
import type { Route } from './+types/admin'

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'Admin | Malwa Namkeen', noindex: true })

export default function Page() {
  return <NotOpenYet title="Admin Panel" what="The admin panel" />
}
