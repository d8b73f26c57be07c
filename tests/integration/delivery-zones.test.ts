// Delivery by PIN code through the production server, on each database: the default zones' answers
// in the PIN code box, the owner's zones and calendar (bad input refused and nothing changed, stale
// forms refused, each change audited), and checkout refusing a PIN code outside every zone, a PIN code
// from another state and a forged cash on delivery, and charging a zone's extra fee. Needs a build.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deliveryZones } from '#app/delivery/schema.ts'
import { deliveryQuote } from '#app/delivery/zones.server.ts'
import { pageCacheVersion } from '#app/platform/schema.ts'
import { formatRupees } from '#app/shared/money.ts'
import { Shopper } from '../../scripts/drills/lib/shopper.ts'
import { deliveryDetails } from '../delivery-details.ts'
import { type RunningServer, startServer } from '../server-process.ts'
import { DATABASE_KINDS, openTestDatabase, serverDatabaseEnv } from './databases.ts'

const admin = { email: 'zones-admin@shop.example', password: 'zones-admin-password' }
const ZONES = '/admin/settings/delivery'

/** The page's text with React's entities and text separators read back. */
function text(html: string): string {
  return html
    .replaceAll('<!-- -->', '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
}

/** A zone's id and version, from its form on the zones page (found by its heading). */
function zoneOnPage(html: string, name: string): { zoneId: string; version: string } | null {
  const at = html.indexOf(`>${name}</h3>`)
  if (at < 0) return null
  const form = html.slice(at)
  const zoneId = /name="zoneId" value="([0-9a-f-]{36})"/.exec(form)?.[1]
  const version = /name="version" value="([^"]+)"/.exec(form)?.[1]
  return zoneId && version ? { zoneId, version } : null
}

const zoneForm = (fields: Record<string, string> = {}) => ({
  intent: 'create',
  name: 'Shimla hills',
  pins: '171, 172001-172030',
  minDays: '4',
  maxDays: '6',
  codAllowed: 'yes',
  extraFee: '40',
  ...fields,
})

/** The delivery form from Shimla, outside the default zones. */
const address = (fields: Record<string, string>) => ({
  ...deliveryDetails({
    phone: '98765 43210',
    address: '12, Mall Road, Near the Ridge',
    city: 'Shimla',
    state: 'Himachal Pradesh',
    pincode: '171001',
  }),
  ...fields,
})

describe.each(DATABASE_KINDS)('delivery by PIN code on %s', (kind) => {
  let server: RunningServer
  let cleanup = async () => {}
  let owner: Shopper

  beforeAll(async () => {
    const { env, drop } = await serverDatabaseEnv(kind)
    cleanup = drop
    server = await startServer({
      ...env,
      SHOWCASE_MODE: 'false',
      SEED_DEMO: 'true',
      ORDER_RATE_LIMIT: '0',
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    })
    owner = new Shopper(server.url)
    await owner.signInAsAdmin(admin)
  })
  afterAll(async () => {
    await server?.stop()
    await cleanup()
  })

  /** A shopper with one packet in the cart, at checkout. */
  async function shopperAtCheckout(): Promise<{ visitor: Shopper; key: string }> {
    const visitor = new Shopper(server.url)
    const [product] = await visitor.findProducts(1)
    await visitor.addToCart(product!.id, product!.size)
    const page = await visitor.get('/checkout')
    const key = /name="idempotencyKey" value="([0-9a-f-]{36})"/.exec(page.text)?.[1]
    if (!key) throw new Error(`no checkout form: ${page.status}`)
    return { visitor, key }
  }

  it('answers the PIN code box from the default zones, remembers a valid PIN code and refuses a malformed one', async () => {
    const visitor = new Shopper(server.url)
    const indore = await visitor.get('/delivery?pin=452001&from=/products')
    expect(indore.status).toBe(200)
    expect(text(indore.text)).toMatch(/Delivery by \w+day, \d{1,2} \w+/)
    expect(text(indore.text)).toContain('Cash on delivery available')
    expect(visitor.cookies.get('delivery_pin')).toBe('452001')
    // Asked again without a PIN code: the remembered one is answered.
    expect(text((await visitor.get('/delivery')).text)).toContain('Cash on delivery available')

    const army = await visitor.get('/delivery?pin=900001')
    expect(army.status).toBe(200)
    expect(text(army.text)).toContain('We don’t deliver to 900001 yet')

    const zero = await visitor.get('/delivery?pin=045200')
    expect(zero.status).toBe(400)
    expect(text(zero.text)).toContain('A PIN code never starts with 0. Please check it, like 452001.')
    for (const pin of ['45200', 'abcdef']) {
      const refused = await visitor.get(`/delivery?pin=${pin}`)
      expect(refused.status, pin).toBe(400)
      expect(text(refused.text)).toContain('Please enter a 6-digit PIN code, like 452001.')
    }
    expect(visitor.cookies.get('delivery_pin')).toBe('900001')

    // The answer depends on the visitor's cookie, so no cache keeps it, and its way back stays on the shop
    // (a browser drops the tab and would read '/\t/evil.example' as another site).
    const page = await fetch(`${server.url}/delivery?pin=452001&from=${encodeURIComponent('/\t/evil.example')}`)
    expect(page.headers.get('cache-control')).toBe('no-store')
    expect((await page.text()).match(/href="([^"]*)"[^>]*><svg[^>]*lucide-arrow-left/)?.[1]).toBe('/products')
    expect((await fetch(`${server.url}/delivery.data?pin=452001`)).headers.get('cache-control')).toBe('no-store')
  })

  it('lets the owner add, edit and remove a zone, refuses bad input and stale forms, and audits each change', async () => {
    const refusals: [Record<string, string>, string][] = [
      [{ name: '' }, 'Please enter the zone’s name, like Metro cities.'],
      [{ pins: '' }, 'Please enter the PIN codes this zone covers'],
      [{ pins: '171, 0123' }, '‘0123’ is not a PIN prefix or range'],
      [{ pins: '172030-172001' }, '‘172030-172001’ is not a PIN prefix or range'],
      [{ minDays: '0' }, 'The fastest delivery must be from 1 to 30 business days.'],
      [{ minDays: 'two' }, 'The fastest delivery is a whole number of business days, like 3.'],
      [{ minDays: '5', maxDays: '3' }, 'The slowest delivery cannot be fewer days than the fastest.'],
      [{ codAllowed: 'maybe' }, 'Please choose whether cash on delivery is offered.'],
      [{ extraFee: '-5' }, 'The extra fee must be between ₹0 and ₹1,000.'],
      [{ extraFee: '5 rupees' }, 'The extra fee must be an amount in rupees'],
      [{ extraFee: '1000.01' }, 'The extra fee must be between ₹0 and ₹1,000.'],
    ]
    for (const [fields, message] of refusals) {
      const answer = await owner.post(ZONES, zoneForm(fields))
      expect(answer.status, JSON.stringify(fields)).toBe(400)
      expect(text(answer.text)).toContain(message)
    }
    expect(zoneOnPage((await owner.get(ZONES)).text, 'Shimla hills')).toBeNull()

    expect((await owner.post(ZONES, zoneForm())).status).toBe(200)
    const page = await owner.get(ZONES)
    const zone = zoneOnPage(page.text, 'Shimla hills')
    expect(zone).not.toBeNull()
    expect(text(page.text)).toContain('4-6 business days · Cash on delivery offered · ₹40.00 extra')
    expect(text((await new Shopper(server.url).get('/delivery?pin=172010')).text)).toContain(
      '₹40.00 extra delivery charge for this area',
    )

    const edit = { ...zoneForm({ intent: 'update', name: 'Shimla and Solan', maxDays: '5' }), ...zone! }
    expect((await owner.post(ZONES, edit)).status).toBe(200)
    // The same form again: its version is now old.
    const stale = await owner.post(ZONES, { ...edit, name: 'Overwritten' })
    expect(stale.status).toBe(409)
    expect(text(stale.text)).toContain('changed in another window')
    const edited = zoneOnPage((await owner.get(ZONES)).text, 'Shimla and Solan')
    expect(edited).not.toBeNull()

    expect((await owner.post(ZONES, { intent: 'delete', ...edited! })).status).toBe(200)
    const after = await owner.get(ZONES)
    expect(zoneOnPage(after.text, 'Shimla and Solan')).toBeNull()
    // Its PIN codes fall back to the default zone for the rest of India.
    expect(text((await new Shopper(server.url).get('/delivery?pin=172010')).text)).not.toContain('extra delivery')
    expect((await owner.post(ZONES, { intent: 'delete', ...edited! })).status).toBe(404)

    const audit = text((await owner.get('/admin/audit?entity=delivery-zone')).text)
    for (const done of ['Created', 'Updated', 'Deleted', 'Shimla hills', 'Shimla and Solan'])
      expect(audit).toContain(done)
  })

  it('saves the holidays and the cut-off, and refuses a date or a time that is not one', async () => {
    const version = () =>
      owner
        .get(ZONES)
        .then(
          (page) =>
            /name="intent" value="calendar"\/><input type="hidden" name="version" value="([^"]+)"/.exec(
              page.text,
            )?.[1] ?? '',
        )
    const bad: [Record<string, string>, string][] = [
      [{ holidays: '2026-02-30' }, '‘2026-02-30’ is not a date'],
      [{ holidays: '26/01/2027' }, '‘26/01/2027’ is not a date'],
      [{ orderCutoff: '25:00' }, 'Please enter the cut-off as a 24-hour time in IST, like 14:00.'],
    ]
    for (const [fields, message] of bad) {
      const answer = await owner.post(ZONES, {
        intent: 'calendar',
        version: await version(),
        holidays: '2027-01-26',
        orderCutoff: '14:00',
        ...fields,
      })
      expect(answer.status).toBe(400)
      expect(text(answer.text)).toContain(message)
    }
    const saved = await owner.post(ZONES, {
      intent: 'calendar',
      version: await version(),
      holidays: '2027-08-15\n2027-01-26, 2027-01-26',
      orderCutoff: '16:30',
    })
    expect(saved.status).toBe(200)
    const page = await owner.get(ZONES)
    expect(page.text).toContain('2027-01-26\n2027-08-15')
    expect(page.text).toContain('value="16:30"')
  })

  it('refuses at checkout a PIN code outside every zone, beside the field, and places nothing', async () => {
    const { visitor, key } = await shopperAtCheckout()
    const answer = await visitor.post('/checkout', {
      idempotencyKey: key,
      ...address({ pincode: '900001', state: 'Madhya Pradesh' }),
    })
    expect(answer.status).toBe(400)
    expect(text(answer.text)).toContain('We don’t deliver to 900001 yet. Please check the PIN code')
    expect(text(answer.text)).toContain('id="pincode-error"')
  })

  it('refuses a PIN code whose postal region is not the chosen state', async () => {
    const { visitor, key } = await shopperAtCheckout()
    const answer = await visitor.post('/checkout', { idempotencyKey: key, ...address({ state: 'Kerala' }) })
    expect(answer.status).toBe(400)
    expect(text(answer.text)).toContain(
      'This PIN code is not in Kerala. Please check your PIN code or the state you chose.',
    )
  })

  it('refuses cash on delivery where the zone does not offer it and, with online payment not ready either, says the shop can’t take the order there', async () => {
    expect(
      (await owner.post(ZONES, zoneForm({ name: 'Islands', pins: '744', codAllowed: 'no', extraFee: '0' }))).status,
    ).toBe(200)
    const { visitor, key } = await shopperAtCheckout()
    const islands = { state: 'Andaman and Nicobar Islands', pincode: '744101', city: 'Port Blair' }
    const answer = await visitor.post('/checkout', {
      idempotencyKey: key,
      ...address({ ...islands, paymentMethod: 'cod' }),
    })
    expect(answer.status).toBe(400)
    const noWayToPay =
      'We can’t take orders for PIN code 744101 yet: cash on delivery isn’t offered there and online payment isn’t ready.'
    expect(text(answer.text)).toContain(noWayToPay)
    // The page remembers the PIN code: the choice is shown disabled, with the reason, and nothing can be sent.
    const page = text((await visitor.get('/checkout')).text)
    const cod = /<input[^>]*value="cod"[^>]*>/.exec(page)?.[0]
    expect(cod).toContain('disabled=""')
    expect(page).toContain('Not available for your PIN code.')
    expect(page).toContain(noWayToPay)
    expect(page).not.toContain('Please choose Cash on Delivery')
    expect(/<button[^>]*type="submit"[^>]*>Place Order/.exec(page)?.[0]).toContain('disabled=""')
  })

  it('adds the zone’s extra fee to the delivery charge, shows it in the summary and stores it on the order', async () => {
    expect((await owner.post(ZONES, zoneForm({ name: 'Shimla fee', pins: '1710' }))).status).toBe(200)
    const { visitor, key } = await shopperAtCheckout()
    await visitor.get('/delivery?pin=171001')
    const summary = text((await visitor.get('/checkout')).text)
    expect(summary).toContain('₹40.00 extra delivery charge for this area')
    const answer = await visitor.post('/checkout', { idempotencyKey: key, ...address({}) })
    expect(answer.status).toBe(302)
    const orderId = /orderId=([0-9a-f-]{36})/.exec(answer.location ?? '')?.[1]
    const order = JSON.parse((await owner.get(`/admin/orders/${orderId}`)).text)
    // The shop's ₹50 (under ₹500) plus the zone's ₹40, in the total the server worked out.
    expect(order).toMatchObject({ deliveryZone: 'Shimla fee', deliveryZoneFee: 4000 })
    expect(order.deliveryFee).toBe((order.subtotalAmount >= 50000 ? 0 : 5000) + 4000)
    expect(order.totalAmount).toBe(order.subtotalAmount - order.discountAmount + order.deliveryFee)
  })

  it('places an order only at the total its page showed: a fee the page had not counted is refused with the new total', async () => {
    expect((await owner.post(ZONES, zoneForm({ name: 'Kullu fee', pins: '1751' }))).status).toBe(200)
    const { visitor, key } = await shopperAtCheckout()
    // The page was drawn before the PIN code was known: its total has no zone fee.
    const shownTotal = /name="shownTotal" value="(\d+)"/.exec((await visitor.get('/checkout')).text)?.[1] ?? ''
    const shopper = address({ fullName: 'Kamla Thakur', city: 'Kullu', pincode: '175101' })
    const refused = await visitor.post('/checkout', { idempotencyKey: key, shownTotal, ...shopper })
    expect(refused.status).toBe(409)
    const newTotal = Number(shownTotal) + 4000
    expect(text(refused.text)).toContain(`Your total is now ${formatRupees(newTotal)}`)
    // The answer's page shows the new total, and nothing was placed.
    expect(refused.text).toContain(`name="shownTotal" value="${newTotal}"`)
    expect((await owner.get('/admin/orders.csv')).text).not.toContain('Kamla Thakur')

    const placed = await visitor.post('/checkout', { idempotencyKey: key, shownTotal: String(newTotal), ...shopper })
    expect(placed.status).toBe(302)
    expect((await owner.get('/admin/orders.csv')).text).toContain('Kamla Thakur')

    for (const forged of ['-1', '12.5', 'abc', '9'.repeat(12)]) {
      const answer = await visitor.post('/checkout', {
        idempotencyKey: crypto.randomUUID(),
        shownTotal: forged,
        ...shopper,
      })
      expect(answer.status, forged).toBe(400)
    }
  })
})

describe.each(DATABASE_KINDS)('the default delivery zones on %s', (kind) => {
  it('cover postal regions 1 to 8 with the spec’s promises, and a change to them bumps the page cache', async () => {
    const database = await openTestDatabase(kind)
    try {
      const { db } = database
      // Monday 23 November 2026, 10:00 IST: counted from that day.
      const monday = new Date('2026-11-23T10:00:00+05:30')
      const zoneOf = async (pin: string) => {
        const quote = await deliveryQuote(db, pin, monday)
        return quote?.served ? { zone: quote.zone, by: quote.by, cod: quote.codAllowed, fee: quote.extraFee } : quote
      }
      expect(await zoneOf('452001')).toEqual({ zone: 'Metro cities', by: '2026-11-26', cod: true, fee: 0 })
      expect(await zoneOf('110001')).toMatchObject({ zone: 'Metro cities' })
      expect(await zoneOf('462001')).toEqual({ zone: 'Tier-2 cities', by: '2026-11-27', cod: true, fee: 0 })
      for (const pin of ['176001', '247001', '305001', '480001', '585101', '670001', '795001', '841301']) {
        expect(await zoneOf(pin), pin).toEqual({ zone: 'Rest of India', by: '2026-11-28', cod: true, fee: 0 })
      }
      expect(await zoneOf('900001')).toEqual({ pin: '900001', served: false })
      expect(await zoneOf('045200')).toBeNull()

      const version = async () => (await db.select().from(pageCacheVersion))[0]?.version
      const before = await version()
      await db.update(deliveryZones).set({ maxDays: 6 })
      expect(await version()).toBe(before! + 1)
    } finally {
      await database.close()
    }
  })
})
