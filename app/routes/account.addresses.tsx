import { AddressBookPage } from '#app/addresses/address-book-page.tsx'
import { addressBookAction, addressBookLoader } from '#app/addresses/address-routes.server.ts'
import { addressBookCrumbs } from '#app/addresses/saved-address.ts'
import { m } from '#app/paraglide/messages.js'
import { pageMeta } from '#app/seo/page-meta.ts'
import type { CrumbsHandle } from '#app/shell/breadcrumb-trail.ts'
import { type HydrationHandle, INTERACTIVE_PAGE } from '#app/shell/page-hydration.ts'
import type { Route } from './+types/account.addresses'

export const handle: CrumbsHandle & HydrationHandle = {
  ...INTERACTIVE_PAGE,
  crumbs: () => addressBookCrumbs(),
}

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: m.address_book_meta_title(), noindex: true })

export const loader = (args: Route.LoaderArgs) => addressBookLoader(args)
export const action = (args: Route.ActionArgs) => addressBookAction(args)

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  return <AddressBookPage {...loaderData} actionData={actionData} />
}
