import { redirect } from 'react-router'
import { getViewer } from '#app/accounts/session.server.ts'
import { pageMeta } from '#app/seo/page-meta.ts'
import { NotOpenYet } from '#app/shell/not-open-yet.tsx'
import type { Route } from './+types/my-orders'

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: 'My Orders | Malwa Namkeen', noindex: true })

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer } = await getViewer(request, context)
  if (!viewer) throw redirect('/auth?redirectTo=/my-orders')
  return null
}

export default function Page() {
  return <NotOpenYet title="My Orders" what="Order history for accounts" />
}
