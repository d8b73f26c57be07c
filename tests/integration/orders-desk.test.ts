// The owner's orders desk against a real database (PGlite always, PostgreSQL when TEST_DATABASE_URL
// is set): the list's filters and pages, status changes with their history, stock and notices, the
// delivery OTP, the change feed that live screens read, the CSV export, and the audit log's lines.
import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { users } from '#app/accounts/schema.ts'
import { products } from '#app/catalog/schema.ts'
import type { DeliveryDetails } from '#app/checkout/delivery-form.ts'
import { adminEventStream } from '#app/notifications/live-events.server.ts'
import { adminNotificationsRealtime } from '#app/notifications/schema.ts'
import {
  BadOrderFilter,
  countOrdersByStatus,
  getAdminOrderDetails,
  listAdminOrders,
  markAllNotificationsRead,
  recentNotifications,
  unreadNotificationCount,
} from '#app/orders/admin-orders.server.ts'
import { parseAdminOrderFilters } from '#app/orders/admin-orders.ts'
import {
  changeOrderStatus,
  type DeskContext,
  generateDeliveryOtp,
  OrderDeskError,
  verifyDeliveryOtp,
} from '#app/orders/order-desk.server.ts'
import { csvCell, ordersCsv } from '#app/orders/orders-csv.server.ts'
import { orderStatusHistory, orders } from '#app/orders/schema.ts'
import { ORDER_STATUSES } from '#app/orders/status.ts'
import type { Database } from '#app/platform/db.server.ts'
import { startEventBus } from '#app/platform/event-bus.server.ts'
import { initialiseShop } from '#app/platform/first-start.server.ts'
import { createLogger } from '#app/platform/logger.server.ts'
import { auditLog, outboxJobs, shopEvents } from '#app/platform/schema.ts'
import { DATABASE_KINDS, openTestDatabase } from './databases.ts'
import { placeGuestOrder } from './guest-order.ts'
import { changeStatus, orderVersion } from './order-status.ts'
import { drainOutbox } from './outbox.ts'
import { ratlamiSev } from './product-rows.ts'

const logger = createLogger('silent')

describe.each(DATABASE_KINDS)('the orders desk on %s', (kind) => {
  let database: Database
  let db: Database['db']
  let sev: string
  const desk: DeskContext = {
    admin: { id: 'desk-admin', email: 'desk@shop.test', name: 'Desk' },
    otpKey: 'k'.repeat(64),
    notices: { publicUrl: 'http://shop.test', whatsapp: false },
  }

  const place = async (overrides: { quantity?: number; details?: Partial<DeliveryDetails>; createdAt?: Date } = {}) => {
    const placed = await placeGuestOrder(db, [{ productId: sev, size: '250g', quantity: overrides.quantity ?? 1 }], {
      details: overrides.details,
      now: overrides.createdAt,
    })
    return placed.orderId
  }
  const stock = async () =>
    (await db.select({ s: products.stock250g }).from(products).where(eq(products.id, sev)))[0]!.s
  const change = async (orderId: string, to: 'pending' | 'confirmed' | 'shipped' | 'delivered' | 'cancelled') =>
    changeStatus(db, orderId, to, desk)
  /** Delivers what the outbox holds, collecting the messages. */
  const deliverOutbox = async () => {
    const sent: { kind: string; payload: unknown }[] = []
    const handlers = {
      mail: async (payload: unknown) => void sent.push({ kind: 'mail', payload }),
      sms: async (payload: unknown) => void sent.push({ kind: 'sms', payload }),
      push: async (payload: unknown) => void sent.push({ kind: 'push', payload }),
    }
    await drainOutbox(db, handlers)
    return sent
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    db = database.db
    await initialiseShop(db, { seedDemo: false, showcaseMode: false })
    await db.insert(users).values({ id: 'desk-admin', name: 'Shop Owner', email: 'owner@shop.test', role: 'admin' })
  })
  afterAll(async () => {
    await database?.close()
  })
  beforeEach(async () => {
    await db.delete(orders)
    await db.delete(products)
    await db.delete(outboxJobs)
    await db.delete(adminNotificationsRealtime)
    const [row] = await db
      .insert(products)
      .values(ratlamiSev({ stock250g: 10, stock500g: 5, stock1kg: 0 }))
      .returning({ id: products.id })
    sev = row!.id
  })

  describe('the list', () => {
    it('pages newest first without skipping orders placed in the same millisecond', async () => {
      await db.update(products).set({ stock250g: 100 }).where(eq(products.id, sev))
      const at = new Date('2026-11-20T10:00:00.000Z')
      const ids: string[] = []
      for (let i = 0; i < 25; i++) ids.push(await place({ createdAt: at }))
      // Microseconds apart within one millisecond, as orders stamped by the database are.
      await db.execute(
        sql`update orders set created_at = created_at + (random() * 900)::int * interval '1 microsecond'`,
      )
      const first = await listAdminOrders(db, parseAdminOrderFilters(new URLSearchParams()))
      expect(first.orders).toHaveLength(20)
      expect(first.counts).toMatchObject({ all: 25, pending: 25, cancelled: 0 })
      const second = await listAdminOrders(
        db,
        parseAdminOrderFilters(new URLSearchParams({ cursor: first.nextCursor! })),
      )
      expect(second.orders).toHaveLength(5)
      expect(second.nextCursor).toBeNull()
      expect(new Set([...first.orders, ...second.orders].map((order) => order.id))).toEqual(new Set(ids))
    })

    it('filters by status, date, payment and search, with counts per status under the other filters', async () => {
      const old = await place({
        createdAt: new Date('2026-10-01T18:00:00.000Z'),
        details: { fullName: 'Ravi Sharma', phone: '+919123456789' },
      })
      const recent = await place({ createdAt: new Date('2026-11-20T18:00:00.000Z') })
      await change(recent, 'confirmed')
      const filters = (query: Record<string, string>) => parseAdminOrderFilters(new URLSearchParams(query))

      expect((await listAdminOrders(db, filters({ status: 'confirmed' }))).orders.map((o) => o.id)).toEqual([recent])
      const october = await listAdminOrders(db, filters({ from: '2026-10-01', to: '2026-10-31' }))
      expect(october.orders.map((o) => o.id)).toEqual([old])
      expect(october.counts).toMatchObject({ all: 1, pending: 1, confirmed: 0 })
      expect((await listAdminOrders(db, filters({ q: 'sharma' }))).orders.map((o) => o.id)).toEqual([old])
      expect((await listAdminOrders(db, filters({ q: 'ravi sha' }))).orders.map((o) => o.id)).toEqual([old])
      expect((await listAdminOrders(db, filters({ q: '91234 56789' }))).orders.map((o) => o.id)).toEqual([old])
      // Part of the number, as the owner remembers it.
      expect((await listAdminOrders(db, filters({ q: '56789' }))).orders.map((o) => o.id)).toEqual([old])
      expect((await listAdminOrders(db, filters({ q: '91234' }))).counts.all).toBe(1)
      // The country code is not part of the number: '91' + its first digits finds nothing.
      expect((await listAdminOrders(db, filters({ q: '919123' }))).counts.all).toBe(0)
      expect((await listAdminOrders(db, filters({ q: `#${recent.slice(-8)}` }))).orders.map((o) => o.id)).toEqual([
        recent,
      ])
      expect((await listAdminOrders(db, filters({ method: 'online' }))).orders).toEqual([])
      expect((await listAdminOrders(db, filters({ payment: 'pending', method: 'cod' }))).counts.all).toBe(2)
      expect(await countOrdersByStatus(db, filters({}))).toMatchObject({ all: 2, pending: 1, confirmed: 1 })
    })

    it('shows each card as the spec lists it', async () => {
      const id = await place({ quantity: 3 })
      const [card] = (await listAdminOrders(db, parseAdminOrderFilters(new URLSearchParams()))).orders
      expect(card).toMatchObject({
        id,
        number: id.slice(-8),
        status: 'pending',
        totalAmount: 3 * 8000 + 5000,
        itemCount: 3,
        paymentMethod: 'cod',
        firstItems: [{ productName: 'Ratlami Sev', size: '250g', quantity: 3 }],
        moreItems: 0,
        phone: '+919876543210',
        deliveryOtpRequired: false,
      })
    })

    it('refuses malformed filters and page cursors', () => {
      const bad = (query: Record<string, string>) => () => parseAdminOrderFilters(new URLSearchParams(query))
      expect(bad({ status: 'lost' })).toThrow()
      expect(bad({ from: '2026-02-31' })).toThrow()
      expect(bad({ from: '2026-11-02', to: '2026-11-01' })).toThrow('The start date must come before the end date.')
      expect(bad({ method: 'upi' })).toThrow()
      expect(bad({ sort: 'price' })).toThrow()
      expect(bad({ q: 'x'.repeat(101) })).toThrow()
      return expect(
        listAdminOrders(db, parseAdminOrderFilters(new URLSearchParams({ cursor: "1'; drop table orders; --" }))),
      ).rejects.toBeInstanceOf(BadOrderFilter)
    })
  })

  describe('status changes', () => {
    it('records from, to, who and when, adds the activity line, and tells the customer', async () => {
      const id = await place()
      await deliverOutbox()
      expect(await change(id, 'confirmed')).toEqual({ status: 'confirmed', refundable: false, invoiceMissing: false })
      const history = await db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, id))
      expect(history.map((row) => [row.fromStatus, row.toStatus, row.changedBy])).toEqual([
        [null, 'pending', null],
        ['pending', 'confirmed', 'desk-admin'],
      ])
      const [activity] = await db
        .select()
        .from(adminNotificationsRealtime)
        .where(eq(adminNotificationsRealtime.type, 'status_change'))
      expect(activity).toMatchObject({ message: `Order #${id.slice(-8)} status updated to confirmed`, isRead: true })
      const sent = await deliverOutbox()
      expect(sent.map((message) => message.kind).sort()).toEqual(['mail', 'sms'])
      expect(JSON.stringify(sent)).toContain(`Your order #${id.slice(-8)} is confirmed`)
      const details = await getAdminOrderDetails(db, id)
      expect(details?.history.at(-1)).toMatchObject({ fromStatus: 'pending', toStatus: 'confirmed', by: 'Shop Owner' })
      const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, id))
      expect(audit).toMatchObject([
        {
          action: 'order.status',
          actorId: 'desk-admin',
          actorEmail: 'desk@shop.test',
          label: `Order #${id.slice(-8)}`,
          before: { status: 'pending' },
          after: { status: 'confirmed' },
        },
      ])
    })

    it('refuses a change made from a stale screen and changes nothing', async () => {
      const id = await place()
      const seen = await orderVersion(db, id)
      await change(id, 'confirmed')
      await expect(changeOrderStatus(db, { orderId: id, to: 'cancelled', version: seen }, desk)).rejects.toMatchObject({
        kind: 'stale',
      })
      expect((await db.select().from(orders).where(eq(orders.id, id)))[0]?.status).toBe('confirmed')
      expect(await stock()).toBe(9)
    })

    it('returns the packets once on cancelling, and takes them again on reopening while stock allows', async () => {
      const id = await place({ quantity: 4 })
      expect(await stock()).toBe(6)
      await change(id, 'cancelled')
      expect(await stock()).toBe(10)
      await expect(change(id, 'cancelled')).rejects.toMatchObject({ kind: 'unchanged' })
      expect(await stock()).toBe(10)
      await change(id, 'confirmed')
      expect(await stock()).toBe(6)
      await change(id, 'cancelled')
      expect(await stock()).toBe(10)

      // Sold meanwhile: reopening would oversell, so it is refused and nothing moves.
      await db.update(products).set({ stock250g: 3 }).where(eq(products.id, sev))
      await expect(change(id, 'pending')).rejects.toBeInstanceOf(OrderDeskError)
      expect(await stock()).toBe(3)
      expect((await db.select().from(orders).where(eq(orders.id, id)))[0]?.status).toBe('cancelled')
    })

    it('marks a cash-on-delivery order paid while it is delivered, and an online one never', async () => {
      const cod = await place()
      const paymentOf = async (orderId: string) =>
        (await db.select({ paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, orderId)))[0]
          ?.paymentStatus
      await change(cod, 'delivered')
      expect(await paymentOf(cod)).toBe('paid')
      await change(cod, 'shipped')
      expect(await paymentOf(cod)).toBe('pending')
      const online = await place()
      await db.update(orders).set({ paymentMethod: 'phonepe' }).where(eq(orders.id, online))
      await change(online, 'delivered')
      expect(await paymentOf(online)).toBe('pending')
    })

    it('allows every status from every other, each with its activity line, and refuses the same status again', async () => {
      await db.update(products).set({ stock250g: 100 }).where(eq(products.id, sev))
      for (const from of ORDER_STATUSES) {
        for (const to of ORDER_STATUSES) {
          const id = await place()
          if (from !== 'pending') await change(id, from)
          if (to === from) {
            await expect(change(id, to)).rejects.toMatchObject({ kind: 'unchanged' })
            continue
          }
          await change(id, to)
          const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, id))
          expect(row?.status, `${from} -> ${to}`).toBe(to)
          const lines = await db
            .select({ message: adminNotificationsRealtime.message })
            .from(adminNotificationsRealtime)
            .where(eq(adminNotificationsRealtime.orderId, id))
          expect(lines.map((line) => line.message)).toContain(`Order #${id.slice(-8)} status updated to ${to}`)
        }
      }
    })

    it('answers an unknown order as not found', async () => {
      await expect(
        changeOrderStatus(db, { orderId: randomUUID(), to: 'confirmed', version: new Date().toISOString() }, desk),
      ).rejects.toMatchObject({ kind: 'not-found' })
    })
  })

  describe('the delivery OTP', () => {
    const codeSentFor = async (orderId: string) => {
      const [job] = await db
        .select()
        .from(outboxJobs)
        .where(
          sql`${outboxJobs.kind} = 'sms' and ${outboxJobs.payload}->>'text' like ${`%#${orderId.slice(-8)} is out for delivery%`}`,
        )
        .orderBy(sql`${outboxJobs.id} desc`)
        .limit(1)
      const text = (job?.payload as { text?: string } | undefined)?.text ?? ''
      const code = /OTP (\d{6})/.exec(text)?.[1]
      if (!code) throw new Error(`no delivery OTP was sent for order ${orderId}`)
      return code
    }

    it('is sent on shipping, verifies once, and marks the order delivered with the time', async () => {
      const id = await place()
      await change(id, 'shipped')
      const code = await codeSentFor(id)
      const [shipped] = await db.select().from(orders).where(eq(orders.id, id))
      expect(shipped).toMatchObject({ deliveryOtpRequired: true, deliveryOtpVerified: false, deliveryOtpAttempts: 0 })
      expect(shipped?.deliveryOtpHash).not.toContain(code)
      const wrong = code === '000000' ? '111111' : '000000'
      expect(await verifyDeliveryOtp(db, { orderId: id, code: wrong }, desk)).toEqual({
        ok: false,
        reason: 'wrong',
        attemptsLeft: 4,
      })
      expect(await verifyDeliveryOtp(db, { orderId: id, code }, desk)).toEqual({ ok: true, invoiceMissing: false })
      const [delivered] = await db.select().from(orders).where(eq(orders.id, id))
      // Cash on delivery: collected at the door.
      expect(delivered).toMatchObject({
        status: 'delivered',
        deliveryOtpVerified: true,
        deliveryOtpHash: null,
        paymentStatus: 'paid',
      })
      expect(delivered?.deliveredAt).toBeInstanceOf(Date)
      await expect(verifyDeliveryOtp(db, { orderId: id, code }, desk)).rejects.toMatchObject({ kind: 'not-shipped' })
    })

    it('locks after 5 wrong tries until a new OTP replaces the old one', async () => {
      const id = await place()
      await change(id, 'shipped')
      const first = await codeSentFor(id)
      const wrong = first === '000000' ? '111111' : '000000'
      for (let i = 0; i < 5; i++) await verifyDeliveryOtp(db, { orderId: id, code: wrong }, desk)
      expect(await verifyDeliveryOtp(db, { orderId: id, code: first }, desk)).toMatchObject({
        ok: false,
        reason: 'locked',
      })
      const { code } = await generateDeliveryOtp(db, id, desk)
      expect(code).toMatch(/^\d{6}$/)
      expect(await codeSentFor(id)).toBe(code)
      if (code !== first) {
        expect(await verifyDeliveryOtp(db, { orderId: id, code: first }, desk)).toMatchObject({ ok: false })
      }
      expect(await verifyDeliveryOtp(db, { orderId: id, code }, desk)).toEqual({ ok: true, invoiceMissing: false })
    })

    it('refuses an expired OTP', async () => {
      const id = await place()
      await change(id, 'shipped')
      const code = await codeSentFor(id)
      const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000 + 1000)
      expect(await verifyDeliveryOtp(db, { orderId: id, code }, { ...desk, now: tomorrow })).toMatchObject({
        ok: false,
        reason: 'wrong',
      })
    })

    it('is made only for a shipped order', async () => {
      const id = await place()
      await expect(generateDeliveryOtp(db, id, desk)).rejects.toMatchObject({ kind: 'not-shipped' })
    })

    it('is kept nowhere in plain text once the customer has been sent it', async () => {
      const id = await place()
      await change(id, 'shipped')
      const code = await codeSentFor(id)
      const sent = await deliverOutbox()
      expect(JSON.stringify(sent)).toContain(code)
      const jobs = await db.select().from(outboxJobs)
      expect(JSON.stringify(jobs)).not.toContain(`OTP ${code}`)
      expect(JSON.stringify(jobs)).not.toContain(`OTP is ${code}`)
      const [row] = await db.select().from(orders).where(eq(orders.id, id))
      expect(JSON.stringify(row)).not.toContain(code)
    })
  })

  describe('notifications', () => {
    it('counts unread ones and marks them all read', async () => {
      await place()
      await place()
      expect(await unreadNotificationCount(db)).toBe(2)
      expect(await markAllNotificationsRead(db)).toBe(2)
      expect(await unreadNotificationCount(db)).toBe(0)
    })

    it('shows the 5 latest in Recent Activity, newest first', async () => {
      const start = Date.parse('2026-11-20T10:00:00Z')
      await db.insert(adminNotificationsRealtime).values(
        Array.from({ length: 7 }, (_, i) => ({
          type: 'new_order',
          message: `Activity ${i + 1}`,
          createdAt: new Date(start + i * 60_000),
        })),
      )
      expect((await recentNotifications(db)).map((item) => item.message)).toEqual([
        'Activity 7',
        'Activity 6',
        'Activity 5',
        'Activity 4',
        'Activity 3',
      ])
    })

    it('tells the shop of every new order by e-mail and SMS', async () => {
      const id = await place({ quantity: 2 })
      const sent = await deliverOutbox()
      const toShop = sent.filter((message) => JSON.stringify(message.payload).includes(`New order #${id.slice(-8)}`))
      expect(toShop.map((message) => message.kind).sort()).toEqual(['mail', 'sms'])
      expect(toShop.find((message) => message.kind === 'sms')?.payload).toMatchObject({ to: '+919876543210' })
    })
  })

  describe('the change feed', () => {
    it('announces a new order and a status change when they commit, and resumes from Last-Event-ID', async () => {
      const bus = await startEventBus(database, logger)
      const notices: (number | null)[] = []
      bus.subscribe((id) => notices.push(id))
      try {
        const id = await place()
        await expect.poll(() => notices.length).toBeGreaterThan(0)
        const feed = await db.select().from(shopEvents).where(eq(shopEvents.orderId, id))
        expect(feed.map((row) => row.topic).sort()).toEqual(['notification', 'order'])

        const controller = new AbortController()
        const stream = adminEventStream({
          db,
          bus,
          lastEventId: String(Math.min(...feed.map((row) => row.id)) - 1),
          signal: controller.signal,
        })
        const reader = stream.getReader()
        let text = ''
        while (!text.includes('New order #')) {
          const { value } = await reader.read()
          text += new TextDecoder().decode(value)
        }
        expect(text).toContain(`event: order\ndata: {"orderId":"${id}"}`)
        // Nothing the browser had seen before reconnecting comes again.
        expect(text).not.toContain(`id: ${Math.min(...feed.map((row) => row.id)) - 1}\n`)
        await change(id, 'confirmed')
        while (!text.includes('status updated to confirmed')) {
          const { value } = await reader.read()
          text += new TextDecoder().decode(value)
        }
        controller.abort()
      } finally {
        await bus.close()
      }
    })
  })

  describe('the CSV export', () => {
    it('streams every matching order and neutralises formulas', async () => {
      for (let i = 0; i < 3; i++) await place({ details: { fullName: '=HYPERLINK("http://evil.example","x")' } })
      const text = await new Response(ordersCsv(db, {})).text()
      const lines = text.trim().split('\r\n')
      expect(lines).toHaveLength(4)
      expect(lines[0]).toContain('"Order number"')
      expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`)
      expect(csvCell('+91 98765')).toBe(`"'+91 98765"`)
      expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`)
      expect(csvCell('-2')).toBe(`"'-2"`)
      expect(csvCell('Ratlami "Sev"')).toBe('"Ratlami ""Sev"""')
    })
  })
})
