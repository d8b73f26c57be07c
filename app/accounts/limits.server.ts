// Brute-force limits for everything that checks a secret or sends a code: per client address and
// per account (e-mail) or phone number. Per-account limits are the tighter ones, so one shopper
// behind a shared address (an office, a mobile carrier's NAT) is not locked out by another.
import { eq } from 'drizzle-orm'
import { m } from '#app/paraglide/messages.js'
import type { Tx } from '#app/platform/db.server.ts'
import { hitRateLimit, type RateLimitRule } from '#app/platform/rate-limit.server.ts'
import { rateLimits } from '#app/platform/schema.ts'

const MINUTE = 60_000

export const LIMITS = {
  signInClient: { name: 'sign-in:ip', limit: 60, windowMs: 15 * MINUTE },
  signInAccount: { name: 'sign-in:account', limit: 5, windowMs: 15 * MINUTE },
  signUpClient: { name: 'sign-up:ip', limit: 30, windowMs: 60 * MINUTE },
  signUpAccount: { name: 'sign-up:account', limit: 3, windowMs: 60 * MINUTE },
  otpSendClient: { name: 'otp-send:ip', limit: 30, windowMs: 60 * MINUTE },
  otpSendNumber: { name: 'otp-send:number', limit: 3, windowMs: 15 * MINUTE },
  otpVerifyClient: { name: 'otp-verify:ip', limit: 60, windowMs: 15 * MINUTE },
  otpVerifyNumber: { name: 'otp-verify:number', limit: 10, windowMs: 15 * MINUTE },
  secondFactorClient: { name: 'second-factor:ip', limit: 60, windowMs: 15 * MINUTE },
  adminLoginClient: { name: 'admin-login:ip', limit: 30, windowMs: 15 * MINUTE },
  adminLoginAccount: { name: 'admin-login:account', limit: 5, windowMs: 15 * MINUTE },
  passwordChangeAccount: { name: 'password-change:account', limit: 5, windowMs: 15 * MINUTE },
  /** Adding, removing and proving sign-in ways and merging accounts (decision 005, "One account per person"). */
  accountLinkAccount: { name: 'account-link:account', limit: 10, windowMs: 60 * MINUTE },
  accountLinkClient: { name: 'account-link:ip', limit: 30, windowMs: 60 * MINUTE },
} as const satisfies Record<string, RateLimitRule>

export class TooManyAttempts extends Error {
  override name = 'TooManyAttempts'
  readonly retryAfterSeconds: number
  constructor(retryAfterSeconds: number) {
    super(tooManyAttemptsMessage(retryAfterSeconds))
    this.retryAfterSeconds = retryAfterSeconds
  }
}

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60))
  return minutes === 1 ? m.account_too_many_one() : m.account_too_many({ minutes })
}

/** Counts one attempt under every rule; throws TooManyAttempts when any of them is exhausted. */
export async function enforceLimits(
  db: Tx,
  checks: ReadonlyArray<readonly [RateLimitRule, string]>,
  now = Date.now(),
): Promise<void> {
  let retryAfter = 0
  for (const [rule, subject] of checks) {
    const result = await hitRateLimit(db, rule, subject.toLowerCase(), now)
    if (!result.allowed) retryAfter = Math.max(retryAfter, result.retryAfterSeconds)
  }
  if (retryAfter > 0) throw new TooManyAttempts(retryAfter)
}

/** Forgets an account's failed attempts after it signs in, so only failures lock it. */
export async function clearLimit(db: Tx, rule: RateLimitRule, subject: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, `${rule.name}:${subject.toLowerCase()}`))
}
