// WhatsApp's webhook (issue 31; reference/whatsapp.md, "Webhooks") on a real database (PGlite, and
// PostgreSQL when TEST_DATABASE_URL is set), posted by the WhatsApp simulator as Meta would: signed over
// the exact bytes, Hindi escaped as \uXXXX, twice, at once, out of order, in batches, unsigned. Each
// POST goes through the shop's webhook intake (server/webhook-intake.ts), the handshake through the
// route's loader; the event worker then applies what was stored. What the owner sees is read through
// the order details' loader.
import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, eq, like, sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '#app/accounts/schema.ts'
import { products } from '#app/catalog/schema.ts'
import { adminNotificationsRealtime } from '#app/notifications/schema.ts'
import { orderDetailsLoader } from '#app/orders/order-desk-routes.server.ts'
import type { Database } from '#app/platform/db.server.ts'
import { initialiseShop } from '#app/platform/first-start.server.ts'
import { outboxJobs } from '#app/platform/schema.ts'
import { createLoadContext, type Services, type WhatsAppServices } from '#app/platform/services.server.ts'
import routes from '#app/routes.ts'
import { hasWhatsAppConsent, recordWhatsAppConsent } from '#app/whatsapp/consent.server.ts'
import { whatsappConsents, whatsappEvents, whatsappMessages } from '#app/whatsapp/schema.ts'
import { WHATSAPP_WEBHOOK_PATH } from '#app/whatsapp/webhook-path.ts'
import { whatsappHandshakeLoader } from '#app/whatsapp/webhook-routes.server.ts'
import {
  applyStoredWhatsAppEvents,
  startWhatsAppEventWorker,
  type WhatsAppEventWorker,
} from '#app/whatsapp/whatsapp-events.server.ts'
import { shopWebhooks, webhookIntake } from '#server/webhook-intake.ts'
import { metaJson, startWhatsAppSimulator, type WhatsAppSimulator } from '#server/whatsapp-simulator.ts'
import { DATABASE_KINDS, openTestDatabase } from './databases.ts'
import { placeGuestOrder } from './guest-order.ts'
import { ratlamiSev } from './product-rows.ts'
import { OWNER_COOKIE, ownerServices, settle } from './route-answer.ts'

const PUBLIC_URL = 'http://127.0.0.1:3996'
const OWNER = { id: 'whatsapp-owner', name: 'Owner', email: 'owner@shop.test', role: 'admin', twoFactorEnabled: false }
const APP_SECRET = 'app-secret-of-the-webhook-test'
const VERIFY_TOKEN = 'verify-token-of-the-webhook-test'
const CUSTOMER = '+919876543210'

let wamids = 0
/** A wamid of the shop's own making (the simulator's API is not used here: the sender is another test's). */
const newWamid = () => `wamid.TEST${Date.now().toString(36)}${(++wamids).toString().padStart(4, '0')}`

describe.each(DATABASE_KINDS)("WhatsApp's webhook on %s", (kind) => {
  let database: Database
  let db: Database['db']
  let services: Services
  let simulator: WhatsAppSimulator
  let hook: Server
  let events: WhatsAppEventWorker
  let orderId: string

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    db = database.db
    await initialiseShop(db, { seedDemo: false, showcaseMode: false })
    await db.insert(users).values({ id: OWNER.id, name: OWNER.name, email: OWNER.email, role: 'admin' })
    const [sev] = await db
      .insert(products)
      .values(ratlamiSev({ stock250g: 100 }))
      .returning({ id: products.id })
    orderId = (await placeGuestOrder(db, [{ productId: sev!.id, size: '250g', quantity: 1 }])).orderId
    // The shop's webhook intake (server/webhook-intake.ts) behind a loopback server, where the simulator
    // posts; what it does not take (the handshake, a GET) goes to the route's loader.
    const handshake: RequestListener = async (req, res) => {
      const request = new Request(`${PUBLIC_URL}${req.url}`)
      const answer = await settle(() => whatsappHandshakeLoader({ request, context: contextFor() }))
      const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body)
      res.writeHead(answer.status, { 'Content-Type': answer.headers.get('content-type') ?? 'text/plain' }).end(text)
    }
    hook = createServer((req, res) => webhookIntake(shopWebhooks(services), services.logger, handshake)(req, res))
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve))
    const port = (hook.address() as AddressInfo).port
    simulator = await startWhatsAppSimulator({
      accessToken: 'access-token-of-the-test',
      appSecret: APP_SECRET,
      phoneNumberId: '106540352242922',
      graphVersion: 'v23.0',
      webhookUrl: `http://127.0.0.1:${port}${WHATSAPP_WEBHOOK_PATH}`,
    })
    const base = ownerServices(database, PUBLIC_URL, OWNER)
    events = startWhatsAppEventWorker(db, { publicUrl: PUBLIC_URL, log: base.logger })
    const whatsapp = {
      config: {
        provider: 'simulator',
        accessToken: 'access-token-of-the-test',
        phoneNumberId: '106540352242922',
        appSecret: APP_SECRET,
        verifyToken: VERIFY_TOKEN,
        graphVersion: 'v23.0',
        baseUrl: simulator.url,
        messagesPerSecond: 80,
      },
      client: null as never,
      events,
    } satisfies WhatsAppServices
    services = { ...base, whatsapp }
  })
  afterAll(async () => {
    await events?.stop()
    await simulator?.close()
    await new Promise((resolve) => hook?.close(resolve))
    await database?.close()
  })

  function contextFor(overrides: Partial<Services> = {}) {
    return createLoadContext(
      { ...services, ...overrides },
      { requestId: 't', nonce: '', clientIp: '203.0.113.9', log: services.logger },
    )
  }

  /** A notice row as the sender leaves it once Meta accepted it (or, without a wamid, once its answer was lost). */
  async function sentNotice(fields: Partial<typeof whatsappMessages.$inferInsert> = {}) {
    const [row] = await db
      .insert(whatsappMessages)
      .values({
        noticeKey: `notice-${newWamid()}`,
        orderId,
        audience: 'customer',
        template: 'order_shipped',
        locale: 'en',
        toPhone: CUSTOMER,
        params: ['Asha', 'ABC', 'Delhivery', '1904', 'https://t.example/1904'],
        wamid: newWamid(),
        status: 'sent',
        attempts: 1,
        ...fields,
      })
      .returning()
    return row!
  }

  const messageRow = async (id: string) =>
    (await db.select().from(whatsappMessages).where(eq(whatsappMessages.id, id)))[0]!
  const storedFor = (wamid: string) =>
    db
      .select()
      .from(whatsappEvents)
      .where(like(whatsappEvents.dedupeKey, `status|${wamid}|%`))
  const eventCount = async () => (await db.select({ id: whatsappEvents.id }).from(whatsappEvents)).length

  /** The simulator posts; the shop applies what it stored. */
  async function settled<T>(posting: Promise<T>): Promise<T> {
    const answers = await posting
    await simulator.idle()
    await events.idle()
    return answers
  }

  it('answers the handshake with the challenge for the right verify token, and 403 otherwise', async () => {
    expect(await simulator.handshake({ verifyToken: VERIFY_TOKEN, challenge: '1158201444' })).toEqual({
      status: 200,
      body: '1158201444',
    })
    expect(
      (await simulator.handshake({ verifyToken: 'a-guessed-token-0123456', challenge: '1158201444' })).status,
    ).toBe(403)
    expect((await simulator.handshake({ verifyToken: VERIFY_TOKEN, mode: 'unsubscribe' })).status).toBe(403)
    // Routed where Meta is told to post.
    expect(routes.some((route) => `/${route.path}` === WHATSAPP_WEBHOOK_PATH)).toBe(true)
  })

  it('refuses a missing, wrong or malformed signature with 401 and stores nothing', async () => {
    const notice = await sentNotice()
    const before = await eventCount()
    for (const delivery of ['bad-signature', 'no-signature'] as const) {
      expect(await settled(simulator.sendStatus({ wamid: notice.wamid!, status: 'delivered', delivery }))).toEqual([
        401,
      ])
    }
    const body = { object: 'whatsapp_business_account', entry: [] }
    expect(await simulator.sendWebhook(body, { signature: 'malformed' })).toBe(401)
    expect(await simulator.sendWebhook(body, { signature: 'none' })).toBe(401)
    expect(await eventCount()).toBe(before)
    expect((await messageRow(notice.id)).status).toBe('sent')
  })

  it('verifies a body with Hindi and emoji escaped as \\uXXXX over its bytes, which the edge leaves as they came', async () => {
    // ज़ as one code point (U+095B), which NFC would decompose: re-serialised JSON would not verify.
    const text = '\u095bरूर भेजिए 🙏'
    const [answer] = (await settled(simulator.sendInbound({ from: '919876500001', text, name: 'प्रिया' }))).statuses
    expect(answer).toBe(200)
    const sent = simulator.webhooks.at(-1)!.body
    expect(sent).toContain('\\u095b')
    expect(sent).toContain('\\ud83d\\ude4f')
    const [stored] = await db
      .select()
      .from(whatsappEvents)
      .where(eq(whatsappEvents.dedupeKey, `inbound|${JSON.parse(sent).entry[0].changes[0].value.messages[0].id}`))
    expect(stored).toMatchObject({ kind: 'inbound', outcome: 'recorded', body: { text, profileName: 'प्रिया' } })
  })

  it('stores a status sent twice, at once and replayed only once, and applies it once', async () => {
    const notice = await sentNotice()
    expect(
      await settled(simulator.sendStatus({ wamid: notice.wamid!, status: 'delivered', delivery: 'twice' })),
    ).toEqual([200, 200])
    expect(
      await settled(simulator.sendStatus({ wamid: notice.wamid!, status: 'delivered', delivery: 'concurrent' })),
    ).toEqual([200, 200])
    expect(await settled(simulator.replayWebhook(undefined, { times: 4, concurrent: true }))).toEqual([
      200, 200, 200, 200,
    ])
    const stored = await storedFor(notice.wamid!)
    expect(stored.map((event) => [event.dedupeKey, event.outcome])).toEqual([
      [`status|${notice.wamid}|delivered`, 'applied'],
    ])
    expect((await messageRow(notice.id)).status).toBe('delivered')
  })

  it('keeps the highest state whatever the order: read before (or without) delivered, delivered after failed', async () => {
    const readFirst = await sentNotice()
    const readOnly = await sentNotice()
    const failedFirst = await sentNotice()
    const failedLate = await sentNotice()
    const at = (seconds: number) => new Date(Date.UTC(2026, 2, 10, 8, 0, seconds))
    // Posted one after another as they arrive, the worker applying them as it goes.
    for (const [notice, status, second] of [
      [readFirst, 'read', 20],
      [readFirst, 'delivered', 10],
      [readFirst, 'sent', 5],
      [readOnly, 'read', 30],
      [failedFirst, 'failed', 40],
      [failedFirst, 'delivered', 45],
      [failedLate, 'delivered', 50],
      [failedLate, 'failed', 55],
    ] as const) {
      const errorCode = status === 'failed' ? 131026 : undefined
      expect(await simulator.sendStatus({ wamid: notice.wamid!, status, errorCode, at: at(second) })).toEqual([200])
    }
    await events.idle()
    expect(await messageRow(readFirst.id)).toMatchObject({ status: 'read', statusAt: at(20) })
    expect(await messageRow(readOnly.id)).toMatchObject({ status: 'read', statusAt: at(30) })
    expect(await messageRow(failedFirst.id)).toMatchObject({ status: 'delivered', statusAt: at(45) })
    expect(await messageRow(failedLate.id)).toMatchObject({ status: 'delivered', statusAt: at(50), errorCode: null })
    expect((await storedFor(failedLate.wamid!)).find((event) => event.dedupeKey.endsWith('|failed'))?.outcome).toBe(
      'unchanged',
    )
  })

  it('applies every status and message of a batch over several entries', async () => {
    const first = await sentNotice()
    const second = await sentNotice()
    const third = await sentNotice({ template: 'out_for_delivery' })
    const status = await settled(
      simulator.sendBatch(
        [
          { kind: 'status', wamid: first.wamid!, status: 'delivered' },
          { kind: 'status', wamid: second.wamid!, status: 'delivered' },
          { kind: 'status', wamid: second.wamid!, status: 'read' },
          { kind: 'inbound', from: '919876500002', text: 'Thank you' },
          { kind: 'status', wamid: third.wamid!, status: 'failed', errorCode: 131026 },
        ],
        { entries: 3 },
      ),
    )
    expect(status).toBe(200)
    expect(JSON.parse(simulator.webhooks.at(-1)!.body).entry).toHaveLength(3)
    expect((await messageRow(first.id)).status).toBe('delivered')
    expect((await messageRow(second.id)).status).toBe('read')
    expect((await messageRow(third.id)).status).toBe('failed')
  })

  it('applies a stored batch together as one by one would: in order, never lowered, a failure and an unknown apart', async () => {
    await events.idle()
    const mixed = await sentNotice({ status: 'accepted' })
    const failing = await sentNotice()
    const alreadyRead = await sentNotice({ status: 'read' })
    const lateSent = await sentNotice({ status: 'delivered' })
    const unknown = newWamid()
    const at = (seconds: number) => new Date(Date.UTC(2026, 2, 11, 8, 0, seconds)).toISOString()
    const items: [string, string, number][] = [
      [mixed.wamid!, 'read', 20],
      [mixed.wamid!, 'delivered', 10],
      [mixed.wamid!, 'sent', 5],
      [failing.wamid!, 'failed', 30],
      [failing.wamid!, 'delivered', 35],
      [alreadyRead.wamid!, 'delivered', 40],
      [lateSent.wamid!, 'sent', 42],
      [unknown, 'delivered', 45],
    ]
    await db.insert(whatsappEvents).values(
      items.map(([wamid, status, second], seq) => ({
        dedupeKey: `status|${wamid}|${status}`,
        kind: 'status' as const,
        body: {
          wamid,
          status,
          at: at(second),
          seq,
          ...(status === 'failed' ? { error: { code: 131026, title: 'Message undeliverable' } } : {}),
        },
      })),
    )
    const errors: unknown[] = []
    const log = pino({ level: 'error' }, { write: (line: string) => errors.push(JSON.parse(line)) })
    expect(await applyStoredWhatsAppEvents(db, { publicUrl: PUBLIC_URL, log })).toBe(items.length)
    // Applied together, not one by one after a failure of the batch's statement.
    expect(errors).toEqual([])
    expect(await messageRow(mixed.id)).toMatchObject({ status: 'read', statusAt: new Date(at(20)) })
    expect(await messageRow(failing.id)).toMatchObject({ status: 'delivered', statusAt: new Date(at(35)) })
    expect(await messageRow(alreadyRead.id)).toMatchObject({ status: 'read' })
    const outcomes = async (wamid: string) =>
      (await storedFor(wamid)).map((event) => [event.dedupeKey.split('|')[2], event.outcome]).sort()
    // Taken in Meta's order (sent, delivered, read), whatever order they were stored in.
    expect(await outcomes(mixed.wamid!)).toEqual([
      ['delivered', 'applied'],
      ['read', 'applied'],
      ['sent', 'applied'],
    ])
    expect(await outcomes(failing.wamid!)).toEqual([
      ['delivered', 'applied'],
      ['failed', 'applied'],
    ])
    expect(await outcomes(alreadyRead.wamid!)).toEqual([['delivered', 'unchanged']])
    expect(await outcomes(lateSent.wamid!)).toEqual([['sent', 'unchanged']])
    expect(await messageRow(lateSent.id)).toMatchObject({ status: 'delivered' })
    expect(await outcomes(unknown)).toEqual([['delivered', 'unknown']])
  })

  it('an item that cannot be applied is rolled back alone, the rest of its batch applied, and left after five tries', async () => {
    await events.idle()
    const good = await sentNotice()
    const bad = await sentNotice()
    const [broken] = await db
      .insert(whatsappEvents)
      .values([
        // A status whose time does not read: applying it throws, inside its savepoint.
        {
          dedupeKey: `status|${bad.wamid}|delivered`,
          kind: 'status',
          body: { wamid: bad.wamid, status: 'delivered', at: 'not a time', seq: 0 },
        },
        {
          dedupeKey: `status|${good.wamid}|delivered`,
          kind: 'status',
          body: { wamid: good.wamid, status: 'delivered', at: new Date().toISOString(), seq: 1 },
        },
      ])
      .returning()
    const logged: { msg: string; attempts: number }[] = []
    const log = pino({ level: 'error' }, { write: (line: string) => logged.push(JSON.parse(line)) })
    const apply = () => applyStoredWhatsAppEvents(db, { publicUrl: PUBLIC_URL, log })
    expect(await apply()).toBe(1)
    expect(await messageRow(good.id)).toMatchObject({ status: 'delivered' })
    expect(await messageRow(bad.id)).toMatchObject({ status: 'sent' })
    expect((await storedFor(good.wamid!))[0]).toMatchObject({ outcome: 'applied', failedAttempts: 0 })
    // Tried again on each run, four more times; then no more.
    for (let run = 0; run < 5; run++) expect(await apply()).toBe(0)
    const [left] = await db.select().from(whatsappEvents).where(eq(whatsappEvents.id, broken!.id))
    expect(left).toMatchObject({ failedAttempts: 5, processedAt: null, outcome: null })
    expect(await messageRow(bad.id)).toMatchObject({ status: 'sent' })
    // Its batch was tried together first, then one by one.
    expect(logged.filter((line) => line.attempts === undefined).map((line) => line.msg)).toEqual(
      Array(5).fill('a batch of WhatsApp webhook items could not be applied together: one by one instead'),
    )
    const tries = logged.filter((line) => line.attempts !== undefined)
    expect(tries.map((line) => [line.attempts, line.msg])).toEqual([
      [1, 'a stored WhatsApp webhook item could not be applied: it is tried again later'],
      [2, 'a stored WhatsApp webhook item could not be applied: it is tried again later'],
      [3, 'a stored WhatsApp webhook item could not be applied: it is tried again later'],
      [4, 'a stored WhatsApp webhook item could not be applied: it is tried again later'],
      [5, 'a stored WhatsApp webhook item failed five times: it is not tried again'],
    ])
  })

  it('accepts a status for a wamid the shop never sent, keeps it and changes nothing', async () => {
    const notice = await sentNotice()
    const unknown = newWamid()
    expect(await settled(simulator.sendStatus({ wamid: unknown, status: 'delivered' }))).toEqual([200])
    expect((await storedFor(unknown)).map((event) => event.outcome)).toEqual(['unknown'])
    expect((await messageRow(notice.id)).status).toBe('sent')
    // A callback naming a row that went out under another wamid is not applied to it either.
    await settled(simulator.sendStatus({ wamid: newWamid(), status: 'read', callbackData: `msg:${notice.id}` }))
    expect(await messageRow(notice.id)).toMatchObject({ status: 'sent', wamid: notice.wamid })
  })

  it("finds a notice whose send's answer was lost by its callback data, and takes the wamid from its status", async () => {
    const notice = await sentNotice({ wamid: null, status: 'sending' })
    const wamid = newWamid()
    await settled(simulator.sendStatus({ wamid, status: 'sent', callbackData: `msg:${notice.id}` }))
    expect(await messageRow(notice.id)).toMatchObject({ wamid, status: 'sent' })
    // Its later statuses find it by the wamid, as any other.
    await settled(simulator.sendStatus({ wamid, status: 'delivered', callbackData: null }))
    expect((await messageRow(notice.id)).status).toBe('delivered')
  })

  // PostgreSQL only: PGlite has one connection, so the send's answer cannot be saved mid-way there.
  it.runIf(kind === 'postgres')(
    "applies a status that comes while its send's answer is being saved, which the first read did not see",
    async () => {
      const notice = await sentNotice({ wamid: null, status: 'sending' })
      const wamid = newWamid()
      let saved = () => {}
      const held = Promise.withResolvers<void>()
      const saving = db.transaction(async (tx) => {
        await tx.update(whatsappMessages).set({ wamid, status: 'accepted' }).where(eq(whatsappMessages.id, notice.id))
        held.resolve()
        await new Promise<void>((resolve) => {
          saved = resolve
        })
      })
      // The save has taken the row before the status comes.
      await held.promise
      expect(await simulator.sendStatus({ wamid, status: 'sent', callbackData: `msg:${notice.id}` })).toEqual([200])
      // The worker read by the wamid and found nothing; it waits on the row, found by its id.
      await expect
        .poll(async () => {
          const { rows } = (await db.execute(
            sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
          )) as unknown as { rows: { n: number }[] }
          return rows[0]!.n
        })
        .toBe(1)
      saved()
      await saving
      await events.idle()
      expect(await messageRow(notice.id)).toMatchObject({ wamid, status: 'sent' })
      expect((await storedFor(wamid)).map((event) => event.outcome)).toEqual(['applied'])
    },
  )

  it("records a failure's reason, alerts the owner and falls back to SMS for the delivery OTP", async () => {
    const notice = await sentNotice()
    await settled(simulator.sendStatus({ wamid: notice.wamid!, status: 'failed', errorCode: 131026 }))
    expect(await messageRow(notice.id)).toMatchObject({
      status: 'failed',
      errorCode: 131026,
      errorTitle: 'Message undeliverable',
    })
    const alerts = await db
      .select()
      .from(adminNotificationsRealtime)
      .where(
        and(eq(adminNotificationsRealtime.orderId, orderId), eq(adminNotificationsRealtime.type, 'whatsapp_failed')),
      )
    expect(alerts.at(-1)?.message).toMatch(
      /WhatsApp notice “Shipped” to \+91 98765 43210 failed: Message undeliverable \(131026\)/,
    )

    // The delivery OTP has an SMS to send instead (the sender's fallbackToSms): queued once, the row 'fallback'.
    const otp = await sentNotice({
      template: 'delivery_otp',
      params: ['482913'],
      fallbackSms: 'Your delivery OTP is 482913',
      sensitive: true,
    })
    await db.delete(outboxJobs)
    await settled(simulator.sendStatus({ wamid: otp.wamid!, status: 'failed', errorCode: 131026, delivery: 'twice' }))
    const jobs = await db.select().from(outboxJobs)
    expect(jobs.map((job) => [job.kind, (job.payload as { to: string }).to])).toEqual([['sms', CUSTOMER]])
    expect(await messageRow(otp.id)).toMatchObject({ status: 'fallback', errorCode: 131026, fallbackSms: null })
  })

  it('withdraws the opt-in of a number that replies STOP, in its words, and nothing for other messages', async () => {
    const phone = '+919876500003'
    await recordWhatsAppConsent(db, {
      phone,
      userId: null,
      orderId: null,
      granted: true,
      wording: 'Send me order updates on WhatsApp from Malwa Foods Private Limited',
      locale: 'en',
      source: 'account',
      now: new Date(Date.now() - 60_000),
    })
    await settled(simulator.sendInbound({ from: '919876500003', text: 'stop sending the sev, send bundi' }))
    expect(await hasWhatsAppConsent(db, phone)).toBe(true)
    await settled(simulator.sendInbound({ from: '919876500003', text: 'STOP' }))
    expect(await hasWhatsAppConsent(db, phone)).toBe(false)
    const [withdrawal] = await db
      .select()
      .from(whatsappConsents)
      .where(and(eq(whatsappConsents.phone, phone), eq(whatsappConsents.granted, false)))
    expect(withdrawal).toMatchObject({ source: 'whatsapp', wording: 'STOP', locale: 'en', userId: null })
    // In Hindi too, and a number outside India changes nothing.
    const hindi = '+919876500004'
    await recordWhatsAppConsent(db, {
      phone: hindi,
      userId: null,
      orderId: null,
      granted: true,
      wording: 'मुझे WhatsApp पर ऑर्डर की जानकारी भेजें',
      locale: 'hi',
      source: 'account',
      now: new Date(Date.now() - 60_000),
    })
    await settled(simulator.sendInbound({ from: '919876500004', text: 'बंद करें' }))
    expect(await hasWhatsAppConsent(db, hindi)).toBe(false)
    const consents = (await db.select().from(whatsappConsents)).length
    await settled(simulator.sendInbound({ from: '447700900123', text: 'STOP' }))
    expect((await db.select().from(whatsappConsents)).length).toBe(consents)
  })

  it("shows the order's WhatsApp notices in its details, with their status and a failure's reason", async () => {
    const answer = await settle(() =>
      orderDetailsLoader({
        request: new Request(`${PUBLIC_URL}/admin/orders/${orderId}`, { headers: { cookie: OWNER_COOKIE } }),
        context: contextFor(),
        params: { orderId },
      }),
    )
    expect(answer.status).toBe(200)
    const notices = (
      answer.body as { whatsappNotices: { template: string; status: string; errorCode: number | null }[] }
    ).whatsappNotices
    expect(notices.length).toBeGreaterThan(5)
    expect(notices.map((notice) => notice.status)).toEqual(
      expect.arrayContaining(['sent', 'delivered', 'read', 'failed']),
    )
    expect(notices.find((notice) => notice.status === 'failed')).toMatchObject({
      errorCode: 131026,
      errorTitle: 'Message undeliverable',
    })
  })

  it('answers 404 where WhatsApp is not set up', async () => {
    const body = metaJson({ object: 'whatsapp_business_account', entry: [] })
    const webhook = shopWebhooks({ ...services, whatsapp: null }).get(WHATSAPP_WEBHOOK_PATH)!
    const answer = await webhook({ body: new TextEncoder().encode(body), header: () => null, log: services.logger })
    expect(answer.status).toBe(404)
    const context = contextFor({ whatsapp: null })
    const handshake = new Request(
      `${PUBLIC_URL}${WHATSAPP_WEBHOOK_PATH}?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`,
    )
    expect((await settle(() => whatsappHandshakeLoader({ request: handshake, context }))).status).toBe(404)
  })
})
