// Shipping an order by hand (issue 30, part 1; docs/decisions/025-manual-courier.md). First through
// the desk's and the Settings tab's route actions against a real database (PGlite always, PostgreSQL
// when TEST_DATABASE_URL is set), with the fields the pages post: the courier and AWB recorded in the
// transaction of the change, the link filled from the owner's template, the shipped e-mail and SMS in
// the order's language, the shop's own rider keeping the delivery OTP, and every bad input refused
// with a 4xx and a sentence, changing nothing. Then on the production server (needs a build): the
// shopper's My Orders, Track Order and invoice page show the courier, the number and the link, and a
// parcel booked through Shiprocket its timeline of scans and the courier's expected day.
import { eq, gt, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { users } from '#app/accounts/schema.ts'
import { products } from '#app/catalog/schema.ts'
import { formatDeliveryDay } from '#app/delivery/delivery-date.ts'
import type { Locale } from '#app/i18n/locale.ts'
import type { DeskContext } from '#app/orders/order-desk.server.ts'
import { orderAction } from '#app/orders/order-desk-routes.server.ts'
import { trackOrder } from '#app/orders/orders.server.ts'
import { ordersCsv } from '#app/orders/orders-csv.server.ts'
import { orders } from '#app/orders/schema.ts'
import type { Database, Db } from '#app/platform/db.server.ts'
import { initialiseShop } from '#app/platform/first-start.server.ts'
import { outboxJobs } from '#app/platform/schema.ts'
import type { Services } from '#app/platform/services.server.ts'
import { getSettings } from '#app/settings/settings.server.ts'
import { settingsAction } from '#app/settings/settings-routes.server.ts'
import { DEFAULT_TRACKING_URLS } from '#app/shipping/couriers.ts'
import { shipmentScans, shipments } from '#app/shipping/schema.ts'
import { latestShipment, latestShipments } from '#app/shipping/shipments.server.ts'
import { createShopServer, type ShopServer } from '../../scripts/drills/lib/shop-server.ts'
import { Shopper } from '../../scripts/drills/lib/shopper.ts'
import { DATABASE_KINDS, openTestDatabase } from './databases.ts'
import { placeGuestOrder } from './guest-order.ts'
import { changeStatus, orderVersion } from './order-status.ts'
import { drainOutbox } from './outbox.ts'
import { ratlamiSev } from './product-rows.ts'
import { ownerPost, ownerServices, settle } from './route-answer.ts'

const PUBLIC_URL = 'http://127.0.0.1:3996'
const OWNER = { id: 'shipping-owner', name: 'Owner', email: 'owner@shop.test', role: 'admin', twoFactorEnabled: false }

interface Sent {
  mails: { to: string; subject: string; text: string; html: string }[]
  texts: { to: string; text: string }[]
}

describe.each(DATABASE_KINDS)('shipping by hand on %s', (kind) => {
  let database: Database
  let db: Database['db']
  let services: Services
  let sev: string
  const desk: DeskContext = {
    admin: { id: OWNER.id, email: OWNER.email, name: OWNER.name },
    otpKey: 'k'.repeat(64),
    notices: { publicUrl: PUBLIC_URL, whatsapp: false },
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    db = database.db
    await initialiseShop(db, { seedDemo: false, showcaseMode: false })
    await db.insert(users).values({ id: OWNER.id, name: OWNER.name, email: OWNER.email, role: 'admin' })
    const [row] = await db
      .insert(products)
      .values(ratlamiSev({ stock250g: 100, stock500g: 0, stock1kg: 0 }))
      .returning({ id: products.id })
    sev = row!.id
    services = ownerServices(database, PUBLIC_URL, OWNER)
  })
  afterAll(async () => {
    await database?.close()
  })
  beforeEach(async () => {
    await db.delete(outboxJobs)
  })

  /** A confirmed cash-on-delivery order, its earlier notices delivered, ready to ship. */
  async function confirmedOrder(locale: Locale = 'en') {
    const placed = await placeGuestOrder(db, [{ productId: sev, size: '250g', quantity: 2 }], {
      locale,
      notices: { publicUrl: PUBLIC_URL, whatsapp: false },
    })
    await changeStatus(db, placed.orderId, 'confirmed', desk)
    await db.delete(outboxJobs)
    return { id: placed.orderId, number: placed.orderNumber }
  }

  /** The desk's status change as the Shipped dialog posts it. */
  async function ship(orderId: string, fields: Record<string, string>, version?: string) {
    const form = {
      intent: 'status',
      status: 'shipped',
      version: version ?? (await orderVersion(db, orderId)),
      ...fields,
    }
    return settle(() => orderAction(ownerPost(services, `/admin/orders/${orderId}`, form, { orderId }) as never))
  }

  /** Delivers what the outbox holds and returns the e-mails and SMS. */
  async function sent(): Promise<Sent> {
    const out: Sent = { mails: [], texts: [] }
    await drainOutbox(db, {
      mail: async (payload: unknown) => void out.mails.push(payload as Sent['mails'][number]),
      sms: async (payload: unknown) => void out.texts.push(payload as Sent['texts'][number]),
      push: async () => {},
    })
    return out
  }

  const shipmentsOf = (orderId: string) => db.select().from(shipments).where(eq(shipments.orderId, orderId))
  const orderRow = async (orderId: string) => (await db.select().from(orders).where(eq(orders.id, orderId)))[0]!

  /** The order's line in the orders CSV, whose last three cells are the courier, the AWB and the link. */
  async function csvRow(number: string) {
    const lines = (await new Response(ordersCsv(db, {})).text()).split('\r\n')
    expect(lines[0]).toMatch(/,"Courier","AWB","Tracking link"$/)
    return lines.find((line) => line.startsWith(`"${number}"`))
  }

  it('records a courier and its AWB in the change, sends the tracking link by e-mail and SMS, and makes no delivery OTP', async () => {
    const order = await confirmedOrder()
    const answer = await ship(order.id, { courier: 'delhivery', awb: ' 1234 5678 90123 ' })
    expect(answer).toMatchObject({
      status: 200,
      body: {
        ok: true,
        title: 'Order status updated to shipped',
        message: 'Sent with Delhivery, AWB 1234567890123. The customer has been told.',
      },
    })
    const link = 'https://www.delhivery.com/track/package/1234567890123'
    expect(await shipmentsOf(order.id)).toEqual([
      expect.objectContaining({
        provider: 'manual',
        courier: 'delhivery',
        courierName: null,
        awb: '1234567890123',
        trackingUrl: link,
        createdBy: OWNER.id,
      }),
    ])
    expect(await orderRow(order.id)).toMatchObject({
      status: 'shipped',
      deliveryOtpRequired: false,
      deliveryOtpHash: null,
    })

    const { mails, texts } = await sent()
    const mail = mails.find((each) => each.to === 'asha@example.in')!
    expect(mail.subject).toBe(`Order #${order.number} has been shipped - Malwa Namkeen`)
    expect(mail.text).toContain('Namaste Asha Verma, your namkeen has been handed to Delhivery.')
    expect(mail.text).toContain('Its tracking number (AWB) is 1234567890123.')
    expect(mail.text).toContain(`Track on delhivery.com: ${link}`)
    expect(mail.text).toContain('Please keep ₹210.00 ready: it is collected on delivery.')
    expect(mail.text).not.toMatch(/OTP/)
    expect(mail.html).toContain(`<a href="${link}"`)
    expect(texts).toEqual([
      {
        sensitive: false,
        to: '+919876543210',
        text: `Malwa Namkeen: order #${order.number} has been shipped by Delhivery, AWB 1234567890123. Track: ${link}`,
      },
    ])
    // The orders CSV carries them too, for the owner's own books.
    expect(await csvRow(order.number)).toMatch(new RegExp(`,"Delhivery","1234567890123","${link}"$`))

    // A courier's parcel is not checked with the shop's OTP.
    const otp = await settle(() =>
      orderAction(
        ownerPost(services, `/admin/orders/${order.id}`, { intent: 'otp-generate' }, { orderId: order.id }) as never,
      ),
    )
    expect(otp).toMatchObject({
      status: 409,
      body: {
        ok: false,
        message: `Order #${order.number} went with Delhivery: a delivery OTP is for the shop’s own rider. Mark it Delivered once the courier has delivered it.`,
      },
    })
    expect((await sent()).texts).toEqual([])
  })

  it('keeps the delivery OTP for the shop’s own rider, with no number or link', async () => {
    const order = await confirmedOrder()
    const answer = await ship(order.id, { courier: 'own_rider', awb: 'ignored' })
    expect(answer).toMatchObject({
      status: 200,
      body: { ok: true, message: 'Sent with the shop’s own rider. The customer has been told.' },
    })
    expect(await shipmentsOf(order.id)).toEqual([
      expect.objectContaining({ courier: 'own_rider', awb: null, trackingUrl: null }),
    ])
    const row = await orderRow(order.id)
    expect(row).toMatchObject({ status: 'shipped', deliveryOtpRequired: true, deliveryOtpVerified: false })
    expect(row.deliveryOtpHash).toMatch(/^[0-9a-f]{64}$/)
    const { texts } = await sent()
    expect(texts.map((message) => message.text)).toEqual([
      expect.stringMatching(
        new RegExp(`^Malwa Namkeen: order #${order.number} is out for delivery\\. Delivery OTP \\d{6}`),
      ),
    ])
  })

  it('shows the number without a link for a courier with no template, and another courier by the name typed', async () => {
    const post = await confirmedOrder()
    const other = await confirmedOrder()
    expect(await ship(post.id, { courier: 'india_post', awb: 'ee123456789in' })).toMatchObject({ status: 200 })
    expect(await shipmentsOf(post.id)).toEqual([
      expect.objectContaining({ courier: 'india_post', awb: 'EE123456789IN', trackingUrl: null }),
    ])
    expect(
      await ship(other.id, { courier: 'other', courierName: ' Shree Maruti Courier ', awb: 'SM-4455' }),
    ).toMatchObject({
      status: 200,
      body: { message: 'Sent with Shree Maruti Courier, AWB SM-4455. The customer has been told.' },
    })
    expect(await shipmentsOf(other.id)).toEqual([
      expect.objectContaining({ courier: 'other', courierName: 'Shree Maruti Courier', trackingUrl: null }),
    ])
    const { texts, mails } = await sent()
    expect(texts.map((message) => message.text).sort()).toEqual(
      [
        `Malwa Namkeen: order #${post.number} has been shipped by India Post, AWB EE123456789IN.`,
        `Malwa Namkeen: order #${other.number} has been shipped by Shree Maruti Courier, AWB SM-4455.`,
      ].sort(),
    )
    expect(mails.every((mail) => !mail.text.includes('Track on'))).toBe(true)
    expect(await csvRow(post.number)).toContain(',"India Post","EE123456789IN",""')
    expect(await csvRow(other.number)).toContain(',"Shree Maruti Courier","SM-4455",""')
  })

  it.each([
    ['no courier', {}, { courier: 'Please choose the courier from the list.' }],
    [
      'a courier not on the list',
      { courier: 'fedex', awb: '1234567' },
      { courier: 'Please choose the courier from the list.' },
    ],
    ['no AWB', { courier: 'dtdc' }, { awb: 'Please enter the AWB or consignment number.' }],
    ['an empty AWB', { courier: 'dtdc', awb: '  ' }, { awb: 'Please enter the AWB or consignment number.' }],
    [
      'an AWB too long',
      { courier: 'bluedart', awb: '9'.repeat(31) },
      { awb: 'An AWB or consignment number has at most 30 characters: please check it.' },
    ],
    [
      'an AWB with other characters',
      { courier: 'ekart', awb: 'FMPC1234"><script>' },
      { awb: 'An AWB or consignment number has only letters, digits and hyphens: please check it.' },
    ],
    [
      'another courier without its name',
      { courier: 'other', awb: 'SM-4455' },
      { courierName: 'Please enter the courier’s name.' },
    ],
  ])('refuses %s with a 400 and a sentence, and changes nothing', async (_case, fields, fieldErrors) => {
    const order = await confirmedOrder()
    const version = await orderVersion(db, order.id)
    const answer = await ship(order.id, fields, version)
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({
      ok: false,
      title: 'Failed to update order status',
      message: Object.values(fieldErrors).join(' '),
      fieldErrors,
    })
    expect(await orderRow(order.id)).toMatchObject({ status: 'confirmed' })
    expect(await orderVersion(db, order.id)).toBe(version)
    expect(await shipmentsOf(order.id)).toEqual([])
    expect(await db.select().from(outboxJobs)).toEqual([])
  })

  it('refuses a shipment from a stale screen and records nothing', async () => {
    const order = await confirmedOrder()
    const stale = new Date(Date.parse(await orderVersion(db, order.id)) - 1000).toISOString()
    const answer = await ship(order.id, { courier: 'dtdc', awb: 'D12345678' }, stale)
    expect(answer).toMatchObject({ status: 409, body: { ok: false, stale: true } })
    expect(await shipmentsOf(order.id)).toEqual([])
  })

  it('leaves the order as it was when the shipment cannot be written: status, shipment and notices are one transaction', async () => {
    const order = await confirmedOrder()
    await db.execute(sql`create or replace function shipment_refused() returns trigger language plpgsql as $$
      begin raise exception 'the disk is full'; end $$`)
    await db.execute(
      sql`create trigger shipment_refused before insert on shipments for each row execute function shipment_refused()`,
    )
    try {
      const answer = await ship(order.id, { courier: 'dtdc', awb: 'D12345678' })
      expect(answer).toMatchObject({ status: 500, body: { ok: false, title: 'Failed to update order status' } })
    } finally {
      await db.execute(sql`drop trigger shipment_refused on shipments`)
    }
    expect(await orderRow(order.id)).toMatchObject({ status: 'confirmed' })
    expect(await db.select().from(outboxJobs)).toEqual([])
  })

  it('writes the shipped e-mail and SMS of an order placed in Hindi in Hindi', async () => {
    const order = await confirmedOrder('hi')
    const other = await confirmedOrder('hi')
    expect(await ship(order.id, { courier: 'india_post', awb: 'EE123456789IN' })).toMatchObject({ status: 200 })
    expect(await ship(other.id, { courier: 'xpressbees', awb: '14123456789012' })).toMatchObject({ status: 200 })
    const { mails, texts } = await sent()
    const mail = mails.find((each) => each.subject.includes(order.number))!
    expect(mail.subject).toBe(`ऑर्डर #${order.number} भेज दिया गया है - Malwa Namkeen`)
    expect(mail.text).toContain('नमस्ते Asha Verma, आपका नमकीन भारतीय डाक को सौंप दिया गया है।')
    expect(mail.text).toContain('इसका ट्रैकिंग नंबर (AWB) EE123456789IN है।')
    expect(mail.html).toContain('<html lang="hi">')
    const linked = mails.find((each) => each.subject.includes(other.number))!
    expect(linked.text).toContain(
      'xpressbees.com पर ट्रैक करें: https://www.xpressbees.com/shipment/tracking?awbNo=14123456789012',
    )
    expect(texts.map((message) => message.text).sort()).toEqual(
      [
        `Malwa Namkeen: ऑर्डर #${order.number} भारतीय डाक से भेज दिया गया है, AWB EE123456789IN।`,
        `Malwa Namkeen: ऑर्डर #${other.number} Xpressbees से भेज दिया गया है, AWB 14123456789012। ट्रैक करें: https://www.xpressbees.com/shipment/tracking?awbNo=14123456789012`,
      ].sort(),
    )
  })

  it('reads a booked parcel with its scans newest first, tells the courier’s day from booking on, and shows no booking without its AWB', async () => {
    const order = await confirmedOrder()
    const phone = '+919876543210'
    const zone = (await orderRow(order.id)).deliveryBy!
    const booking = { orderId: order.id, provider: 'shiprocket', courier: 'delhivery', courierCompanyId: 1 } as const
    // A booking that stopped before its AWB: no parcel yet, and the zone's promise stands.
    const [halfDone] = await db
      .insert(shipments)
      .values({ ...booking, channelOrderId: `${order.number}-half`, expectedBy: '2026-12-03' })
      .returning()
    expect(await latestShipment(db, order.id)).toBeNull()
    expect((await latestShipments(db, [order.id])).size).toBe(0)
    expect(await trackOrder(db, order.number, phone)).toMatchObject({
      shipment: null,
      expected: { day: zone, from: 'zone' },
    })

    // Booked to its AWB: the courier's estimate is the day, while the order waits for the pickup.
    await db
      .update(shipments)
      .set({ awb: '1490000000001', trackState: 'booked', trackingUrl: 'https://shiprocket.co/tracking/1490000000001' })
      .where(eq(shipments.id, halfDone!.id))
    await db.insert(shipmentScans).values([
      {
        shipmentId: halfDone!.id,
        at: new Date('2026-11-30T04:10:00Z'),
        activity: 'Pickup scheduled',
        location: 'Indore',
        statusId: 19,
      },
      {
        shipmentId: halfDone!.id,
        at: new Date('2026-11-30T06:45:00Z'),
        activity: 'Shipment details received',
        location: '',
        statusId: null,
      },
    ])
    expect(await trackOrder(db, order.number, phone)).toMatchObject({
      status: 'confirmed',
      shipment: null,
      expected: { day: '2026-12-03', from: 'courier' },
    })
    const tracking = {
      state: 'booked',
      expectedBy: '2026-12-03',
      ndrReason: null,
      scans: [
        { at: '2026-11-30T06:45:00.000Z', activity: 'Shipment details received', location: '', state: null },
        { at: '2026-11-30T04:10:00.000Z', activity: 'Pickup scheduled', location: 'Indore', state: 'booked' },
      ],
    }
    expect(await latestShipment(db, order.id)).toMatchObject({ courier: 'delhivery', awb: '1490000000001', tracking })
    expect((await latestShipments(db, [order.id])).get(order.id)?.tracking).toEqual(tracking)

    // Picked up: the parcel is shown, and a parcel sent by hand has no tracking.
    await db.update(orders).set({ status: 'shipped' }).where(eq(orders.id, order.id))
    expect(await trackOrder(db, order.number, phone)).toMatchObject({
      shipment: { awb: '1490000000001', tracking },
      expected: { day: '2026-12-03', from: 'courier' },
    })
    const byHand = await confirmedOrder()
    await ship(byHand.id, { courier: 'dtdc', awb: 'D33333333' })
    expect((await latestShipment(db, byHand.id))?.tracking).toBeUndefined()
  })

  describe('the couriers’ tracking links in the Settings tab', () => {
    const save = async (templates: Record<string, string>, version?: string) => {
      const form: Record<string, string> = {
        intent: 'couriers',
        version: version ?? (await getSettings(db)).updatedAt.toISOString(),
      }
      for (const [courier, template] of Object.entries({ ...DEFAULT_TRACKING_URLS, ...templates }))
        form[`tracking_${courier}`] = template
      return settle(() => settingsAction(ownerPost(services, '/admin/settings', form) as never))
    }

    it('start with each courier’s own page, or none', async () => {
      expect((await getSettings(db)).courierTrackingUrls).toEqual(DEFAULT_TRACKING_URLS)
    })

    it('saves a template the next shipment uses, and leaves the links already sent as they were', async () => {
      const before = await confirmedOrder()
      await ship(before.id, { courier: 'dtdc', awb: 'D11111111' })
      const answer = await save({ dtdc: ' https://www.dtdc.example/track?cn={awb} ' })
      expect(answer).toMatchObject({ status: 200, body: { ok: true, section: 'couriers' } })
      expect((await getSettings(db)).courierTrackingUrls.dtdc).toBe('https://www.dtdc.example/track?cn={awb}')
      const after = await confirmedOrder()
      await ship(after.id, { courier: 'dtdc', awb: 'D22222222' })
      expect((await shipmentsOf(before.id))[0]?.trackingUrl).toBeNull()
      expect((await shipmentsOf(after.id))[0]?.trackingUrl).toBe('https://www.dtdc.example/track?cn=D22222222')
      // Emptied again: the number is shown without a link.
      expect(await save({ dtdc: '' })).toMatchObject({ status: 200 })
      expect((await getSettings(db)).courierTrackingUrls.dtdc).toBe('')
    })

    it.each([
      [
        'an address that is not https',
        { delhivery: 'http://www.delhivery.com/track/package/{awb}' },
        'courierTrackingUrls.delhivery',
        'The Delhivery tracking link must start with https://.',
      ],
      [
        'no {awb} placeholder',
        { ekart: 'https://ekartlogistics.com/shipmenttrack/' },
        'courierTrackingUrls.ekart',
        'Put {awb} in the Ekart tracking link where the number goes, like https://www.delhivery.com/track/package/{awb}.',
      ],
      [
        'something that is not an address',
        { india_post: 'track {awb} at the post office' },
        'courierTrackingUrls.india_post',
        'The India Post tracking link is not a web address: enter one starting with https://, like https://www.delhivery.com/track/package/{awb}, or leave it empty.',
      ],
      [
        'an address too long',
        { bluedart: `https://www.bluedart.com/${'x'.repeat(300)}{awb}` },
        'courierTrackingUrls.bluedart',
        'Please keep the Blue Dart tracking link to 300 characters or fewer.',
      ],
    ])('refuses %s with a 400 naming the field, and changes nothing', async (_case, templates, field, message) => {
      const before = await getSettings(db)
      const answer = await save(templates)
      expect(answer).toMatchObject({
        status: 400,
        body: { ok: false, title: 'Settings not saved', fieldErrors: { [field]: message } },
      })
      const after = await getSettings(db)
      expect(after.courierTrackingUrls).toEqual(before.courierTrackingUrls)
      expect(after.updatedAt).toEqual(before.updatedAt)
    })
  })
})

describe.each(DATABASE_KINDS)('the shopper’s pages show the shipment (production server, %s)', (kind) => {
  let shop: ShopServer
  let parcel: Awaited<ReturnType<typeof onItsWayWithShiprocket>>

  beforeAll(async () => {
    shop = await createShopServer({
      databaseUrl: kind === 'postgres' ? process.env.TEST_DATABASE_URL! : null,
      prepare: async (database) => {
        parcel = await onItsWayWithShiprocket(database.db)
      },
    })
    await shop.start()
  }, 240_000)
  afterAll(async () => {
    await shop?.dispose()
  })

  /** The page's HTML with React's text separators taken out. */
  const html = async (shopper: Shopper, path: string, form?: Record<string, string>) => {
    const answer = form ? await shopper.post(path, form) : await shopper.get(path)
    expect(answer.status, `${path}: ${answer.text.slice(0, 300)}`).toBe(200)
    return answer.text.replaceAll('<!-- -->', '')
  }

  it('on My Orders, Track Order and the invoice page, in Hindi and English, with the link in a new tab', async () => {
    const admin = new Shopper(shop.url)
    await admin.signInAsAdmin(shop.admin)
    const shopper = new Shopper(shop.url)
    await shopper.signUpAndSignIn(`shipping-${Date.now()}@example.in`, 'sev aur jalebi')
    const [product] = await shopper.findProducts(1)
    await shopper.addToCart(product!.id, product!.size)
    const placement = await shopper.placeOrder(await shopper.openCheckout('/hi/checkout'), 'cod', '/hi/checkout')
    const orderId = placement.outcome === 'placed' ? placement.orderId! : ''
    expect(orderId).toMatch(/^[0-9a-f-]{36}$/)

    const version = async () =>
      (JSON.parse((await admin.get(`/admin/orders/${orderId}`)).text) as { version: string }).version
    const desk = async (fields: Record<string, string>) => admin.post(`/admin/orders/${orderId}`, fields)
    expect((await desk({ intent: 'status', status: 'confirmed', version: await version() })).status).toBe(200)
    // Over HTTP as the dialog posts it: a refusal first, then the shipment.
    const refused = await desk({ intent: 'status', status: 'shipped', version: await version(), courier: 'delhivery' })
    expect(refused.status).toBe(400)
    expect(JSON.parse(refused.text)).toMatchObject({
      ok: false,
      message: 'Please enter the AWB or consignment number.',
    })
    const shipped = await desk({
      intent: 'status',
      status: 'shipped',
      version: await version(),
      courier: 'delhivery',
      awb: '1234567890123',
    })
    expect(shipped.status, shipped.text).toBe(200)

    const link =
      'href="https://www.delhivery.com/track/package/1234567890123" target="_blank" rel="noopener noreferrer"'
    const hindi = await html(shopper, `/hi/my-orders?order=${orderId}`)
    expect(hindi).toContain('Delhivery से भेजा गया')
    expect(hindi).toContain('ट्रैकिंग नंबर (AWB): <span class="font-mono font-semibold break-all">1234567890123</span>')
    expect(hindi).toContain(link)
    expect(hindi).toContain('delhivery.com पर ट्रैक करें')
    expect(hindi).toContain('(नए टैब में खुलेगा)')

    const english = await html(shopper, `/my-orders?order=${orderId}`)
    expect(english).toContain('Sent with Delhivery')
    expect(english).toContain(
      'Tracking number (AWB): <span class="font-mono font-semibold break-all">1234567890123</span>',
    )
    expect(english).toContain(link)
    expect(english).toContain('Track on delhivery.com')

    const guest = new Shopper(shop.url)
    const tracked = await html(guest, '/hi/track-order', {
      orderNumber: orderId.slice(-8),
      phone: shopper.details.phone,
    })
    expect(tracked).toContain('Delhivery से भेजा गया')
    expect(tracked).toContain(link)

    const invoice = await html(shopper, `/hi/orders/${orderId}/invoice`)
    expect(invoice).toContain('Delhivery से भेजा गया')
    expect(invoice).toContain(link)
  })

  it('on Track Order, a parcel booked through Shiprocket shows where it is, the courier’s day and its scans, in English and Hindi', async () => {
    const guest = new Shopper(shop.url)
    const form = { orderNumber: parcel.number, phone: parcel.phone }
    const english = await html(guest, '/track-order', form)
    const section = english.slice(english.indexOf('aria-label="Shipment"'))
    expect(section).toContain('Out for delivery')
    expect(section).toContain(`Expected by ${formatDeliveryDay(parcel.expectedBy, 'en')}`)
    // The courier's day, not the zone's promise beside it.
    expect(english).not.toContain(formatDeliveryDay(parcel.promisedBy, 'en'))
    expect(section).toContain('Where your parcel is')
    const newest = section.slice(section.indexOf('<ol'), section.indexOf('</ol>'))
    expect([...newest.matchAll(/<li/g)]).toHaveLength(3)
    expect(newest).toMatch(/Out for delivery.*Delivery attempt failed.*Consignee unavailable · Bhopal_MPNagar_D/s)
    expect(newest).toContain(`<time dateTime="${parcel.scans[0]!.at.toISOString()}"`)
    expect(section).toMatch(/<details[^>]*><summary[^>]*>Earlier updates \(3\)</)
    // A warehouse step with no status is named by the courier's words alone.
    expect(section).toContain('<span lang="en">Shipment received at facility</span>')
    expect(section).toContain('lang="en">Bhopal_Hub (Madhya Pradesh)</p>')
    expect(section).toContain('On its way')

    const hindi = await html(guest, '/hi/track-order', form)
    const hindiSection = hindi.slice(hindi.indexOf('aria-label="शिपमेंट"'))
    expect(hindiSection).toContain('डिलीवरी के लिए निकला')
    expect(hindiSection).toContain(`${formatDeliveryDay(parcel.expectedBy, 'hi')} तक पहुँचने की उम्मीद`)
    expect(hindiSection).toContain('आपका पार्सल कहाँ है')
    expect(hindiSection).toContain('डिलीवरी की कोशिश नाकाम रही')
    expect(hindiSection).toContain('रास्ते में')
    expect(hindiSection).toContain('पहले के अपडेट (3)')
    // The courier's own words stay as it wrote them, marked as English.
    expect(hindiSection).toContain('lang="en">Consignee unavailable · Bhopal_MPNagar_D (Madhya Pradesh)')
  })
})

/**
 * A guest's order on its way with a courier booked through Shiprocket, as the tracking webhook leaves
 * it: out for delivery again after a failed attempt, the courier's expected day a day after the zone's
 * promise, and six scans (one a warehouse step with no status) over the last three days.
 */
async function onItsWayWithShiprocket(db: Db) {
  const [product] = await db.select({ id: products.id }).from(products).where(gt(products.stock250g, 0)).limit(1)
  const placed = await placeGuestOrder(db, [{ productId: product!.id, size: '250g', quantity: 1 }])
  const [order] = await db
    .update(orders)
    .set({ status: 'shipped' })
    .where(eq(orders.id, placed.orderId))
    .returning({ deliveryBy: orders.deliveryBy })
  const promisedBy = order!.deliveryBy!
  const expectedBy = new Date(Date.parse(`${promisedBy}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
  const awb = '1490000000002'
  const [shipment] = await db
    .insert(shipments)
    .values({
      orderId: placed.orderId,
      provider: 'shiprocket',
      courier: 'delhivery',
      awb,
      trackingUrl: `https://shiprocket.co/tracking/${awb}`,
      channelOrderId: placed.orderNumber,
      courierCompanyId: 1,
      trackState: 'out_for_delivery',
      trackStatusId: 17,
      ndrReason: 'Consignee unavailable',
      expectedBy,
    })
    .returning({ id: shipments.id })
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000)
  const scans = [
    { at: hoursAgo(2), activity: 'Out for delivery', location: 'Bhopal_MPNagar_D (Madhya Pradesh)', statusId: 17 },
    {
      at: hoursAgo(17),
      activity: 'Consignee unavailable',
      location: 'Bhopal_MPNagar_D (Madhya Pradesh)',
      statusId: 21,
    },
    { at: hoursAgo(26), activity: 'Out for delivery', location: 'Bhopal_MPNagar_D (Madhya Pradesh)', statusId: 17 },
    {
      at: hoursAgo(40),
      activity: 'Shipment received at facility',
      location: 'Bhopal_Hub (Madhya Pradesh)',
      statusId: null,
    },
    { at: hoursAgo(52), activity: 'Bag added to trip', location: 'Indore_Hub (Madhya Pradesh)', statusId: 18 },
    { at: hoursAgo(60), activity: 'Shipment picked up', location: 'Indore_Palda_PC (Madhya Pradesh)', statusId: 6 },
  ]
  await db.insert(shipmentScans).values(scans.map((scan) => ({ ...scan, shipmentId: shipment!.id })))
  return { number: placed.orderNumber, phone: '+919876543210', promisedBy, expectedBy, scans }
}
