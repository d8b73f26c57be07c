// Tax invoices and credit notes against a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL
// is set): issued in the transaction that confirms, pays or cancels the order, numbered per financial
// year without gaps or repeats under parallel confirmations, and kept as issued. An invoice that cannot
// be issued leaves the payment or status change standing, takes no number and tells the owner why.
import { randomUUID } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { users } from '#app/accounts/schema.ts'
import { products } from '#app/catalog/schema.ts'
import type { DeliveryDetails } from '#app/checkout/delivery-form.ts'
import { orderPapers } from '#app/invoices/invoices.server.ts'
import { INVOICE_NOT_ISSUED } from '#app/invoices/issue-invoice.server.ts'
import { creditNotes, documentCounters, invoices } from '#app/invoices/schema.ts'
import { adminNotificationsRealtime } from '#app/notifications/schema.ts'
import { getAdminOrderDetails } from '#app/orders/admin-orders.server.ts'
import { changeOrderStatus, type DeskContext } from '#app/orders/order-desk.server.ts'
import { orderItems, orderStatusHistory, orders } from '#app/orders/schema.ts'
import { orderNumber } from '#app/orders/status.ts'
import { applyGatewayReport } from '#app/payments/payments.server.ts'
import { paymentAttempts } from '#app/payments/schema.ts'
import type { Database } from '#app/platform/db.server.ts'
import { initialiseShop } from '#app/platform/first-start.server.ts'
import { settings } from '#app/settings/schema.ts'
import { gstinCheckCharacter } from '#app/shared/gstin.ts'
import { DATABASE_KINDS, openTestDatabase } from './databases.ts'
import { placeGuestOrder } from './guest-order.ts'
import { changeStatus, orderVersion } from './order-status.ts'
import { ratlamiSev } from './product-rows.ts'

const GSTIN = `23ABCDE1234F1Z${gstinCheckCharacter('23ABCDE1234F1Z')}`

describe.each(DATABASE_KINDS)('tax invoices on %s', (kind) => {
  let database: Database
  let db: Database['db']
  let sev: string
  /** What the server logged at warn level or above. */
  let logged: { level: number; msg: string; orderId?: string; reason?: string }[] = []
  const log = pino({ level: 'warn' }, { write: (line: string) => logged.push(JSON.parse(line)) })
  const NOTICES = { publicUrl: 'http://shop.test', whatsapp: false }
  const desk = (now?: Date): DeskContext => ({
    admin: { id: 'invoice-admin', email: 'owner@shop.test', name: 'Owner' },
    otpKey: 'k'.repeat(64),
    notices: NOTICES,
    log,
    now,
  })

  const place = async (
    overrides: { quantity?: number; details?: Partial<DeliveryDetails>; online?: boolean; at?: Date } = {},
  ) => {
    const placed = await placeGuestOrder(db, [{ productId: sev, size: '250g', quantity: overrides.quantity ?? 2 }], {
      details: { paymentMethod: overrides.online ? 'online' : 'cod', ...overrides.details },
      onlinePaymentAvailable: overrides.online ?? false,
      now: overrides.at,
    })
    return placed.orderId
  }
  const change = async (orderId: string, to: 'pending' | 'confirmed' | 'shipped' | 'cancelled', now?: Date) =>
    changeStatus(db, orderId, to, desk(now))
  const invoicesOf = (orderId: string) =>
    db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.issuedAt))
  /** The owner's notices that the order has no invoice, and those its details show. */
  const invoiceNotices = async (orderId: string) => ({
    all: await db
      .select()
      .from(adminNotificationsRealtime)
      .where(eq(adminNotificationsRealtime.orderId, orderId))
      .then((rows) => rows.filter((row) => row.type === INVOICE_NOT_ISSUED)),
    shown: (await getAdminOrderDetails(db, orderId))!.attentionNotices.filter(
      (notice) => notice.type === INVOICE_NOT_ISSUED,
    ),
  })
  /** Edits an order's first line by hand (as imported or corrected data does), leaving its total as it was. */
  const setFirstLinePrice = async (orderId: string, price: number) => {
    const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).limit(1)
    await db.update(orderItems).set({ price }).where(eq(orderItems.id, line!.id))
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    db = database.db
    await initialiseShop(db, { seedDemo: false, showcaseMode: false })
    await db.insert(users).values({ id: 'invoice-admin', name: 'Owner', email: 'owner@shop.test', role: 'admin' })
  })
  afterAll(async () => {
    await database?.close()
  })
  beforeEach(async () => {
    await db.delete(orders)
    await db.delete(products)
    await db.delete(documentCounters)
    logged = []
    await db.update(settings).set({ gstin: GSTIN, state: 'Madhya Pradesh', legalName: 'Malwa Foods LLP' })
    const [row] = await db
      .insert(products)
      .values(ratlamiSev({ stock250g: 500 }))
      .returning({ id: products.id })
    sev = row!.id
  })

  it('issues a tax invoice when the owner confirms the order, with CGST + SGST within the state', async () => {
    const orderId = await place()
    expect(await invoicesOf(orderId)).toEqual([])
    await change(orderId, 'confirmed', new Date('2026-11-24T10:00:00+05:30'))
    const [invoice] = await invoicesOf(orderId)
    expect(invoice).toMatchObject({ kind: 'tax-invoice', number: 'INV/26-27/000001', totalAmount: 21000 })
    // Sev ₹80 x 2 = 16000 and delivery 5000, as in the unit test's hand-worked example.
    expect(invoice!.document.money.totals).toEqual({
      gross: 21000,
      discount: 0,
      taxable: 16000 - 762 + 5000 - 238,
      cgst: 381 + 119,
      sgst: 381 + 119,
      igst: 0,
      total: 21000,
    })
    expect(invoice!.document.seller).toMatchObject({ gstin: GSTIN, legalName: 'Malwa Foods LLP', stateCode: '23' })
    expect(invoice!.document.buyer).toMatchObject({ name: 'Asha Verma', state: 'Madhya Pradesh', stateCode: '23' })
    expect(invoice!.document.localTaxName).toBe('SGST')
    // Shipping it later keeps the one invoice.
    await change(orderId, 'shipped')
    expect(await invoicesOf(orderId)).toHaveLength(1)
  })

  it('charges IGST to another state and keeps the invoice as issued when settings and products change', async () => {
    const orderId = await place({ details: { state: 'Maharashtra', city: 'Pune', pincode: '411001' } })
    await change(orderId, 'confirmed')
    await db.update(settings).set({ legalName: 'Renamed Foods', gstin: '' })
    await db.update(products).set({ gstRateBp: 1800, hsnCode: '19059020' })
    const document = (await orderPapers(db, orderId)).invoices[0]!.document
    expect(document.buyer).toMatchObject({ state: 'Maharashtra', stateCode: '27' })
    expect(document.seller.legalName).toBe('Malwa Foods LLP')
    expect(document.money.lines.map((line) => [line.rateBp, line.hsn, line.igst, line.cgst])).toEqual([
      [500, '210690', 762, 0],
      [500, '210690', 238, 0],
    ])
  })

  it('issues a plain receipt with no tax lines when the shop has no GSTIN', async () => {
    await db.update(settings).set({ gstin: '' })
    const orderId = await place()
    await change(orderId, 'confirmed', new Date('2026-11-24T10:00:00+05:30'))
    const [invoice] = await invoicesOf(orderId)
    expect(invoice).toMatchObject({ kind: 'receipt', number: 'RCT/26-27/000001' })
    expect(invoice!.document.money.totals).toMatchObject({ taxable: 21000, cgst: 0, sgst: 0, igst: 0, total: 21000 })
  })

  it('issues the invoice in the transaction that records an online payment', async () => {
    const orderId = await place({ online: true })
    const merchantOrderId = `M${randomUUID().replaceAll('-', '')}`
    await db.insert(paymentAttempts).values({ orderId, provider: 'phonepe', merchantOrderId, amount: 21000 })
    expect(
      await applyGatewayReport(db, { merchantOrderId, state: 'COMPLETED', amount: 21000 }, { notices: NOTICES }),
    ).toBe('paid')
    const [invoice] = await invoicesOf(orderId)
    expect(invoice).toMatchObject({ kind: 'tax-invoice', totalAmount: 21000 })
    // The owner confirming it afterwards issues no second invoice.
    await change(orderId, 'confirmed')
    expect(await invoicesOf(orderId)).toHaveLength(1)
  })

  it('gives a cancelled order a credit note referring to its invoice, and a reopened one a new invoice', async () => {
    const orderId = await place()
    await change(orderId, 'confirmed')
    await change(orderId, 'cancelled')
    const [invoice] = await invoicesOf(orderId)
    const [note] = await db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId))
    expect(note).toMatchObject({ invoiceId: invoice!.id, totalAmount: 21000, reason: 'Order cancelled' })
    expect(note!.number).toMatch(/^CN\/\d{2}-\d{2}\/000001$/)
    expect(invoice!.creditedAt).not.toBeNull()
    // Cancelling an order that was never invoiced issues nothing.
    const never = await place()
    await change(never, 'cancelled')
    expect(await db.select().from(creditNotes).where(eq(creditNotes.orderId, never))).toEqual([])

    await change(orderId, 'confirmed')
    const both = await invoicesOf(orderId)
    expect(both.map((row) => row.number)).toEqual([invoice!.number, invoice!.number.replace(/1$/, '2')])
    expect(both[1]!.creditedAt).toBeNull()
    const papers = await orderPapers(db, orderId)
    expect(papers.creditNotes.map((row) => row.invoiceNumber)).toEqual([invoice!.number])
  })

  it('starts numbering again at 1 April 00:00 India time', async () => {
    const [a, b, c] = [await place(), await place(), await place()]
    await change(a, 'confirmed', new Date('2027-03-31T23:58:00+05:30'))
    await change(b, 'confirmed', new Date('2027-03-31T23:59:59+05:30'))
    await change(c, 'confirmed', new Date('2027-04-01T00:00:00+05:30'))
    const numbers = await Promise.all([a, b, c].map(async (id) => (await invoicesOf(id))[0]!.number))
    expect(numbers).toEqual(['INV/26-27/000001', 'INV/26-27/000002', 'INV/27-28/000001'])
  })

  it('never repeats or skips a number when the owner confirms many orders at once', async () => {
    const count = 24
    const ids = await Promise.all(Array.from({ length: count }, () => place({ quantity: 1 })))
    const versions = await Promise.all(ids.map((orderId) => orderVersion(db, orderId)))
    const now = new Date('2026-11-24T12:00:00+05:30')
    const results = await Promise.allSettled(
      ids.map((orderId, i) => changeOrderStatus(db, { orderId, to: 'confirmed', version: versions[i]! }, desk(now))),
    )
    expect(results.filter((result) => result.status === 'rejected')).toEqual([])
    const numbers = (await db.select({ number: invoices.number }).from(invoices)).map((row) => row.number).sort()
    expect(numbers).toEqual(Array.from({ length: count }, (_, i) => `INV/26-27/${String(i + 1).padStart(6, '0')}`))
  })

  it('issues the invoice of an order confirmed before invoices existed when it is first opened', async () => {
    const orderId = await place()
    await db.update(orders).set({ status: 'delivered' }).where(eq(orders.id, orderId))
    const [first, again] = [await orderPapers(db, orderId), await orderPapers(db, orderId)]
    expect(first.invoices).toHaveLength(1)
    expect(again.invoices.map((row) => row.number)).toEqual(first.invoices.map((row) => row.number))
    // A pending order has no invoice to open, and none is missing.
    expect(await orderPapers(db, await place())).toMatchObject({ invoices: [], invoiceMissing: false })
  })

  describe('an invoice that cannot be issued', () => {
    it('does not undo the payment: the order is paid, has no invoice, and the owner is told why', async () => {
      const orderId = await place({ online: true })
      // Its total edited by hand to ₹215: its lines and delivery still come to ₹210.
      await db.update(orders).set({ totalAmount: 21500 }).where(eq(orders.id, orderId))
      const merchantOrderId = `M${randomUUID().replaceAll('-', '')}`
      await db.insert(paymentAttempts).values({ orderId, provider: 'phonepe', merchantOrderId, amount: 21500 })
      const report = { merchantOrderId, state: 'COMPLETED', amount: 21500 } as const

      expect(await applyGatewayReport(db, report, { log, notices: NOTICES })).toBe('paid')
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
      expect(order!.paymentStatus).toBe('paid')
      expect(await invoicesOf(orderId)).toEqual([])
      // No number was taken by the failed attempt.
      expect(await db.select().from(documentCounters)).toEqual([])
      const { all, shown } = await invoiceNotices(orderId)
      expect(all).toHaveLength(1)
      expect(all[0]!.isRead).toBe(false)
      expect(all[0]!.message).toContain(
        `Order #${orderNumber(orderId)} has no invoice: its lines and delivery come to ₹210.00 but its total is ₹215.00.`,
      )
      expect(shown.map((notice) => notice.message)).toEqual([all[0]!.message])
      expect(logged).toContainEqual(
        expect.objectContaining({
          level: 40,
          msg: 'invoice not issued',
          orderId,
          reason: expect.stringContaining('₹215.00'),
        }),
      )
      // PhonePe's retry of the webhook is a repeat now, not another failure.
      expect(await applyGatewayReport(db, report, { log, notices: NOTICES })).toBe('repeat')

      // Opening the invoice before the order is put right shows it missing, and tells the owner nothing new.
      expect(await orderPapers(db, orderId, { log })).toMatchObject({ invoices: [], invoiceMissing: true })
      expect((await invoiceNotices(orderId)).all).toHaveLength(1)

      await db.update(orders).set({ totalAmount: 21000 }).where(eq(orders.id, orderId))
      const papers = await orderPapers(db, orderId, { log })
      expect(papers.invoiceMissing).toBe(false)
      expect(papers.invoices.map((invoice) => invoice.number)).toEqual([
        expect.stringMatching(/^INV\/\d{2}-\d{2}\/000001$/),
      ])
      expect((await invoiceNotices(orderId)).shown).toEqual([])
    })

    it('does not undo the desk’s status change, and the next change issues it once the order is corrected', async () => {
      const at = new Date('2026-11-24T10:00:00+05:30')
      const [before, edited, after] = [await place(), await place(), await place()]
      await change(before, 'confirmed', at)
      // A line's price edited by hand: the lines come to ₹190, the order's total is still ₹210.
      await setFirstLinePrice(edited, 7000)

      expect(await change(edited, 'confirmed', at)).toMatchObject({ status: 'confirmed', invoiceMissing: true })
      const [order] = await db.select().from(orders).where(eq(orders.id, edited))
      expect(order!.status).toBe('confirmed')
      const history = await db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, edited))
      expect(history.map((row) => row.toStatus)).toEqual(['pending', 'confirmed'])
      expect(await invoicesOf(edited)).toEqual([])
      const { shown } = await invoiceNotices(edited)
      expect(shown.map((notice) => notice.message)).toEqual([
        expect.stringContaining(
          `Order #${orderNumber(edited)} has no invoice: its lines and delivery come to ₹190.00 but its total is ₹210.00.`,
        ),
      ])
      expect(logged).toContainEqual(expect.objectContaining({ level: 40, msg: 'invoice not issued', orderId: edited }))

      // Shipped with the same fault: still no invoice, and no second notice for the same reason.
      await change(edited, 'shipped', at)
      expect(await invoicesOf(edited)).toEqual([])
      expect((await invoiceNotices(edited)).all).toHaveLength(1)

      // The failed attempts gave their numbers back: the next invoice follows the last one issued.
      await change(after, 'confirmed', at)
      expect((await invoicesOf(after))[0]!.number).toBe('INV/26-27/000002')

      await setFirstLinePrice(edited, 8000)
      await changeStatus(db, edited, 'delivered', desk(at))
      expect((await invoicesOf(edited)).map((invoice) => invoice.number)).toEqual(['INV/26-27/000003'])
      expect((await invoiceNotices(edited)).shown).toEqual([])
      expect((await invoicesOf(before))[0]!.number).toBe('INV/26-27/000001')
    })

    it('no longer shows why an order has no invoice once it is cancelled and needs none', async () => {
      const at = new Date('2026-11-24T10:00:00+05:30')
      const orderId = await place()
      await setFirstLinePrice(orderId, 7000)
      await change(orderId, 'confirmed', at)
      expect((await invoiceNotices(orderId)).shown).toHaveLength(1)
      await change(orderId, 'cancelled', at)
      expect((await invoiceNotices(orderId)).shown).toEqual([])
    })

    it('when the year’s invoice numbers are used up, confirms the order, takes no number and tells the owner', async () => {
      const at = new Date('2026-11-24T10:00:00+05:30')
      await db.insert(documentCounters).values({ series: 'INV', financialYear: '26-27', lastSerial: 999_999 })
      const orderId = await place()
      await change(orderId, 'confirmed', at)
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId))
      expect(order!.status).toBe('confirmed')
      expect(await invoicesOf(orderId)).toEqual([])
      expect(await db.select({ lastSerial: documentCounters.lastSerial }).from(documentCounters)).toEqual([
        { lastSerial: 999_999 },
      ])
      expect((await invoiceNotices(orderId)).shown.map((notice) => notice.message)).toEqual([
        expect.stringContaining('has no invoice: all 9,99,999 numbers of the INV/26-27 series are used up.'),
      ])
    })

    it('when the year’s credit-note numbers are used up, refuses to cancel and changes nothing', async () => {
      const at = new Date('2026-11-24T10:00:00+05:30')
      const orderId = await place()
      await change(orderId, 'confirmed', at)
      await db.insert(documentCounters).values({ series: 'CN', financialYear: '26-27', lastSerial: 999_999 })
      const [before] = await db.select().from(orders).where(eq(orders.id, orderId))
      await expect(change(orderId, 'cancelled', at)).rejects.toMatchObject({
        name: 'OrderDeskError',
        kind: 'no-credit-note',
        message: `Order #${orderId.slice(-8)} was not cancelled: its credit note cannot be issued, because all 9,99,999 numbers of the CN/26-27 series are used up.`,
      })
      expect(await db.select().from(orders).where(eq(orders.id, orderId))).toEqual([before])
      expect((await invoicesOf(orderId))[0]!.creditedAt).toBeNull()
      expect(await db.select().from(creditNotes).where(eq(creditNotes.orderId, orderId))).toEqual([])
    })
  })
})
