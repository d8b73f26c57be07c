import { adminAction, adminLoader } from '#app/admin/admin-page.server.ts'
import { AdminLogin, AdminPanel } from '#app/admin/admin-page.tsx'
import { pageMeta } from '#app/seo/page-meta.ts'
import type { Route } from './+types/admin'

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'Admin | Malwa Namkeen', noindex: true })

export const loader = (args: Route.LoaderArgs) => adminLoader(args)
/** A refusal by the rate limiter carries Retry-After; nothing of this page may be cached. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers({ 'Cache-Control': 'no-store' })
  const retryAfter = actionHeaders.get('Retry-After') ?? loaderHeaders.get('Retry-After')
  if (retryAfter) headers.set('Retry-After', retryAfter)
  return headers
}

export const action = (args: Route.ActionArgs) => adminAction(args)

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return loaderData.admin && loaderData.stats ? (
    <AdminPanel admin={loaderData.admin} stats={loaderData.stats} />
  ) : (
    <AdminLogin actionData={actionData} />
  )
}
