// The shopper's e-mails and SMS in the language the order was placed in (orders.locale): the order
// confirmation, the status notices and the delivery OTP, written outside any request, from the order
// itself, into the development mailbox and SMS outbox (folders of files). The shop's own notice of a
// new order stays English. Then on the production server (needs a build): an order placed from
// /hi/checkout gets its mail in Hindi, and a sign-in code asked for on /hi/auth comes in Hindi.
// docs/decisions/024-hindi.md.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { users } from '#app/accounts/schema.ts'
import { products } from '#app/catalog/schema.ts'
import type { Locale } from '#app/i18n/locale.ts'
import type { DeskContext } from '#app/orders/order-desk.server.ts'
import { orders } from '#app/orders/schema.ts'
import { parseConfig } from '#app/platform/config.server.ts'
import type { Database } from '#app/platform/db.server.ts'
import { initialiseShop } from '#app/platform/first-start.server.ts'
import { createLogger } from '#app/platform/logger.server.ts'
import { createMailer, mailboxFolder } from '#app/platform/mailer.server.ts'
import { createSms, smsOutboxFolder } from '#app/platform/sms.server.ts'
import { createShopServer, type ShopServer } from '../../scripts/drills/lib/shop-server.ts'
import { Shopper } from '../../scripts/drills/lib/shopper.ts'
import { temporaryDataDir } from '../server-process.ts'
import { DATABASE_KINDS, openTestDatabase } from './databases.ts'
import { readFolder } from './folder-messages.ts'
import { placeGuestOrder } from './guest-order.ts'
import { changeStatus } from './order-status.ts'
import { drainOutbox } from './outbox.ts'
import { ratlamiSev } from './product-rows.ts'

const logger = createLogger('silent')

describe.each(DATABASE_KINDS)('notices in the order language (%s)', (kind) => {
  let database: Database
  let sev: string
  const dataDir = temporaryDataDir()
  const desk: DeskContext = {
    admin: { id: 'locale-admin', email: 'locale@shop.test', name: 'Owner' },
    otpKey: 'k'.repeat(64),
    notices: { publicUrl: 'https://shop.example', whatsapp: false },
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    await initialiseShop(database.db, { seedDemo: false, showcaseMode: false })
    await database.db
      .insert(users)
      .values({ id: 'locale-admin', name: 'Owner', email: 'locale@shop.example', role: 'admin' })
    const [row] = await database.db
      .insert(products)
      .values(ratlamiSev({ stock250g: 20, stock500g: 0, stock1kg: 0 }))
      .returning({ id: products.id })
    sev = row!.id
  })
  afterAll(async () => {
    await database?.close()
  })

  /** Places a guest's cash-on-delivery order in `locale` (or without one), confirms and ships it, and sends every notice. */
  async function orderThrough(email: string, locale: Locale | undefined) {
    const { db } = database
    const placed = await placeGuestOrder(db, [{ productId: sev, size: '250g', quantity: 2 }], {
      details: { email, address: '12, Vijay Nagar' },
      notices: desk.notices,
      ...(locale ? { locale } : {}),
    })
    await changeStatus(db, placed.orderId, 'confirmed', desk)
    await changeStatus(db, placed.orderId, 'shipped', desk)
    const mailer = createMailer({ from: 'shop@shop.example', dataDir, logger })
    const sms = createSms({ sms: parseConfig({ DATA_DIR: dataDir }).sms, dataDir, logger })
    const handlers = {
      mail: (message: Parameters<typeof mailer.send>[0]) => mailer.send(message),
      sms: (message: Parameters<typeof sms.send>[0]) => sms.send(message),
      push: async () => {},
    }
    await drainOutbox(db, handlers)
    const [row] = await db.select({ locale: orders.locale }).from(orders).where(eq(orders.id, placed.orderId))
    const mails = (
      await readFolder<{ to: string; subject: string; text: string; html?: string }>(mailboxFolder(dataDir))
    ).filter((mail) => mail.subject.includes(placed.orderNumber))
    const texts = (await readFolder<{ to: string; text: string }>(smsOutboxFolder(dataDir))).filter((message) =>
      message.text.includes(placed.orderNumber),
    )
    return { number: placed.orderNumber, locale: row!.locale, mails, texts }
  }

  it('writes a Hindi order confirmation, status e-mails and SMS with the delivery OTP for an order placed in Hindi', async () => {
    const { number, locale, mails, texts } = await orderThrough('hindi@example.in', 'hi')
    expect(locale).toBe('hi')
    const toShopper = mails.filter((mail) => mail.to === 'hindi@example.in')
    const received = toShopper.find((mail) => mail.subject === `ऑर्डर #${number} मिल गया - Malwa Namkeen`)
    expect(received?.text).toContain('नमस्ते Asha Verma,')
    expect(received?.text).toContain('कुल: ₹210.00 (कैश ऑन डिलीवरी)')
    expect(received?.text).not.toContain('Thank you')

    const confirmed = toShopper.find((mail) => mail.subject === `ऑर्डर #${number} कन्फ़र्म हो गया - Malwa Namkeen`)
    expect(confirmed?.text).toContain('सादर,')
    expect(confirmed?.text).toContain('(250 ग्राम)')
    // Links lead to the Hindi pages.
    expect(confirmed?.text).toContain('अपना ऑर्डर ट्रैक करें: https://shop.example/hi/track-order')
    expect(confirmed?.html).toContain('<html lang="hi">')

    const shipped = toShopper.find((mail) => mail.subject.startsWith(`ऑर्डर #${number} डिलीवरी के लिए निकल चुका है`))
    expect(shipped?.text).toMatch(/आपका डिलीवरी OTP \d{6} है।/)
    expect(shipped?.text).toContain('कृपया ₹210.00 तैयार रखें')

    expect(texts.map((message) => message.text)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Malwa Namkeen: आपका ऑर्डर #\w+ कन्फ़र्म हो गया है/),
        expect.stringMatching(/डिलीवरी OTP \d{6} \(24 घंटे मान्य\)/),
      ]),
    )
    // The shop's own notice of the order stays English.
    const shop = mails.find((mail) => mail.subject.startsWith(`New order #${number}`))
    expect(shop?.text).toContain('Cash on Delivery')
  })

  it('keeps an order placed without a language in English', async () => {
    const { number, locale, mails, texts } = await orderThrough('english@example.in', undefined)
    expect(locale).toBe('en')
    const subjects = mails.filter((mail) => mail.to === 'english@example.in').map((mail) => mail.subject)
    expect(subjects).toEqual(
      expect.arrayContaining([
        `Order #${number} received - Malwa Namkeen`,
        `Order #${number} confirmed - Malwa Namkeen`,
        `Order #${number} is out for delivery - Malwa Namkeen`,
      ]),
    )
    expect(texts.some((message) => /Delivery OTP \d{6} \(valid 24 h\)/.test(message.text))).toBe(true)
  })
})

describe.each(DATABASE_KINDS)('the production server in Hindi (%s)', (kind) => {
  let shop: ShopServer

  beforeAll(async () => {
    shop = await createShopServer({ databaseUrl: kind === 'postgres' ? process.env.TEST_DATABASE_URL! : null })
    await shop.start()
  }, 240_000)
  afterAll(async () => {
    await shop?.dispose()
  })

  it('e-mails an order placed from /hi/checkout in Hindi', async () => {
    const shopper = new Shopper(shop.url)
    const [product] = await shopper.findProducts(1)
    await shopper.addToCart(product!.id, product!.size)
    const placement = await shopper.placeOrder(await shopper.openCheckout('/hi/checkout'), 'cod', '/hi/checkout')
    expect(placement).toMatchObject({ outcome: 'placed', location: expect.stringMatching(/^\/hi\/order-success/) })
    const number = placement.outcome === 'placed' ? placement.orderId!.slice(-8) : ''
    // The outbox worker delivers it into the development mailbox shortly after.
    const mail = await vi.waitFor(
      async () => {
        const mails = await readFolder<{ to: string; subject: string; text: string }>(mailboxFolder(shop.dataDir))
        const found = mails.find((each) => each.to === shopper.details.email)
        if (!found) throw new Error('no mail to the shopper yet')
        return found
      },
      { timeout: 30_000, interval: 100 },
    )
    expect(mail.subject).toBe(`ऑर्डर #${number} मिल गया - Malwa Namkeen`)
    expect(mail.text).toContain(`नमस्ते ${shopper.details.fullName},`)
    expect(mail.text).toContain('डिलीवरी का पता:')
  })

  it('texts a sign-in code asked for on /hi/auth in Hindi', async () => {
    const shopper = new Shopper(shop.url)
    const answer = await shopper.post('/hi/auth', { intent: 'send-code', phone: '9876501234' })
    expect(answer.status).toBe(200)
    const text = await vi.waitFor(
      async () => {
        const texts = await readFolder<{ to: string; text: string }>(smsOutboxFolder(shop.dataDir))
        const found = texts.find((message) => message.to === '+919876501234')
        if (!found) throw new Error('no sign-in code yet')
        return found.text
      },
      { timeout: 10_000, interval: 100 },
    )
    expect(text).toMatch(/^\d{6} आपका Malwa Namkeen साइन-इन कोड है।/)
  })
})
