// The Push Notifications tab: send a notification to every subscribed device (app/notifications).
import { PushTab } from '#app/notifications/admin/push-tab.tsx'
import { pushAction, pushTabLoader } from '#app/notifications/push-routes.server.ts'
import { INTERACTIVE_PAGE } from '#app/shell/page-hydration.ts'
import type { Route } from './+types/admin.push'

export const handle = INTERACTIVE_PAGE

export const loader = (args: Route.LoaderArgs) => pushTabLoader(args)
export const action = (args: Route.ActionArgs) => pushAction(args)

export default function Page({ loaderData }: Route.ComponentProps) {
  return loaderData ? <PushTab data={loaderData} /> : null
}

export function ErrorBoundary() {
  return (
    <div role="alert" className="mt-6 rounded-xl border border-destructive/40 bg-card p-6">
      <p className="font-semibold text-destructive">Failed to load push notifications</p>
      <p className="mt-1 text-sm text-muted-foreground">Please reload the page in a moment.</p>
    </div>
  )
}
