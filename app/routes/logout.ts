// Logout: a POST ends the session on the server and returns to the site (or to the admin login).
import { redirect } from 'react-router'
import { assertSameOrigin, authHeaders, cookieHeaders } from '#app/accounts/session.server.ts'
import { servicesContext } from '#app/platform/services.server.ts'
import type { Route } from './+types/logout'

export async function action({ request, context }: Route.ActionArgs) {
  const { auth, config, logger } = context.get(servicesContext)
  assertSameOrigin(request, config.publicUrl)
  const form = await request.formData()
  const target = form.get('redirectTo') === '/admin' ? '/admin' : '/'
  let headers = new Headers()
  try {
    const result = await auth.api.signOut({ headers: authHeaders(request, context), returnHeaders: true })
    headers = cookieHeaders(result.headers)
  } catch (error) {
    logger.warn({ err: error }, 'sign-out failed')
  }
  return redirect(target, { headers })
}

/** A GET never signs out (a link or a prefetch must not end a session). */
export function loader() {
  return redirect('/')
}
