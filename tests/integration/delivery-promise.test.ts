// The delivery promise kept on the order (issue 17, item 2; docs/decisions/023-delivery-zones.md):
// placing an order stores the day its zone promised, by the PIN code box's rules (IST business days,
// the cut-off, Sundays and the owner's holidays), with a fixed clock; the order-received and order-
// confirmed mails quote that day in the order's language; the shopper's order views read it back. An
// order placed before the promise was kept (no day) still gets the spec's "2-4 business days".
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '#app/accounts/schema.ts'
import { products } from '#app/catalog/schema.ts'
import { deliveryQuote } from '#app/delivery/zones.server.ts'
import type { Locale } from '#app/i18n/locale.ts'
import type { DeskContext } from '#app/orders/order-desk.server.ts'
import { findVisibleOrder, trackOrder } from '#app/orders/orders.server.ts'
import { orders } from '#app/orders/schema.ts'
import type { Database } from '#app/platform/db.server.ts'
import { initialiseShop } from '#app/platform/first-start.server.ts'
import { createLogger } from '#app/platform/logger.server.ts'
import { createMailer, mailboxFolder } from '#app/platform/mailer.server.ts'
import { temporaryDataDir } from '../server-process.ts'
import { DATABASE_KINDS, openTestDatabase } from './databases.ts'
import { readFolder } from './folder-messages.ts'
import { placeGuestOrder } from './guest-order.ts'
import { changeStatus } from './order-status.ts'
import { drainOutbox } from './outbox.ts'
import { ratlamiSev } from './product-rows.ts'

const logger = createLogger('silent')

describe.each(DATABASE_KINDS)('the delivery promise on the order (%s)', (kind) => {
  let database: Database
  let sev: string
  const dataDir = temporaryDataDir()
  const desk: DeskContext = {
    admin: { id: 'promise-admin', email: 'promise@shop.test', name: 'Owner' },
    otpKey: 'k'.repeat(64),
    notices: { publicUrl: 'https://shop.example', whatsapp: false },
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    // The default zones and calendar (migration 0010): Indore is a metro (2-3 business days), the
    // cut-off is 14:00 IST, 26 January 2027 is a holiday.
    await initialiseShop(database.db, { seedDemo: false, showcaseMode: false })
    await database.db
      .insert(users)
      .values({ id: 'promise-admin', name: 'Owner', email: 'promise@shop.example', role: 'admin' })
    const [row] = await database.db
      .insert(products)
      .values(ratlamiSev({ stock250g: 50 }))
      .returning({ id: products.id })
    sev = row!.id
  })
  afterAll(async () => {
    await database?.close()
  })

  async function place(now: Date, { email = 'promise@example.in', locale }: { email?: string; locale?: Locale } = {}) {
    return placeGuestOrder(database.db, [{ productId: sev, size: '250g', quantity: 1 }], {
      details: { email },
      sessionHash: 'promise-session',
      notices: desk.notices,
      ...(locale ? { locale } : {}),
      now,
    })
  }

  async function storedDay(orderId: string) {
    const [row] = await database.db.select({ day: orders.deliveryBy }).from(orders).where(eq(orders.id, orderId))
    return row!.day
  }

  /** The shopper's mails about one order, once the outbox has sent everything due. */
  async function mailsAbout(number: string, to: string) {
    const mailer = createMailer({ from: 'shop@shop.example', dataDir, logger })
    const handlers = {
      mail: (message: Parameters<typeof mailer.send>[0]) => mailer.send(message),
      sms: async () => {},
      push: async () => {},
    }
    await drainOutbox(database.db, handlers)
    const mails = await readFolder<{ to: string; subject: string; text: string }>(mailboxFolder(dataDir))
    return mails.filter((mail) => mail.to === to && mail.subject.includes(number))
  }

  const confirm = (orderId: string) => changeStatus(database.db, orderId, 'confirmed', desk)

  it('stores the day the PIN code box promised, across the cut-off, a Sunday and a holiday', async () => {
    const cases: [string, Date, string][] = [
      // Monday before the cut-off: counted from that day, three business days on.
      ['Monday 10:00 IST', new Date('2026-11-23T10:00:00+05:30'), '2026-11-26'],
      // Saturday after the cut-off: counted from Monday (Sunday is no business day).
      ['Saturday 15:00 IST', new Date('2026-11-28T15:00:00+05:30'), '2026-12-03'],
      // Monday 25 January after the cut-off: Republic Day is skipped, counted from Wednesday.
      ['before Republic Day', new Date('2027-01-25T16:00:00+05:30'), '2027-01-30'],
    ]
    for (const [label, now, day] of cases) {
      const placed = await place(now)
      expect(await storedDay(placed.orderId), label).toBe(day)
      const quote = await deliveryQuote(database.db, '452010', now)
      expect(quote?.served && quote.by, label).toBe(day)
    }
  })

  it('quotes the promised day in the order-received and order-confirmed mails, in English and in Hindi', async () => {
    const monday = new Date('2026-11-23T10:00:00+05:30')
    const english = await place(monday, { email: 'promise-en@example.in' })
    const hindi = await place(monday, { email: 'promise-hi@example.in', locale: 'hi' })
    await confirm(english.orderId)
    await confirm(hindi.orderId)

    const inEnglish = await mailsAbout(english.orderNumber, 'promise-en@example.in')
    expect(
      inEnglish.find((mail) => mail.subject.startsWith('Order #') && mail.subject.includes('received'))?.text,
    ).toContain('deliver it by Thursday, 26 November.')
    expect(inEnglish.find((mail) => mail.subject.includes('confirmed'))?.text).toContain(
      'reaches you by Thursday, 26 November.',
    )
    for (const mail of inEnglish) expect(mail.text).not.toContain('2-4 business days')

    const inHindi = await mailsAbout(hindi.orderNumber, 'promise-hi@example.in')
    expect(inHindi.find((mail) => mail.subject.includes('मिल गया'))?.text).toContain(
      'गुरुवार, 26 नवंबर तक आपके पास पहुँचा देंगे।',
    )
    expect(inHindi.find((mail) => mail.subject.includes('कन्फ़र्म'))?.text).toContain(
      'गुरुवार, 26 नवंबर तक आपके पास पहुँच जाएगा।',
    )
  })

  it('gives the shopper’s order views the promised day, and keeps the spec’s text for an order placed without one', async () => {
    const placed = await place(new Date('2026-11-23T10:00:00+05:30'), { email: 'promise-views@example.in' })
    const visible = await findVisibleOrder(database.db, placed.orderId, {
      userId: null,
      visitorHash: 'promise-session',
    })
    expect(visible?.deliveryBy).toBe('2026-11-26')
    expect((await trackOrder(database.db, placed.orderNumber, '+919876543210'))?.deliveryBy).toBe('2026-11-26')

    // An order from before the promise was kept: no day stored.
    const old = await place(new Date('2026-11-23T10:00:00+05:30'), { email: 'promise-old@example.in' })
    await database.db.update(orders).set({ deliveryBy: null }).where(eq(orders.id, old.orderId))
    expect((await trackOrder(database.db, old.orderNumber, '+919876543210'))?.deliveryBy).toBeNull()
    await confirm(old.orderId)
    const confirmed = (await mailsAbout(old.orderNumber, 'promise-old@example.in')).find((mail) =>
      mail.subject.includes('confirmed'),
    )
    expect(confirmed?.text).toContain('reaches you in 2-4 business days.')
  })
})
