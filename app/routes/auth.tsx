import { authAction, authLoader } from '#app/accounts/auth-page.server.ts'
import { AuthPage } from '#app/accounts/auth-page.tsx'
import { m } from '#app/paraglide/messages.js'
import { withRetryAfter } from '#app/platform/retry-after-headers.ts'
import { pageMeta } from '#app/seo/page-meta.ts'
import { INTERACTIVE_PAGE } from '#app/shell/page-hydration.ts'
import type { Route } from './+types/auth'

export const handle = INTERACTIVE_PAGE

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: m.auth_meta_title(), noindex: true })

export const loader = (args: Route.LoaderArgs) => authLoader(args)
/** A refusal by the rate limiter carries Retry-After; nothing of this page may be cached. */
export const headers: Route.HeadersFunction = (args) => withRetryAfter(args, { 'Cache-Control': 'no-store' })

export const action = (args: Route.ActionArgs) => authAction(args)

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <AuthPage {...loaderData} actionData={actionData} />
}
