// Calling a route's loader or action in a test as React Router would, and reading what the client
// would receive.
import { createLoadContext, type Services } from '#app/platform/services.server.ts'

export interface RouteAnswer {
  status: number
  body: unknown
  headers: Headers
}

/** What the client receives, whether the route returned or threw (a Response or data()). */
export async function settle(run: () => unknown): Promise<RouteAnswer> {
  let outcome: unknown
  try {
    outcome = await run()
  } catch (thrown) {
    outcome = thrown
  }
  if (outcome instanceof Response) {
    const text = await outcome.text()
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {}
    return { status: outcome.status, body, headers: outcome.headers }
  }
  const { data, init } = outcome as { data: unknown; init?: ResponseInit }
  return { status: init?.status ?? 200, body: data, headers: new Headers(init?.headers) }
}

/**
 * A form POST to an admin route from the shop's own origin, with the owner's session cookie, as the
 * route's action receives it (the test's services answer the session lookup with the owner).
 */
export function ownerPost(
  services: Services,
  path: string,
  fields: Record<string, string>,
  params: Record<string, string> = {},
) {
  const { publicUrl } = services.config
  const request = new Request(`${publicUrl}${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { cookie: 'session=owner', origin: publicUrl },
  })
  const context = createLoadContext(services, {
    requestId: 't',
    nonce: '',
    clientIp: '203.0.113.9',
    log: services.logger,
  })
  return { request, context, params }
}
