// The signed-in visitor, as loaders and actions see it, and the plumbing between React Router and
// better-auth: the client address header, Set-Cookie forwarding and typed error reading.
import { isAPIError } from 'better-auth/api'
import type { RouterContextProvider } from 'react-router'
import { getLocale } from '#app/paraglide/runtime.js'
import { requestContext, servicesContext } from '#app/platform/services.server.ts'
import { sitePathOr } from '#app/shared/site-path.ts'
import type { Viewer } from './viewer.ts'

export type { Viewer }

import { CLIENT_IP_HEADER, hasSessionCookie, isPlaceholderEmail, LOCALE_HEADER } from './auth.server.ts'

/**
 * The request's headers for better-auth, with the client address and the page's language set by the
 * shop, never by the client.
 */
export function authHeaders(request: Request, context: Readonly<RouterContextProvider>): Headers {
  const headers = new Headers(request.headers)
  headers.delete(CLIENT_IP_HEADER)
  headers.set(CLIENT_IP_HEADER, context.get(requestContext).clientIp)
  headers.set(LOCALE_HEADER, getLocale())
  return headers
}

/** A copy of `request` for better-auth's handler, with the trusted client address header. */
export function authRequest(request: Request, context: Readonly<RouterContextProvider>, url = request.url): Request {
  return new Request(url, {
    method: request.method,
    headers: authHeaders(request, context),
    body: request.method === 'GET' || request.method === 'HEAD' ? undefined : request.body,
    // @ts-expect-error Node's fetch needs `duplex` to stream a request body.
    duplex: 'half',
    redirect: 'manual',
  })
}

interface ViewerResult {
  viewer: Viewer | null
  /** Set-Cookie of a refreshed (sliding) session, to forward from the root loader. */
  headers: Headers
  /** When this session was created (the sign-in), for the operations that need a fresh one. */
  signedInAt?: Date | null
}

const viewers = new WeakMap<object, Promise<ViewerResult>>()

/** The signed-in visitor, looked up once per request (every loader of a request shares it). */
export function getViewer(request: Request, context: Readonly<RouterContextProvider>): Promise<ViewerResult> {
  let result = viewers.get(context)
  if (!result) {
    result = lookUpViewer(request, context)
    viewers.set(context, result)
  }
  return result
}

async function lookUpViewer(request: Request, context: Readonly<RouterContextProvider>): Promise<ViewerResult> {
  const { auth } = context.get(servicesContext)
  // A guest's cookies (a cart, a PIN code, the language) hold no session: nothing to ask better-auth.
  if (!hasSessionCookie(request.headers.get('cookie'))) return { viewer: null, headers: new Headers() }
  const { headers, response } = await auth.api.getSession({
    headers: authHeaders(request, context),
    returnHeaders: true,
  })
  if (!response) return { viewer: null, headers }
  const user = response.user as typeof response.user & {
    role?: string
    phoneNumber?: string | null
    phoneNumberVerified?: boolean | null
  }
  const session = (response as { session?: { createdAt?: Date | string } }).session
  return {
    signedInAt: session?.createdAt ? new Date(session.createdAt) : null,
    viewer: {
      id: user.id,
      name: user.name,
      email: isPlaceholderEmail(user.email) ? null : user.email,
      // A number marked unverified is not the account's phone (it opens nothing: linking.server.ts).
      phone: user.phoneNumber && user.phoneNumberVerified !== false ? user.phoneNumber : null,
      role: user.role === 'admin' ? 'admin' : 'customer',
      twoFactorEnabled: Boolean(user.twoFactorEnabled),
    },
    headers,
  }
}

/** Only Set-Cookie headers pass from better-auth's answer to the shop's response. */
export function cookieHeaders(...sources: Array<Headers | null | undefined>): Headers {
  const headers = new Headers()
  for (const source of sources) {
    for (const cookie of source?.getSetCookie() ?? []) headers.append('Set-Cookie', cookie)
  }
  return headers
}

export interface AuthFailure {
  status: number
  code: string
  message: string
}

/** Reads a better-auth APIError; anything else is rethrown (an unexpected failure). */
export function authFailure(error: unknown): AuthFailure {
  if (!isAPIError(error)) throw error
  const body = (error.body ?? {}) as { code?: string; message?: string }
  return { status: error.statusCode, code: body.code ?? '', message: body.message ?? '' }
}

/** A same-site path to return to after signing in; anything else becomes '/'. */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  return sitePathOr(target, fallback)
}

/**
 * Form posts must come from the shop's own pages: a cross-site POST (login CSRF, a forged sign-out)
 * is refused. Browsers send Origin on every POST, and Sec-Fetch-Site where they support it.
 */
export function assertSameOrigin(request: Request, publicUrl: string): void {
  const origin = request.headers.get('origin')
  const site = request.headers.get('sec-fetch-site')
  if (
    (origin && origin !== new URL(publicUrl).origin && origin !== new URL(request.url).origin) ||
    site === 'cross-site'
  ) {
    throw new Response('Forbidden', { status: 403, headers: { 'Content-Type': 'text/plain' } })
  }
}
