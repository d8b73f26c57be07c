import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contactMessages } from '#app/contact/schema.ts'
import { CONTACT_RATE_LIMIT, sendContactMessage } from '#app/contact/send-message.server.ts'
import { demoSettings } from '#app/demo/settings.ts'
import { getLocale, overwriteGetLocale } from '#app/paraglide/runtime.js'
import type { Database } from '#app/platform/db.server.ts'
import { initialiseShop } from '#app/platform/first-start.server.ts'
import { createLogger } from '#app/platform/logger.server.ts'
import { createMailer, type MailMessage, mailboxFolder } from '#app/platform/mailer.server.ts'
import { runDueJobs } from '#app/platform/outbox.server.ts'
import { outboxJobs } from '#app/platform/schema.ts'
import { createLoadContext, type Services } from '#app/platform/services.server.ts'
import { action } from '#app/routes/contact.tsx'
import { temporaryDataDir } from '../server-process.ts'
import { DATABASE_KINDS, openTestDatabase } from './databases.ts'
import { drainOutbox } from './outbox.ts'

const logger = createLogger('silent')

const asha = {
  firstName: 'Asha',
  lastName: 'Verma',
  email: 'asha.verma@example.com',
  phone: '098765-43210',
  message: 'Do you send 1kg packs of Ratlami sev to Pune for a wedding?',
}

describe.each(DATABASE_KINDS)('contact messages on %s', (kind) => {
  let database: Database
  let address = 0
  /** Each test writes from an address of its own, so rate limits never mix. */
  const nextAddress = () => `198.51.100.${++address}`

  const counts = async () => ({
    messages: await database.db.$count(contactMessages),
    jobs: await database.db.$count(outboxJobs),
  })

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    await initialiseShop(database.db, { seedDemo: false, showcaseMode: true })
  })
  afterAll(async () => {
    await database?.close()
  })

  it('stores a valid message and queues the two e-mails with it', async () => {
    const before = await counts()
    const result = await sendContactMessage(database.db, { values: asha, clientIp: nextAddress() })
    expect(result.status).toBe('sent')
    const messageId = result.status === 'sent' ? result.messageId : ''

    const [stored] = await database.db.select().from(contactMessages).where(eq(contactMessages.id, messageId))
    expect(stored).toMatchObject({
      firstName: 'Asha',
      lastName: 'Verma',
      email: 'asha.verma@example.com',
      phone: '+919876543210',
      message: asha.message,
      handledAt: null,
    })
    expect(await counts()).toEqual({ messages: before.messages + 1, jobs: before.jobs + 2 })

    const jobs = await database.db.select().from(outboxJobs).orderBy(outboxJobs.id)
    const mails = jobs.slice(-2).map((job) => ({ kind: job.kind, ...(job.payload as MailMessage) }))
    expect(mails[0]).toMatchObject({
      kind: 'mail',
      to: demoSettings.email,
      replyTo: 'asha.verma@example.com',
      subject: 'Contact form: message from Asha Verma',
    })
    expect(mails[0]?.text).toContain(asha.message)
    expect(mails[0]?.text).toContain('Phone: +91 98765 43210')
    expect(mails[1]).toMatchObject({
      kind: 'mail',
      to: 'asha.verma@example.com',
      replyTo: demoSettings.email,
      subject: 'We received your message - Malwa Namkeen',
    })
    expect(mails[1]?.text).toContain('We received your message and will reply within 24 hours.')
    // Anyone can type any address: the confirmation never carries the message text.
    expect(mails[1]?.text).not.toContain(asha.message)
  })

  it('confirms a message sent from the Hindi page in Hindi; the shop’s own copy stays English', async () => {
    const base = getLocale
    overwriteGetLocale(() => 'hi')
    try {
      const result = await sendContactMessage(database.db, { values: asha, clientIp: nextAddress() })
      expect(result.status).toBe('sent')
    } finally {
      overwriteGetLocale(base)
    }
    const jobs = await database.db.select().from(outboxJobs).orderBy(outboxJobs.id)
    const [toShop, toSender] = jobs.slice(-2).map((job) => job.payload as MailMessage)
    expect(toShop?.subject).toBe('Contact form: message from Asha Verma')
    expect(toSender?.subject).toBe('आपका संदेश हमें मिल गया - Malwa Namkeen')
    expect(toSender?.text).toContain('नमस्ते Asha,')
    expect(toSender?.text).toContain('हम 24 घंटे के भीतर जवाब देंगे।')
  })

  it('delivers both e-mails into the development mailbox', async () => {
    const dataDir = temporaryDataDir()
    const mailer = createMailer({ from: 'Malwa Namkeen <shop@example.com>', dataDir, logger })
    const deliver = {
      mail: (message: Parameters<typeof mailer.send>[0]) => mailer.send(message),
      sms: async () => {},
      push: async () => {},
    }
    // What earlier tests queued goes first.
    await drainOutbox(database.db, deliver)
    await sendContactMessage(database.db, {
      values: { ...asha, firstName: 'Ravi', email: 'ravi@example.com', phone: '' },
      clientIp: nextAddress(),
    })
    const folder = mailboxFolder(dataDir)
    const before = new Set(await readdir(folder).catch(() => []))
    expect(await runDueJobs(database.db, deliver, logger)).toBe(2)
    const files = (await readdir(folder)).filter((file) => !before.has(file))
    const mails = await Promise.all(
      files.map(async (file) => JSON.parse(await readFile(path.join(folder, file), 'utf8'))),
    )
    expect(mails.map((mail) => mail.to).sort()).toEqual([demoSettings.email, 'ravi@example.com'].sort())
    const toShop = mails.find((mail) => mail.to === demoSettings.email)
    expect(toShop).toMatchObject({ replyTo: 'ravi@example.com', subject: 'Contact form: message from Ravi Verma' })
    expect(toShop.text).toContain('Phone: not given')
  })

  it('stores nothing and sends nothing when queueing an e-mail fails', async () => {
    // Make the confirmation's insert fail, after the message and the shop's e-mail were written.
    await database.db.execute(
      sql.raw(
        `alter table outbox_jobs add constraint test_refuse_mail check (payload->>'to' <> 'refused@example.com')`,
      ),
    )
    try {
      const before = await counts()
      await expect(
        sendContactMessage(database.db, { values: { ...asha, email: 'refused@example.com' }, clientIp: nextAddress() }),
      ).rejects.toThrow()
      expect(await counts()).toEqual(before)
    } finally {
      await database.db.execute(sql.raw('alter table outbox_jobs drop constraint test_refuse_mail'))
    }
  })

  it.each([
    [
      'empty fields',
      { firstName: '', lastName: '', email: '', phone: '', message: '' },
      ['firstName', 'lastName', 'email', 'message'],
    ],
    ['a malformed e-mail', { ...asha, email: 'asha.verma@example' }, ['email']],
    ['a 10,000-character message', { ...asha, message: 'a'.repeat(10_000) }, ['message']],
    ['a phone number that is not an Indian mobile', { ...asha, phone: '12345 67890' }, ['phone']],
    ['fields missing from the post', { email: 'asha@example.com' }, ['firstName', 'lastName', 'phone', 'message']],
  ])('refuses %s: nothing stored, nothing queued', async (_case, values, fields) => {
    const before = await counts()
    const result = await sendContactMessage(database.db, { values, clientIp: nextAddress() })
    expect(result.status).toBe('invalid')
    expect(Object.keys(result.status === 'invalid' ? result.fieldErrors : {}).sort()).toEqual([...fields].sort())
    expect(await counts()).toEqual(before)
  })

  it('refuses the sixth message in an hour from one address and stores nothing for it', async () => {
    expect(CONTACT_RATE_LIMIT.limit).toBe(5)
    const clientIp = nextAddress()
    const now = Date.now()
    // Refused forms do not count towards the limit.
    for (let i = 0; i < 3; i++) {
      expect((await sendContactMessage(database.db, { values: { ...asha, email: 'bad' }, clientIp, now })).status).toBe(
        'invalid',
      )
    }
    for (let i = 0; i < 5; i++) {
      expect((await sendContactMessage(database.db, { values: asha, clientIp, now: now + i * 1000 })).status).toBe(
        'sent',
      )
    }
    const before = await counts()
    const refused = await sendContactMessage(database.db, { values: asha, clientIp, now: now + 10 * 60_000 })
    expect(refused).toEqual({ status: 'rate-limited', retryAfterSeconds: 50 * 60 })
    expect(await counts()).toEqual(before)

    // Another address is not affected, and the same address may write again after the hour.
    expect((await sendContactMessage(database.db, { values: asha, clientIp: nextAddress(), now })).status).toBe('sent')
    expect((await sendContactMessage(database.db, { values: asha, clientIp, now: now + 60 * 60_000 })).status).toBe(
      'sent',
    )
  })

  describe('the contact page action', () => {
    function post(fields: Record<string, string>, clientIp: string) {
      const services = { db: database.db, database, logger } as unknown as Services
      const context = createLoadContext(services, { requestId: 'test', nonce: '', clientIp, log: logger })
      const request = new Request('http://shop.test/contact', { method: 'POST', body: new URLSearchParams(fields) })
      return action({ request, context, params: {}, unstable_pattern: '/contact' } as unknown as Parameters<
        typeof action
      >[0])
    }

    it('redirects to the confirmation after sending, so a reload does not send again', async () => {
      const response = await post(asha, nextAddress())
      expect(response).toBeInstanceOf(Response)
      expect((response as Response).status).toBe(302)
      expect((response as Response).headers.get('Location')).toBe('/contact?sent=1#contact-form')
    })

    it('answers 400 with a message per field and what was typed', async () => {
      const before = await counts()
      const answer = (await post({ ...asha, email: 'asha@', message: 'short' }, nextAddress())) as unknown as {
        data: unknown
        init: ResponseInit
      }
      expect(answer.init.status).toBe(400)
      expect(answer.data).toEqual({
        status: 'invalid',
        fieldErrors: {
          email: 'Please enter a valid e-mail address, like name@example.com.',
          message: 'Please write at least 10 characters so we can help you.',
        },
        values: { ...asha, email: 'asha@', message: 'short' },
      })
      expect(await counts()).toEqual(before)
    })

    it('answers 429 with Retry-After once an address has sent five messages this hour', async () => {
      const clientIp = nextAddress()
      for (let i = 0; i < 5; i++) expect(((await post(asha, clientIp)) as Response).status).toBe(302)
      const answer = (await post(asha, clientIp)) as unknown as { data: { status: string }; init: ResponseInit }
      expect(answer.init.status).toBe(429)
      expect(answer.data).toMatchObject({ status: 'rate-limited', retryAfterMinutes: 60, values: asha })
      expect(new Headers(answer.init.headers).get('Retry-After')).toMatch(/^\d+$/)
    })
  })
})
