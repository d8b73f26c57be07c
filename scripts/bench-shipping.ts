// `npm run bench:shipping [-- --db postgres] [--orders 100]`: a day's orders booked with Book all,
// then the tracking webhook under a steady stream of events. The production server (needs a build)
// ships through the Shiprocket simulator, which adds 200 ms to every answer, as a far API does.
// 1. Book all: 100 confirmed orders booked as the Shipping tab books them (BOOK_ALL_AT_ONCE at a
//    time); the wall time and the most calls the simulator answered at once. Target: 30 s or less,
//    at most 5 in flight.
// 2. Webhook: 200 new tracking events a second for 20 s (each a scan the shop has not seen, for one of
//    the booked parcels); latency p50/p99 of the answer, which comes once the event is stored, and on
//    PostgreSQL how long after the last event every event was applied. Target: p99 of 20 ms or less
//    on PostgreSQL. Writes bench-results/shipping-<db>.json; stops the server and simulator by itself.
import { mkdirSync, writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { BOOK_ALL_AT_ONCE } from '../app/shipping/admin/booking-requests.ts'
import { COURIER_WEBHOOK_PATH } from '../app/shipping/courier-webhook.server.ts'
import { benchDatabaseUrl, stopAfter } from './drills/lib/bench-options.ts'
import { inParallel } from './drills/lib/concurrency.ts'
import { evenlyPaced, secondsUntilNoneLeft, unappliedEvents } from './drills/lib/paced-posts.ts'
import { bookOne, startShippingShop } from './drills/lib/shipping-shop.ts'

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    orders: { type: 'string', default: '100' },
    rate: { type: 'string', default: '200' },
    duration: { type: 'string', default: '20' },
  },
})
const databaseUrl = benchDatabaseUrl(args.db)
const orders = Number(args.orders)
const rate = Number(args.rate)
const duration = Number(args.duration)

stopAfter('bench:shipping', 10)

const shipping = await startShippingShop({
  databaseUrl,
  orders,
  simulator: { latencyMs: 200 },
})
try {
  const { shop, simulator, owner, orderIds } = shipping
  console.log(`shop on ${shop.kind}: ${orders} confirmed orders; Shiprocket answers after 200 ms`)

  const began = performance.now()
  const answers = await inParallel(orderIds, BOOK_ALL_AT_ONCE, (orderId) => bookOne(owner, orderId))
  const bookSeconds = (performance.now() - began) / 1000
  const booked = answers.filter((answer) => answer.ok).length
  const calls = simulator.requests.filter((request) => request.path !== 'auth/login').length
  const peak = simulator.peakInFlight()
  console.log(
    `Book all: ${booked} of ${orders} booked in ${bookSeconds.toFixed(1)} s (${calls} calls, at most ${peak} in flight)`,
  )

  // Each event a new scan of a booked parcel, a minute after its last: stored, deduplicated, applied.
  const awbs = orderIds
    .map((id) => simulator.order(id.slice(-8).toUpperCase())?.shipment.awb)
    .filter(Boolean) as string[]
  let sent = 0
  const start = Date.UTC(2026, 0, 1)
  const event = () => {
    const awb = awbs[sent % awbs.length]!
    const at = istText(new Date(start + sent++ * 60_000))
    return JSON.stringify({
      awb,
      courier_name: 'Delhivery Surface',
      current_status: 'IN TRANSIT',
      current_status_id: 20,
      shipment_status: 'IN TRANSIT',
      shipment_status_id: 18,
      current_timestamp: at,
      scans: [
        {
          date: at,
          status: 'X-ILL1F',
          activity: 'In Transit - Bag Received at Facility',
          location: 'Bhiwandi_Mega_GW (Maharashtra)',
          'sr-status': '18',
          'sr-status-label': 'IN TRANSIT',
        },
      ],
      is_return: 0,
    })
  }
  const result = await evenlyPaced(`${shop.url}${COURIER_WEBHOOK_PATH}`, {
    rate,
    seconds: duration,
    headers: { 'content-type': 'application/json', 'x-api-key': shipping.webhookToken },
    body: event,
  })
  const stormEnded = performance.now()
  // The shop answers once an event is stored and applies it just after: how long until the last is.
  const appliedAfter = shop.env.DATABASE_URL
    ? await secondsUntilNoneLeft(shop.env.DATABASE_URL, unappliedEvents('courier_events'), stormEnded)
    : null
  console.log(
    `webhook: ${result.perSecond} events/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, max ${result.maxMs} ms, ${result.non2xx} not 200, ${result.errors} errors; ${appliedAfter === null ? 'applied (embedded database: not read while the server runs)' : `every event applied ${appliedAfter.toFixed(1)} s after the last came`}`,
  )
  const figures = {
    database: shop.kind,
    bookAll: { orders, booked, seconds: Number(bookSeconds.toFixed(1)), calls, peakInFlight: peak, latencyMs: 200 },
    webhook: {
      rate,
      seconds: duration,
      eventsPerSecond: result.perSecond,
      p50Ms: result.p50Ms,
      p99Ms: result.p99Ms,
      maxMs: result.maxMs,
      non2xx: result.non2xx,
      errors: result.errors,
      appliedSecondsAfterLast: appliedAfter === null ? null : Number(appliedAfter.toFixed(1)),
    },
  }
  mkdirSync('bench-results', { recursive: true })
  writeFileSync(`bench-results/shipping-${shop.kind}.json`, `${JSON.stringify(figures, null, 2)}\n`)
} finally {
  await shipping.dispose()
}

/** A time as Shiprocket writes it: 'YYYY-MM-DD HH:mm:ss' in Indian time. */
function istText(at: Date): string {
  return new Date(at.getTime() + 5.5 * 60 * 60_000).toISOString().slice(0, 19).replace('T', ' ')
}
