// `npm run drill -- shipping`: the owner books 200 confirmed orders at once (double taps included)
// while Shiprocket (the simulator) answers with 5xx, 429 and slow answers, some of them after doing the
// work; they book again until every order that can go is booked. Then 1,000 tracking webhooks for
// those parcels arrive repeated, concurrent and out of order. Afterwards: each order was booked once
// (one Shiprocket order, one AWB), none was called unserviceable because a call failed, every order is
// in the state its parcel's last scan says, no order moved backwards, and the stock ledger is exact
// (a returned parcel's packets back on the shelf once).
import { randomInt } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { SimWebhook } from '../../server/shiprocket-simulator.ts'
import { type Drill, invariant } from './drill.ts'
import { inParallel, shuffle } from './lib/concurrency.ts'
import { noNegativeStock, rows, stockIsConserved } from './lib/invariants.ts'
import { bookOne, type Destination, startShippingShop } from './lib/shipping-shop.ts'
import type { Shopper } from './lib/shopper.ts'

/** What happens to a parcel after pickup, as Shiprocket's status ids, and the order's end. */
const JOURNEYS = [
  { name: 'delivered', statuses: [42, 18, 38, 17, 7], order: 'delivered', parcel: 'delivered' },
  {
    name: 'delivered at the second attempt',
    statuses: [42, 18, 17, 21, 17, 7],
    order: 'delivered',
    parcel: 'delivered',
  },
  { name: 'returned to the shop', statuses: [42, 18, 17, 21, 9, 46, 10], order: 'cancelled', parcel: 'rto_delivered' },
  { name: 'lost', statuses: [42, 18, 12], order: 'shipped', parcel: 'lost' },
] as const

/** No courier serves this PIN code: its orders are refused with Shiprocket's own answer. */
const UNSERVED: Destination = { city: 'Car Nicobar', state: 'Andaman and Nicobar Islands', pincode: '744301' }
const SERVED: Destination[] = [
  { city: 'Bengaluru', state: 'Karnataka', pincode: '560038' },
  { city: 'New Delhi', state: 'Delhi', pincode: '110001' },
  { city: 'Pune', state: 'Maharashtra', pincode: '411001' },
]
/** The start of the shop's answer when Shiprocket lists no courier for an address. */
const NO_COURIER = /No courier of Shiprocket serves/
const UNSERVED_EVERY = 20
const BOOKING_ROUNDS = 6

export const drill: Drill = {
  about:
    '200 orders booked at once through a failing Shiprocket, then 1,000 tracking webhooks repeated, concurrent and out of order',
  async run({ scale, databaseUrl, log }) {
    const count = Math.max(20, Math.round(200 * scale))
    const events = Math.max(100, Math.round(1000 * scale))
    const shipping = await startShippingShop({
      databaseUrl,
      orders: count,
      pincodeOf: (index) => (index % UNSERVED_EVERY === UNSERVED_EVERY - 1 ? UNSERVED : SERVED[index % SERVED.length]!),
    })
    const { shop, simulator, owner, orderIds } = shipping
    try {
      log(`shop on ${shop.kind} at ${shop.url}: ${count} confirmed orders to book`)
      // A fifth of the calls fail: server faults, rate limits, answers that come late (some after
      // the work was done). Replayable: the seed fixes which.
      simulator.fault({
        kind: 'random',
        rate: 0.2,
        seed: 30,
        kinds: [500, 502, 503, 429, 'slow', 'slow-success'],
        slowMs: 1500,
      })
      const unserved = new Set(orderIds.filter((_, index) => index % UNSERVED_EVERY === UNSERVED_EVERY - 1))
      const outcome = new Map<string, { ok: boolean; message: string }>()
      const began = performance.now()
      const noCourier = (id: string) => NO_COURIER.test(outcome.get(id)?.message ?? '')
      // An order is done once booked or once Shiprocket has said no courier serves it; a failed call
      // (the owner reads "Try again") is pressed again in the next round, whatever its address.
      for (let round = 1; round <= BOOKING_ROUNDS; round++) {
        const left = orderIds.filter((id) => !outcome.get(id)?.ok && !noCourier(id))
        if (left.length === 0) break
        // The first round is Book all pressed on two phones at once: every order is asked for twice.
        const asks = round === 1 ? [...left, ...left] : left
        await inParallel(asks, 10, async (orderId) => {
          const answer = await bookOne(owner, orderId)
          if (!outcome.get(orderId)?.ok) outcome.set(orderId, answer)
        })
        log(`round ${round}: ${[...outcome.values()].filter((one) => one.ok).length} of ${count} booked`)
      }
      simulator.clearFaults()
      log(`booking took ${((performance.now() - began) / 1000).toFixed(1)} s`)

      const booked = orderIds.filter((id) => outcome.get(id)?.ok)
      const awbs = new Map(booked.map((id) => [id, simulator.order(channelIdOf(id))?.shipment.awb ?? '']))
      // Each parcel's journey, scanned into the simulator with no webhook sent, then the webhooks it
      // would have sent (each the parcel's state and its scans so far) delivered all at once, shuffled,
      // a third of them twice.
      const firstHook = simulator.webhooks.length
      const expected = new Map<string, (typeof JOURNEYS)[number]>()
      let scanAt = Date.now() - 10 * 24 * 60 * 60_000
      for (const [index, orderId] of booked.entries()) {
        const journey = JOURNEYS[index % JOURNEYS.length]!
        expected.set(orderId, journey)
        for (const statusId of journey.statuses) {
          scanAt += 60_000
          await simulator.advance(awbs.get(orderId)!, statusId, {
            webhook: 'drop',
            at: new Date(scanAt),
            ...(statusId === 21 ? { ndrReason: 'Customer not available' } : {}),
          })
        }
      }
      const hooks = simulator.webhooks.slice(firstHook)
      const storm: SimWebhook[] = [...hooks, ...hooks.filter(() => randomInt(3) === 0)]
      while (storm.length < events) storm.push(hooks[randomInt(hooks.length)]!)
      shuffle(storm)
      const stormBegan = performance.now()
      const answers = await inParallel(storm, 16, (hook) => simulator.sendWebhook(hook.body, 'right'))
      const refusedHooks = answers.filter((status) => status !== 200).length
      log(
        `${storm.length} webhooks (${hooks.length} distinct) in ${((performance.now() - stormBegan) / 1000).toFixed(1)} s`,
      )
      // The shop answers each webhook once it is stored and applies it just after: wait for the last.
      const settled = await waitUntilApplied(owner, expected)
      log(
        `every parcel's last scan applied ${((performance.now() - stormBegan) / 1000).toFixed(1)} s after the storm began`,
      )
      await shop.stop()

      const database = await shop.open()
      try {
        const { db } = database
        const assignedTwice = booked.filter((id) => {
          const shipmentId = simulator.order(channelIdOf(id))?.shipment.id
          return (
            simulator.requests.filter(
              (request) =>
                request.path === 'courier/assign/awb' &&
                request.body.shipment_id === shipmentId &&
                request.status === 200,
            ).length !== 1
          )
        })
        const srOrders = orderIds.filter((id) => simulator.order(channelIdOf(id)))
        const renumbered = orderIds.filter((id) => simulator.order(`${channelIdOf(id)}-R2`))
        const wrongUnserved = [...unserved].filter((id) => outcome.get(id)?.ok || !noCourier(id))
        const servedRefused = orderIds.filter((id) => !unserved.has(id) && !outcome.get(id)?.ok)
        const liveBookings = await rows<{ order_id: string; n: number }>(
          db,
          sql`select order_id, count(*)::int as n from shipments where provider = 'shiprocket' and cancelled_at is null group by order_id having count(*) > 1`,
        )
        const ends = await rows<{ id: string; status: string; payment_status: string; track_state: string | null }>(
          db,
          sql`select o.id, o.status, o.payment_status, s.track_state from orders o
              left join shipments s on s.order_id = o.id and s.provider = 'shiprocket' and s.cancelled_at is null`,
        )
        const wrongEnds = ends.filter((end) => {
          const journey = expected.get(end.id)
          if (!journey) return false
          const paid = journey.order === 'delivered' ? end.payment_status === 'paid' : end.payment_status !== 'paid'
          return end.status !== journey.order || end.track_state !== journey.parcel || !paid
        })
        const histories = await rows<{ order_id: string; path: string }>(
          db,
          sql`select order_id, string_agg(to_status, '>' order by created_at, id) as path from order_status_history group by order_id`,
        )
        const forward = /^pending>confirmed(>shipped)?(>(delivered|cancelled))?$/
        const backwards = histories.filter((history) => expected.has(history.order_id) && !forward.test(history.path))
        const unapplied = await rows<{ n: number }>(
          db,
          sql`select count(*)::int as n from courier_events where processed_at is null`,
        )
        const stored = await rows<{ n: number }>(db, sql`select count(*)::int as n from courier_events`)
        return [
          invariant(
            'every order a courier serves is booked, by the owner pressing Book again',
            servedRefused.length === 0,
            servedRefused.length
              ? servedRefused
                  .slice(0, 3)
                  .map((id) => `${id.slice(-8)}: ${outcome.get(id)?.message}`)
                  .join('; ')
              : `${booked.length} booked`,
          ),
          invariant(
            'one Shiprocket order per shop order, under its own number',
            srOrders.length === booked.length && renumbered.length === 0 && liveBookings.length === 0,
            `${srOrders.length} Shiprocket orders for ${booked.length} booked, ${renumbered.length} renumbered, ${liveBookings.length} with two bookings`,
          ),
          invariant(
            'one AWB assigned per parcel (assign answered once, never asked again after it did its work)',
            assignedTwice.length === 0,
            assignedTwice.length
              ? `${assignedTwice.length} parcels, e.g. ${assignedTwice[0]?.slice(-8)}`
              : `${booked.length} parcels`,
          ),
          invariant(
            'an address no courier serves is told so by Shiprocket, never because a call failed',
            wrongUnserved.length === 0,
            wrongUnserved.length
              ? wrongUnserved.map((id) => outcome.get(id)?.message).join('; ')
              : `${unserved.size} orders to ${UNSERVED.pincode}`,
          ),
          invariant(
            'every webhook with the right key answered 200, each event stored once and applied within a minute',
            settled && refusedHooks === 0 && unapplied[0]!.n === 0 && stored[0]!.n === hooks.length,
            `${refusedHooks} refused, ${stored[0]!.n} stored for ${hooks.length} distinct, ${unapplied[0]!.n} unapplied${settled ? '' : ', not all applied within a minute'}`,
          ),
          invariant(
            "every order ends as its parcel's last scan says (COD collected only when delivered)",
            wrongEnds.length === 0,
            wrongEnds.length
              ? wrongEnds
                  .slice(0, 3)
                  .map((end) => `${end.id.slice(-8)} ${end.status}/${end.track_state}`)
                  .join('; ')
              : `${expected.size} orders: ${JOURNEYS.map((journey) => journey.name).join(', ')}`,
          ),
          invariant(
            'no order moved backwards',
            backwards.length === 0,
            backwards.length
              ? backwards
                  .slice(0, 3)
                  .map((history) => history.path)
                  .join('; ')
              : `${histories.length} histories`,
          ),
          await stockIsConserved(db, shipping.initial),
          await noNegativeStock(db),
        ]
      } finally {
        await database.close()
      }
    } finally {
      await shipping.dispose()
    }
  },
}

/** The number Shiprocket knows a shop order by (its first booking). */
function channelIdOf(orderId: string): string {
  return orderId.slice(-8).toUpperCase()
}

/** Polls the desk until every parcel shows its journey's end (at most a minute); whether they all do. */
async function waitUntilApplied(owner: Shopper, expected: Map<string, (typeof JOURNEYS)[number]>): Promise<boolean> {
  const deadline = Date.now() + 60_000
  let waiting = [...expected.keys()]
  while (waiting.length > 0 && Date.now() < deadline) {
    const states = await inParallel(waiting, 8, async (orderId) => {
      const answer = await owner.get(`/admin/orders/${orderId}`)
      return (JSON.parse(answer.text) as { booking: { trackState: string } | null }).booking?.trackState
    })
    waiting = waiting.filter((orderId, index) => states[index] !== expected.get(orderId)!.parcel)
    if (waiting.length > 0) await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return waiting.length === 0
}
