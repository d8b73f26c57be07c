// /account: name, password, the ways to sign in and merging another account (linking-actions.server.ts),
// the authenticator-app second factor, WhatsApp order updates (when configured) and "sign out everywhere".
import { and, eq, gt, isNotNull } from 'drizzle-orm'
import { data, type RouterContextProvider, redirect } from 'react-router'
import { m } from '#app/paraglide/messages.js'
import { getLocale } from '#app/paraglide/runtime.js'
import { type Services, servicesContext } from '#app/platform/services.server.ts'
import { formatIndianMobile } from '#app/shared/phone.ts'
import { accountWhatsApp, changeAccountOptIn } from '#app/whatsapp/account-opt-in.server.ts'
import { enforceLimits, LIMITS, TooManyAttempts } from './limits.server.ts'
import { isFresh, pendingMerge, providerLabel, signInWays, suggestedPhone } from './linking.server.ts'
import { LINKING_INTENTS, type LinkingActionData, linkingAction, mailProviderLinked } from './linking-actions.server.ts'
import { publicProviders } from './providers.ts'
import { firstIssue, MESSAGES, passwordSchema } from './rules.ts'
import { accounts } from './schema.ts'
import { assertSameOrigin, authFailure, authHeaders, cookieHeaders, getViewer } from './session.server.ts'

type Context = Readonly<RouterContextProvider>

export interface Enrolment {
  totpURI: string
  manualKey: string
  qrDataUrl: string
  backupCodes: string[]
}

export type AccountActionData =
  | { section: 'name' | 'password' | 'two-factor' | 'sessions' | 'whatsapp'; error?: string; notice?: string }
  | { section: 'enrol'; enrolment: Enrolment; error?: string }
  | LinkingActionData

export async function accountLoader({ request, context }: { request: Request; context: Context }) {
  const { viewer, signedInAt } = await getViewer(request, context)
  if (!viewer) throw redirect('/auth?redirectTo=/account')
  const { db, config } = context.get(servicesContext)
  const providers = publicProviders(config)
  const [password, whatsapp, ways, merge, returned, suggested] = await Promise.all([
    hasPassword(db, viewer.id),
    // Nothing about WhatsApp shows unless WhatsApp updates are configured.
    config.whatsapp ? accountWhatsApp(db, viewer, getLocale()) : null,
    signInWays(db, viewer.id, providers),
    pendingMerge(db, viewer.id),
    providerReturn(request, context, viewer),
    viewer.phone ? null : suggestedPhone(db, viewer.id),
  ])
  return {
    viewer,
    hasPassword: password,
    whatsapp,
    ways,
    fresh: isFresh(signedInAt),
    merge,
    providerNotice: returned,
    suggestedPhone: suggested ? formatIndianMobile(suggested) : null,
  }
}

/**
 * Back from a provider's sign-in started by "Add Google" (auth-page.server.ts startProvider): better-auth
 * sends `?linked=<provider>` when it added the provider and `?link_error=...` when it refused. The
 * e-mail goes out only when the provider was in fact added in the last few minutes.
 */
async function providerReturn(
  request: Request,
  context: Context,
  viewer: NonNullable<Awaited<ReturnType<typeof getViewer>>['viewer']>,
): Promise<{ error?: string; notice?: string } | null> {
  const params = new URL(request.url).searchParams
  if (params.has('link_error')) return { error: m.account_provider_link_failed() }
  const providerId = params.get('linked')
  if (!providerId || !/^[a-z0-9-]{1,40}$/.test(providerId)) return null
  const { db, config } = context.get(servicesContext)
  const [added] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        eq(accounts.userId, viewer.id),
        eq(accounts.providerId, providerId),
        gt(accounts.createdAt, new Date(Date.now() - 5 * 60_000)),
      ),
    )
  if (!added) return null
  const provider = providerLabel(providerId, publicProviders(config))
  // Once per link: a reload of the same address finds the account row again, but the mail is keyed.
  await mailProviderLinked(context, viewer, providerId, added.id)
  return { notice: m.account_provider_linked({ provider }) }
}

async function hasPassword(db: Services['db'], userId: string): Promise<boolean> {
  const [credential] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential'), isNotNull(accounts.password)))
  return Boolean(credential)
}

export async function accountAction({ request, context }: { request: Request; context: Context }) {
  const { auth, db, config } = context.get(servicesContext)
  assertSameOrigin(request, config.publicUrl)
  const { viewer, signedInAt } = await getViewer(request, context)
  if (!viewer) throw redirect('/auth?redirectTo=/account')
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  if (LINKING_INTENTS.has(intent)) return linkingAction(intent, { request, context, viewer, signedInAt, form })
  const headers = authHeaders(request, context)
  const password = String(form.get('password') ?? '') || undefined

  try {
    switch (intent) {
      case 'name': {
        const name = String(form.get('name') ?? '').trim()
        if (!name || name.length > 80)
          return data({
            section: 'name',
            error: m.account_name_refused(),
          } satisfies AccountActionData)
        await auth.api.updateUser({ body: { name }, headers })
        return { section: 'name', notice: m.account_name_saved() } satisfies AccountActionData
      }
      case 'password': {
        const next = passwordSchema.safeParse(form.get('newPassword'))
        if (!next.success)
          return data({ section: 'password', error: firstIssue(next.error) } satisfies AccountActionData)
        await enforceLimits(db, [[LIMITS.passwordChangeAccount, viewer.id]])
        try {
          const result = await auth.api.changePassword({
            body: {
              currentPassword: String(form.get('currentPassword') ?? ''),
              newPassword: next.data,
              revokeOtherSessions: true,
            },
            headers,
            returnHeaders: true,
          })
          return data(
            {
              section: 'password',
              notice: m.account_password_changed(),
            } satisfies AccountActionData,
            {
              headers: cookieHeaders(result.headers),
            },
          )
        } catch (error) {
          const failure = authFailure(error)
          const message =
            failure.code === 'PASSWORD_TOO_COMMON' ? MESSAGES.commonPassword() : m.account_current_password_wrong()
          return data({ section: 'password', error: message } satisfies AccountActionData)
        }
      }
      case 'enable-2fa': {
        // The code is asked for after a password; a sign-in by SMS code never asks for it (decision 005).
        if (!(await hasPassword(db, viewer.id)))
          return data(
            { section: 'two-factor', error: m.account_two_step_needs_password() } satisfies AccountActionData,
            400,
          )
        try {
          const result = await auth.api.enableTwoFactor({ body: { password }, headers })
          if (!('totpURI' in result) || !result.totpURI) throw new Error('no TOTP URI')
          return {
            section: 'enrol',
            enrolment: await enrolment(result.totpURI, result.backupCodes ?? []),
          } satisfies AccountActionData
        } catch (error) {
          if (!(error instanceof Error) || !('statusCode' in error)) throw error
          return data({ section: 'two-factor', error: m.account_password_wrong() } satisfies AccountActionData)
        }
      }
      case 'verify-2fa': {
        const totpURI = String(form.get('totpURI') ?? '')
        const backupCodes = String(form.get('backupCodes') ?? '')
          .split(' ')
          .filter(Boolean)
        const code = String(form.get('code') ?? '').replace(/\s/g, '')
        try {
          const result = await auth.api.verifyTOTP({ body: { code }, headers, returnHeaders: true })
          return data(
            {
              section: 'two-factor',
              notice: m.account_two_step_now_on(),
            } satisfies AccountActionData,
            {
              headers: cookieHeaders(result.headers),
            },
          )
        } catch (error) {
          authFailure(error)
          if (!totpURI.startsWith('otpauth://'))
            return data({ section: 'two-factor', error: m.account_start_again() } satisfies AccountActionData)
          return data({
            section: 'enrol',
            enrolment: await enrolment(totpURI, backupCodes),
            error: MESSAGES.invalidSecondFactor(),
          } satisfies AccountActionData)
        }
      }
      case 'disable-2fa': {
        try {
          const result = await auth.api.disableTwoFactor({ body: { password }, headers, returnHeaders: true })
          return data({ section: 'two-factor', notice: m.account_two_step_now_off() } satisfies AccountActionData, {
            headers: cookieHeaders(result.headers),
          })
        } catch (error) {
          authFailure(error)
          return data({ section: 'two-factor', error: m.account_password_wrong() } satisfies AccountActionData)
        }
      }
      case 'whatsapp': {
        if (!config.whatsapp)
          return data({ section: 'whatsapp', error: m.whatsapp_optin_not_offered() } satisfies AccountActionData, 404)
        const result = await changeAccountOptIn(db, {
          viewer,
          choice: form.get('choice'),
          shownPhone: form.get('phone'),
          locale: getLocale(),
        })
        if (!result.ok)
          return data({ section: 'whatsapp', error: result.error } satisfies AccountActionData, result.status)
        return data({ section: 'whatsapp', notice: result.notice } satisfies AccountActionData)
      }
      case 'sign-out-everywhere': {
        await auth.api.revokeSessions({ headers })
        const result = await auth.api.signOut({ headers, returnHeaders: true }).catch(() => null)
        throw redirect(`${config.publicUrl}/`, { headers: cookieHeaders(result?.headers) })
      }
      default:
        return data({ section: 'name', error: MESSAGES.generic() } satisfies AccountActionData)
    }
  } catch (error) {
    if (error instanceof TooManyAttempts)
      return data({ section: 'password', error: error.message } satisfies AccountActionData, { status: 429 })
    throw error
  }
}

async function enrolment(totpURI: string, backupCodes: string[]): Promise<Enrolment> {
  // Imported here, the one place that draws a QR code: not loaded with the server.
  const { default: QRCode } = await import('qrcode')
  const secret = new URL(totpURI).searchParams.get('secret') ?? ''
  return {
    totpURI,
    manualKey: secret.replace(/(.{4})/g, '$1 ').trim(),
    // A data: URL (the CSP allows img data:), rendered on the server so the page works without JS.
    qrDataUrl: `data:image/svg+xml;base64,${Buffer.from(await QRCode.toString(totpURI, { type: 'svg', margin: 1 })).toString('base64')}`,
    backupCodes,
  }
}
