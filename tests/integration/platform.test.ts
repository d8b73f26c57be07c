import { readdir, readFile } from 'node:fs/promises'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#app/platform/db.server.ts'
import { createLogger } from '#app/platform/logger.server.ts'
import { createMailer, mailboxFolder } from '#app/platform/mailer.server.ts'
import {
  drainDueJobs,
  enqueue,
  LEASE_MS,
  MAX_ATTEMPTS,
  type OutboxJobInfo,
  OutboxPostpone,
  outboxJobKey,
  runDueJobs,
} from '#app/platform/outbox.server.ts'
import { hitRateLimit } from '#app/platform/rate-limit.server.ts'
import { outboxJobs } from '#app/platform/schema.ts'
import { temporaryDataDir } from '../server-process.ts'
import { DATABASE_KINDS, openTestDatabase } from './databases.ts'

const logger = createLogger('silent')

describe.each(DATABASE_KINDS)('platform on %s', (kind) => {
  let database: Database

  beforeAll(async () => {
    database = await openTestDatabase(kind)
  })
  afterAll(async () => {
    await database?.close()
  })

  describe('rate limits', () => {
    const rule = { name: 'test:ip', limit: 3, windowMs: 60_000 }

    it('allows the limit, refuses the next and says when to come back', async () => {
      const now = 1_000_000
      for (let i = 0; i < 3; i++) expect((await hitRateLimit(database.db, rule, '10.0.0.1', now)).allowed).toBe(true)
      const refused = await hitRateLimit(database.db, rule, '10.0.0.1', now + 10_000)
      expect(refused).toEqual({ allowed: false, retryAfterSeconds: 50 })
    })

    it('counts each subject apart', async () => {
      expect((await hitRateLimit(database.db, rule, '10.0.0.2', 1_000_000)).allowed).toBe(true)
    })

    it('starts a new window when the old one is over', async () => {
      expect((await hitRateLimit(database.db, rule, '10.0.0.1', 1_000_000 + 60_001)).allowed).toBe(true)
    })

    it('counts concurrent attempts exactly', async () => {
      const results = await Promise.all(
        Array.from({ length: 10 }, () => hitRateLimit(database.db, rule, '10.0.0.3', 2_000_000)),
      )
      expect(results.filter((result) => result.allowed)).toHaveLength(3)
    })
  })

  describe('outbox', () => {
    it('delivers a queued e-mail into the development mailbox once', async () => {
      const dataDir = temporaryDataDir()
      const mailer = createMailer({ from: 'Shop <shop@example.com>', dataDir, logger })
      await database.db.transaction((tx) =>
        enqueue(tx, 'mail', { to: 'asha@example.com', subject: 'Hello', text: 'Namaste' }),
      )
      expect(
        await runDueJobs(
          database.db,
          { mail: (message) => mailer.send(message), sms: async () => {}, push: async () => {} },
          logger,
        ),
      ).toBe(1)
      expect(
        await runDueJobs(
          database.db,
          { mail: (message) => mailer.send(message), sms: async () => {}, push: async () => {} },
          logger,
        ),
      ).toBe(0)
      const files = await readdir(mailboxFolder(dataDir))
      expect(files).toHaveLength(1)
      const mail = JSON.parse(await readFile(`${mailboxFolder(dataDir)}/${files[0]}`, 'utf8'))
      expect(mail).toMatchObject({
        from: 'Shop <shop@example.com>',
        to: 'asha@example.com',
        subject: 'Hello',
        text: 'Namaste',
      })
    })

    it('enqueues nothing when the transaction rolls back', async () => {
      const before = await database.db.$count(outboxJobs)
      await expect(
        database.db.transaction(async (tx) => {
          await enqueue(tx, 'mail', { to: 'x@example.com', subject: 'Lost', text: 'never sent' })
          throw new Error('rolled back')
        }),
      ).rejects.toThrow('rolled back')
      expect(await database.db.$count(outboxJobs)).toBe(before)
    })

    it('retries a failing job later, and parks it after the last try', async () => {
      await database.db.transaction((tx) =>
        enqueue(tx, 'mail', { to: 'down@example.com', subject: 'Retry', text: 'x' }),
      )
      const failing = {
        mail: async () => Promise.reject(new Error('SMTP is down')),
        sms: async () => {},
        push: async () => {},
      }
      expect(await runDueJobs(database.db, failing, logger)).toBe(1)
      const [job] = await database.db.select().from(outboxJobs).where(eq(outboxJobs.status, 'pending'))
      expect(job).toMatchObject({ attempts: 1, lastError: 'SMTP is down' })
      expect(job!.runAfter.getTime()).toBeGreaterThan(Date.now())
      expect(await runDueJobs(database.db, failing, logger)).toBe(0) // not due yet

      await database.db
        .update(outboxJobs)
        .set({ attempts: MAX_ATTEMPTS - 1, runAfter: new Date(0) })
        .where(eq(outboxJobs.id, job!.id))
      expect(await runDueJobs(database.db, failing, logger)).toBe(1)
      const [parked] = await database.db.select().from(outboxJobs).where(eq(outboxJobs.id, job!.id))
      expect(parked).toMatchObject({ status: 'parked', attempts: MAX_ATTEMPTS })
    })

    it('runs a postponed job again at its time without counting the attempt, and tells a handler its last', async () => {
      await database.db.delete(outboxJobs)
      await database.db.transaction((tx) => enqueue(tx, 'sms', { to: '+919876543210', text: 'Wait for it' }))
      const seen: { attempt: number; lastAttempt: boolean }[] = []
      let postpone = true
      const handlers = {
        mail: async () => {},
        sms: async (_: unknown, info: { attempt: number; lastAttempt: boolean }) => {
          seen.push({ attempt: info.attempt, lastAttempt: info.lastAttempt })
          if (postpone) throw new OutboxPostpone(new Date(Date.now() + 60_000), 'the receiver keeps a rate')
        },
        push: async () => {},
      }
      expect(await runDueJobs(database.db, handlers, logger)).toBe(1)
      const [waiting] = await database.db.select().from(outboxJobs)
      expect(waiting).toMatchObject({ status: 'pending', attempts: 0, lastError: null })
      expect(waiting!.runAfter.getTime()).toBeGreaterThan(Date.now() + 50_000)
      expect(await runDueJobs(database.db, handlers, logger)).toBe(0) // not due yet

      postpone = false
      await database.db
        .update(outboxJobs)
        .set({ attempts: MAX_ATTEMPTS - 1, runAfter: new Date(0) })
        .where(eq(outboxJobs.id, waiting!.id))
      expect(await runDueJobs(database.db, handlers, logger)).toBe(1)
      expect(seen).toEqual([
        { attempt: 1, lastAttempt: false },
        { attempt: MAX_ATTEMPTS, lastAttempt: true },
      ])
      const [done] = await database.db.select().from(outboxJobs)
      expect(done).toMatchObject({ status: 'done', attempts: MAX_ATTEMPTS })
      await database.db.delete(outboxJobs)
    })

    it('wipes a sensitive job’s payload once it is sent, or parked after its last try', async () => {
      const secret = { to: '+919876543210', text: 'Delivery OTP 482913', sensitive: true }
      await database.db.transaction((tx) => enqueue(tx, 'sms', secret, { sensitive: true }))
      await database.db.transaction((tx) => enqueue(tx, 'sms', { ...secret, to: '+919876543211' }, { sensitive: true }))
      const sent: unknown[] = []
      let fail = false
      const handlers = {
        mail: async () => {},
        sms: async (message: unknown) => {
          if (fail) throw new Error('SMS provider down')
          sent.push(message)
          fail = true
        },
        push: async () => {},
      }
      expect(await runDueJobs(database.db, handlers, logger)).toBe(2)
      expect(sent).toEqual([secret])
      const [failed] = await database.db.select().from(outboxJobs).where(eq(outboxJobs.status, 'pending'))
      expect(JSON.stringify(failed?.payload)).toContain('482913') // still needed for the retry
      await database.db
        .update(outboxJobs)
        .set({ attempts: MAX_ATTEMPTS - 1, runAfter: new Date(0) })
        .where(eq(outboxJobs.id, failed!.id))
      expect(await runDueJobs(database.db, handlers, logger)).toBe(1)
      const jobs = await database.db.select().from(outboxJobs).where(eq(outboxJobs.kind, 'sms'))
      expect(jobs.map((job) => job.status).sort()).toEqual(['done', 'parked'])
      expect(JSON.stringify(jobs)).not.toContain('482913')
    })

    it('hands every attempt of a job the same key, which the development mailbox files it under', async () => {
      await database.db.delete(outboxJobs)
      const dataDir = temporaryDataDir()
      const mailer = createMailer({ from: 'Shop <shop@example.com>', dataDir, logger })
      await database.db.transaction((tx) =>
        enqueue(tx, 'mail', { to: 'ravi@example.com', subject: 'Twice', text: 'x' }),
      )
      const keys: string[] = []
      const handlers = {
        // The first attempt sends and then fails to be recorded, as a worker killed after sending would.
        mail: async (message: Parameters<typeof mailer.send>[0], { key }: OutboxJobInfo) => {
          keys.push(key)
          await mailer.send(message, { key })
          if (keys.length === 1) throw new Error('killed after sending')
        },
        sms: async () => {},
        push: async () => {},
      }
      expect(await runDueJobs(database.db, handlers, logger)).toBe(1)
      const [job] = await database.db.select().from(outboxJobs)
      await database.db
        .update(outboxJobs)
        .set({ runAfter: new Date(0) })
        .where(eq(outboxJobs.id, job!.id))
      expect(await runDueJobs(database.db, handlers, logger)).toBe(1)
      expect(keys).toEqual([outboxJobKey(job!), outboxJobKey(job!)])
      expect(await readdir(mailboxFolder(dataDir))).toEqual([`${outboxJobKey(job!)}.json`])
    })

    it('lets another worker claim a job whose worker died once its short lease is over', async () => {
      await database.db.delete(outboxJobs)
      await database.db.transaction((tx) =>
        enqueue(tx, 'mail', { to: 'dead@example.com', subject: 'Lease', text: 'x' }),
      )
      let release = () => {}
      const hung = new Promise<void>((resolve) => (release = resolve))
      const dying = { mail: () => hung, sms: async () => {}, push: async () => {} }
      // The first worker claims the job and does not finish it (as if its process had been killed).
      const first = runDueJobs(database.db, dying, logger)
      await expect.poll(async () => (await database.db.select().from(outboxJobs))[0]?.status).toBe('running')
      const [claimed] = await database.db.select().from(outboxJobs)
      expect(claimed!.runAfter.getTime() - Date.now()).toBeLessThanOrEqual(LEASE_MS)
      const sent: string[] = []
      const alive = { mail: async () => void sent.push('sent'), sms: async () => {}, push: async () => {} }
      expect(await runDueJobs(database.db, alive, logger)).toBe(0) // the lease still holds
      await database.db.update(outboxJobs).set({ runAfter: new Date(Date.now() - 1) })
      expect(await runDueJobs(database.db, alive, logger)).toBe(1)
      expect(sent).toEqual(['sent'])
      release()
      await first
    })

    it('delivers a backlog of many batches in one tick of the worker', async () => {
      await database.db.delete(outboxJobs)
      await database.db.transaction(async (tx) => {
        for (let i = 0; i < 35; i++) await enqueue(tx, 'sms', { to: '+919876543210', text: `Message ${i}` })
      })
      const sent: string[] = []
      const handlers = {
        mail: async () => {},
        sms: async (message: { text: string }) => void sent.push(message.text),
        push: async () => {},
      }
      expect(await drainDueJobs(database.db, handlers, logger)).toBe(35)
      expect(sent).toHaveLength(35)
    })
  })
})
