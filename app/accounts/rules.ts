// Account rules and texts shared by the forms (early feedback in the browser) and the server's
// decisions. Nothing secret: the common-password list itself stays on the server.
import { z } from 'zod'
import { normaliseIndianMobile } from '#app/shared/phone.ts'

export const MIN_PASSWORD_LENGTH = 8
export const OTP_TTL_SECONDS = 10 * 60
export const OTP_ATTEMPTS = 5

export const MESSAGES = {
  invalidCredentials: 'Invalid e-mail or password',
  adminLoginFailed: 'Login Failed: Invalid username or password',
  signUpDone: 'Thank you. Your account is ready: sign in with your e-mail and password.',
  invalidPhone: 'Please enter a 10-digit Indian mobile number (you may add +91).',
  codeSent: 'We have sent a 6-digit code by SMS. It works once and expires in 10 minutes.',
  invalidCode: 'That code is not right. Please check the SMS and try again.',
  expiredCode: 'That code has expired. Please ask for a new one.',
  codeUsedUp: 'That code can no longer be used. Please ask for a new one.',
  invalidSecondFactor: 'That code is not right. Please try again.',
  secondFactorExpired: 'Your sign-in took too long. Please sign in again.',
  generic: 'Something went wrong. Please try again.',
} as const

export const COMMON_PASSWORD_MESSAGE =
  'This password is too common and easy to guess. Please choose another one (a short sentence works well).'

export const passwordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Please use at least ${MIN_PASSWORD_LENGTH} characters.`)
  .max(128, 'Please use at most 128 characters.')

const email = z.string().trim().toLowerCase().pipe(z.email('Please enter a valid e-mail address.'))

export const signInSchema = z.object({
  email,
  password: z.string().min(1, 'Please enter your password.').max(128),
})

export const signUpSchema = z.object({
  name: z.string().trim().min(1, 'Please enter your name.').max(80, 'Please use at most 80 characters.'),
  email,
  password: passwordSchema,
})

export const phoneSchema = z.object({
  phone: z.string().transform((value, ctx) => {
    const canonical = normaliseIndianMobile(value)
    if (!canonical) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.invalidPhone })
      return z.NEVER
    }
    return canonical
  }),
})

export const otpSchema = phoneSchema.extend({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Please enter the 6-digit code from the SMS.'),
})

/** A TOTP code (6 digits) or a backup code (letters, digits and a dash). */
export const secondFactorSchema = z.object({
  code: z
    .string()
    .trim()
    .min(6, 'Please enter the 6-digit code or a backup code.')
    .max(32, 'Please enter the 6-digit code or a backup code.'),
})

export const adminLoginSchema = z.object({
  username: z.string().trim().min(1, 'Username is required'),
  password: z.string().min(1, 'Password is required').max(128),
})

/** The first message of a failed zod parse, for a form's error line. */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? MESSAGES.generic
}
