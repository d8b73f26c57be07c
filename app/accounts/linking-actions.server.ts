// My Account's "Ways to sign in" and "Another account of yours" forms on the server (decision 005,
// "Ways to sign in and merging"). Each change needs a sign-in within the last 10 minutes, counts
// against the account's and the client's limits, proves what it adds (a code for a phone, the
// provider's sign-in, the other account's code or password for a merge) and tells the e-mail.
import { eq } from 'drizzle-orm'
import { data, type RouterContextProvider, redirect } from 'react-router'
import { z } from 'zod'
import { localizedHref } from '#app/i18n/locale.ts'
import { idempotencyKeys } from '#app/orders/schema.ts'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { requestContext, servicesContext } from '#app/platform/services.server.ts'
import { formatIndianMobile } from '#app/shared/phone.ts'
import { isCommonPassword } from './common-passwords.server.ts'
import { enforceLimits, LIMITS, TooManyAttempts } from './limits.server.ts'
import {
  dropMergeProof,
  isFresh,
  linkProvenPhone,
  type MailTarget,
  mailAccountChange,
  mergeProvenAccount,
  mergeRefusalMessage,
  providerLabel,
  removeWay,
  signInWays,
  storeMergeProof,
  type WayKey,
} from './linking.server.ts'
import { publicProviders } from './providers.ts'
import { firstIssue, MESSAGES, otpSchema, passwordSchema, phoneSchema, signInSchema } from './rules.ts'
import { sessions, users } from './schema.ts'
import { authFailure, authHeaders, cookieHeaders, type Viewer } from './session.server.ts'

type Context = Readonly<RouterContextProvider>

export const LINKING_INTENTS = new Set([
  'phone-send',
  'phone-verify',
  'set-password',
  'remove-way',
  'merge-prove',
  'merge-confirm',
  'merge-cancel',
  'sign-in-again',
])

export type LinkingActionData =
  | { section: 'ways'; step?: 'code'; phone?: string; error?: string; notice?: string; fresh?: false }
  | { section: 'merge'; error?: string; notice?: string; email?: string; fresh?: false }

interface Caller {
  request: Request
  context: Context
  viewer: Viewer
  signedInAt: Date | null | undefined
  form: FormData
}

const wayKey = z.union([z.literal('password'), z.literal('phone'), z.string().regex(/^provider:[a-z0-9-]{1,40}$/)])
const mergeConfirmSchema = z.strictObject({ intent: z.literal('merge-confirm') })

export async function linkingAction(intent: string, caller: Caller) {
  const section = intent.startsWith('merge') ? 'merge' : 'ways'
  try {
    if (intent === 'sign-in-again') return await signInAgain(caller)
    if (intent === 'merge-cancel') {
      await dropMergeProof(caller.context.get(servicesContext).db, caller.viewer.id)
      return data({ section: 'merge', notice: m.account_merge_cancelled() } satisfies LinkingActionData)
    }
    // Everything else changes how the account is opened: a sign-in within 10 minutes first.
    if (!isFresh(caller.signedInAt)) {
      return data({ section, error: m.account_fresh_needed(), fresh: false } satisfies LinkingActionData, 403)
    }
    const { db } = caller.context.get(servicesContext)
    await enforceLimits(db, [
      [LIMITS.accountLinkAccount, caller.viewer.id],
      [LIMITS.accountLinkClient, caller.context.get(requestContext).clientIp],
    ])
    switch (intent) {
      case 'phone-send':
        return await sendLinkCode(caller)
      case 'phone-verify':
        return await verifyLinkCode(caller)
      case 'set-password':
        return await setPassword(caller)
      case 'remove-way':
        return await remove(caller)
      case 'merge-prove':
        return await proveByPassword(caller)
      default:
        return await confirmMerge(caller)
    }
  } catch (error) {
    if (error instanceof TooManyAttempts) {
      return data({ section, error: error.message } satisfies LinkingActionData, {
        status: 429,
        headers: { 'Retry-After': String(error.retryAfterSeconds) },
      })
    }
    throw error
  }
}

/** Ends this session and opens the sign-in page, which returns here: the fresh proof. */
async function signInAgain({ request, context }: Caller): Promise<never> {
  const { auth } = context.get(servicesContext)
  const result = await auth.api
    .signOut({ headers: authHeaders(request, context), returnHeaders: true })
    .catch(() => null)
  throw redirect(localizedHref('/auth?redirectTo=/account', getLocale()), { headers: cookieHeaders(result?.headers) })
}

async function sendLinkCode({ request, context, viewer, form }: Caller) {
  const parsed = phoneSchema.safeParse({ phone: form.get('phone') ?? '' })
  if (!parsed.success) {
    return data(
      {
        section: 'ways',
        phone: String(form.get('phone') ?? ''),
        error: firstIssue(parsed.error),
      } satisfies LinkingActionData,
      400,
    )
  }
  const { phone } = parsed.data
  if (viewer.phone) {
    const error = viewer.phone === phone ? m.account_link_phone_already() : m.account_link_phone_have_one()
    return data({ section: 'ways', error } satisfies LinkingActionData, 409)
  }
  const { db, auth, logger } = context.get(servicesContext)
  await enforceLimits(db, [
    [LIMITS.otpSendClient, context.get(requestContext).clientIp],
    [LIMITS.otpSendNumber, phone],
  ])
  try {
    await auth.api.sendPhoneNumberOTP({ body: { phoneNumber: phone }, headers: authHeaders(request, context) })
  } catch (error) {
    logger.error({ err: error }, 'sending a code to link a phone failed')
    return data({ section: 'ways', phone, error: MESSAGES.smsFailed() } satisfies LinkingActionData, 502)
  }
  return data({
    section: 'ways',
    step: 'code',
    phone,
    notice: m.account_link_code_sent({ phone: formatIndianMobile(phone) }),
  } satisfies LinkingActionData)
}

async function verifyLinkCode({ request, context, viewer, form }: Caller) {
  const phoneValue = String(form.get('phone') ?? '')
  const parsed = otpSchema.safeParse({ phone: phoneValue, code: form.get('code') ?? '' })
  if (!parsed.success) {
    const step = phoneSchema.safeParse({ phone: phoneValue }).success ? 'code' : undefined
    return data(
      { section: 'ways', step, phone: phoneValue, error: firstIssue(parsed.error) } satisfies LinkingActionData,
      400,
    )
  }
  const { phone, code } = parsed.data
  const services = context.get(servicesContext)
  const { db, auth } = services
  await enforceLimits(db, [
    [LIMITS.otpVerifyClient, context.get(requestContext).clientIp],
    [LIMITS.otpVerifyNumber, phone],
  ])
  try {
    // Checks and uses up the code without touching any account or session.
    await auth.api.consumePhoneNumberOTP({ body: { phoneNumber: phone, code }, headers: authHeaders(request, context) })
  } catch (error) {
    const failure = authFailure(error)
    const message =
      failure.code === 'OTP_EXPIRED'
        ? MESSAGES.expiredCode()
        : failure.code === 'TOO_MANY_ATTEMPTS' || failure.code === 'OTP_NOT_FOUND'
          ? MESSAGES.codeUsedUp()
          : MESSAGES.invalidCode()
    return data({ section: 'ways', step: 'code', phone, error: message } satisfies LinkingActionData, 400)
  }
  const result = await linkProvenPhone(db, { userId: viewer.id, phone })
  if (result.outcome === 'already') {
    return data({ section: 'ways', notice: m.account_link_phone_already() } satisfies LinkingActionData)
  }
  if (result.outcome === 'has-another') {
    return data({ section: 'ways', error: m.account_link_phone_have_one() } satisfies LinkingActionData, 409)
  }
  if (result.outcome === 'admin') {
    return data({ section: 'ways', error: mergeRefusalMessage('admin') } satisfies LinkingActionData, 409)
  }
  if (result.outcome === 'merge') {
    // The page now offers the merge (the loader reads the proof just stored).
    return data({ section: 'merge' } satisfies LinkingActionData)
  }
  const shown = formatIndianMobile(phone)
  await mail(caller(context, viewer), (o) => m.account_mail_added({ way: `${m.account_way_phone(o)} ${shown}` }, o))
  return data({ section: 'ways', notice: m.account_link_phone_added({ phone: shown }) } satisfies LinkingActionData)
}

async function setPassword({ request, context, viewer, form }: Caller) {
  const next = passwordSchema.safeParse(form.get('newPassword') ?? '')
  if (!next.success) return data({ section: 'ways', error: firstIssue(next.error) } satisfies LinkingActionData, 400)
  if (isCommonPassword(next.data)) {
    return data({ section: 'ways', error: MESSAGES.commonPassword() } satisfies LinkingActionData, 400)
  }
  const { db, auth } = context.get(servicesContext)
  const ways = await signInWays(db, viewer.id, [])
  const password = ways.find((way) => way.key === 'password')
  // A phone-only account has no e-mail to sign in with: it gains one by merging its e-mail account.
  if (!viewer.email || !password || password.added) {
    return data({ section: 'ways', error: m.account_way_not_found() } satisfies LinkingActionData, 409)
  }
  try {
    await auth.api.setPassword({ body: { newPassword: next.data }, headers: authHeaders(request, context) })
  } catch (error) {
    authFailure(error)
    return data({ section: 'ways', error: m.account_way_not_found() } satisfies LinkingActionData, 409)
  }
  await mail(caller(context, viewer), (o) => m.account_mail_added({ way: m.account_way_password(o) }, o))
  return data({ section: 'ways', notice: m.account_password_set() } satisfies LinkingActionData)
}

async function remove({ context, viewer, form }: Caller) {
  const key = wayKey.safeParse(form.get('way') ?? '')
  if (!key.success) return data({ section: 'ways', error: m.account_way_unknown() } satisfies LinkingActionData, 400)
  const { db, config } = context.get(servicesContext)
  const providers = publicProviders(config)
  const result = await removeWay(db, { userId: viewer.id, key: key.data as WayKey, providers })
  if (!result.ok) return data({ section: 'ways', error: result.error } satisfies LinkingActionData, result.status)
  const label = result.label
  await mail(caller(context, viewer), (o) =>
    m.account_mail_removed(
      {
        way:
          key.data === 'password' ? m.account_way_password(o) : key.data === 'phone' ? m.account_way_phone(o) : label,
      },
      o,
    ),
  )
  return data({ section: 'ways', notice: m.account_way_removed({ way: label }) } satisfies LinkingActionData)
}

/** Signed in here, the other account's e-mail and password prove it is theirs too (a sign-in of it). */
async function proveByPassword({ request, context, viewer, form }: Caller) {
  const email = String(form.get('email') ?? '')
  const parsed = signInSchema.safeParse({ email, password: form.get('password') ?? '' })
  if (!parsed.success)
    return data({ section: 'merge', email, error: firstIssue(parsed.error) } satisfies LinkingActionData, 400)
  const { db, auth } = context.get(servicesContext)
  await enforceLimits(db, [
    [LIMITS.signInClient, context.get(requestContext).clientIp],
    [LIMITS.signInAccount, parsed.data.email],
  ])
  if (parsed.data.email === viewer.email) {
    return data({ section: 'merge', email, error: m.account_merge_same() } satisfies LinkingActionData, 409)
  }
  // Signed in without this browser's cookies; the session it makes is ended at once, never handed out.
  const headers = authHeaders(request, context)
  headers.delete('cookie')
  let token: string | null = null
  try {
    const result = await auth.api.signInEmail({ body: { ...parsed.data, rememberMe: false }, headers })
    if ('twoFactorRedirect' in result && result.twoFactorRedirect) {
      return data({ section: 'merge', email, error: m.account_merge_two_step() } satisfies LinkingActionData, 409)
    }
    token = 'token' in result ? (result.token ?? null) : null
  } catch (error) {
    authFailure(error)
    return data({ section: 'merge', email, error: MESSAGES.invalidCredentials() } satisfies LinkingActionData, 400)
  } finally {
    if (token) await db.delete(sessions).where(eq(sessions.token, token))
  }
  const [other] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.email, parsed.data.email))
  if (!other)
    return data({ section: 'merge', email, error: MESSAGES.invalidCredentials() } satisfies LinkingActionData, 400)
  if (other.role === 'admin' || viewer.role === 'admin') {
    return data({ section: 'merge', error: mergeRefusalMessage('admin') } satisfies LinkingActionData, 409)
  }
  await storeMergeProof(db, viewer.id, other.id)
  return data({ section: 'merge' } satisfies LinkingActionData)
}

async function confirmMerge({ context, viewer, form }: Caller) {
  // Nothing but the intent: which account merges comes from the proof this session stored, never the form.
  if (!mergeConfirmSchema.safeParse(Object.fromEntries(form)).success) {
    return data({ section: 'merge', error: m.account_merge_no_proof() } satisfies LinkingActionData, 400)
  }
  const { db } = context.get(servicesContext)
  const result = await mergeProvenAccount(db, { userId: viewer.id })
  if (!result.ok) {
    return data(
      { section: 'merge', error: mergeRefusalMessage(result.refusal) } satisfies LinkingActionData,
      result.refusal === 'no-proof' ? 403 : 409,
    )
  }
  const who = caller(context, viewer)
  await mail({ ...who, to: result.survivor }, (o) => m.account_mail_merged({ other: result.otherName }, o))
  await mail({ ...who, to: result.merged }, (o) => m.account_mail_merged_away({ survivor: result.survivorName }, o))
  return data({ section: 'merge', notice: m.account_merge_done({ orders: result.orders }) } satisfies LinkingActionData)
}

interface MailCaller {
  context: Context
  to: MailTarget
}

function caller(context: Context, viewer: Viewer): MailCaller {
  return { context, to: { email: viewer.email, name: viewer.name } }
}

async function mail({ context, to }: MailCaller, change: Parameters<typeof mailAccountChange>[2]) {
  const { db, mailer, logger, config } = context.get(servicesContext)
  await mailAccountChange({ db, mailer, logger, publicUrl: config.publicUrl }, to, change, getLocale())
}

/**
 * After a provider's sign-in added it to the signed-in account (the return to /account?linked=): the
 * e-mail once per added provider (`accountRowId`), however often the address is reloaded.
 */
export async function mailProviderLinked(context: Context, viewer: Viewer, providerId: string, accountRowId: string) {
  const { db, config } = context.get(servicesContext)
  const [first] = await db
    .insert(idempotencyKeys)
    .values({ key: `account-link:${accountRowId}`, scope: 'account-link' })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
  if (!first) return
  const label = providerLabel(providerId, publicProviders(config))
  await mail(caller(context, viewer), (o) => m.account_mail_added({ way: label }, o))
}
