// The opt-in to WhatsApp order updates (reference/whatsapp.md, "Opt-in"), through the checkout's,
// My Account's and the Settings tab's real loaders and actions on a real database (PGlite always,
// PostgreSQL when TEST_DATABASE_URL is set), with the fields their pages post: a ticked box records
// the opt-in with the order being placed (the server's sentence, the time, the number, the source),
// an unticked one records nothing, a forged field cannot attach it to another order, My Account opts
// in and withdraws, a number's newest row decides, and with WHATSAPP_PROVIDER=none nothing shows and
// nothing is recorded.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { createContext, createElement, useContext } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { accountAction, accountLoader } from '#app/accounts/account-page.server.ts'
import { AccountPage } from '#app/accounts/account-page.tsx'
import { users } from '#app/accounts/schema.ts'
import { cartCookie } from '#app/cart/cart-session.server.ts'
import { cartItems } from '#app/cart/schema.ts'
import { products } from '#app/catalog/schema.ts'
import { checkoutAction, checkoutLoader } from '#app/checkout/checkout.server.ts'
import { CheckoutPage } from '#app/checkout/checkout-page.tsx'
import { orders } from '#app/orders/schema.ts'
import { getLocale, overwriteGetLocale } from '#app/paraglide/runtime.js'
import { parseConfig } from '#app/platform/config.server.ts'
import type { Database } from '#app/platform/db.server.ts'
import { initialiseShop } from '#app/platform/first-start.server.ts'
import { createLoadContext, type Services } from '#app/platform/services.server.ts'
import { publicSettings } from '#app/settings/public-settings.ts'
import { settings } from '#app/settings/schema.ts'
import { getSettings } from '#app/settings/settings.server.ts'
import { settingsAction, settingsTabLoader } from '#app/settings/settings-routes.server.ts'
import { formatIndianMobile } from '#app/shared/phone.ts'
import { hasWhatsAppConsent, recordWhatsAppConsent } from '#app/whatsapp/consent.server.ts'
import { whatsappConsents } from '#app/whatsapp/schema.ts'
import { deliveryDetails } from '../delivery-details.ts'
import { DATABASE_KINDS, openTestDatabase } from './databases.ts'
import { ratlamiSev } from './product-rows.ts'
import {
  OWNER_COOKIE,
  ownerPost,
  type RouteAnswer,
  type SignedInUser,
  settle,
  standInServices,
} from './route-answer.ts'

const PUBLIC_URL = 'http://shop.test'
const LEGAL_NAME = 'Malwa Foods Private Limited'
const WORDING = `Send me order updates on WhatsApp from ${LEGAL_NAME}`
const WORDING_HI = `मुझे ${LEGAL_NAME} की ओर से WhatsApp पर ऑर्डर की जानकारी भेजें`
const WITHDRAW_WORDING = `Stop sending me order updates on WhatsApp from ${LEGAL_NAME}`

type Shopper = SignedInUser & { phoneNumber?: string | null }

type CheckoutProps = Parameters<typeof CheckoutPage>[0]
type AccountProps = Parameters<typeof AccountPage>[0]

/** A page as the server renders it, inside a router (its forms and fetchers need one), from its loader's data. */
const Shown = createContext<unknown>(null)
const CheckoutStub = createRoutesStub([
  { path: '/checkout', Component: () => createElement(CheckoutPage, useContext(Shown) as CheckoutProps) },
])
const AccountStub = createRoutesStub([
  { path: '/account', Component: () => createElement(AccountPage, useContext(Shown) as AccountProps) },
])
const render = (Stub: typeof CheckoutStub, path: string, props: unknown) =>
  renderToStaticMarkup(createElement(Shown.Provider, { value: props }, createElement(Stub, { initialEntries: [path] })))

describe.each(DATABASE_KINDS)('WhatsApp opt-in on %s', (kind) => {
  let database: Database
  let db: Database['db']
  let sev: string
  /** Who is signed in, by the cookie each request sends (the stand-in session lookup reads it). */
  const sessions = new Map<string, Shopper>()
  let configured: Services
  let notConfigured: Services

  function services(whatsapp: boolean): Services {
    return {
      ...standInServices(database, PUBLIC_URL, sessions),
      config: parseConfig({
        PUBLIC_URL,
        DATA_DIR: '/nonexistent',
        ORDER_RATE_LIMIT: '0',
        WHATSAPP_PROVIDER: whatsapp ? 'simulator' : 'none',
      }),
    }
  }

  function contextOf(shop: Services) {
    return createLoadContext(shop, { requestId: 't', nonce: '', clientIp: '198.51.100.20', log: shop.logger })
  }

  /** A request from the shop's own page, as a browser sends it (its cookies, its origin). */
  function request(path: string, { cookie = '', fields }: { cookie?: string; fields?: Record<string, string> } = {}) {
    return new Request(`${PUBLIC_URL}${path}`, {
      method: fields ? 'POST' : 'GET',
      body: fields ? new URLSearchParams(fields) : undefined,
      headers: { cookie, origin: PUBLIC_URL },
    })
  }

  /** Runs `run` with the page in Hindi (the locale middleware's job in the server). */
  async function inHindi<T>(run: () => Promise<T>): Promise<T> {
    const base = getLocale
    overwriteGetLocale(() => 'hi')
    try {
      return await run()
    } finally {
      overwriteGetLocale(base)
    }
  }

  /** A guest's cart cookie with a packet of sev. */
  const guestCart = () =>
    cartCookie(
      { id: randomUUID(), items: [{ productId: sev, size: '250g', quantity: 1 }], couponCode: null },
      false,
    ).split(';')[0]!

  /** A signed-in shopper with a packet of sev in the account's cart; their cookie. */
  async function signedIn(shopper: Partial<Shopper> & { id: string }): Promise<string> {
    const user: Shopper = { name: 'Asha Verma', email: `${shopper.id}@example.in`, role: 'customer', ...shopper }
    await db
      .insert(users)
      .values({ id: user.id, name: user.name, email: user.email, phoneNumber: user.phoneNumber ?? null })
      .onConflictDoNothing()
    await db.delete(cartItems).where(eq(cartItems.userId, user.id))
    await db.insert(cartItems).values({ userId: user.id, productId: sev, size: '250g', quantity: 1 })
    const cookie = `malwa.session_token=${user.id}`
    sessions.set(cookie, user)
    return cookie
  }

  /** The checkout form as the page posts it, Asha's details unless told; the order placed, or the answer. */
  async function checkout(
    fields: Record<string, string>,
    { shop = configured, cookie = guestCart(), path = '/checkout' } = {},
  ): Promise<{ answer: RouteAnswer; orderId: string | null }> {
    const details = Object.fromEntries(Object.entries(deliveryDetails()).map(([name, value]) => [name, String(value)]))
    const answer = await settle(() =>
      checkoutAction(
        request(path, { cookie, fields: { ...details, idempotencyKey: randomUUID(), ...fields } }),
        contextOf(shop),
      ),
    )
    const location = answer.headers.get('Location') ?? ''
    return { answer, orderId: /orderId=([0-9a-f-]{36})/.exec(location)?.[1] ?? null }
  }

  const consentsOf = (phone: string) => db.select().from(whatsappConsents).where(eq(whatsappConsents.phone, phone))
  const consentsOfOrder = (orderId: string) =>
    db.select().from(whatsappConsents).where(eq(whatsappConsents.orderId, orderId))

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    db = database.db
    await initialiseShop(db, { seedDemo: false, showcaseMode: false })
    await db.update(settings).set({ legalName: LEGAL_NAME })
    const [row] = await db
      .insert(products)
      .values(ratlamiSev({ stock250g: 500, stock500g: 0, stock1kg: 0 }))
      .returning({ id: products.id })
    sev = row!.id
    configured = services(true)
    notConfigured = services(false)
  })
  afterAll(async () => {
    await database?.close()
  })
  beforeEach(async () => {
    await db.delete(whatsappConsents)
  })

  it('a ticked box records the opt-in with the order placed: the server’s sentence, the time, the number, the source', async () => {
    const { answer, orderId } = await checkout({ phone: '098765-43210', whatsappOptIn: 'on' })
    expect(answer.status).toBe(302)
    expect(orderId).not.toBeNull()
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId!))
    expect(await consentsOf('+919876543210')).toEqual([
      {
        id: expect.any(Number),
        phone: '+919876543210',
        userId: null,
        orderId,
        granted: true,
        wording: WORDING,
        locale: 'en',
        source: 'checkout',
        // In the order's transaction, at the order's time.
        createdAt: order!.createdAt,
      },
    ])
    expect(await hasWhatsAppConsent(db, '+91 98765 43210')).toBe(true)

    // A signed-in shopper on the Hindi page: their account, and the sentence they read, in Hindi.
    const cookie = await signedIn({ id: 'wa-hindi', phoneNumber: '+919811111111' })
    const hindi = await inHindi(() =>
      checkout({ phone: '9811111111', whatsappOptIn: 'on' }, { cookie, path: '/hi/checkout' }),
    )
    expect(await consentsOfOrder(hindi.orderId!)).toEqual([
      expect.objectContaining({
        phone: '+919811111111',
        userId: 'wa-hindi',
        granted: true,
        wording: WORDING_HI,
        locale: 'hi',
        source: 'checkout',
      }),
    ])
  })

  it('an unticked box records nothing, and leaves an earlier opt-in as it was', async () => {
    const { orderId } = await checkout({ phone: '9822222222' })
    expect(orderId).not.toBeNull()
    expect(await consentsOf('+919822222222')).toEqual([])

    await checkout({ phone: '9822222222', whatsappOptIn: 'on' })
    await checkout({ phone: '9822222222' })
    expect(await consentsOf('+919822222222')).toHaveLength(1)
    expect(await hasWhatsAppConsent(db, '+919822222222')).toBe(true)
  })

  it('a refused checkout records nothing and keeps the box ticked for the page drawn again', async () => {
    const { answer, orderId } = await checkout({ phone: '12345', whatsappOptIn: 'on' })
    expect(orderId).toBeNull()
    expect(answer).toMatchObject({ status: 400, body: { status: 'invalid', whatsappOptIn: true } })
    expect(await db.select().from(whatsappConsents)).toEqual([])
  })

  it('a forged field cannot attach the opt-in to another customer’s order: it goes with the order this post places', async () => {
    const theirs = await checkout({ phone: '9833333333', email: 'meera@example.in' })
    const forged = {
      phone: '9844444444',
      whatsappOptIn: 'on',
      orderId: theirs.orderId!,
      whatsappOrderId: theirs.orderId!,
      userId: 'someone-else',
      wording: 'I agree to anything',
      source: 'account',
      locale: 'hi',
    }
    const mine = await checkout(forged)
    expect(mine.orderId).not.toBe(theirs.orderId)
    expect(await consentsOfOrder(theirs.orderId!)).toEqual([])
    expect(await consentsOf('+919833333333')).toEqual([])
    expect(await consentsOfOrder(mine.orderId!)).toEqual([
      expect.objectContaining({
        phone: '+919844444444',
        userId: null,
        granted: true,
        wording: WORDING,
        locale: 'en',
        source: 'checkout',
      }),
    ])
    // Paying again for an order is no way in either: it records nothing.
    await checkout({ intent: 'pay-again', orderId: theirs.orderId!, whatsappOptIn: 'on' })
    // Nor is My Account, which takes no order at all.
    const cookie = await signedIn({ id: 'wa-forger', phoneNumber: '+919855555555' })
    await settle(() =>
      accountAction({
        request: request('/account', {
          cookie,
          fields: { intent: 'whatsapp', choice: 'opt-in', phone: '+919855555555', orderId: theirs.orderId! },
        }),
        context: contextOf(configured),
      }),
    )
    expect(await consentsOfOrder(theirs.orderId!)).toEqual([])
    expect(await consentsOf('+919855555555')).toEqual([expect.objectContaining({ orderId: null, source: 'account' })])
  })

  it('My Account opts the account’s number in and out, each choice a new row; the newest row decides', async () => {
    const cookie = await signedIn({ id: 'wa-account', phoneNumber: '+919866666666' })
    const load = async () =>
      (await accountLoader({ request: request('/account', { cookie }), context: contextOf(configured) })).whatsapp
    const post = (fields: Record<string, string>) =>
      settle(() =>
        accountAction({
          request: request('/account', { cookie, fields: { intent: 'whatsapp', ...fields } }),
          context: contextOf(configured),
        }),
      )

    expect(await load()).toEqual({
      phone: '+919866666666',
      fromOrder: false,
      optedIn: false,
      optInWording: WORDING,
      withdrawWording: WITHDRAW_WORDING,
    })
    expect(await post({ choice: 'opt-in', phone: '+919866666666' })).toMatchObject({
      status: 200,
      body: { section: 'whatsapp', notice: 'Done: order updates will go to +91 98666 66666 on WhatsApp.' },
    })
    expect((await load())?.optedIn).toBe(true)
    expect(await post({ choice: 'withdraw', phone: '+919866666666' })).toMatchObject({
      status: 200,
      body: {
        notice: 'Done: no more order updates to +91 98666 66666 on WhatsApp. They still come by e-mail and SMS.',
      },
    })
    expect((await load())?.optedIn).toBe(false)
    expect(await hasWhatsAppConsent(db, '+919866666666')).toBe(false)
    const rows = await consentsOf('+919866666666')
    expect(
      rows.map(({ granted, wording, source, userId, orderId, locale }) => ({
        granted,
        wording,
        source,
        userId,
        orderId,
        locale,
      })),
    ).toEqual([
      { granted: true, wording: WORDING, source: 'account', userId: 'wa-account', orderId: null, locale: 'en' },
      {
        granted: false,
        wording: WITHDRAW_WORDING,
        source: 'account',
        userId: 'wa-account',
        orderId: null,
        locale: 'en',
      },
    ])

    // The box at checkout opts the number in again: again the newest row.
    await checkout({ phone: '9866666666', whatsappOptIn: 'on' }, { cookie })
    expect((await load())?.optedIn).toBe(true)

    // Newest by its time, not by when it was written (a STOP reply recorded late, say).
    const phone = '+919877777777'
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 10, minute))
    const stop = { phone, userId: null, orderId: null, wording: 'STOP', locale: 'en', source: 'whatsapp' } as const
    await recordWhatsAppConsent(db, { ...stop, granted: false, now: at(5) })
    await recordWhatsAppConsent(db, { ...stop, granted: true, wording: WORDING, source: 'account', now: at(9) })
    await recordWhatsAppConsent(db, { ...stop, granted: false, now: at(7) })
    expect(await hasWhatsAppConsent(db, phone)).toBe(true)
    await recordWhatsAppConsent(db, { ...stop, granted: false, now: at(11) })
    expect(await hasWhatsAppConsent(db, phone)).toBe(false)
  })

  it('a consent row is never edited (a change of mind is a new row), and outlives the account that gave it', async () => {
    const cookie = await signedIn({ id: 'wa-leaving', phoneNumber: '+919876500001' })
    await checkout({ phone: '9876500001', whatsappOptIn: 'on' }, { cookie })
    await expect(db.update(whatsappConsents).set({ granted: false })).rejects.toThrow()
    await expect(db.update(whatsappConsents).set({ wording: 'I agree to anything' })).rejects.toThrow()
    await db.delete(users).where(eq(users.id, 'wa-leaving'))
    expect(await consentsOf('+919876500001')).toEqual([
      expect.objectContaining({ userId: null, granted: true, wording: WORDING }),
    ])
  })

  it('an account without a number of its own uses its newest order’s, or says there is none to send to', async () => {
    const cookie = await signedIn({ id: 'wa-no-phone', phoneNumber: null })
    const load = async () =>
      (await accountLoader({ request: request('/account', { cookie }), context: contextOf(configured) })).whatsapp
    expect(await load()).toMatchObject({ phone: null, optedIn: false })
    const refused = await settle(() =>
      accountAction({
        request: request('/account', { cookie, fields: { intent: 'whatsapp', choice: 'opt-in', phone: '' } }),
        context: contextOf(configured),
      }),
    )
    expect(refused).toMatchObject({
      status: 409,
      body: {
        section: 'whatsapp',
        error: expect.stringMatching(/^There is no mobile number to send WhatsApp updates to/),
      },
    })

    await checkout({ phone: '9888888888' }, { cookie })
    expect(await load()).toMatchObject({ phone: '+919888888888', fromOrder: true, optedIn: false })
    expect(await db.select().from(whatsappConsents)).toEqual([])
  })

  it('bad input to My Account is refused with a 4xx and a sentence, and changes nothing', async () => {
    const cookie = await signedIn({ id: 'wa-bad', phoneNumber: '+919899999999' })
    const post = (fields: Record<string, string>, { shop = configured, origin = PUBLIC_URL } = {}) =>
      settle(() =>
        accountAction({
          request: new Request(`${PUBLIC_URL}/account`, {
            method: 'POST',
            body: new URLSearchParams({ intent: 'whatsapp', ...fields }),
            headers: { cookie, origin },
          }),
          context: contextOf(shop),
        }),
      )
    expect(await post({ choice: 'yes please', phone: '+919899999999' })).toMatchObject({
      status: 400,
      body: { error: 'Please choose whether to get order updates on WhatsApp.' },
    })
    // The page showed another number than the account's now.
    expect(await post({ choice: 'opt-in', phone: '+919800000000' })).toMatchObject({
      status: 409,
      body: {
        error: 'The mobile number has changed since this page was opened. Please check it below and try again.',
      },
    })
    expect(await post({ choice: 'opt-in', phone: '+919899999999' }, { origin: 'https://evil.example' })).toMatchObject({
      status: 403,
    })
    expect(await post({ choice: 'opt-in', phone: '+919899999999' }, { shop: notConfigured })).toMatchObject({
      status: 404,
      body: { error: 'Order updates on WhatsApp are not offered.' },
    })
    expect(await db.select().from(whatsappConsents)).toEqual([])
  })

  it('the checkout shows the box unticked, below the mobile number, in the page’s language, as a plain form field', async () => {
    const page = async (shop: Services) => {
      const loaded = await settle(() => checkoutLoader(request('/checkout', { cookie: guestCart() }), contextOf(shop)))
      const props = loaded.body as CheckoutProps
      return { props, html: render(CheckoutStub, '/checkout', { ...props, actionData: undefined }) }
    }
    const { props, html } = await page(configured)
    expect(props.whatsappOptIn).toEqual({ wording: WORDING })
    const box = /<input[^>]*name="whatsappOptIn"[^>]*>/.exec(html)?.[0]
    expect(box).toContain('type="checkbox"')
    expect(box).not.toContain('checked')
    expect(html).toContain(`<span>${WORDING}</span>`)
    // Below the mobile number, inside the form that posts.
    expect(html.indexOf('name="phone"')).toBeLessThan(html.indexOf('name="whatsappOptIn"'))
    expect(html.indexOf('<form method="post"')).toBeLessThan(html.indexOf('name="whatsappOptIn"'))
    expect(html.indexOf('name="whatsappOptIn"')).toBeLessThan(html.indexOf('name="acceptTerms"'))

    const hindi = await inHindi(() => page(configured))
    expect(hindi.html).toContain(`<span>${WORDING_HI}</span>`)
    expect(hindi.html).toContain('STOP')
  })

  it('with WHATSAPP_PROVIDER=none nothing shows, and a ticked box or a post records nothing', async () => {
    const loaded = await settle(() =>
      checkoutLoader(request('/checkout', { cookie: guestCart() }), contextOf(notConfigured)),
    )
    expect(loaded.body).toMatchObject({ open: true, whatsappOptIn: null })
    const html = render(CheckoutStub, '/checkout', { ...(loaded.body as CheckoutProps), actionData: undefined })
    expect(html).toContain('name="phone"')
    expect(html).not.toContain('whatsappOptIn')
    expect(html).not.toContain('order updates on WhatsApp')

    const { orderId } = await checkout({ phone: '9812121212', whatsappOptIn: 'on' }, { shop: notConfigured })
    expect(orderId).not.toBeNull()

    const cookie = await signedIn({ id: 'wa-none', phoneNumber: '+919812121212' })
    const account = await accountLoader({ request: request('/account', { cookie }), context: contextOf(notConfigured) })
    expect(account.whatsapp).toBeNull()
    const accountHtml = render(AccountStub, '/account', { ...account, actionData: undefined })
    expect(accountHtml).toContain('My Account')
    expect(accountHtml).not.toContain('WhatsApp order updates')
    expect(accountHtml).not.toContain('value="whatsapp"')
    expect(await db.select().from(whatsappConsents)).toEqual([])
  })

  describe('the owner’s new-order alerts on WhatsApp', () => {
    const OWNER: Shopper = { id: 'wa-owner', name: 'Owner', email: 'owner@shop.test', role: 'admin' }

    beforeAll(async () => {
      await db.insert(users).values({ id: OWNER.id, name: OWNER.name, email: OWNER.email, role: 'admin' })
      sessions.set(OWNER_COOKIE, OWNER)
    })

    /**
     * The shop-details form as the Settings tab posts it, from the stored settings; `box`: the alerts
     * field's values (the hidden 'off', then 'on' when ticked; none when the field is not shown). The
     * owner's number is posted as the field shows it.
     */
    async function saveShop(shop: Services, box: string[], fields: Record<string, string> = {}) {
      const stored = await getSettings(db)
      const body = new URLSearchParams({
        intent: 'shop',
        version: stored.updatedAt.toISOString(),
        shopName: stored.shopName,
        legalName: stored.legalName,
        address: stored.address,
        phone: stored.phone,
        whatsappNumber: stored.whatsappNumber,
        whatsappAlertsTo: stored.whatsappAlertsTo && formatIndianMobile(stored.whatsappAlertsTo),
        email: stored.email,
        fssaiLicence: stored.fssaiLicence,
        gstin: stored.gstin,
        state: stored.state,
        grievanceOfficerName: stored.grievanceOfficerName,
        grievanceOfficerEmail: stored.grievanceOfficerEmail,
        grievanceOfficerPhone: stored.grievanceOfficerPhone,
        qualityTagline: stored.qualityTagline,
        ...fields,
      })
      for (const value of box) body.append('whatsappOwnerAlerts', value)
      const { context, params } = ownerPost(shop, '/admin/settings', {})
      const request = new Request(`${PUBLIC_URL}/admin/settings`, {
        method: 'POST',
        body,
        headers: { cookie: OWNER_COOKIE, origin: PUBLIC_URL },
      })
      return settle(() => settingsAction({ request, context, params } as never))
    }
    const alerts = async () => {
      const { whatsappOwnerAlerts, whatsappAlertsTo } = await getSettings(db)
      return { on: whatsappOwnerAlerts, to: whatsappAlertsTo }
    }
    const tab = async (shop: Services) =>
      (await settle(() => settingsTabLoader(ownerPost(shop, '/admin/settings', {}) as never))).body as {
        whatsapp: boolean
      }

    it('are offered, and saved, only when WhatsApp is configured, and go to the owner’s own number', async () => {
      expect((await tab(configured)).whatsapp).toBe(true)
      expect((await tab(notConfigured)).whatsapp).toBe(false)

      // Ticked without the owner's own number: refused, whatever the shop's public WhatsApp number.
      const before = await getSettings(db)
      expect(
        await saveShop(configured, ['off', 'on'], { whatsappNumber: '91234 56789', whatsappAlertsTo: '' }),
      ).toMatchObject({
        status: 400,
        body: {
          ok: false,
          fieldErrors: { whatsappAlertsTo: 'New orders go to your own WhatsApp number: enter it, or untick the box.' },
        },
      })
      // A number that is not an Indian mobile: refused with its message, ticked or not.
      for (const box of [['off', 'on'], ['off']]) {
        expect(await saveShop(configured, box, { whatsappAlertsTo: '5876543210' }), box.join()).toMatchObject({
          status: 400,
          body: {
            ok: false,
            fieldErrors: {
              whatsappAlertsTo:
                'Please enter your own WhatsApp number as a 10-digit Indian mobile number, like 98765 43210.',
            },
          },
        })
      }
      expect(await getSettings(db)).toEqual(before)

      // Saved canonical, whatever the spacing typed; never among the settings every page carries.
      expect(await saveShop(configured, ['off', 'on'], { whatsappAlertsTo: '098270-12345' })).toMatchObject({
        status: 200,
        body: { ok: true },
      })
      expect(await alerts()).toEqual({ on: true, to: '+919827012345' })
      expect(JSON.stringify(publicSettings(await getSettings(db)))).not.toContain('9827012345')

      // Without WhatsApp the field is not shown: a save, or a forged box and number, keeps both.
      expect(await saveShop(notConfigured, [])).toMatchObject({ status: 200, body: { ok: true } })
      expect(await saveShop(notConfigured, ['off'], { whatsappAlertsTo: '' })).toMatchObject({
        status: 200,
        body: { ok: true },
      })
      expect(await alerts()).toEqual({ on: true, to: '+919827012345' })
      // Shown and unticked: the hidden 'off' alone; the number stays as the field posts it.
      expect(await saveShop(configured, ['off'])).toMatchObject({ status: 200, body: { ok: true } })
      expect(await alerts()).toEqual({ on: false, to: '+919827012345' })
    })
  })
})
