// Account rules and texts shared by the forms (early feedback in the browser) and the server's
// decisions. Nothing secret: the common-password list itself stays on the server. A shopper's texts are
// message functions (messages/*.json, keys account_*), read in the page's language when shown or checked.
import { z } from 'zod'
import { m } from '#app/paraglide/messages.js'
import { normaliseIndianMobile } from '#app/shared/phone.ts'

export const MIN_PASSWORD_LENGTH = 8
export const OTP_TTL_SECONDS = 10 * 60
export const OTP_ATTEMPTS = 5

export const MESSAGES = {
  invalidCredentials: m.account_invalid_credentials,
  /** The admin panel's: English only. */
  adminLoginFailed: () => 'Login Failed: Invalid username or password',
  signUpDone: m.account_sign_up_done,
  invalidPhone: m.account_invalid_phone,
  codeSent: m.account_code_sent,
  invalidCode: m.account_invalid_code,
  expiredCode: m.account_expired_code,
  codeUsedUp: m.account_code_used_up,
  invalidSecondFactor: m.account_invalid_second_factor,
  secondFactorExpired: m.account_second_factor_expired,
  generic: m.account_generic,
  commonPassword: m.account_common_password,
  smsFailed: m.account_sms_failed,
} as const

export const passwordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, { error: () => m.account_password_min({ min: MIN_PASSWORD_LENGTH }) })
  .max(128, { error: () => m.account_password_max() })

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: () => m.account_email_invalid() }))

export const signInSchema = z.object({
  email,
  password: z
    .string()
    .min(1, { error: () => m.account_enter_password() })
    .max(128),
})

export const signUpSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: () => m.account_enter_name() })
    .max(80, { error: () => m.account_name_max() }),
  email,
  password: passwordSchema,
})

export const phoneSchema = z.object({
  phone: z.string().transform((value, ctx) => {
    const canonical = normaliseIndianMobile(value)
    if (!canonical) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.invalidPhone() })
      return z.NEVER
    }
    return canonical
  }),
})

export const otpSchema = phoneSchema.extend({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: () => m.account_enter_sms_code() }),
})

/** A TOTP code (6 digits) or a backup code (letters, digits and a dash). */
export const secondFactorSchema = z.object({
  code: z
    .string()
    .trim()
    .min(6, { error: () => m.account_enter_second_factor() })
    .max(32, { error: () => m.account_enter_second_factor() }),
})

export const adminLoginSchema = z.object({
  username: z.string().trim().min(1, 'Username is required'),
  password: z.string().min(1, 'Password is required').max(128),
})

/** The first message of a failed zod parse, for a form's error line. */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? MESSAGES.generic()
}
