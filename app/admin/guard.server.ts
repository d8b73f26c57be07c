// THE admin guard: every admin page, action and endpoint asks this module, on the server, whether the
// request comes from a signed-in account with the role admin. The list of those routes is
// admin-routes.ts; the authorization-matrix test walks it.
import { data, type RouterContextProvider } from 'react-router'
import { getViewer, type Viewer } from '#app/accounts/session.server.ts'

/** The signed-in admin, or null for anyone else (anonymous or a customer). */
export async function findAdmin(request: Request, context: Readonly<RouterContextProvider>): Promise<Viewer | null> {
  const { viewer } = await getViewer(request, context)
  return viewer?.role === 'admin' ? viewer : null
}

/** The signed-in admin; anyone else gets 403 and no data. */
export async function requireAdmin(request: Request, context: Readonly<RouterContextProvider>): Promise<Viewer> {
  const admin = await findAdmin(request, context)
  if (!admin) throw data({ message: 'Admins only' }, { status: 403, headers: { 'Cache-Control': 'no-store' } })
  return admin
}
