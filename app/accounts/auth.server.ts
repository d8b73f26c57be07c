// better-auth on the shop's own database (docs/decisions/005-accounts-with-better-auth.md). Created
// once at start-up by server/main.ts and handed to loaders and actions as a service; nothing here
// runs on import.
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { APIError, createAuthMiddleware } from 'better-auth/api'
// The entry without Kysely (the shop talks to its database through Drizzle), and each plugin from its
// own entry rather than the barrel of every plugin: about 450 fewer modules for the server to load.
import { betterAuth } from 'better-auth/minimal'
import { genericOAuth } from 'better-auth/plugins/generic-oauth'
import { phoneNumber } from 'better-auth/plugins/phone-number'
import { twoFactor } from 'better-auth/plugins/two-factor'
import { eq } from 'drizzle-orm'
import { toLocale } from '#app/i18n/locale.ts'
import { m } from '#app/paraglide/messages.js'
import type { Config } from '#app/platform/config.server.ts'
import type { Db } from '#app/platform/db.server.ts'
import type { Logger } from '#app/platform/logger.server.ts'
import type { Mailer } from '#app/platform/mailer.server.ts'
import { rateLimits } from '#app/platform/schema.ts'
import type { Sms } from '#app/platform/sms.server.ts'
import { normaliseIndianMobile } from '#app/shared/phone.ts'
import { isCommonPassword } from './common-passwords.server.ts'
import { MESSAGES, MIN_PASSWORD_LENGTH, OTP_ATTEMPTS, OTP_TTL_SECONDS } from './rules.ts'
import { accounts, sessions, twoFactors, users, verifications } from './schema.ts'

/**
 * The client address reaches better-auth (rate limiter, session records) in this header only. The
 * shop sets it from requestContext.clientIp on a copy of each request after removing any copy the
 * client sent, so nobody can choose their own bucket.
 */
/** The shop's cookie names: `malwa.session_token`, or `__Host-malwa.session_token` over HTTPS. */
const COOKIE_PREFIX = 'malwa'
const SESSION_COOKIE = new RegExp(`(?:^|;)\\s*(?:__Host-)?${COOKIE_PREFIX}\\.session_token=`)

/** Whether a Cookie header holds a session cookie at all: without one there is no session to look up. */
export function hasSessionCookie(cookieHeader: string | null): boolean {
  return cookieHeader !== null && SESSION_COOKIE.test(cookieHeader)
}

export const CLIENT_IP_HEADER = 'x-malwa-client-ip'
/**
 * The language of the page that called better-auth, set by the shop (authHeaders). better-auth runs
 * outside the app's build (server/main.ts loads it), where the request's locale is not known.
 */
export const LOCALE_HEADER = 'x-malwa-locale'

export const OIDC_PROVIDER_ID = 'oidc'
export const SESSION_DAYS = 30

/**
 * The only ways an admin's session may be created: the password (with the second factor when the
 * admin enabled it) and the account page's own operations. Phone codes and external providers never
 * sign an admin in, even if they carry the admin's e-mail or number.
 */
const ADMIN_SESSION_PATHS = new Set([
  '/sign-in/email',
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  '/two-factor/enable',
  '/two-factor/disable',
  '/change-password',
])

export interface AuthOptions {
  config: Config
  db: Db
  logger: Logger
  mailer: Mailer
  sms: Sms
  secret: string
  shopName: string
}

/** A phone-only account needs an e-mail in better-auth's model; this one can never receive mail. */
export function placeholderEmail(phone: string): string {
  return `phone-${phone.replace(/\D/g, '')}@phone.invalid`
}

export function isPlaceholderEmail(email: string): boolean {
  return email.endsWith('@phone.invalid')
}

export function createAuth(options: AuthOptions) {
  const { config, db, logger, mailer, sms, secret, shopName } = options
  const callbackUrl = `${config.publicUrl}/auth`
  const { google, facebook, apple, oidc } = config.oauth

  return betterAuth({
    appName: shopName,
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
        rateLimit: rateLimits,
      },
    }),
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        const log = level === 'error' ? logger.error : level === 'warn' ? logger.warn : logger.debug
        log.call(logger, { args: args.length ? args.map(String) : undefined }, `better-auth: ${message}`)
      },
    },
    user: {
      additionalFields: {
        role: { type: 'string', required: false, defaultValue: 'customer', input: false },
      },
    },
    account: {
      // "Add Google" on My Account proves the Google identity by its sign-in while the shopper is
      // signed in here; its e-mail need not be this account's (a phone account has none).
      accountLinking: { allowDifferentEmails: true },
    },
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      // Sign-up never signs in: a new and an existing e-mail get the same answer (no enumeration).
      autoSignIn: false,
      async onExistingUserSignUp({ user }) {
        if (isPlaceholderEmail(user.email)) return
        await mailer.send({
          to: user.email,
          subject: `Someone tried to create a ${shopName} account with your e-mail`,
          text: `Hello ${user.name},\n\nSomeone (perhaps you) tried to create a new ${shopName} account with this e-mail address. You already have an account: sign in at ${config.publicUrl}/auth with your e-mail and password.\n\nIf this was not you, you can ignore this message; nothing has changed.\n`,
        })
      },
    },
    socialProviders: {
      ...(google ? { google: { ...google, redirectURI: callbackUrl, prompt: 'select_account' as const } } : {}),
      ...(facebook ? { facebook: { ...facebook, redirectURI: callbackUrl } } : {}),
      ...(apple ? { apple: { ...apple, redirectURI: callbackUrl } } : {}),
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 60,
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Names and flags are the shop's: `__Host-` and Secure over HTTPS, httpOnly and Lax always.
      useSecureCookies: false,
      cookiePrefix: config.secure ? `__Host-${COOKIE_PREFIX}` : COOKIE_PREFIX,
      defaultCookieAttributes: { secure: config.secure, httpOnly: true, sameSite: 'lax', path: '/' },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>
        const candidate =
          ctx.path === '/sign-up/email'
            ? body.password
            : PASSWORD_CHANGE_PATHS.has(ctx.path)
              ? body.newPassword
              : undefined
        if (typeof candidate === 'string' && isCommonPassword(candidate)) {
          throw new APIError('BAD_REQUEST', { message: MESSAGES.commonPassword(), code: 'PASSWORD_TOO_COMMON' })
        }
      }),
    },
    databaseHooks: {
      session: {
        create: {
          async before(session, ctx) {
            const [user] = await db.select({ role: users.role }).from(users).where(eq(users.id, session.userId))
            if (user?.role === 'admin' && !ADMIN_SESSION_PATHS.has(ctx?.path ?? '')) {
              logger.warn(
                { userId: session.userId, path: ctx?.path },
                'refused an admin session by a path other than the password',
              )
              return false
            }
          },
        },
      },
    },
    plugins: [
      twoFactor({
        issuer: shopName,
        // Accounts made with a phone code have no password; a signed-in session is their proof.
        allowPasswordless: true,
        accountLockout: { enabled: true, maxFailedAttempts: 5, durationSeconds: 15 * 60 },
        // The pending second step lasts ten minutes.
        twoFactorCookieMaxAge: 10 * 60,
      }),
      phoneNumber({
        otpLength: 6,
        expiresIn: OTP_TTL_SECONDS,
        allowedAttempts: OTP_ATTEMPTS,
        phoneNumberValidator: (phone) => normaliseIndianMobile(phone) === phone,
        sendOTP: async ({ phoneNumber: to, code }, ctx) => {
          // In the language of the sign-in page that asked for it.
          const locale = toLocale(ctx?.headers?.get(LOCALE_HEADER)) ?? 'en'
          await sms.send({ to, text: m.sms_sign_in_code({ code, shopName }, { locale }) })
        },
        signUpOnVerification: {
          getTempEmail: placeholderEmail,
          getTempName: () => 'Namkeen lover',
        },
      }),
      ...(oidc
        ? [
            genericOAuth({
              config: [
                {
                  providerId: OIDC_PROVIDER_ID,
                  name: oidc.name,
                  discoveryUrl: `${oidc.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`,
                  clientId: oidc.clientId,
                  clientSecret: oidc.clientSecret,
                  pkce: true,
                  scopes: ['openid', 'email', 'profile'],
                  redirectURI: callbackUrl,
                  ...(oidc.connection ? { authorizationUrlParams: { connection: oidc.connection } } : {}),
                },
              ],
            }),
          ]
        : []),
    ],
  })
}

const PASSWORD_CHANGE_PATHS = new Set(['/change-password', '/reset-password', '/set-password'])

export type Auth = ReturnType<typeof createAuth>
