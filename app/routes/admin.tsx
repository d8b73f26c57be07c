import { Outlet } from 'react-router'
import { adminAction, adminLoader } from '#app/admin/admin-page.server.ts'
import { AdminLogin } from '#app/admin/admin-page.tsx'
import { AdminPanel } from '#app/admin/admin-panel.tsx'
import { withRetryAfter } from '#app/platform/retry-after-headers.ts'
import { pageMeta } from '#app/seo/page-meta.ts'
import { INTERACTIVE_PAGE } from '#app/shell/page-hydration.ts'
import type { Route } from './+types/admin'

export const handle = INTERACTIVE_PAGE

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'Admin | Malwa Namkeen', noindex: true })

export const loader = (args: Route.LoaderArgs) => adminLoader(args)
/** A refusal by the rate limiter carries Retry-After; nothing of this page may be cached. */
export const headers: Route.HeadersFunction = (args) => withRetryAfter(args, { 'Cache-Control': 'no-store' })

export const action = (args: Route.ActionArgs) => adminAction(args)

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const { admin, panel } = loaderData
  return admin && panel ? (
    <AdminPanel admin={admin} stats={panel.stats} badges={panel.badges} liveFrom={panel.liveFrom}>
      <Outlet />
    </AdminPanel>
  ) : (
    <AdminLogin actionData={actionData} />
  )
}
