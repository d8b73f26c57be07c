import { AddressEditor } from '#app/addresses/address-editor.tsx'
import { addressEditorAction, addressEditorLoader } from '#app/addresses/address-routes.server.ts'
import { addressBookCrumbs } from '#app/addresses/saved-address.ts'
import { m } from '#app/paraglide/messages.js'
import { pageMeta } from '#app/seo/page-meta.ts'
import type { CrumbsHandle } from '#app/shell/breadcrumb-trail.ts'
import { type HydrationHandle, INTERACTIVE_PAGE } from '#app/shell/page-hydration.ts'
import type { Route } from './+types/account.addresses.new'

export const handle: CrumbsHandle & HydrationHandle = {
  ...INTERACTIVE_PAGE,
  crumbs: () => addressBookCrumbs({ label: m.address_add_title(), path: '/account/addresses/new' }),
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: m.address_add_title(), noindex: true })

export const loader = (args: Route.LoaderArgs) => addressEditorLoader(args)
export const action = (args: Route.ActionArgs) => addressEditorAction(args)

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <AddressEditor {...loaderData} actionData={actionData} />
}
