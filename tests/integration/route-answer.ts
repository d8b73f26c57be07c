// Calling a route's loader or action in a test as React Router would, and reading what the client
// would receive.

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
