// Calling a route's loader or action in a test as React Router would, and reading what the client
// would receive.
import type { RequestListener } from 'node:http'
import type { Auth } from '#app/accounts/auth.server.ts'
import { parseConfig } from '#app/platform/config.server.ts'
import type { Database } from '#app/platform/db.server.ts'
import { createLogger } from '#app/platform/logger.server.ts'
import { createLoadContext, type Services } from '#app/platform/services.server.ts'
import { temporaryDataDir } from '../server-process.ts'

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

/** Someone signed in, as the shop's session lookup gives them. */
export interface SignedInUser {
  id: string
  name: string
  email: string
  role: string
  twoFactorEnabled?: boolean
}

/** The cookie `ownerPost` sends, which the owner's stand-in session answers to. */
export const OWNER_COOKIE = 'malwa.session_token=owner'

/**
 * The shop's services on `database`, for calling its routes: the session lookup answers from
 * `sessions` by the request's cookie header instead of better-auth (these tests are about the routes,
 * not signing in). Payments are off: cash on delivery only.
 */
export function standInServices(
  database: Database,
  publicUrl: string,
  sessions: ReadonlyMap<string, SignedInUser>,
): Services {
  const auth = {
    api: {
      getSession: async ({ headers }: { headers: Headers }) => {
        const user = sessions.get(headers.get('cookie') ?? '')
        return { headers: new Headers(), response: user ? { user } : null }
      },
    },
  }
  return {
    config: parseConfig({ PUBLIC_URL: publicUrl, DATA_DIR: temporaryDataDir() }),
    database,
    db: database.db,
    logger: createLogger('silent'),
    auth: auth as unknown as Auth,
    otpKey: 'k'.repeat(64),
    payments: null,
    shipping: null,
    whatsapp: null,
  } as unknown as Services
}

/** `standInServices` with the owner signed in (`ownerPost`'s cookie) and nobody else. */
export function ownerServices(database: Database, publicUrl: string, owner: SignedInUser): Services {
  return standInServices(database, publicUrl, new Map([[OWNER_COOKIE, owner]]))
}

/**
 * A form POST to an admin route from the shop's own origin, with the owner's session cookie, as the
 * route's action receives it (`ownerServices` answer the session lookup with the owner).
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
    headers: { cookie: OWNER_COOKIE, origin: publicUrl },
  })
  const context = createLoadContext(services, {
    requestId: 't',
    nonce: '',
    clientIp: '203.0.113.9',
    log: services.logger,
  })
  return { request, context, params }
}

/** What a loopback server around the webhook intake answers for anything the intake does not take. */
export const notFound: RequestListener = (_request, response) => response.writeHead(404).end()
