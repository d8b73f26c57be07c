// Accounts on a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): better-auth with
// the shop's schema, admin bootstrap, the admin guard, password rules, phone codes and rate limits.

import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Auth, createAuth } from '#app/accounts/auth.server.ts'
import { isCommonPassword } from '#app/accounts/common-passwords.server.ts'
import { enforceLimits, LIMITS, TooManyAttempts } from '#app/accounts/limits.server.ts'
import { sessions, users, verifications } from '#app/accounts/schema.ts'
import { ensureAdmin, ensureFirstRunAdmin } from '#app/admin/bootstrap.server.ts'
import { findAdmin, requireAdmin } from '#app/admin/guard.server.ts'
import { getAdminStats } from '#app/admin/stats.server.ts'
import { createDiskStore } from '#app/media/file-store.server.ts'
import { parseConfig } from '#app/platform/config.server.ts'
import type { Database } from '#app/platform/db.server.ts'
import { startEventBus } from '#app/platform/event-bus.server.ts'
import { initialiseShop } from '#app/platform/first-start.server.ts'
import { createLogger } from '#app/platform/logger.server.ts'
import { createMailer } from '#app/platform/mailer.server.ts'
import { generateVapidKeys } from '#app/platform/push-sender.server.ts'
import { createLoadContext, type Services } from '#app/platform/services.server.ts'
import { createSms, smsOutboxFolder } from '#app/platform/sms.server.ts'
import { temporaryDataDir } from '../server-process.ts'
import { DATABASE_KINDS, openTestDatabase } from './databases.ts'

const PUBLIC_URL = 'http://127.0.0.1:3999'

describe.each(DATABASE_KINDS)('accounts on %s', (kind) => {
  let database: Database
  let auth: Auth
  let services: Services
  let dataDir: string

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    await initialiseShop(database.db, { seedDemo: false, showcaseMode: true })
    dataDir = temporaryDataDir()
    const config = parseConfig({ PUBLIC_URL, DATA_DIR: dataDir })
    const logger = createLogger('silent')
    const mailer = createMailer({ from: 'shop@example.com', dataDir, logger })
    const sms = createSms({ sms: config.sms, dataDir, logger })
    auth = createAuth({
      config,
      db: database.db,
      logger,
      mailer,
      sms,
      secret: 'x'.repeat(40),
      shopName: 'Malwa Namkeen',
    })
    const events = await startEventBus(database, logger)
    services = {
      config,
      database,
      db: database.db,
      logger,
      mailer,
      events,
      otpKey: 'k'.repeat(64),
      sms,
      auth,
      payments: null,
      shipping: null,
      whatsapp: null,
      files: createDiskStore(path.join(dataDir, 'uploads')),
      vapid: generateVapidKeys(),
    }
  })
  afterAll(async () => {
    await services?.events.close()
    await database?.close()
  })

  async function signIn(email: string, password: string): Promise<string> {
    const { headers } = await auth.api.signInEmail({ body: { email, password }, returnHeaders: true })
    return headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ')
  }

  function requestWith(cookie: string) {
    const request = new Request(`${PUBLIC_URL}/admin`, { headers: cookie ? { cookie } : {} })
    const context = createLoadContext(services, {
      requestId: 'test',
      nonce: '',
      clientIp: '203.0.113.9',
      log: services.logger,
    })
    return { request, context }
  }

  async function latestCode(phone: string): Promise<string> {
    const folder = smsOutboxFolder(dataDir)
    const files = readdirSync(folder).sort()
    for (const file of files.reverse()) {
      const message = JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as { to: string; text: string }
      if (message.to === phone) return /\b(\d{6})\b/.exec(message.text)![1]!
    }
    throw new Error(`no SMS to ${phone}`)
  }

  async function errorCode(promise: Promise<unknown>): Promise<string> {
    try {
      await promise
    } catch (error) {
      return (error as { body?: { code?: string } }).body?.code ?? String(error)
    }
    throw new Error('expected a failure')
  }

  describe('admin bootstrap', () => {
    it('creates the admin, leaves it alone with the same password and updates it with a new one', async () => {
      expect(
        await ensureAdmin(auth, database.db, { email: 'Owner@Shop.example', password: 'first-long-password' }),
      ).toBe('created')
      const [owner] = await database.db.select().from(users).where(eq(users.email, 'owner@shop.example'))
      expect(owner?.role).toBe('admin')
      const cookie = await signIn('owner@shop.example', 'first-long-password')
      expect(
        await ensureAdmin(auth, database.db, { email: 'owner@shop.example', password: 'first-long-password' }),
      ).toBe('unchanged')
      expect(await findAdmin(...argsOf(requestWith(cookie)))).not.toBeNull()

      expect(
        await ensureAdmin(auth, database.db, { email: 'owner@shop.example', password: 'second-long-password' }),
      ).toBe('updated')
      // The old password no longer works, and sessions granted under it are ended.
      expect(await errorCode(signIn('owner@shop.example', 'first-long-password'))).toBe('INVALID_EMAIL_OR_PASSWORD')
      expect(await findAdmin(...argsOf(requestWith(cookie)))).toBeNull()
      expect(await signIn('owner@shop.example', 'second-long-password')).toContain('session_token')
    })

    it('makes an existing customer the admin', async () => {
      await auth.api.signUpEmail({ body: { name: 'Ravi', email: 'ravi@example.com', password: 'ravi-secret-words' } })
      expect(await ensureAdmin(auth, database.db, { email: 'ravi@example.com', password: 'ravi-admin-password' })).toBe(
        'updated',
      )
      const [ravi] = await database.db.select().from(users).where(eq(users.email, 'ravi@example.com'))
      expect(ravi?.role).toBe('admin')
    })

    it('creates a first-run admin only while the shop has no admin', async () => {
      const fresh = await openTestDatabase(kind)
      try {
        await initialiseShop(fresh.db, { seedDemo: false, showcaseMode: true })
        const freshAuth = createAuth({
          config: services.config,
          db: fresh.db,
          logger: services.logger,
          mailer: services.mailer,
          sms: services.sms,
          secret: 'y'.repeat(40),
          shopName: 'Malwa Namkeen',
        })
        const first = await ensureFirstRunAdmin(freshAuth, fresh.db, 'https://shop.example.in')
        expect(first?.email).toBe('admin@shop.example.in')
        expect(first?.password.length).toBeGreaterThanOrEqual(20)
        expect(await ensureFirstRunAdmin(freshAuth, fresh.db, 'https://shop.example.in')).toBeNull()
        const admins = await fresh.db.select().from(users).where(eq(users.role, 'admin'))
        expect(admins).toHaveLength(1)
      } finally {
        await fresh.close()
      }
    })
  })

  describe('the admin guard', () => {
    it('lets only a signed-in admin through', async () => {
      await ensureAdmin(auth, database.db, { email: 'guard-admin@shop.example', password: 'guard-admin-password' })
      await auth.api.signUpEmail({
        body: { name: 'Meena', email: 'meena@example.com', password: 'meena-secret-words' },
      })
      const adminCookie = await signIn('guard-admin@shop.example', 'guard-admin-password')
      const customerCookie = await signIn('meena@example.com', 'meena-secret-words')

      expect((await requireAdmin(...argsOf(requestWith(adminCookie)))).role).toBe('admin')
      for (const cookie of ['', customerCookie, 'malwa.session_token=forged.value']) {
        const refusal = await requireAdmin(...argsOf(requestWith(cookie))).catch((error: unknown) => error)
        expect(refusal).toMatchObject({ init: { status: 403 } })
        expect(await findAdmin(...argsOf(requestWith(cookie)))).toBeNull()
      }
    })

    it('never lets an admin in by a phone code', async () => {
      await ensureAdmin(auth, database.db, { email: 'phone-admin@shop.example', password: 'phone-admin-password' })
      await database.db
        .update(users)
        .set({ phoneNumber: '+919812345670', phoneNumberVerified: true })
        .where(eq(users.email, 'phone-admin@shop.example'))
      await auth.api.sendPhoneNumberOTP({ body: { phoneNumber: '+919812345670' } })
      const code = await latestCode('+919812345670')
      await expect(auth.api.verifyPhoneNumber({ body: { phoneNumber: '+919812345670', code } })).rejects.toThrow()
      const [admin] = await database.db.select().from(users).where(eq(users.email, 'phone-admin@shop.example'))
      expect(await database.db.select().from(sessions).where(eq(sessions.userId, admin!.id))).toHaveLength(0)
    })
  })

  describe('passwords', () => {
    it('refuses common passwords and short ones, accepts a sentence', async () => {
      expect(isCommonPassword('Password123')).toBe(true)
      expect(isCommonPassword('iloveindia')).toBe(true)
      expect(isCommonPassword('sev and chai at dawn')).toBe(false)
      expect(
        await errorCode(
          auth.api.signUpEmail({ body: { name: 'A', email: 'common@example.com', password: 'password123' } }),
        ),
      ).toBe('PASSWORD_TOO_COMMON')
      expect(
        await errorCode(auth.api.signUpEmail({ body: { name: 'A', email: 'short@example.com', password: 'k7$x' } })),
      ).toBe('PASSWORD_TOO_SHORT')
      expect(await database.db.select().from(users).where(eq(users.email, 'common@example.com'))).toHaveLength(0)
      await auth.api.signUpEmail({
        body: { name: 'A', email: 'sentence@example.com', password: 'sev and chai at dawn' },
      })
      expect(await database.db.select().from(users).where(eq(users.email, 'sentence@example.com'))).toHaveLength(1)
    })

    it('answers a sign-up for an existing e-mail like a new one, without changing the account', async () => {
      const first = await auth.api.signUpEmail({
        body: { name: 'Sita', email: 'sita@example.com', password: 'sita-first-words' },
      })
      const again = await auth.api.signUpEmail({
        body: { name: 'Mallory', email: 'sita@example.com', password: 'mallory-words-9' },
      })
      expect(Object.keys(again).sort()).toEqual(Object.keys(first).sort())
      expect(again.token).toBeNull()
      expect(await errorCode(signIn('sita@example.com', 'mallory-words-9'))).toBe('INVALID_EMAIL_OR_PASSWORD')
      const [sita] = await database.db.select().from(users).where(eq(users.email, 'sita@example.com'))
      expect(sita?.name).toBe('Sita')
    })
  })

  describe('phone codes', () => {
    it('creates the account on the first code, and a code works once', async () => {
      const phone = '+919000000001'
      await auth.api.sendPhoneNumberOTP({ body: { phoneNumber: phone } })
      const code = await latestCode(phone)
      const result = await auth.api.verifyPhoneNumber({ body: { phoneNumber: phone, code } })
      expect(result.status).toBe(true)
      const [user] = await database.db.select().from(users).where(eq(users.phoneNumber, phone))
      expect(user?.role).toBe('customer')
      expect(await errorCode(auth.api.verifyPhoneNumber({ body: { phoneNumber: phone, code } }))).toBe('OTP_NOT_FOUND')
    })

    it('allows 5 tries, then refuses even the right code', async () => {
      const phone = '+919000000002'
      await auth.api.sendPhoneNumberOTP({ body: { phoneNumber: phone } })
      const code = await latestCode(phone)
      const wrong = code === '000000' ? '111111' : '000000'
      for (let attempt = 0; attempt < 5; attempt++) {
        expect(await errorCode(auth.api.verifyPhoneNumber({ body: { phoneNumber: phone, code: wrong } }))).toBe(
          'INVALID_OTP',
        )
      }
      expect(await errorCode(auth.api.verifyPhoneNumber({ body: { phoneNumber: phone, code } }))).toBe(
        'TOO_MANY_ATTEMPTS',
      )
      expect(await database.db.select().from(users).where(eq(users.phoneNumber, phone))).toHaveLength(0)
    })

    it('expires a code after 10 minutes', async () => {
      const phone = '+919000000003'
      await auth.api.sendPhoneNumberOTP({ body: { phoneNumber: phone } })
      const code = await latestCode(phone)
      const [row] = await database.db
        .select({ expiresAt: verifications.expiresAt, createdAt: verifications.createdAt })
        .from(verifications)
        .where(eq(verifications.identifier, `phone-number-otp-${phone}`))
      const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime()
      expect(lifetime).toBeGreaterThan(9.9 * 60_000)
      expect(lifetime).toBeLessThan(10.1 * 60_000)
      await database.db
        .update(verifications)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(verifications.identifier, `phone-number-otp-${phone}`))
      expect(await errorCode(auth.api.verifyPhoneNumber({ body: { phoneNumber: phone, code } }))).toBe('OTP_EXPIRED')
    })

    it('refuses numbers that are not Indian mobiles in canonical form', async () => {
      expect(await errorCode(auth.api.sendPhoneNumberOTP({ body: { phoneNumber: '9876543210' } }))).toBe(
        'INVALID_PHONE_NUMBER',
      )
      expect(await errorCode(auth.api.sendPhoneNumberOTP({ body: { phoneNumber: '+915876543210' } }))).toBe(
        'INVALID_PHONE_NUMBER',
      )
    })
  })

  describe('rate limits', () => {
    it('locks an account after 5 attempts in 15 minutes, per account, and the window reopens', async () => {
      const now = Date.now()
      for (let attempt = 0; attempt < 5; attempt++) {
        await enforceLimits(database.db, [[LIMITS.signInAccount, 'limited@example.com']], now)
      }
      const refusal = await enforceLimits(database.db, [[LIMITS.signInAccount, 'limited@example.com']], now).catch(
        (e: unknown) => e,
      )
      expect(refusal).toBeInstanceOf(TooManyAttempts)
      expect((refusal as TooManyAttempts).message).toBe('Too many attempts. Please try again in 15 minutes.')
      // Another account from the same place is not affected.
      await enforceLimits(database.db, [[LIMITS.signInAccount, 'other@example.com']], now)
      // Fifteen minutes later the account may try again.
      await enforceLimits(database.db, [[LIMITS.signInAccount, 'limited@example.com']], now + 15 * 60_000 + 1)
    })

    it('limits sending codes per number and per client', async () => {
      const now = Date.now()
      for (let i = 0; i < 3; i++) await enforceLimits(database.db, [[LIMITS.otpSendNumber, '+919000000009']], now)
      await expect(enforceLimits(database.db, [[LIMITS.otpSendNumber, '+919000000009']], now)).rejects.toBeInstanceOf(
        TooManyAttempts,
      )
      for (let i = 0; i < LIMITS.otpSendClient.limit; i++) {
        await enforceLimits(database.db, [[LIMITS.otpSendClient, '198.51.100.7']], now)
      }
      await expect(enforceLimits(database.db, [[LIMITS.otpSendClient, '198.51.100.7']], now)).rejects.toBeInstanceOf(
        TooManyAttempts,
      )
    })
  })

  it('computes the stat cards from orders', async () => {
    expect(await getAdminStats(database.db)).toEqual({
      totalOrders: 0,
      pendingOrders: 0,
      totalRevenue: 0,
      todaysOrders: 0,
    })
  })
})

function argsOf({ request, context }: { request: Request; context: ReturnType<typeof createLoadContext> }) {
  return [request, context] as const
}
