// The orders desk's e-mails through a real SMTP server (smtp-server on a loopback port): what the
// customer and the shop receive, in plain text and HTML, and a mail server that refuses mail, which
// is retried later and never holds up the owner's change.
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '#app/accounts/schema.ts'
import { products } from '#app/catalog/schema.ts'
import { changeOrderStatus, type DeskContext } from '#app/orders/order-desk.server.ts'
import { orders } from '#app/orders/schema.ts'
import type { Database } from '#app/platform/db.server.ts'
import { initialiseShop } from '#app/platform/first-start.server.ts'
import { createLogger } from '#app/platform/logger.server.ts'
import { createMailer } from '#app/platform/mailer.server.ts'
import { runDueJobs } from '#app/platform/outbox.server.ts'
import { outboxJobs } from '#app/platform/schema.ts'
import { temporaryDataDir } from '../server-process.ts'
import { openTestDatabase } from './databases.ts'
import { placeGuestOrder } from './guest-order.ts'
import { changeStatus } from './order-status.ts'
import { drainOutbox } from './outbox.ts'
import { ratlamiSev } from './product-rows.ts'

const logger = createLogger('silent')

/** An SMTP server on a loopback port that keeps what it receives, or refuses it while `refusing`. */
async function startSmtp() {
  const received: { to: string[]; raw: string }[] = []
  const state = { refusing: false }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = ''
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')))
      stream.on('end', () => {
        if (state.refusing) return callback(Object.assign(new Error('mailbox busy'), { responseCode: 451 }))
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}

/** The body of a MIME part as text (quoted-printable undone). */
function decoded(raw: string): string {
  const soft = raw.replace(/=\r?\n/g, '')
  return Buffer.from(
    soft.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8')
}

describe('order e-mails through a real SMTP server', () => {
  let database: Database
  let smtp: Awaited<ReturnType<typeof startSmtp>>
  let sev: string
  const desk: DeskContext = {
    admin: { id: 'mail-admin', email: 'mail@shop.test', name: 'Mail' },
    otpKey: 'k'.repeat(64),
    notices: { publicUrl: 'https://shop.example', whatsapp: false },
  }

  beforeAll(async () => {
    database = await openTestDatabase('pglite')
    await initialiseShop(database.db, { seedDemo: false, showcaseMode: false })
    await database.db
      .insert(users)
      .values({ id: 'mail-admin', name: 'Owner', email: 'owner@shop.example', role: 'admin' })
    const [row] = await database.db
      .insert(products)
      .values(ratlamiSev({ stock250g: 10, stock500g: 0, stock1kg: 0 }))
      .returning({ id: products.id })
    sev = row!.id
    smtp = await startSmtp()
  })
  afterAll(async () => {
    await smtp?.close()
    await database?.close()
  })

  it('sends the shop its new order, and the customer the confirmation and the delivery OTP, as text and HTML', async () => {
    const { db } = database
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'Malwa Namkeen <shop@shop.example>',
      dataDir: temporaryDataDir(),
      logger,
    })
    const handlers = {
      mail: (message: Parameters<typeof mailer.send>[0]) => mailer.send(message),
      sms: async () => {},
      push: async () => {},
    }
    const placed = await placeGuestOrder(db, [{ productId: sev, size: '250g', quantity: 2 }], {
      details: { fullName: 'Asha <b>Verma</b>', address: '12, Vijay Nagar' },
      notices: desk.notices,
    })
    await changeStatus(db, placed.orderId, 'confirmed', desk)
    await changeStatus(db, placed.orderId, 'shipped', desk)
    await drainOutbox(db, handlers)

    const mails = smtp.received.map((mail) => ({ to: mail.to, text: decoded(mail.raw) }))
    const shop = mails.find((mail) => mail.text.includes(`New order #${placed.orderNumber}`))
    expect(shop?.to).toEqual(['hello@malwanamkeen.example'])
    expect(shop?.text).toContain('https://shop.example/admin')

    const confirmed = mails.find((mail) => mail.text.includes(`Subject: Order #${placed.orderNumber} confirmed`))
    expect(confirmed?.to).toEqual(['asha@example.in'])
    expect(confirmed?.text).toContain('Content-Type: text/plain')
    expect(confirmed?.text).toContain('Content-Type: text/html')
    expect(confirmed?.text).toContain('2 x Ratlami Sev (250g)')
    expect(confirmed?.text).toContain('https://shop.example/track-order')
    // The customer's own words are escaped in the HTML part.
    const html = confirmed!.text.slice(confirmed!.text.indexOf('Content-Type: text/html'))
    expect(html).toContain('Asha &lt;b&gt;Verma&lt;/b&gt;')
    expect(html).not.toContain('<b>Verma</b>')

    const shipped = mails.find((mail) => mail.text.includes('is out for delivery'))
    expect(shipped?.text).toMatch(/Your delivery OTP is \d{6}\./)
    expect(shipped?.text).toContain('Please keep ₹210.00 ready')
  })

  it('retries a mail the server refuses, without holding up the status change', async () => {
    const { db } = database
    smtp.state.refusing = true
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'shop@shop.example', dataDir: temporaryDataDir(), logger })
    const handlers = {
      mail: (message: Parameters<typeof mailer.send>[0]) => mailer.send(message),
      sms: async () => {},
      push: async () => {},
    }
    const [order] = await db.select().from(orders).limit(1)
    await db.delete(outboxJobs)
    const changed = await changeOrderStatus(
      db,
      { orderId: order!.id, to: 'delivered', version: order!.updatedAt.toISOString() },
      desk,
    )
    expect(changed.status).toBe('delivered')
    expect(await runDueJobs(db, handlers, logger)).toBe(2)
    const [mailJob] = await db.select().from(outboxJobs).where(eq(outboxJobs.kind, 'mail'))
    expect(mailJob).toMatchObject({ status: 'pending', attempts: 1 })
    expect(mailJob?.lastError).toContain('mailbox busy')
    expect(mailJob!.runAfter.getTime()).toBeGreaterThan(Date.now())

    smtp.state.refusing = false
    await db
      .update(outboxJobs)
      .set({ runAfter: new Date(0) })
      .where(eq(outboxJobs.id, mailJob!.id))
    expect(await runDueJobs(db, handlers, logger)).toBe(1)
    expect((await db.select().from(outboxJobs).where(eq(outboxJobs.id, mailJob!.id)))[0]?.status).toBe('done')
    expect(smtp.received.at(-1)?.raw).toContain(`Order #${order!.id.slice(-8)} delivered`)
  })
})
