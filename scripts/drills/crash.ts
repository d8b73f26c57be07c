// `npm run drill -- crash`: 60 s of checkouts (guests and accounts, cash on delivery and online paid
// through PhonePe) while the server is killed with SIGKILL several times and started again. Shoppers
// whose request died with the server submit the same form again once it is back, as a browser's
// retry would. Afterwards: every order the shop acknowledged exists whole, every packet is on the
// shelf or in an order, every e-mail and SMS of an order went out once (by key), and every payment
// the gateway completed or failed is applied to its order exactly once.
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { outboxJobKey } from '../../app/platform/outbox.server.ts'
import { smsOutboxFolder } from '../../app/platform/sms.server.ts'
import { type Drill, invariant } from './drill.ts'
import {
  noHalfOrders,
  noNegativeStock,
  orderIds,
  rows,
  type StockSnapshot,
  stockIsConserved,
  stockSnapshot,
} from './lib/invariants.ts'
import { startMailReceiver } from './lib/mail-receiver.ts'
import { merchantOrderIdIn, type PaymentGateway, startPaymentGateway } from './lib/payment-gateway.ts'
import { waitUntilSettled } from './lib/settle.ts'
import { createShopServer } from './lib/shop-server.ts'
import { deliveryDetails, type Placement, Shopper } from './lib/shopper.ts'

const CONCURRENT_SHOPPERS = 16
const ACCOUNT_EVERY = 4
/** Every tenth online payment fails at the gateway; the rest succeed. */
const FAIL_EVERY = 10

export const drill: Drill = {
  about: '60 s of checkouts while the server is killed with SIGKILL and restarted; nothing acknowledged is lost',
  async run({ scale, databaseUrl, log }) {
    const durationMs = Math.max(8_000, 60_000 * scale)
    const kills = Math.max(2, Math.round(5 * scale))
    const mail = await startMailReceiver()
    let gateway: PaymentGateway | undefined
    let productIds: string[] = []
    let initial: StockSnapshot = new Map()
    const shop = await createShopServer({
      databaseUrl,
      async env(url) {
        gateway = await startPaymentGateway(url)
        return { ...gateway.env, SMTP_URL: mail.url }
      },
      async prepare({ db }) {
        const picked = await rows<{ id: string }>(
          db,
          sql`select id from products where archived_at is null order by name limit 4`,
        )
        productIds = picked.map((row) => row.id)
        await db.execute(sql`update products set stock_250g = 100000, stock_500g = 100000
                             where id in ${sql.raw(`('${productIds.join("','")}')`)}`)
        initial = await stockSnapshot(db)
      },
    })
    const { simulator } = gateway!
    try {
      await shop.start()
      log(`shop on ${shop.kind} at ${shop.url}: ${durationMs / 1000} s of checkouts, ${kills} kills`)

      // The server is up, or coming back: shoppers wait for it rather than give up.
      let up: Promise<void> = Promise.resolve()
      const acknowledged = new Set<string>()
      const decided = new Map<string, 'success' | 'failure'>()
      const counts = { placed: 0, retried: 0, refused: 0, failed: 0, payLater: 0 }
      const refusals: string[] = []
      let stopAt = 0
      let paid = 0

      const placeWithRetries = async (shopper: Shopper, key: string, method: 'cod' | 'online') => {
        for (let attempt = 0; ; attempt++) {
          const placement: Placement = await shopper.placeOrder(key, method)
          if (placement.outcome !== 'failed' || attempt >= 20) return placement
          counts.retried++
          await up
          await pause(200)
        }
      }
      // A step that may meet a dead server: tried again, as a person reloading the page would.
      const persist = async <T>(step: () => Promise<T>): Promise<T> => {
        for (let attempt = 0; ; attempt++) {
          try {
            return await step()
          } catch (error) {
            if (attempt >= 20) throw error
            await up
            await pause(200)
          }
        }
      }

      // Some shoppers have accounts, made before the clock starts.
      const accounts = new Map<number, Shopper>()
      await Promise.all(
        Array.from({ length: CONCURRENT_SHOPPERS }, async (_, worker) => {
          if (worker % ACCOUNT_EVERY) return
          const shopper = new Shopper(shop.url, deliveryDetails(worker * 100_000))
          await shopper.signUpAndSignIn(`crash${worker}@example.in`, `crash-drill-password-${worker}`, 'Ravi Jain')
          accounts.set(worker, shopper)
        }),
      )

      const shopperLoop = async (worker: number) => {
        let shopper = accounts.get(worker) ?? new Shopper(shop.url, deliveryDetails(worker * 100_000))
        for (let n = 0; Date.now() < stopAt; n++) {
          if (!accounts.has(worker)) shopper = new Shopper(shop.url, deliveryDetails(worker * 100_000 + n))
          const lines = 1 + (n % 3)
          for (let line = 0; line < lines; line++) {
            const productId = productIds[(worker + n + line) % productIds.length]!
            await persist(() => shopper.addToCart(productId, line % 2 ? '500g' : '250g'))
          }
          const key = await persist(() => shopper.openCheckout())
          const method = (worker + n) % 2 ? 'online' : 'cod'
          const placement = await placeWithRetries(shopper, key, method)
          if (placement.outcome === 'refused') {
            counts.refused++
            refusals.push(`${placement.title}: ${placement.message}`)
            continue
          }
          if (placement.outcome === 'failed') {
            counts.failed++
            refusals.push(`${placement.status} ${placement.error.slice(0, 100)}`)
            continue
          }
          counts.placed++
          const merchantOrderId = method === 'online' ? merchantOrderIdIn(placement.location) : null
          // A payment whose start was cut short by a kill: the order exists and the checkout page offers
          // to pay it again; the reconciler closes the attempt the gateway may never have opened.
          if (method === 'online' && !merchantOrderId) counts.payLater++
          if (placement.orderId) acknowledged.add(placement.orderId)
          if (merchantOrderId) {
            // The shopper pays (or the bank declines) on the gateway's page; its webhook races the kills.
            const outcome = ++paid % FAIL_EVERY === 0 ? 'failure' : 'success'
            simulator.decide(merchantOrderId, outcome)
            decided.set(merchantOrderId, outcome)
          }
        }
      }

      const killer = async () => {
        const gap = durationMs / (kills + 1)
        for (let k = 0; k < kills; k++) {
          await pause(gap * (0.7 + Math.random() * 0.3))
          let restarted!: () => void
          up = new Promise((resolve) => (restarted = resolve))
          await shop.kill()
          log(`killed the server (${k + 1} of ${kills}) with ${counts.placed} orders acknowledged`)
          const began = performance.now()
          await shop.start()
          restarted()
          log(`  back in ${((performance.now() - began) / 1000).toFixed(1)} s`)
        }
      }

      const began = performance.now()
      stopAt = Date.now() + durationMs
      await Promise.all([
        ...Array.from({ length: CONCURRENT_SHOPPERS }, (_, worker) => shopperLoop(worker)),
        killer().finally(() => {
          // The load goes on a little after the last restart, so orders are placed on a fresh start too.
          stopAt = Math.max(stopAt, Date.now() + 2_000)
        }),
      ])
      const loadSeconds = (performance.now() - began) / 1000
      log(
        `${counts.placed} orders acknowledged in ${loadSeconds.toFixed(1)} s (${(counts.placed / loadSeconds).toFixed(1)}/s), ${counts.retried} requests retried after a kill, ${counts.refused} refused, ${counts.failed} failed, ${counts.payLater} online orders sent to pay again`,
      )

      // Mail and payments settle: jobs a killed worker held wait for their lease, lost webhooks for
      // the reconciler's first check (20 s after a payment starts).
      const settled = await waitUntilSettled(
        shop,
        async (db) => {
          const [jobs] = await rows<{ n: number }>(
            db,
            sql`select count(*)::int as n from outbox_jobs where status in ('pending', 'running')`,
          )
          const pending = await rows<{ merchant_order_id: string }>(
            db,
            sql`select merchant_order_id from payment_attempts where state = 'PENDING'`,
          )
          return jobs!.n + pending.filter((attempt) => decided.has(attempt.merchant_order_id)).length
        },
        log,
      )
      const database = await shop.open()
      try {
        const { db } = database
        const present = await orderIds(db)
        const lost = [...acknowledged].filter((id) => !present.has(id))
        // created_ms as a JavaScript Date holds it (microseconds dropped), as the worker made the key.
        const jobs = await rows<{ id: number; created_ms: string; kind: string; status: string }>(
          db,
          sql`select id::int, floor(extract(epoch from created_at) * 1000)::text as created_ms, kind, status
              from outbox_jobs where kind in ('mail', 'sms')`,
        )
        const keysOf = (kind: string) =>
          new Set(
            jobs
              .filter((job) => job.kind === kind)
              .map((job) => outboxJobKey({ id: job.id, createdAt: new Date(Number(job.created_ms)) })),
          )
        const mailJobs = keysOf('mail')
        const smsJobs = keysOf('sms')
        const undelivered = jobs.filter((job) => job.status !== 'done')
        // Mail outside the outbox (an account's welcome) has a Message-ID of nodemailer's making.
        const mailKeys = mail.received.flatMap(
          (message) => /^<(\d+-outbox-\d+)@/.exec(message.messageId ?? '')?.[1] ?? [],
        )
        const distinctMail = new Set(mailKeys)
        const smsFiles = (await readdir(smsOutboxFolder(shop.dataDir)).catch(() => [] as string[])).map((file) =>
          path.basename(file, '.json'),
        )
        const payments = await paymentCheck(db, decided)
        return [
          invariant(
            'every acknowledged order exists',
            lost.length === 0 && acknowledged.size === counts.placed,
            `${acknowledged.size} acknowledged, ${lost.length} missing, ${present.size} in the database`,
          ),
          invariant(
            'every shopper got an answer (placed or refused with a reason)',
            counts.failed === 0 && counts.refused === 0,
            `${counts.placed} placed, ${counts.refused} refused, ${counts.failed} failed${refusals.length ? `: ${[...new Set(refusals)].slice(0, 3).join('; ')}` : ''}`,
          ),
          await noHalfOrders(db),
          await stockIsConserved(db, initial),
          await noNegativeStock(db),
          invariant(
            'every e-mail and SMS job of an order was delivered',
            settled && undelivered.length === 0 && jobs.length > 0,
            `${jobs.length} jobs, ${undelivered.length} not done (${[...new Set(undelivered.map((job) => job.status))].join(', ') || 'none'})`,
          ),
          invariant(
            'each e-mail arrived once by its key (its Message-ID)',
            distinctMail.size === mailJobs.size && [...mailJobs].every((key) => distinctMail.has(key)),
            `${mailJobs.size} mail jobs, ${distinctMail.size} distinct keys received, ${mailKeys.length - distinctMail.size} repeats (dropped by key)`,
          ),
          invariant(
            'each SMS went out once by its key',
            smsFiles.length === smsJobs.size && smsFiles.every((key) => smsJobs.has(key)),
            `${smsJobs.size} SMS jobs, ${smsFiles.length} messages in the outbox`,
          ),
          invariant(
            'each payment the gateway completed or failed is applied to its order exactly once',
            payments.wrong.length === 0,
            `${payments.paid} paid, ${payments.failed} failed${payments.wrong.length ? `; ${payments.wrong.slice(0, 3).join('; ')}` : ''}; ${simulator.webhooks.filter((hook) => hook.status !== 200).length} of ${simulator.webhooks.length} webhooks not answered 200 (the reconciler asked instead)`,
          ),
        ]
      } finally {
        await database.close()
      }
    } finally {
      await shop.dispose()
      await simulator.stop()
      await mail.close()
    }
  },
}

/** Each decided payment against the shop's records: its order paid or failed, and announced once. */
async function paymentCheck(db: Parameters<typeof rows>[0], decided: Map<string, 'success' | 'failure'>) {
  const found = await rows<{
    merchant_order_id: string
    state: string
    payment_status: string
    received: number
    twice: number
  }>(
    db,
    sql`select a.merchant_order_id, a.state, o.payment_status,
          (select count(*)::int from admin_notifications_realtime n
            where n.order_id = o.id and n.type in ('payment_received', 'payment_after_release')) as received,
          (select count(*)::int from admin_notifications_realtime n
            where n.order_id = o.id and n.type = 'payment_twice') as twice
        from payment_attempts a join orders o on o.id = a.order_id`,
  )
  const byId = new Map(found.map((row) => [row.merchant_order_id, row]))
  const wrong: string[] = []
  let paid = 0
  let failed = 0
  for (const [merchantOrderId, outcome] of decided) {
    const row = byId.get(merchantOrderId)
    const expected =
      outcome === 'success'
        ? row?.state === 'COMPLETED' && row.payment_status === 'paid' && row.received === 1 && row.twice === 0
        : row?.state === 'FAILED' && row.payment_status === 'failed' && row.received === 0
    if (!expected) wrong.push(`${merchantOrderId} ${outcome}: ${JSON.stringify(row ?? 'no attempt')}`)
    else if (outcome === 'success') paid++
    else failed++
  }
  return { wrong, paid, failed }
}

function pause(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}
