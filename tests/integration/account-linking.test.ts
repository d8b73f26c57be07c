// One account per person (issue 32, decision 005 "Ways to sign in and merging"), through the /auth and
// /account routes as the pages post them, on a real better-auth on both databases: a phone code opens
// the account whose verified phone it is and never one the number only appears on; the last way to
// sign in cannot be removed; a merge moves orders, cart and reviews in one transaction and is audited;
// a forged merge changes nothing; every change needs a sign-in within 10 minutes and is rate-limited.

import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountAction, accountLoader } from '#app/accounts/account-page.server.ts'
import { type Auth, createAuth } from '#app/accounts/auth.server.ts'
import { authAction, startProvider } from '#app/accounts/auth-page.server.ts'
import { accounts, sessions, users, verifications } from '#app/accounts/schema.ts'
import { savedAddresses } from '#app/addresses/schema.ts'
import { cartItems } from '#app/cart/schema.ts'
import { products } from '#app/catalog/schema.ts'
import { createDiskStore } from '#app/media/file-store.server.ts'
import { orders } from '#app/orders/schema.ts'
import { parseConfig } from '#app/platform/config.server.ts'
import type { Database } from '#app/platform/db.server.ts'
import { startEventBus } from '#app/platform/event-bus.server.ts'
import { initialiseShop } from '#app/platform/first-start.server.ts'
import { createLogger } from '#app/platform/logger.server.ts'
import { createMailer } from '#app/platform/mailer.server.ts'
import { generateVapidKeys } from '#app/platform/push-sender.server.ts'
import { auditLog } from '#app/platform/schema.ts'
import { createLoadContext, type Services } from '#app/platform/services.server.ts'
import { createSms, smsOutboxFolder } from '#app/platform/sms.server.ts'
import { reviews } from '#app/reviews/schema.ts'
import { temporaryDataDir } from '../server-process.ts'
import { DATABASE_KINDS, openTestDatabase } from './databases.ts'
import { ratlamiSev } from './product-rows.ts'
import { settle } from './route-answer.ts'

const PUBLIC_URL = 'http://127.0.0.1:3998'
let ipCounter = 0

/** A browser: its cookies and an address of its own (the limits count per client address too). */
class Browser {
  cookies = new Map<string, string>()
  readonly ip = `198.51.100.${++ipCounter}`

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  keep(headers: Headers) {
    for (const cookie of headers.getSetCookie()) {
      const [pair] = cookie.split(';')
      const [name, ...value] = pair!.split('=')
      if (/max-age=0/i.test(cookie) || value.join('=') === '') this.cookies.delete(name!.trim())
      else this.cookies.set(name!.trim(), value.join('='))
    }
  }
}

describe.each(DATABASE_KINDS)('one account per person on %s', (kind) => {
  let database: Database
  let auth: Auth
  let services: Services
  let dataDir: string
  let productId: string

  beforeAll(async () => {
    database = await openTestDatabase(kind)
    await initialiseShop(database.db, { seedDemo: false, showcaseMode: true })
    dataDir = temporaryDataDir()
    const config = parseConfig({
      PUBLIC_URL,
      DATA_DIR: dataDir,
      GOOGLE_CLIENT_ID: 'shop.apps.example',
      GOOGLE_CLIENT_SECRET: 'google-secret',
    })
    const logger = createLogger('silent')
    const mailer = createMailer({ from: 'shop@example.com', dataDir, logger })
    const sms = createSms({ sms: config.sms, dataDir, logger })
    auth = createAuth({
      config,
      db: database.db,
      logger,
      mailer,
      sms,
      secret: 'x'.repeat(40),
      shopName: 'Malwa Namkeen',
    })
    const events = await startEventBus(database, logger)
    services = {
      config,
      database,
      db: database.db,
      logger,
      mailer,
      events,
      otpKey: 'k'.repeat(64),
      sms,
      auth,
      payments: null,
      shipping: null,
      whatsapp: null,
      files: createDiskStore(path.join(dataDir, 'uploads')),
      vapid: generateVapidKeys(),
    }
    const [product] = await database.db
      .insert(products)
      .values(ratlamiSev({ stock250g: 50, stock500g: 50 }))
      .returning({ id: products.id })
    productId = product!.id
  })
  afterAll(async () => {
    await services?.events.close()
    await database?.close()
  })

  function contextFor(browser: Browser) {
    return createLoadContext(services, { requestId: 't', nonce: '', clientIp: browser.ip, log: services.logger })
  }

  /** A form post of the /auth or /account page, as the browser sends it. */
  async function post(browser: Browser, page: '/auth' | '/account', fields: Record<string, string>) {
    const request = new Request(`${PUBLIC_URL}${page}`, {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: { origin: PUBLIC_URL, cookie: browser.header() },
    })
    const action = page === '/auth' ? authAction : accountAction
    const answer = await settle(async () => {
      const returned = await action({ request, context: contextFor(browser) })
      // A plain object is a 200 with that body, as React Router answers it.
      return returned && typeof returned === 'object' && 'init' in returned ? returned : { data: returned }
    })
    browser.keep(answer.headers)
    return answer as { status: number; body: { error?: string; notice?: string; step?: string }; headers: Headers }
  }

  async function loadAccount(browser: Browser, search = '') {
    const request = new Request(`${PUBLIC_URL}/account${search}`, { headers: { cookie: browser.header() } })
    return (await accountLoader({ request, context: contextFor(browser) })) as Awaited<ReturnType<typeof accountLoader>>
  }

  /** Whose session the browser holds, as the database says. */
  async function signedInAs(browser: Browser): Promise<string | null> {
    const token = [...browser.cookies].find(([name]) => name.endsWith('session_token'))?.[1]
    if (!token) return null
    const [row] = await database.db
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(eq(sessions.token, decodeURIComponent(token).split('.')[0]!))
    return row?.userId ?? null
  }

  function latestCode(phone: string): string {
    const folder = smsOutboxFolder(dataDir)
    for (const file of readdirSync(folder).sort().reverse()) {
      const message = JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as { to: string; text: string }
      if (message.to === phone) return /\b(\d{6})\b/.exec(message.text)![1]!
    }
    throw new Error(`no SMS to ${phone}`)
  }

  function mailTo(address: string): Array<{ subject: string; text: string }> {
    const folder = path.join(dataDir, 'mailbox')
    return readdirSync(folder)
      .map(
        (file) =>
          JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as { to: string; subject: string; text: string },
      )
      .filter((mail) => mail.to === address)
  }

  let phoneCounter = 0
  /** A mobile number of this test alone (canonical form). */
  function newPhone(): string {
    phoneCounter += 1
    return `+9198${kind === 'pglite' ? '1' : '2'}${String(phoneCounter).padStart(7, '0')}`
  }

  async function emailAccount(label: string): Promise<{ browser: Browser; id: string; email: string }> {
    const email = `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`
    const browser = new Browser()
    expect(
      (await post(browser, '/auth', { intent: 'sign-up', name: label, email, password: 'sev and chai at dawn' }))
        .status,
    ).toBe(200)
    expect(
      (
        await post(browser, '/auth', {
          intent: 'sign-in',
          email,
          password: 'sev and chai at dawn',
          redirectTo: '/account',
        })
      ).status,
    ).toBe(302)
    const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email))
    return { browser, id: user!.id, email }
  }

  async function phoneSignIn(phone: string, browser = new Browser()) {
    expect((await post(browser, '/auth', { intent: 'send-code', phone })).body).toMatchObject({ step: 'code' })
    const answer = await post(browser, '/auth', {
      intent: 'verify-code',
      phone,
      code: latestCode(phone),
      redirectTo: '/',
    })
    expect(answer.status).toBe(302)
    return browser
  }

  async function linkPhone(browser: Browser, phone: string) {
    const sent = await post(browser, '/account', { intent: 'phone-send', phone })
    expect(sent.status).toBe(200)
    expect(sent.body.step).toBe('code')
    return post(browser, '/account', { intent: 'phone-verify', phone, code: latestCode(phone) })
  }

  async function placeOrder(userId: string | null, phone: string) {
    const [order] = await database.db
      .insert(orders)
      .values({
        userId,
        customerName: 'Asha',
        email: 'asha@example.com',
        subtotalAmount: 8000,
        deliveryFee: 0,
        totalAmount: 8000,
        shippingAddress: '12 MG Road, Indore, Madhya Pradesh - 452001',
        phone,
        paymentMethod: 'cod',
      })
      .returning({ id: orders.id })
    return order!.id
  }

  async function ageSession(browser: Browser, minutes: number) {
    const userId = await signedInAs(browser)
    await database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - minutes * 60_000) })
      .where(eq(sessions.userId, userId!))
  }

  const userCount = async () => (await database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n

  it('a phone linked from inside an e-mail account is verified, and a code to it then opens that account', async () => {
    const asha = await emailAccount('asha')
    const phone = newPhone()
    const linked = await linkPhone(asha.browser, phone)
    expect(linked.status).toBe(200)
    expect(linked.body.notice).toMatch(/^Your phone \+91 98\d{3} \d{5} is added/)
    const [row] = await database.db.select().from(users).where(eq(users.id, asha.id))
    expect(row).toMatchObject({ phoneNumber: phone, phoneNumberVerified: true })
    expect(
      mailTo(asha.email)
        .map((mail) => mail.text)
        .join('\n'),
    ).toContain('Phone (SMS code)')

    const before = await userCount()
    const phoneBrowser = await phoneSignIn(phone)
    expect(await signedInAs(phoneBrowser)).toBe(asha.id)
    expect(await userCount()).toBe(before)
    expect((await loadAccount(phoneBrowser)).viewer.email).toBe(asha.email)
  })

  it("a number only on an e-mail account's order never opens that account: its code opens a new one", async () => {
    const ravi = await emailAccount('ravi')
    const phone = newPhone()
    const orderId = await placeOrder(ravi.id, phone)
    const stranger = await phoneSignIn(phone)
    const strangerId = await signedInAs(stranger)
    expect(strangerId).not.toBeNull()
    expect(strangerId).not.toBe(ravi.id)
    const loaded = await loadAccount(stranger)
    expect(loaded.viewer.email).toBeNull()
    // The new account sees nothing of Ravi's; Ravi's account and order are as they were.
    const [order] = await database.db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId))
    expect(order?.userId).toBe(ravi.id)
    const [account] = await database.db.select().from(users).where(eq(users.id, ravi.id))
    expect(account).toMatchObject({ phoneNumber: null })
    // Ravi's own account offers the order's number to link, proven only by a code sent to it.
    const own = await loadAccount(ravi.browser)
    expect(own.suggestedPhone).toMatch(/^\+91 98\d{3} \d{5}$/)
    expect(own.ways.find((way) => way.key === 'phone')?.added).toBe(false)
  })

  it('a recycled number written on an account without proof never opens it', async () => {
    const meena = await emailAccount('meena')
    const phone = newPhone()
    // As old data might hold it: the number on the account, never verified.
    await database.db
      .update(users)
      .set({ phoneNumber: phone, phoneNumberVerified: false })
      .where(eq(users.id, meena.id))
    const newOwner = await phoneSignIn(phone)
    const newOwnerId = await signedInAs(newOwner)
    expect(newOwnerId).not.toBe(meena.id)
    const [taken] = await database.db.select().from(users).where(eq(users.id, newOwnerId!))
    expect(taken).toMatchObject({ phoneNumber: phone, phoneNumberVerified: true })
    const [was] = await database.db.select().from(users).where(eq(users.id, meena.id))
    expect(was).toMatchObject({ phoneNumber: null, phoneNumberVerified: false })
    // Meena's own sessions are untouched: only the new owner's browser holds one for the number.
    expect(await signedInAs(meena.browser)).toBe(meena.id)
  })

  it('the last way to sign in cannot be removed; another can, and a way not on the account is not found', async () => {
    const sita = await emailAccount('sita')
    const last = await post(sita.browser, '/account', { intent: 'remove-way', way: 'password' })
    expect(last.status).toBe(409)
    expect(last.body.error).toBe(
      'This is the only way you can sign in, so it cannot be removed. Add another way first.',
    )
    expect(await database.db.select().from(accounts).where(eq(accounts.userId, sita.id))).toHaveLength(1)

    const missing = await post(sita.browser, '/account', { intent: 'remove-way', way: 'provider:google' })
    expect(missing.status).toBe(404)
    expect((await post(sita.browser, '/account', { intent: 'remove-way', way: 'anything' })).status).toBe(400)

    const phone = newPhone()
    expect((await linkPhone(sita.browser, phone)).status).toBe(200)
    const removed = await post(sita.browser, '/account', { intent: 'remove-way', way: 'password' })
    expect(removed.status).toBe(200)
    expect(removed.body.notice).toBe('E-mail and password is removed: it no longer opens this account.')
    expect(await database.db.select().from(accounts).where(eq(accounts.userId, sita.id))).toHaveLength(0)
    expect(mailTo(sita.email).some((mail) => mail.text.includes('was removed from your account'))).toBe(true)
    // Now the phone is the last way.
    const phoneLast = await post(sita.browser, '/account', { intent: 'remove-way', way: 'phone' })
    expect(phoneLast.status).toBe(409)
    const [row] = await database.db.select().from(users).where(eq(users.id, sita.id))
    expect(row).toMatchObject({ phoneNumber: phone, phoneNumberVerified: true })
  })

  it('merges an account proved by its phone code: orders, cart and reviews move in one go, audited', async () => {
    const kiran = await emailAccount('kiran')
    const phone = newPhone()
    // The same person signed in by SMS before and got a second account, with an order and a cart.
    const phoneBrowser = await phoneSignIn(phone)
    const secondId = (await signedInAs(phoneBrowser))!
    const mine = await placeOrder(kiran.id, '+919000011111')
    const theirs = await placeOrder(secondId, phone)
    await database.db.insert(cartItems).values([
      { userId: kiran.id, productId, size: '250g', quantity: 2 },
      { userId: secondId, productId, size: '250g', quantity: 3 },
      { userId: secondId, productId, size: '500g', quantity: 1 },
    ])
    await database.db.insert(reviews).values({ userId: secondId, productId, orderId: theirs, rating: 5, body: 'Crisp' })
    const address = {
      fullName: 'Kiran',
      phone,
      address: '4 Rajwada',
      city: 'Indore',
      state: 'Madhya Pradesh',
      pincode: '452002',
    }
    await database.db.insert(savedAddresses).values([
      { ...address, userId: kiran.id, label: 'home', isDefault: true },
      { ...address, userId: secondId, label: 'parents', isDefault: true },
      { ...address, userId: secondId, label: 'office', isDefault: false },
    ])

    const proved = await linkPhone(kiran.browser, phone)
    expect(proved.status).toBe(200)
    const offered = await loadAccount(kiran.browser)
    expect(offered.merge).toEqual({ who: expect.stringMatching(/^\+91 98/), orders: 1 })
    // Nothing has moved before the shopper confirms.
    expect((await database.db.select().from(orders).where(eq(orders.id, theirs)))[0]?.userId).toBe(secondId)

    const merged = await post(kiran.browser, '/account', { intent: 'merge-confirm' })
    expect(merged.status).toBe(200)
    expect(merged.body.notice).toBe('The accounts are merged. Orders moved to this account: 1.')

    const owners = await database.db.select({ id: orders.id, userId: orders.userId }).from(orders)
    expect(owners.filter((o) => o.id === mine || o.id === theirs).map((o) => o.userId)).toEqual([kiran.id, kiran.id])
    const cart = await database.db
      .select({ size: cartItems.size, quantity: cartItems.quantity })
      .from(cartItems)
      .where(eq(cartItems.userId, kiran.id))
      .orderBy(cartItems.size)
    expect(cart).toEqual([
      { size: '250g', quantity: 5 },
      { size: '500g', quantity: 1 },
    ])
    expect((await database.db.select().from(reviews).where(eq(reviews.userId, kiran.id))).map((r) => r.body)).toEqual([
      'Crisp',
    ])
    // Every address moves; the surviving account's default stays the one default.
    const book = await database.db
      .select({ label: savedAddresses.label, isDefault: savedAddresses.isDefault })
      .from(savedAddresses)
      .where(eq(savedAddresses.userId, kiran.id))
      .orderBy(savedAddresses.label)
    expect(book).toEqual([
      { label: 'home', isDefault: true },
      { label: 'office', isDefault: false },
      { label: 'parents', isDefault: false },
    ])
    expect(await database.db.select().from(users).where(eq(users.id, secondId))).toHaveLength(0)
    const [survivor] = await database.db.select().from(users).where(eq(users.id, kiran.id))
    expect(survivor).toMatchObject({ email: kiran.email, phoneNumber: phone, phoneNumberVerified: true })
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.merge'), eq(auditLog.entityId, kiran.id)))
    expect(audit).toMatchObject({ actorId: kiran.id, entity: 'account' })
    expect(audit?.before).toMatchObject({ mergedAccount: secondId, mergedPhone: phone })
    expect(mailTo(kiran.email).some((mail) => mail.text.includes('was merged into this one'))).toBe(true)
    // The number now opens the one account left, and the proof was used up.
    expect(await signedInAs(await phoneSignIn(phone))).toBe(kiran.id)
    expect((await post(kiran.browser, '/account', { intent: 'merge-confirm' })).status).toBe(403)
  })

  it("merges an e-mail account proved by its password into a phone account, which takes the e-mail's sign-in", async () => {
    const email = await emailAccount('nisha')
    await placeOrder(email.id, '+919000022222')
    const phone = newPhone()
    const phoneBrowser = await phoneSignIn(phone)
    const phoneId = (await signedInAs(phoneBrowser))!

    const wrong = await post(phoneBrowser, '/account', {
      intent: 'merge-prove',
      email: email.email,
      password: 'not the password',
    })
    expect(wrong.status).toBe(400)
    expect((await loadAccount(phoneBrowser)).merge).toBeNull()

    const proved = await post(phoneBrowser, '/account', {
      intent: 'merge-prove',
      email: email.email,
      password: 'sev and chai at dawn',
    })
    expect(proved.status).toBe(200)
    // The proof's sign-in left no session behind for the other account but the one it already had.
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, email.id))).toHaveLength(1)
    expect((await post(phoneBrowser, '/account', { intent: 'merge-confirm' })).status).toBe(200)

    const [survivor] = await database.db.select().from(users).where(eq(users.id, phoneId))
    expect(survivor).toMatchObject({ email: email.email, phoneNumber: phone, name: 'nisha' })
    const browser = new Browser()
    expect(
      (await post(browser, '/auth', { intent: 'sign-in', email: email.email, password: 'sev and chai at dawn' }))
        .status,
    ).toBe(302)
    expect(await signedInAs(browser)).toBe(phoneId)
    expect(await database.db.select().from(orders).where(eq(orders.userId, phoneId))).toHaveLength(1)
  })

  it('a forged merge request without proof of both accounts changes nothing', async () => {
    const victim = await emailAccount('victim')
    await placeOrder(victim.id, '+919000033333')
    const attacker = await emailAccount('attacker')
    const countOrders = async (userId: string) =>
      (await database.db.select().from(orders).where(eq(orders.userId, userId))).length

    // No proof at all, or the other account's id in the form: refused.
    const bare = await post(attacker.browser, '/account', { intent: 'merge-confirm' })
    expect(bare.status).toBe(403)
    expect(bare.body.error).toMatch(/^To merge, first prove the other account is yours/)
    const named = await post(attacker.browser, '/account', { intent: 'merge-confirm', otherUserId: victim.id })
    expect(named.status).toBe(400)
    // A proof stored for another account proves nothing for this one.
    await database.db.insert(verifications).values({
      id: crypto.randomUUID(),
      identifier: `account-merge:${victim.id}`,
      value: attacker.id,
      expiresAt: new Date(Date.now() + 60_000),
    })
    expect((await post(attacker.browser, '/account', { intent: 'merge-confirm' })).status).toBe(403)
    // A proof older than 10 minutes is no proof either.
    await database.db.insert(verifications).values({
      id: crypto.randomUUID(),
      identifier: `account-merge:${attacker.id}`,
      value: victim.id,
      expiresAt: new Date(Date.now() - 1000),
    })
    expect((await post(attacker.browser, '/account', { intent: 'merge-confirm' })).status).toBe(403)

    expect(await countOrders(victim.id)).toBe(1)
    expect(await database.db.select().from(users).where(eq(users.id, victim.id))).toHaveLength(1)
    expect(await database.db.select().from(users).where(eq(users.id, attacker.id))).toHaveLength(1)
  })

  it("adding Google starts Google's sign-in only from a fresh session, and its return is told once by e-mail", async () => {
    const lata = await emailAccount('lata')
    const start = async () => {
      const request = new Request(`${PUBLIC_URL}/auth/provider/google?link=1`, {
        headers: { cookie: lata.browser.header() },
      })
      const answer = await settle(() =>
        startProvider({ request, context: contextFor(lata.browser), params: { provider: 'google' } }),
      )
      return answer.headers.get('location') ?? ''
    }
    const location = new URL(await start())
    expect(location.origin).toBe('https://accounts.google.com')
    expect(location.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/auth`)
    expect(location.searchParams.get('state')).toBeTruthy()

    // Google's return adds the identity (better-auth's callback); the account page then says so and mails once.
    await database.db.insert(accounts).values({
      id: crypto.randomUUID(),
      accountId: 'google-subject-1',
      providerId: 'google',
      userId: lata.id,
    })
    const back = await loadAccount(lata.browser, '?linked=google')
    expect(back.providerNotice).toEqual({ notice: 'Google is added: it now signs in to this account.' })
    expect(back.ways.find((way) => way.key === 'provider:google')?.added).toBe(true)
    await loadAccount(lata.browser, '?linked=google')
    expect(mailTo(lata.email).filter((mail) => mail.text.includes('Google was added'))).toHaveLength(1)
    expect(
      (await loadAccount(lata.browser, '?link_error=account_already_linked_to_different_user')).providerNotice,
    ).toEqual({
      error: expect.stringMatching(/^That account could not be added/),
    })

    await ageSession(lata.browser, 11)
    expect(await start()).toBe('/account?fresh=0')
  })

  it('linking, removing and merging need a sign-in within 10 minutes, and are rate-limited', async () => {
    const dev = await emailAccount('dev')
    await ageSession(dev.browser, 11)
    const loaded = await loadAccount(dev.browser)
    expect(loaded.fresh).toBe(false)
    const stale: Array<Record<string, string>> = [
      { intent: 'phone-send', phone: newPhone() },
      { intent: 'remove-way', way: 'password' },
      { intent: 'set-password', newPassword: 'a long new password' },
      { intent: 'merge-confirm' },
    ]
    for (const fields of stale) {
      const answer = await post(dev.browser, '/account', fields)
      expect(answer.status, fields.intent).toBe(403)
      expect(answer.body.error).toMatch(/^For your safety, sign in again/)
    }
    // "Sign in again" ends the session and opens the sign-in page, which returns to the account.
    const again = await post(dev.browser, '/account', { intent: 'sign-in-again' })
    expect(again.status).toBe(302)
    expect(again.headers.get('location')).toBe('/auth?redirectTo=/account')
    expect(await signedInAs(dev.browser)).toBeNull()
    await post(dev.browser, '/auth', { intent: 'sign-in', email: dev.email, password: 'sev and chai at dawn' })
    expect((await loadAccount(dev.browser)).fresh).toBe(true)

    // Ten changes an hour per account; the eleventh is refused with Retry-After.
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await post(dev.browser, '/account', { intent: 'remove-way', way: 'provider:none' })).status).toBe(404)
    }
    const limited = await post(dev.browser, '/account', { intent: 'remove-way', way: 'provider:none' })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})
