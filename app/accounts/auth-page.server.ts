// /auth on the server: the redirect when signed in, the return from an external provider, and every
// form (e-mail, phone code, second factor, provider buttons). Each form is a plain POST, so the page
// works before (and without) JavaScript; better-auth's cookies are forwarded on the response.

import { randomInt } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { data, type RouterContextProvider, redirect } from 'react-router'
import { localizedHref } from '#app/i18n/locale.ts'
import { getLocale } from '#app/paraglide/runtime.js'
import { readCookie, serializeCookie } from '#app/platform/cookies.server.ts'
import { requestContext, type Services, servicesContext } from '#app/platform/services.server.ts'
import { formatIndianMobile } from '#app/shared/phone.ts'
import { isSitePath } from '#app/shared/site-path.ts'
import type { Auth } from './auth.server.ts'
import { clearLimit, enforceLimits, LIMITS, TooManyAttempts, tooManyAttemptsMessage } from './limits.server.ts'
import { clearUnprovenPhone, isFresh } from './linking.server.ts'
import { type ProviderId, providerError, publicProviders } from './providers.ts'
import {
  firstIssue,
  MESSAGES,
  otpSchema,
  phoneSchema,
  secondFactorSchema,
  signInSchema,
  signUpSchema,
} from './rules.ts'
import { users } from './schema.ts'
import {
  assertSameOrigin,
  authFailure,
  authHeaders,
  authRequest,
  cookieHeaders,
  getViewer,
  safeRedirect,
} from './session.server.ts'

const PROVIDER_COOKIE = 'malwa_oauth_provider'

type Context = Readonly<RouterContextProvider>

export type AuthActionData =
  | { form: 'email'; mode: 'sign-in' | 'sign-up'; error?: string; notice?: string; email?: string; name?: string }
  | { form: 'phone'; step: 'number' | 'code'; phone?: string; error?: string; notice?: string }
  | { form: 'second-factor'; error?: string }

export async function authLoader({ request, context }: { request: Request; context: Context }) {
  const url = new URL(request.url)
  const params = url.searchParams
  if (params.has('state') && (params.has('code') || params.has('error'))) {
    return providerReturn(request, context, url)
  }
  const { viewer } = await getViewer(request, context)
  if (viewer) throw redirect(safeRedirect(params.get('redirectTo')))
  const { config } = context.get(servicesContext)
  const error = params.get('error')
  return {
    providers: publicProviders(config),
    redirectTo: safeRedirect(params.get('redirectTo')),
    providerError: error ? providerError(error) : null,
    secondFactorPending: hasCookie(request, 'two_factor'),
  }
}

/** The provider came back to /auth: better-auth's callback finishes the sign-in (or the error). */
async function providerReturn(request: Request, context: Context, url: URL): Promise<never> {
  const { config } = context.get(servicesContext)
  const { auth } = context.get(servicesContext)
  const provider = readCookie(request, PROVIDER_COOKIE)
  const clear = providerCookie(config.secure, '', 0)
  if (!provider || !/^[a-z0-9-]+$/.test(provider)) {
    throw redirect('/auth?error=state_not_found', { headers: { 'Set-Cookie': clear } })
  }
  const callback = `${config.publicUrl}/api/auth/callback/${provider}${url.search}`
  const response = await auth.handler(authRequest(request, context, callback))
  const headers = cookieHeaders(response.headers)
  headers.append('Set-Cookie', clear)
  const location = response.headers.get('location')
  throw redirect(location && isSameSite(location, config.publicUrl) ? location : '/auth?error=callback_failed', {
    headers,
  })
}

export async function authAction({ request, context }: { request: Request; context: Context }) {
  assertSameOrigin(request, context.get(servicesContext).config.publicUrl)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  try {
    switch (intent) {
      case 'sign-in':
        return await signIn(request, context, form)
      case 'sign-up':
        return await signUp(request, context, form)
      case 'send-code':
        return await sendCode(request, context, form)
      case 'verify-code':
        return await verifyCode(request, context, form)
      case 'second-factor':
        return await secondFactor(request, context, form)
      default:
        return data({ form: 'email', mode: 'sign-in', error: MESSAGES.generic() } satisfies AuthActionData)
    }
  } catch (error) {
    if (error instanceof TooManyAttempts) return tooMany(intent, form, error)
    throw error
  }
}

function tooMany(intent: string, form: FormData, error: TooManyAttempts) {
  const headers = { 'Retry-After': String(error.retryAfterSeconds) }
  let body: AuthActionData
  if (intent === 'send-code' || intent === 'verify-code') {
    body = {
      form: 'phone',
      step: intent === 'send-code' ? 'number' : 'code',
      phone: String(form.get('phone') ?? ''),
      error: error.message,
    }
  } else if (intent === 'second-factor') {
    body = { form: 'second-factor', error: error.message }
  } else {
    body = {
      form: 'email',
      mode: intent === 'sign-up' ? 'sign-up' : 'sign-in',
      email: String(form.get('email') ?? ''),
      error: error.message,
    }
  }
  return data(body, { status: 429, headers })
}

async function signIn(request: Request, context: Context, form: FormData) {
  const parsed = signInSchema.safeParse(Object.fromEntries(form))
  if (!parsed.success) {
    return data({
      form: 'email',
      mode: 'sign-in',
      error: firstIssue(parsed.error),
      email: String(form.get('email') ?? ''),
    } satisfies AuthActionData)
  }
  const { db, auth, logger } = context.get(servicesContext)
  const { email, password } = parsed.data
  await enforceLimits(db, [
    [LIMITS.signInClient, clientIp(request, context)],
    [LIMITS.signInAccount, email],
  ])
  try {
    const { headers, response } = await auth.api.signInEmail({
      body: { email, password, rememberMe: true },
      headers: authHeaders(request, context),
      returnHeaders: true,
    })
    await clearLimit(db, LIMITS.signInAccount, email)
    if ('twoFactorRedirect' in response && response.twoFactorRedirect) {
      return data({ form: 'second-factor' } satisfies AuthActionData, { headers: cookieHeaders(headers) })
    }
    throw redirect(safeRedirect(form.get('redirectTo')), { headers: cookieHeaders(headers) })
  } catch (error) {
    if (error instanceof Response) throw error
    const failure = authFailure(error)
    if (failure.status >= 500) logger.error({ err: error }, 'sign-in failed unexpectedly')
    return data({
      form: 'email',
      mode: 'sign-in',
      error: MESSAGES.invalidCredentials(),
      email,
    } satisfies AuthActionData)
  }
}

async function signUp(request: Request, context: Context, form: FormData) {
  const values = { name: String(form.get('name') ?? ''), email: String(form.get('email') ?? '') }
  const parsed = signUpSchema.safeParse(Object.fromEntries(form))
  if (!parsed.success) {
    return data({ form: 'email', mode: 'sign-up', error: firstIssue(parsed.error), ...values } satisfies AuthActionData)
  }
  const { db, auth, logger } = context.get(servicesContext)
  await enforceLimits(db, [
    [LIMITS.signUpClient, clientIp(request, context)],
    [LIMITS.signUpAccount, parsed.data.email],
  ])
  try {
    // autoSignIn is off: a new e-mail and one that has an account get the same answer.
    await auth.api.signUpEmail({ body: parsed.data, headers: authHeaders(request, context) })
  } catch (error) {
    const failure = authFailure(error)
    if (failure.code === 'PASSWORD_TOO_COMMON') {
      return data({
        form: 'email',
        mode: 'sign-up',
        error: MESSAGES.commonPassword(),
        ...values,
      } satisfies AuthActionData)
    }
    logger.error({ err: error, code: failure.code }, 'sign-up failed')
    return data({ form: 'email', mode: 'sign-up', error: MESSAGES.generic(), ...values } satisfies AuthActionData)
  }
  return {
    form: 'email',
    mode: 'sign-in',
    notice: MESSAGES.signUpDone(),
    email: parsed.data.email,
  } satisfies AuthActionData
}

async function sendCode(request: Request, context: Context, form: FormData) {
  const parsed = phoneSchema.safeParse(Object.fromEntries(form))
  if (!parsed.success) {
    return data({
      form: 'phone',
      step: 'number',
      phone: String(form.get('phone') ?? ''),
      error: firstIssue(parsed.error),
    } satisfies AuthActionData)
  }
  const { db, auth, logger } = context.get(servicesContext)
  const { phone } = parsed.data
  await enforceLimits(db, [
    [LIMITS.otpSendClient, clientIp(request, context)],
    [LIMITS.otpSendNumber, phone],
  ])
  try {
    await auth.api.sendPhoneNumberOTP({ body: { phoneNumber: phone }, headers: authHeaders(request, context) })
  } catch (error) {
    logger.error({ err: error }, 'sending a sign-in code failed')
    return data(
      {
        form: 'phone',
        step: 'number',
        phone,
        error: MESSAGES.smsFailed(),
      } satisfies AuthActionData,
      { status: 502 },
    )
  }
  return {
    form: 'phone',
    step: 'code',
    phone,
    notice: `${MESSAGES.codeSent()} (${formatIndianMobile(phone)})`,
  } satisfies AuthActionData
}

async function verifyCode(request: Request, context: Context, form: FormData) {
  const parsed = otpSchema.safeParse(Object.fromEntries(form))
  const phoneValue = String(form.get('phone') ?? '')
  if (!parsed.success) {
    return data({
      form: 'phone',
      step: phoneSchema.safeParse({ phone: phoneValue }).success ? 'code' : 'number',
      phone: phoneValue,
      error: firstIssue(parsed.error),
    } satisfies AuthActionData)
  }
  const { db, auth } = context.get(servicesContext)
  const { phone, code } = parsed.data
  await enforceLimits(db, [
    [LIMITS.otpVerifyClient, clientIp(request, context)],
    [LIMITS.otpVerifyNumber, phone],
  ])
  try {
    const { headers } = await signInByCode(auth, db, { phone, code, headers: authHeaders(request, context) })
    throw redirect(safeRedirect(form.get('redirectTo')), { headers: cookieHeaders(headers) })
  } catch (error) {
    if (error instanceof Response) throw error
    const failure = authFailure(error)
    const message =
      failure.code === 'OTP_EXPIRED'
        ? MESSAGES.expiredCode()
        : failure.code === 'TOO_MANY_ATTEMPTS' || failure.code === 'OTP_NOT_FOUND'
          ? MESSAGES.codeUsedUp()
          : failure.status >= 500
            ? MESSAGES.generic()
            : MESSAGES.invalidCode()
    return data({ form: 'phone', step: 'code', phone, error: message } satisfies AuthActionData)
  }
}

/**
 * A correct code opens the account whose VERIFIED phone this is, or a new phone account. better-auth
 * would open any account holding the number, verified or not, and mark it verified; a number written
 * on an account without proof is no claim to it (numbers are recycled), so the code is checked first,
 * the unproven claim dropped, and only then is better-auth's sign-in by code run (with a code of its
 * own, as the shopper's was used up by the check). The shop's own flows never store a number unproven:
 * a checkout phone lives on the order (orders.phone), not on the account.
 */
async function signInByCode(
  auth: Auth,
  db: Services['db'],
  { phone, code, headers }: { phone: string; code: string; headers: Headers },
) {
  const [holder] = await db
    .select({ verified: users.phoneNumberVerified })
    .from(users)
    .where(eq(users.phoneNumber, phone))
  if (!holder || holder.verified === true) {
    return auth.api.verifyPhoneNumber({ body: { phoneNumber: phone, code }, headers, returnHeaders: true })
  }
  await auth.api.consumePhoneNumberOTP({ body: { phoneNumber: phone, code }, headers })
  await clearUnprovenPhone(db, phone)
  const rearmed = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const internals = await auth.$context
  await internals.internalAdapter.createVerificationValue({
    identifier: `phone-number-otp-${phone}`,
    value: `${rearmed}:0`,
    expiresAt: new Date(Date.now() + 60_000),
  })
  return auth.api.verifyPhoneNumber({ body: { phoneNumber: phone, code: rearmed }, headers, returnHeaders: true })
}

async function secondFactor(request: Request, context: Context, form: FormData) {
  const parsed = secondFactorSchema.safeParse(Object.fromEntries(form))
  if (!parsed.success) return data({ form: 'second-factor', error: firstIssue(parsed.error) } satisfies AuthActionData)
  const { db, auth } = context.get(servicesContext)
  await enforceLimits(db, [[LIMITS.secondFactorClient, clientIp(request, context)]])
  const result = await verifySecondFactor(auth, parsed.data.code, authHeaders(request, context))
  if ('error' in result)
    return data({ form: 'second-factor', error: result.error } satisfies AuthActionData, {
      status: result.status === 429 ? 429 : 200,
    })
  throw redirect(safeRedirect(form.get('redirectTo')), { headers: result.headers })
}

/** A 6-digit TOTP code or a backup code against the pending sign-in's two_factor cookie. */
export async function verifySecondFactor(
  auth: Auth,
  code: string,
  headers: Headers,
): Promise<{ headers: Headers; token: string; role: string } | { error: string; status: number }> {
  const compact = code.replace(/\s/g, '')
  try {
    const result = /^\d{6}$/.test(compact)
      ? await auth.api.verifyTOTP({ body: { code: compact }, headers, returnHeaders: true })
      : await auth.api.verifyBackupCode({ body: { code: compact }, headers, returnHeaders: true })
    const response = result.response as { token?: string; user?: { role?: string } }
    return {
      headers: cookieHeaders(result.headers),
      token: response.token ?? '',
      role: response.user?.role ?? 'customer',
    }
  } catch (error) {
    const failure = authFailure(error)
    if (failure.code === 'INVALID_TWO_FACTOR_COOKIE' || failure.code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE') {
      return { error: MESSAGES.secondFactorExpired(), status: 401 }
    }
    if (failure.status === 429 || failure.code === 'ACCOUNT_TEMPORARILY_LOCKED') {
      return { error: tooManyAttemptsMessage(15 * 60), status: 429 }
    }
    return { error: MESSAGES.invalidSecondFactor(), status: 400 }
  }
}

/** GET /auth/provider/:provider: starts the provider's sign-in (a link, so CSP form-action stays 'self'). */
export async function startProvider({
  request,
  context,
  params,
}: {
  request: Request
  context: Context
  params: { provider?: string }
}) {
  const { config, auth, logger } = context.get(servicesContext)
  const provider = params.provider as ProviderId
  if (!publicProviders(config).some((p) => p.id === provider)) throw redirect('/auth?error=provider_not_found')
  const url = new URL(request.url)
  if (url.searchParams.get('link') === '1') return startProviderLink(request, context, provider)
  const signUp = url.searchParams.get('mode') === 'sign-up'
  let target: string
  let headers: Headers
  try {
    const result = await auth.api.signInSocial({
      body: {
        provider,
        callbackURL: `${config.publicUrl}${safeRedirect(url.searchParams.get('redirectTo'))}`,
        errorCallbackURL: `${config.publicUrl}/auth`,
        disableRedirect: true,
        // The provider's sign-up hint (Auth0 and others read screen_hint).
        ...(signUp ? { requestSignUp: true, additionalParams: { screen_hint: 'signup' } } : {}),
      },
      headers: authHeaders(request, context),
      returnHeaders: true,
    })
    if (!result.response.url) throw new Error('no authorization URL')
    target = result.response.url
    headers = cookieHeaders(result.headers)
  } catch (error) {
    logger.error({ err: error, provider }, 'starting a provider sign-in failed')
    throw redirect('/auth?error=provider_unavailable')
  }
  headers.append('Set-Cookie', providerCookie(config.secure, provider, 600))
  headers.set('Cache-Control', 'no-store')
  throw redirect(target, { headers })
}

/**
 * "Add Google" on My Account: the provider's sign-in proves the identity, and better-auth adds it to
 * the signed-in account on the way back (decision 005, "Ways to sign in and merging"). Needs a sign-in
 * within 10 minutes and counts against the account's linking limit, like every other change of ways.
 */
async function startProviderLink(request: Request, context: Context, provider: ProviderId): Promise<never> {
  const { config, auth, db, logger } = context.get(servicesContext)
  const { viewer, signedInAt } = await getViewer(request, context)
  const account = localizedHref('/account', getLocale())
  if (!viewer) throw redirect(localizedHref('/auth?redirectTo=/account', getLocale()))
  if (!isFresh(signedInAt)) throw redirect(`${account}?fresh=0`)
  try {
    await enforceLimits(db, [
      [LIMITS.accountLinkAccount, viewer.id],
      [LIMITS.accountLinkClient, clientIp(request, context)],
    ])
  } catch (error) {
    if (error instanceof TooManyAttempts) throw redirect(`${account}?link_error=too_many`)
    throw error
  }
  let target: string
  let headers: Headers
  try {
    const result = await auth.api.linkSocialAccount({
      body: {
        provider,
        callbackURL: `${config.publicUrl}${account}?linked=${provider}`,
        errorCallbackURL: `${config.publicUrl}${account}`,
        disableRedirect: true,
      },
      headers: authHeaders(request, context),
      returnHeaders: true,
    })
    if (!result.response.url) throw new Error('no authorization URL')
    target = result.response.url
    headers = cookieHeaders(result.headers)
  } catch (error) {
    logger.error({ err: error, provider }, 'starting a provider link failed')
    throw redirect(`${account}?link_error=provider_unavailable`)
  }
  headers.append('Set-Cookie', providerCookie(config.secure, provider, 600))
  headers.set('Cache-Control', 'no-store')
  throw redirect(target, { headers })
}

function providerCookie(secure: boolean, value: string, maxAge: number): string {
  return serializeCookie(PROVIDER_COOKIE, value, { path: '/auth', maxAge, secure })
}

function clientIp(_request: Request, context: Context): string {
  return context.get(requestContext).clientIp
}

function hasCookie(request: Request, suffix: string): boolean {
  return (request.headers.get('cookie') ?? '')
    .split(';')
    .some((part) => part.trim().split('=')[0]?.endsWith(`.${suffix}`))
}

function isSameSite(location: string, publicUrl: string): boolean {
  if (isSitePath(location)) return true
  try {
    return new URL(location).origin === new URL(publicUrl).origin
  } catch {
    return false
  }
}
