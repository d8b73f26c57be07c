// /admin on the server: the login form for anyone who is not a signed-in admin (and no admin data),
// the panel with its stat cards for the admin. Login failures always read the spec's sentence.
import { data, type RouterContextProvider, redirect } from 'react-router'
import { verifySecondFactor } from '#app/accounts/auth-page.server.ts'
import { clearLimit, enforceLimits, LIMITS, TooManyAttempts } from '#app/accounts/limits.server.ts'
import { adminLoginSchema, MESSAGES, secondFactorSchema } from '#app/accounts/rules.ts'
import { assertSameOrigin, authFailure, authHeaders, cookieHeaders } from '#app/accounts/session.server.ts'
import { unhandledMessageCount } from '#app/contact/inbox.server.ts'
import { feedPosition } from '#app/notifications/live-events.server.ts'
import { unreadNotificationCount } from '#app/orders/admin-orders.server.ts'
import { requestContext, servicesContext } from '#app/platform/services.server.ts'
import { pendingReviewCount } from '#app/reviews/reviews.server.ts'
import { findAdmin } from './guard.server.ts'
import { getAdminStats } from './stats.server.ts'
import type { TabBadges } from './tabs.ts'

type Context = Readonly<RouterContextProvider>

export type AdminActionData = { step: 'password' | 'second-factor'; error?: string; username?: string }

/** The panel's frame: who is signed in, the stat cards, the tabs' badges (unread notifications, messages
 * not handled, reviews to moderate), and the live feed's position. */
export async function adminLoader({ request, context }: { request: Request; context: Context }) {
  const admin = await findAdmin(request, context)
  if (!admin) return data({ admin: null, panel: null }, { headers: { 'Cache-Control': 'no-store' } })
  const { db } = context.get(servicesContext)
  // The feed position is read first: anything that happens while the rest is read comes live.
  const liveFrom = await feedPosition(db)
  const [stats, orders, messages, reviews] = await Promise.all([
    getAdminStats(db),
    unreadNotificationCount(db),
    unhandledMessageCount(db),
    pendingReviewCount(db),
  ])
  const badges: TabBadges = { orders, messages, reviews }
  return data(
    { admin: { name: admin.name, email: admin.email }, panel: { stats, badges, liveFrom } },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

export async function adminAction({ request, context }: { request: Request; context: Context }) {
  const { auth, db, config, logger } = context.get(servicesContext)
  assertSameOrigin(request, config.publicUrl)
  const form = await request.formData()
  const intent = form.get('intent')
  const clientIp = context.get(requestContext).clientIp
  const failed = (
    step: AdminActionData['step'],
    status: number,
    error: string = MESSAGES.adminLoginFailed(),
    retryAfterSeconds = 15 * 60,
  ) =>
    // Refusals render the form again (200); only the rate limit answers 429.
    data({ step, error, username: String(form.get('username') ?? '') } satisfies AdminActionData, {
      status: status === 429 ? 429 : 200,
      headers: status === 429 ? { 'Retry-After': String(retryAfterSeconds) } : undefined,
    })

  try {
    if (intent === 'second-factor') {
      const parsed = secondFactorSchema.safeParse(Object.fromEntries(form))
      if (!parsed.success) return failed('second-factor', 400, parsed.error.issues[0]?.message)
      await enforceLimits(db, [[LIMITS.adminLoginClient, clientIp]])
      const result = await verifySecondFactor(auth, parsed.data.code, authHeaders(request, context))
      if ('error' in result) {
        return failed(result.status === 401 ? 'password' : 'second-factor', result.status, result.error)
      }
      return await grantIfAdmin(result.role, result.token, result.headers)
    }

    const parsed = adminLoginSchema.safeParse(Object.fromEntries(form))
    if (!parsed.success) return failed('password', 400, parsed.error.issues[0]?.message)
    const email = parsed.data.username.toLowerCase()
    await enforceLimits(db, [
      [LIMITS.adminLoginClient, clientIp],
      [LIMITS.adminLoginAccount, email],
    ])
    try {
      const { headers, response } = await auth.api.signInEmail({
        body: { email, password: parsed.data.password, rememberMe: true },
        headers: authHeaders(request, context),
        returnHeaders: true,
      })
      if ('twoFactorRedirect' in response && response.twoFactorRedirect) {
        return data({ step: 'second-factor' } satisfies AdminActionData, { headers: cookieHeaders(headers) })
      }
      const signedIn = response as { token: string; user: { role?: string } }
      return await grantIfAdmin(signedIn.user.role ?? 'customer', signedIn.token, cookieHeaders(headers))
    } catch (error) {
      if (error instanceof Response) throw error
      if (authFailure(error).status >= 500) logger.error({ err: error }, 'admin sign-in failed unexpectedly')
      return failed('password', 401)
    }
  } catch (error) {
    if (error instanceof TooManyAttempts) return failed('password', 429, error.message, error.retryAfterSeconds)
    throw error
  }

  /** A customer who signs in here gets nothing: the new session is ended at once, no cookie is sent. */
  async function grantIfAdmin(role: string, token: string, headers: Headers) {
    if (role !== 'admin') {
      if (token) await (await auth.$context).internalAdapter.deleteSession(token)
      return failed('password', 401)
    }
    const username = String(form.get('username') ?? '')
    if (username) await clearLimit(db, LIMITS.adminLoginAccount, username)
    throw redirect('/admin', { headers })
  }
}
