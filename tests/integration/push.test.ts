// Web Push against a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set) and a local
// push service that checks the VAPID signature and decrypts what it receives (tests/push-service.ts):
// the subscribe/unsubscribe API as its action answers it, the admin's notification reaching every
// subscriber, gone subscriptions removed, failing push services retried, the owner's new-order
// alert, and one key pair for every instance on one database.
import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type Auth, createAuth } from '#app/accounts/auth.server.ts'
import { ensureAdmin } from '#app/admin/bootstrap.server.ts'
import { products } from '#app/catalog/schema.ts'
import { createDiskStore } from '#app/media/file-store.server.ts'
import {
  createPushHandler,
  listNotificationHistory,
  ownerOrderAlertJob,
  sendNotification,
} from '#app/notifications/push-fanout.server.ts'
import { SENT_TITLE } from '#app/notifications/push-notification.ts'
import { publicKeyLoader, pushAction, subscriptionsAction } from '#app/notifications/push-routes.server.ts'
import { SUBSCRIBE_RATE_LIMIT } from '#app/notifications/push-subscriptions.server.ts'
import { adminNotifications, pushSubscriptions } from '#app/notifications/schema.ts'
import { resolveVapidKeys } from '#app/notifications/vapid.server.ts'
import { parseConfig } from '#app/platform/config.server.ts'
import type { Database } from '#app/platform/db.server.ts'
import { startEventBus } from '#app/platform/event-bus.server.ts'
import { initialiseShop } from '#app/platform/first-start.server.ts'
import { createLogger } from '#app/platform/logger.server.ts'
import { createMailer } from '#app/platform/mailer.server.ts'
import type { OutboxHandlers } from '#app/platform/outbox.server.ts'
import { createPushSender } from '#app/platform/push-sender.server.ts'
import { auditLog, outboxJobs, rateLimits } from '#app/platform/schema.ts'
import { createLoadContext, type Services } from '#app/platform/services.server.ts'
import { createSms } from '#app/platform/sms.server.ts'
import { getSettings } from '#app/settings/settings.server.ts'
import { type PushService, startPushService, type TestSubscriber } from '../push-service.ts'
import { temporaryDataDir } from '../server-process.ts'
import { DATABASE_KINDS, openTestDatabase } from './databases.ts'
import { placeGuestOrder } from './guest-order.ts'
import { drainOutbox } from './outbox.ts'
import { ratlamiSev } from './product-rows.ts'
import { settle } from './route-answer.ts'

const PUBLIC_URL = 'http://127.0.0.1:3997'
const logger = createLogger('silent')
const NO_KEYS = { publicKey: undefined, privateKey: undefined, subject: undefined }

describe.each(DATABASE_KINDS)('Web Push on %s', (kind) => {
  let database: Database
  let auth: Auth
  let services: Services
  let pushService: PushService
  let handlers: OutboxHandlers
  let adminCookie: string
  let customerCookie: string
  let sev: string
  const strictConfig = parseConfig({ PUBLIC_URL, DATA_DIR: '/nonexistent' })

  async function signIn(email: string, password: string): Promise<string> {
    const { headers } = await auth.api.signInEmail({ body: { email, password }, returnHeaders: true })
    return headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ')
  }

  function context({ strict = false, ip = '198.51.100.20' } = {}) {
    return createLoadContext(strict ? { ...services, config: strictConfig } : services, {
      requestId: 'test',
      nonce: '',
      clientIp: ip,
      log: logger,
    })
  }

  function api(
    method: 'POST' | 'DELETE',
    body: unknown,
    {
      cookie = '',
      origin = PUBLIC_URL,
      strict = false,
      ip = undefined as string | undefined,
      type = 'application/json',
    } = {},
  ) {
    const request = new Request(`${PUBLIC_URL}/api/push/subscriptions`, {
      method,
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: {
        'content-type': type,
        'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/142 Mobile',
        origin,
        ...(cookie ? { cookie } : {}),
      },
    })
    return settle(() => subscriptionsAction({ request, context: context({ strict, ip }) }))
  }

  function subscription(subscriber: TestSubscriber, extra: Record<string, unknown> = {}) {
    return { endpoint: subscriber.endpoint, expirationTime: null, keys: subscriber.keys, ...extra }
  }

  async function subscribed(owner = false): Promise<TestSubscriber> {
    const subscriber = pushService.subscriber()
    const answer = await api('POST', subscription(subscriber, owner ? { owner: true } : {}), {
      cookie: owner ? adminCookie : '',
    })
    expect(answer.status).toBe(201)
    return subscriber
  }

  function send(fields: Record<string, string>, cookie = adminCookie) {
    const request = new Request(`${PUBLIC_URL}/admin/push`, {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: { cookie, origin: PUBLIC_URL },
    })
    return settle(() => pushAction({ request, context: context() }))
  }

  const drain = () => drainOutbox(database.db, handlers)

  const rows = () => database.db.select().from(pushSubscriptions)

  function receivedBy(subscriber: TestSubscriber) {
    return pushService.received.filter((push) => push.subscriberId === subscriber.id)
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    await initialiseShop(database.db, { seedDemo: false, showcaseMode: false })
    const dataDir = temporaryDataDir()
    const config = parseConfig({ PUBLIC_URL, DATA_DIR: dataDir, PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true' })
    const mailer = createMailer({ from: 'shop@example.com', dataDir, logger })
    const sms = createSms({ sms: config.sms, dataDir, logger })
    auth = createAuth({ config, db: database.db, logger, mailer, sms, secret: 'p'.repeat(40), shopName: 'Malwa' })
    const vapid = await resolveVapidKeys(database.db, config)
    services = {
      config,
      database,
      db: database.db,
      logger,
      mailer,
      events: await startEventBus(database, logger),
      otpKey: 'k'.repeat(64),
      sms,
      auth,
      payments: null,
      shipping: null,
      whatsapp: null,
      files: createDiskStore(`${dataDir}/uploads`),
      vapid,
    }
    pushService = await startPushService()
    handlers = {
      mail: async () => {},
      sms: async () => {},
      push: createPushHandler({
        db: database.db,
        sender: createPushSender({ keys: vapid, timeoutMs: 400, allowPrivate: true }),
        config,
        logger,
        fanout: { retryDelayMs: () => 20 },
      }),
    }
    await ensureAdmin(auth, database.db, { email: 'owner@shop.example', password: 'first-long-password' })
    adminCookie = await signIn('owner@shop.example', 'first-long-password')
    await auth.api.signUpEmail({ body: { name: 'Ravi', email: 'ravi@example.com', password: 'ravi-secret-words' } })
    customerCookie = await signIn('ravi@example.com', 'ravi-secret-words')
    const [product] = await database.db
      .insert(products)
      .values(ratlamiSev({ stock250g: 100, stock500g: 0, stock1kg: 0 }))
      .returning({ id: products.id })
    sev = product!.id
  })
  afterAll(async () => {
    await pushService?.close()
    await services?.events.close()
    await database?.close()
  })
  beforeEach(async () => {
    await drain()
    await database.db.delete(pushSubscriptions)
    await database.db.delete(rateLimits)
    await database.db.delete(outboxJobs)
    pushService.received.length = 0
    pushService.refused.length = 0
  })

  it('generates the VAPID keys once and gives every instance on the database the same pair', async () => {
    const again = await Promise.all([
      resolveVapidKeys(database.db, { vapid: NO_KEYS }),
      resolveVapidKeys(database.db, { vapid: NO_KEYS }),
    ])
    expect(again).toEqual([services.vapid, services.vapid])
    const answer = await settle(() =>
      publicKeyLoader({ request: new Request(`${PUBLIC_URL}/api/push/public-key`), context: context() }),
    )
    expect(answer.body).toEqual({ publicKey: services.vapid.publicKey })
    expect(answer.headers.get('Cache-Control')).toBe('no-cache')
    expect(JSON.stringify(answer.body)).not.toContain(services.vapid.privateKey)
  })

  it('delivers the admin’s notification to every subscriber, signed and decrypted, and counts it', async () => {
    const [first, second] = [await subscribed(), await subscribed()]
    const answer = await send({
      title: 'Fresh batch, made today',
      message: 'Ratlami Sev straight from the kadhai.',
      imageUrl: '',
      targetUrl: '/products',
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ ok: true, title: SENT_TITLE })
    // The admin's request only queued it: nothing has reached a device yet.
    expect(pushService.received).toHaveLength(0)
    await drain()

    for (const subscriber of [first!, second!]) {
      const [push] = receivedBy(subscriber)
      expect(push?.payload).toEqual({
        title: 'Fresh batch, made today',
        body: 'Ratlami Sev straight from the kadhai.',
        url: '/products',
        icon: '/icons/icon-192.png',
        badge: '/icons/badge-96.png',
        tag: expect.stringMatching(/^notification-/),
      })
      expect(push?.claims.sub).toBe(`mailto:${(await getSettings(database.db)).email}`)
      expect(push?.claims.aud).toBe(pushService.origin)
    }
    expect(pushService.refused).toEqual([])
    const [row] = await database.db.select().from(adminNotifications).orderBy(adminNotifications.createdAt).limit(1)
    expect(row).toMatchObject({ sentCount: 2, deliveredCount: 2, failedCount: 0, removedCount: 0 })
    expect(row?.completedAt).not.toBeNull()
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.entityId, row!.id))
    expect(audit).toMatchObject([{ action: 'push.send', entity: 'push', label: 'Fresh batch, made today' }])

    // A job run again (a worker that died after finishing) sends nothing twice.
    await handlers.push(
      { audience: 'subscribers', notificationId: row!.id },
      { key: 'outbox-1', attempt: 2, lastAttempt: false },
    )
    expect(pushService.received).toHaveLength(2)
  })

  it('hands a long fan-out on to new jobs, and a second run of a page already recorded sends no more', async () => {
    const subscribers = [
      await subscribed(),
      await subscribed(),
      await subscribed(),
      await subscribed(),
      await subscribed(),
    ]
    const sliced = createPushHandler({
      db: database.db,
      sender: createPushSender({ keys: services.vapid, timeoutMs: 400, allowPrivate: true }),
      config: services.config,
      logger,
      // Two per page, and no time for a second page in one job.
      fanout: { retryDelayMs: () => 20, pageSize: 2, sliceMs: 0 },
    })
    expect(
      (await send({ title: 'Diwali boxes', message: 'Order by Friday.', imageUrl: '', targetUrl: '' })).status,
    ).toBe(200)
    const [row] = await database.db
      .select()
      .from(adminNotifications)
      .where(eq(adminNotifications.title, 'Diwali boxes'))
    if (!row) throw new Error('the notification was not stored')
    // This test runs the job itself, with the sliced handler.
    await database.db.delete(outboxJobs)
    // Two runs of the job at once (a worker whose lease ran out, and the one that took it up): both
    // send the first page, one records it and queues the rest, the other finds the cursor moved and
    // stops there.
    const job = { audience: 'subscribers' as const, notificationId: row.id }
    await Promise.all([sliced(job), sliced(job)])
    expect(pushService.received).toHaveLength(4)
    const [afterOne] = await database.db.select().from(adminNotifications).where(eq(adminNotifications.id, row.id))
    expect(afterOne).toMatchObject({ sentCount: 2, completedAt: null })

    // The job queued carries it to the end.
    const rest = { ...handlers, push: sliced }
    await drainOutbox(database.db, rest)
    const [done] = await database.db.select().from(adminNotifications).where(eq(adminNotifications.id, row.id))
    expect(done).toMatchObject({ sentCount: subscribers.length, deliveredCount: subscribers.length })
    expect(done?.completedAt).not.toBeNull()
    // Pages go in subscription-id order: the two devices of the first page had it twice, the rest once.
    const times = subscribers.map((subscriber) => receivedBy(subscriber).length).sort()
    expect(times).toEqual([1, 1, 1, 2, 2])
  })

  it('removes subscriptions the push service calls gone, retries 500s and silence, and counts each', async () => {
    const gone = await subscribed()
    const missing = await subscribed()
    const flaky = await subscribed()
    const slow = await subscribed()
    const down = await subscribed()
    const fine = await subscribed()
    pushService.answer(gone.id, 410)
    pushService.answer(missing.id, 404)
    pushService.answer(flaky.id, 500, 1)
    pushService.answer(slow.id, 'hang', 1)
    pushService.answer(down.id, 500)
    const notification = await sendNotification(
      database.db,
      { id: 'a', email: 'a@x', name: 'A' },
      {
        title: 'Festival offer',
        message: 'Festive packs are here.',
        imageUrl: 'https://images.example/diwali.webp',
        targetUrl: null,
      },
    )
    await drain()

    expect(receivedBy(flaky)).toHaveLength(1)
    expect(pushService.attempts.get(flaky.id)).toBe(2)
    expect(receivedBy(slow)).toHaveLength(1)
    expect(pushService.attempts.get(slow.id)).toBe(2)
    expect(pushService.attempts.get(down.id)).toBe(3)
    expect(receivedBy(fine)[0]?.payload).toMatchObject({ url: '/', image: 'https://images.example/diwali.webp' })
    const endpoints = (await rows()).map((row) => row.endpoint).sort()
    expect(endpoints).toEqual([flaky, slow, down, fine].map((subscriber) => subscriber.endpoint).sort())
    const [row] = await database.db.select().from(adminNotifications).where(eq(adminNotifications.id, notification.id))
    expect(row).toMatchObject({ sentCount: 6, deliveredCount: 3, failedCount: 1, removedCount: 2 })
    const [job] = await database.db.select().from(outboxJobs).where(eq(outboxJobs.kind, 'push'))
    expect(job?.status).toBe('done')
  })

  it('sends the owner’s devices a push for every new order, and no shopper’s', async () => {
    const shopper = await subscribed()
    const owner = await subscribed(true)
    const placed = await placeGuestOrder(database.db, [{ productId: sev, size: '250g', quantity: 2 }], {
      details: { address: '12, Vijay Nagar' },
      notices: { publicUrl: PUBLIC_URL, whatsapp: false },
    })
    await drain()
    const number = placed.orderId.slice(-8)
    expect(receivedBy(shopper)).toEqual([])
    expect(receivedBy(owner).map((push) => push.payload)).toEqual([
      {
        title: `New order #${number}: ₹210.00`,
        body: 'Asha Verma, 2 packets (COD).',
        url: `/admin?q=${number}`,
        icon: '/icons/icon-192.png',
        badge: '/icons/badge-96.png',
        tag: `order-${number}`,
      },
    ])
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.action, 'push.owner-device'))
    expect(audit.length).toBeGreaterThan(0)
  })

  it('tries an owner alert again later when the owner’s push service is down, and never crashes the worker', async () => {
    const owner = await subscribed(true)
    pushService.answer(owner.id, 500, 3)
    await database.db.insert(outboxJobs).values(
      ownerOrderAlertJob({
        id: randomUUID(),
        number: 'abcd1234',
        totalAmount: 21000,
        customerName: 'Asha Verma',
        packets: 2,
        method: 'COD',
      }),
    )
    await drain()
    expect(receivedBy(owner)).toEqual([])
    const [failed] = await database.db.select().from(outboxJobs).where(eq(outboxJobs.kind, 'push'))
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 })
    expect(failed?.lastError).toMatch(/could not be reached/)
    // The outbox's backoff has passed: the next run delivers it.
    await database.db
      .update(outboxJobs)
      .set({ runAfter: new Date(0) })
      .where(eq(outboxJobs.id, failed!.id))
    await drain()
    expect(receivedBy(owner).map((push) => (push.payload as { url: string }).url)).toEqual(['/admin?q=abcd1234'])
    const [done] = await database.db.select().from(outboxJobs).where(eq(outboxJobs.id, failed!.id))
    expect(done?.status).toBe('done')
  })

  it('queues no owner alert when the owner registered no device', async () => {
    await subscribed()
    await placeGuestOrder(database.db, [{ productId: sev, size: '250g', quantity: 1 }], {
      details: {
        fullName: 'Meera Joshi',
        email: 'meera@example.in',
        phone: '+919876543211',
        address: '4, Palasia',
        pincode: '452001',
      },
      notices: { publicUrl: PUBLIC_URL, whatsapp: false },
    })
    expect(await database.db.$count(outboxJobs, eq(outboxJobs.kind, 'push'))).toBe(0)
  })

  it('registers an owner’s device only for a signed-in admin', async () => {
    const subscriber = pushService.subscriber()
    for (const cookie of ['', customerCookie]) {
      const answer = await api('POST', subscription(subscriber, { owner: true }), { cookie })
      expect(answer.status).toBe(403)
      expect(answer.body).toMatchObject({ ok: false, message: expect.stringContaining('admin') })
    }
    expect(await rows()).toEqual([])
    expect((await api('POST', subscription(subscriber, { owner: false }), { cookie: customerCookie })).status).toBe(201)
    const [row] = await rows()
    expect(row).toMatchObject({ isOwner: false, userAgent: expect.stringContaining('Android') })
    expect(row?.userId).not.toBeNull()
  })

  it('keeps an owner’s device through a plain re-subscribe, but not when a customer signs in on it', async () => {
    const owner = await subscribed(true)
    expect((await api('POST', subscription(owner))).status).toBe(201)
    expect((await rows())[0]?.isOwner).toBe(true)
    expect((await api('POST', subscription(owner), { cookie: adminCookie })).status).toBe(201)
    expect((await rows())[0]?.isOwner).toBe(true)
    expect((await api('POST', subscription(owner), { cookie: customerCookie })).status).toBe(201)
    expect(await rows()).toMatchObject([{ isOwner: false }])
  })

  it('hands an owner’s device on to the subscription the push service replaced it with', async () => {
    const owner = await subscribed(true)
    const renewed = pushService.subscriber()
    // The service worker's pushsubscriptionchange, with no session (a worker may run signed out).
    const answer = await api('POST', subscription(renewed, { replaces: owner.endpoint }))
    expect(answer.status).toBe(201)
    expect(await rows()).toMatchObject([{ endpoint: renewed.endpoint, isOwner: true }])
  })

  it('refuses bad subscriptions with a sentence and stores nothing', async () => {
    const good = subscription(pushService.subscriber())
    const key65 = Buffer.from(good.keys.p256dh, 'base64url')
    const cases: [unknown, RegExp, { strict?: boolean; type?: string }?][] = [
      [{ ...good, endpoint: 'not a url' }, /endpoint must be a URL/],
      [{ ...good, endpoint: 'ftp://push.example/x' }, /endpoint must be a URL/],
      [{ ...good, endpoint: 'http://push.example/x' }, /must be an https:\/\/ URL/, { strict: true }],
      [{ ...good, endpoint: 'https://127.0.0.1/x' }, /public push service/, { strict: true }],
      [{ ...good, endpoint: 'https://10.1.2.3/x' }, /public push service/, { strict: true }],
      [{ ...good, endpoint: 'https://169.254.169.254/latest' }, /public push service/, { strict: true }],
      [{ ...good, endpoint: 'https://[::1]/x' }, /public push service/, { strict: true }],
      [{ ...good, endpoint: 'https://[::ffff:127.0.0.1]/x' }, /public push service/, { strict: true }],
      [{ ...good, endpoint: 'https://localhost/x' }, /public push service/, { strict: true }],
      [{ ...good, keys: { ...good.keys, p256dh: key65.subarray(1).toString('base64url') } }, /65-byte/],
      [
        {
          ...good,
          keys: { ...good.keys, p256dh: Buffer.concat([Buffer.from([3]), key65.subarray(1)]).toString('base64url') },
        },
        /65-byte/,
      ],
      [{ ...good, keys: { ...good.keys, p256dh: `${good.keys.p256dh}!` } }, /65-byte/],
      [{ ...good, keys: { ...good.keys, auth: Buffer.alloc(15).toString('base64url') } }, /16-byte/],
      [{ ...good, keys: { ...good.keys, auth: Buffer.alloc(32).toString('base64url') } }, /16-byte/],
      [{ ...good, keys: { p256dh: good.keys.p256dh } }, /keys.auth is required/],
      [{ ...good, price: 1 }, /Unknown field: price/],
      [{ ...good, keys: { ...good.keys, extra: 'x' } }, /Unknown field: keys.extra/],
      [{ ...good, owner: 'yes' }, /owner must be true or false/],
      [{ ...good, expirationTime: 'tomorrow' }, /expirationTime/],
      ['{"endpoint":', /not valid JSON/],
      [good, /application\/json/, { type: 'text/plain' }],
    ]
    for (const [body, message, options] of cases) {
      const answer = await api('POST', body, options)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body).toMatchObject({ ok: false, message: expect.stringMatching(message) })
      expect(answer.headers.get('Cache-Control')).toBe('no-store')
    }
    expect(await rows()).toEqual([])
    // A public https push service is accepted under the strict rules too.
    const publicEndpoint = { ...good, endpoint: 'https://8.8.8.8/push/abc' }
    expect((await api('POST', publicEndpoint, { strict: true })).status).toBe(201)
  })

  it('updates a re-subscribed endpoint instead of adding one, and deletes it on unsubscribe', async () => {
    const subscriber = pushService.subscriber()
    expect((await api('POST', subscription(subscriber))).status).toBe(201)
    const renewed = pushService.subscriber()
    const answer = await api('POST', {
      endpoint: subscriber.endpoint,
      expirationTime: Date.UTC(2030, 0, 1),
      keys: renewed.keys,
    })
    expect(answer.status).toBe(201)
    const stored = await rows()
    expect(stored).toHaveLength(1)
    expect(stored[0]).toMatchObject({ p256dhKey: renewed.keys.p256dh, authKey: renewed.keys.auth })
    expect(stored[0]?.expiresAt?.toISOString()).toBe('2030-01-01T00:00:00.000Z')

    expect(await api('DELETE', { endpoint: subscriber.endpoint })).toMatchObject({ status: 200, body: { ok: true } })
    expect(await rows()).toEqual([])
    expect((await api('DELETE', { endpoint: subscriber.endpoint })).status).toBe(200)
    expect((await api('DELETE', { endpoint: subscriber.endpoint, keys: {} })).status).toBe(400)
  })

  it('refuses a cross-site subscribe and a flood from one address', async () => {
    const subscriber = pushService.subscriber()
    expect((await api('POST', subscription(subscriber), { origin: 'https://evil.example' })).status).toBe(403)
    expect((await api('DELETE', { endpoint: subscriber.endpoint }, { origin: 'https://evil.example' })).status).toBe(
      403,
    )
    for (let i = 0; i < SUBSCRIBE_RATE_LIMIT.limit; i++) {
      expect((await api('POST', subscription(pushService.subscriber()), { ip: '192.0.2.99' })).status).toBe(201)
    }
    const refused = await api('POST', subscription(pushService.subscriber()), { ip: '192.0.2.99' })
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect((await rows()).length).toBe(SUBSCRIBE_RATE_LIMIT.limit)
  })

  it('refuses a notification without title or message, or with a link off the site, and sends nothing', async () => {
    await subscribed()
    const before = await database.db.$count(adminNotifications)
    for (const [fields, message] of [
      [{ title: '', message: 'Hello' }, 'Please fill in title and message'],
      [{ title: 'Hello', message: '   ' }, 'Please fill in title and message'],
      [{ title: 'x'.repeat(51), message: 'Hello' }, 'The title can be at most 50 characters.'],
      [{ title: 'Hello', message: 'x'.repeat(121) }, 'The message can be at most 120 characters.'],
      [{ title: 'Hello', message: 'Hi', targetUrl: 'javascript:alert(1)' }, /target URL must be/],
      [{ title: 'Hello', message: 'Hi', targetUrl: '//evil.example' }, /target URL must be/],
      [{ title: 'Hello', message: 'Hi', imageUrl: 'http://images.example/a.png' }, /image URL must be/],
    ] as const) {
      const answer = await send(fields as Record<string, string>)
      expect(answer.status).toBe(400)
      expect(answer.body).toMatchObject({ ok: false, message: expect.stringMatching(message) })
    }
    expect((await send({ title: 'Hello', message: 'Hi' }, customerCookie)).status).toBe(403)
    expect(await database.db.$count(adminNotifications)).toBe(before)
    expect(await database.db.$count(outboxJobs, eq(outboxJobs.kind, 'push'))).toBe(0)
  })
  it('says Failed to send notification when the notification cannot be stored, and sends nothing', async () => {
    await subscribed()
    const before = await database.db.$count(adminNotifications)
    await database.db.execute(sql`create or replace function fail_push_record() returns trigger language plpgsql as $$
      begin raise exception 'the disk is full'; end $$`)
    await database.db.execute(sql`create trigger fail_push_record before insert on admin_notifications
      for each row execute function fail_push_record()`)
    try {
      const answer = await send({ title: 'Fresh batch', message: 'Ratlami Sev straight from the kadhai.' })
      expect(answer).toMatchObject({
        status: 500,
        body: { ok: false, title: 'Failed to send notification. Please try again.' },
      })
    } finally {
      await database.db.execute(sql`drop trigger fail_push_record on admin_notifications`)
    }
    expect(await database.db.$count(adminNotifications)).toBe(before)
    expect(await database.db.$count(outboxJobs, eq(outboxJobs.kind, 'push'))).toBe(0)
  })
  it('lists the 50 newest notifications in History, newest first', async () => {
    await database.db.delete(adminNotifications)
    const start = Date.parse('2026-11-01T04:00:00Z')
    await database.db.insert(adminNotifications).values(
      Array.from({ length: 52 }, (_, i) => ({
        title: `Notice ${i + 1}`,
        message: 'Fresh namkeen today.',
        createdAt: new Date(start + i * 60_000),
      })),
    )
    const titles = (await listNotificationHistory(database.db)).map((row) => row.title)
    expect(titles).toHaveLength(50)
    expect(titles.slice(0, 2)).toEqual(['Notice 52', 'Notice 51'])
    expect(titles.at(-1)).toBe('Notice 3')
  })
})
