// The Messages tab: the contact form's inbox (app/contact).
import { isRouteErrorResponse, Link } from 'react-router'
import { MessagesTab } from '#app/contact/admin/messages-tab.tsx'
import { messagesAction, messagesTabLoader } from '#app/contact/inbox-routes.server.ts'
import { INTERACTIVE_PAGE } from '#app/shell/page-hydration.ts'
import type { Route } from './+types/admin.messages'

export const handle = INTERACTIVE_PAGE

export const loader = (args: Route.LoaderArgs) => messagesTabLoader(args)
export const action = (args: Route.ActionArgs) => messagesAction(args)

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return loaderData ? <MessagesTab page={loaderData.page} answer={actionData} /> : null
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const badFilter = isRouteErrorResponse(error) && error.status === 400
  return (
    <div role="alert" className="mt-6 rounded-xl border border-destructive/40 bg-card p-6">
      <p className="font-semibold text-destructive">Failed to load messages</p>
      <p className="mt-1 text-sm text-muted-foreground">
        {badFilter ? (error.data as { message: string }).message : 'Please reload the page in a moment.'}
      </p>
      <Link to="/admin/messages" className="mt-3 inline-block text-sm font-semibold text-primary underline">
        Show all messages
      </Link>
    </div>
  )
}
