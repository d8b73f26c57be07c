import { accountAction, accountLoader } from '#app/accounts/account-page.server.ts'
import { AccountPage } from '#app/accounts/account-page.tsx'
import { m } from '#app/paraglide/messages.js'
import { pageMeta } from '#app/seo/page-meta.ts'
import { INTERACTIVE_PAGE } from '#app/shell/page-hydration.ts'
import type { Route } from './+types/account'

export const handle = INTERACTIVE_PAGE

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: m.account_meta_title(), noindex: true })

export const loader = (args: Route.LoaderArgs) => accountLoader(args)
export const action = (args: Route.ActionArgs) => accountAction(args)

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <AccountPage {...loaderData} actionData={actionData} />
}
