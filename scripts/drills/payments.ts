// `npm run drill -- payments`: 300 shoppers pay online at once while PhonePe (the simulator) misbehaves
// payment by payment: webhooks sent twice, a stale 'failed' after 'paid' (out of order), late, never,
// forged (signed with a guessed password) and for the wrong amount, beside ordinary successes and
// failures and payments left to expire. Afterwards: a paid order was never moved back, nothing forged
// or short paid is paid, and the reconciler has settled every payment the gateway finished.
import { sql } from 'drizzle-orm'
import type { PaymentFault } from '../../server/phonepe-simulator.ts'
import { type Drill, invariant } from './drill.ts'
import { inParallel } from './lib/concurrency.ts'
import {
  noHalfOrders,
  noNegativeStock,
  rows,
  type StockSnapshot,
  stockIsConserved,
  stockSnapshot,
} from './lib/invariants.ts'
import { merchantOrderIdIn, type PaymentGateway, startPaymentGateway } from './lib/payment-gateway.ts'
import { waitUntilSettled } from './lib/settle.ts'
import { createShopServer } from './lib/shop-server.ts'
import { deliveryDetails, Shopper } from './lib/shopper.ts'

/** What happens to a payment, and what the shop must end up with. */
interface Scenario {
  name: string
  outcome: 'success' | 'failure' | 'pending'
  fault?: PaymentFault
  /** A forged callback claiming the payment completed. */
  forged?: boolean
  /** The payment expires at the gateway. */
  expires?: boolean
  /** The shopper closes the tab instead of coming back to the shop: only the reconciler can tell. */
  leaves?: boolean
  expect: 'paid' | 'failed' | 'short'
}

const SCENARIOS: Scenario[] = [
  { name: 'paid', outcome: 'success', expect: 'paid' },
  { name: 'paid, webhook twice', outcome: 'success', fault: { webhook: 'twice' }, expect: 'paid' },
  {
    name: "paid, then a stale 'failed' (out of order)",
    outcome: 'success',
    fault: { webhook: 'failed-after-paid' },
    expect: 'paid',
  },
  { name: 'paid, webhook late', outcome: 'success', fault: { webhook: 'delay', webhookDelayMs: 3000 }, expect: 'paid' },
  {
    name: 'paid, webhook lost, shopper gone',
    outcome: 'success',
    fault: { webhook: 'drop' },
    leaves: true,
    expect: 'paid',
  },
  { name: 'declined', outcome: 'failure', expect: 'failed' },
  { name: 'declined, webhook twice', outcome: 'failure', fault: { webhook: 'twice' }, expect: 'failed' },
  {
    name: "abandoned, a forged 'paid' callback",
    outcome: 'pending',
    forged: true,
    expires: true,
    leaves: true,
    expect: 'failed',
  },
  { name: "declined, a forged 'paid' callback", outcome: 'failure', forged: true, expect: 'failed' },
  { name: 'short paid (wrong amount)', outcome: 'success', fault: { amountDelta: -100 }, expect: 'short' },
]

const CONCURRENT_SHOPPERS = 24

export const drill: Drill = {
  about:
    '300 online payments while the gateway sends duplicated, reordered, late, lost, forged and wrong-amount callbacks',
  async run({ scale, databaseUrl, log }) {
    const payments = Math.max(SCENARIOS.length * 3, Math.round(300 * scale))
    let gateway: PaymentGateway | undefined
    let initial: StockSnapshot = new Map()
    let productIds: string[] = []
    const shop = await createShopServer({
      databaseUrl,
      async env(url) {
        gateway = await startPaymentGateway(url)
        return gateway.env
      },
      async prepare({ db }) {
        const picked = await rows<{ id: string }>(
          db,
          sql`select id from products where archived_at is null order by name limit 3`,
        )
        productIds = picked.map((row) => row.id)
        await db.execute(
          sql`update products set stock_250g = 100000 where id in ${sql.raw(`('${productIds.join("','")}')`)}`,
        )
        initial = await stockSnapshot(db)
      },
    })
    const { simulator } = gateway!
    try {
      await shop.start()
      log(`shop on ${shop.kind} at ${shop.url}: ${payments} online payments, ${SCENARIOS.length} kinds`)

      const byAttempt = new Map<string, Scenario>()
      const problems: string[] = []
      const began = performance.now()
      await inParallel(
        Array.from({ length: payments }, (_, i) => i),
        CONCURRENT_SHOPPERS,
        async (i) => {
          const scenario = SCENARIOS[i % SCENARIOS.length]!
          const shopper = new Shopper(shop.url, deliveryDetails(i))
          await shopper.addToCart(productIds[i % productIds.length]!)
          const placement = await shopper.placeOrder(await shopper.openCheckout(), 'online')
          const merchantOrderId = placement.outcome === 'placed' ? merchantOrderIdIn(placement.location) : null
          if (placement.outcome !== 'placed' || !merchantOrderId) {
            problems.push(JSON.stringify(placement).slice(0, 200))
            return
          }
          byAttempt.set(merchantOrderId, scenario)
          if (scenario.forged) await simulator.forgeWebhook(merchantOrderId, 'COMPLETED')
          simulator.decide(merchantOrderId, scenario.outcome, scenario.fault)
          if (scenario.expires) simulator.expire(merchantOrderId)
          if (scenario.leaves) return
          // The shopper comes back to the shop's payment page, which asks the gateway itself.
          const back = await shopper.get(`/payment-status?orderId=${placement.orderId}`)
          if (back.status >= 500) problems.push(`the payment page answered ${back.status}`)
        },
      )
      log(`${byAttempt.size} payments made in ${((performance.now() - began) / 1000).toFixed(1)} s`)

      const settled = await waitUntilSettled(
        shop,
        async (db) => {
          const pending = await rows<{ merchant_order_id: string }>(
            db,
            sql`select merchant_order_id from payment_attempts where state = 'PENDING'`,
          )
          // A short payment stays pending in the shop (the admin is told); every other one settles.
          return pending.filter((attempt) => byAttempt.get(attempt.merchant_order_id)?.expect !== 'short').length
        },
        log,
      )
      // Late webhooks may still be on their way to the stopped server: they were sent by now.
      const database = await shop.open()
      try {
        const { db } = database
        const found = await rows<{
          merchant_order_id: string
          state: string
          payment_status: string
          received: number
          after_release: number
          twice: number
          mismatch: number
        }>(
          db,
          sql`select a.merchant_order_id, a.state, o.payment_status,
                (select count(*)::int from admin_notifications_realtime n
                  where n.order_id = o.id and n.type = 'payment_received') as received,
                (select count(*)::int from admin_notifications_realtime n
                  where n.order_id = o.id and n.type = 'payment_after_release') as after_release,
                (select count(*)::int from admin_notifications_realtime n
                  where n.order_id = o.id and n.type = 'payment_twice') as twice,
                (select count(*)::int from admin_notifications_realtime n
                  where n.order_id = o.id and n.type = 'payment_amount_mismatch') as mismatch
              from payment_attempts a join orders o on o.id = a.order_id`,
        )
        const wrong = new Map<string, string[]>()
        const note = (scenario: Scenario, what: string) =>
          wrong.set(scenario.name, [...(wrong.get(scenario.name) ?? []), what])
        const tally = new Map<string, number>()
        for (const row of found) {
          const scenario = byAttempt.get(row.merchant_order_id)
          if (!scenario) continue
          tally.set(scenario.name, (tally.get(scenario.name) ?? 0) + 1)
          const ok =
            scenario.expect === 'paid'
              ? row.state === 'COMPLETED' &&
                row.payment_status === 'paid' &&
                row.received === 1 &&
                row.after_release === 0 &&
                row.twice === 0
              : scenario.expect === 'failed'
                ? row.state === 'FAILED' && row.payment_status === 'failed' && row.received + row.after_release === 0
                : row.state === 'PENDING' && row.payment_status === 'pending' && row.mismatch === 1
          if (!ok) note(scenario, JSON.stringify(row))
        }
        const forged = simulator.webhooks.filter((hook) => hook.forged)
        const summary = (names: (name: string) => boolean) =>
          [...wrong]
            .filter(([name]) => names(name))
            .map(([name, rows]) => `${rows.length} × ${name}: ${rows[0]}`)
            .join('; ')
        const badFor = (expect: Scenario['expect']) =>
          summary((name) => SCENARIOS.find((scenario) => scenario.name === name)?.expect === expect)
        const counts = [...tally].map(([name, n]) => `${n} ${name}`).join(', ')
        return [
          invariant(
            'every shopper was sent to pay and came back to a page',
            problems.length === 0 && byAttempt.size === payments,
            `${byAttempt.size} of ${payments}${problems.length ? `; ${problems.slice(0, 3).join('; ')}` : ''}`,
          ),
          invariant(
            'every paid order is paid once and was never moved back (duplicated, stale, late or lost webhooks)',
            badFor('paid') === '',
            badFor('paid') || counts,
          ),
          invariant(
            'forged callbacks are refused (401) and never mark an order paid',
            forged.every((hook) => hook.status === 401) &&
              !summary((name) => name.includes('forged')) &&
              forged.length === [...byAttempt.values()].filter((scenario) => scenario.forged).length,
            `${forged.length} forged, answered ${[...new Set(forged.map((hook) => hook.status))].join(', ')}${summary((name) => name.includes('forged')) ? `; ${summary((name) => name.includes('forged'))}` : ''}`,
          ),
          invariant(
            'a short payment never marks its order paid, and the admin is told once',
            badFor('short') === '',
            badFor('short') || `${tally.get(SCENARIOS.at(-1)!.name) ?? 0} left pending with one notice each`,
          ),
          invariant(
            'the reconciler settles every payment the gateway finished (lost webhooks, expiries)',
            settled && badFor('failed') === '',
            badFor('failed') || (settled ? 'none left pending' : 'still pending when the drill gave up'),
          ),
          await stockIsConserved(db, initial),
          await noNegativeStock(db),
          await noHalfOrders(db),
        ]
      } finally {
        await database.close()
      }
    } finally {
      await shop.dispose()
      await simulator.stop()
    }
  },
}
