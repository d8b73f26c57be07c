import { pageMeta } from '#app/seo/page-meta.ts'
import { NotOpenYet } from '#app/shell/not-open-yet.tsx'
import type { Route } from './+types/auth'

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'Login | Malwa Namkeen', noindex: true })

export default function Page() {
  return <NotOpenYet title="Login" what="Signing in to an account" />
}
