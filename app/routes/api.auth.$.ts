// better-auth's own HTTP endpoints, limited to what a browser must reach directly: the providers'
// callbacks. Every other flow goes through the shop's pages, which add its rules and limits.

import { authRequest } from '#app/accounts/session.server.ts'
import { servicesContext } from '#app/platform/services.server.ts'
import type { Route } from './+types/api.auth.$'

const OPEN = [
  /^\/api\/auth\/callback\/[a-z0-9-]+$/,
  /^\/api\/auth\/oauth2\/callback\/[a-z0-9-]+$/,
  /^\/api\/auth\/(ok|error)$/,
]

async function handle({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const { pathname } = new URL(request.url)
  if (!OPEN.some((pattern) => pattern.test(pathname))) {
    return new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain' } })
  }
  return context.get(servicesContext).auth.handler(authRequest(request, context))
}

export const loader = handle
export const action = handle
