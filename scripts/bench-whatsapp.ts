// `npm run bench:whatsapp [-- --db postgres] [--notices 1000] [--rate 80]`: WhatsApp's two loads on
// the production server (needs a build), which sends through the Graph API simulator.
// 1. Drain: `notices` customers (each a number of their own, so only the throughput binds) had their
//    orders confirmed while the server was down, so as many order_placed notices wait in the outbox
//    when it starts. The rate they reach Meta at, first acceptance to last, against the configured
//    throughput (WHATSAPP_MESSAGES_PER_SECOND, 80 by default). Target: within 10% of it, none refused.
// 2. Webhook: their status webhooks (sent, delivered, read; recorded by the simulator, not posted)
//    posted at `events` a second for `duration` s, each signed as Meta signs it; once all have come,
//    Meta's repeats (a duplicate is answered as any other). Latency p50/p99 of the answer, which comes
//    once the status is stored, and on PostgreSQL how long after the last every status was applied.
//    Target: p99 of 20 ms or less at 500 a second on PostgreSQL.
// Writes bench-results/whatsapp-<db>.json; stops the server and the simulator by itself.
import { createHmac } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { WHATSAPP_WEBHOOK_PATH } from '../app/whatsapp/webhook-path.ts'
import { benchDatabaseUrl, stopAfter } from './drills/lib/bench-options.ts'
import { evenlyPaced, secondsUntilNoneLeft, unappliedEvents } from './drills/lib/paced-posts.ts'
import { customerPhone, startWhatsAppShop } from './drills/lib/whatsapp-shop.ts'

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    notices: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '80' },
    events: { type: 'string', default: '500' },
    duration: { type: 'string', default: '10' },
  },
})
const databaseUrl = benchDatabaseUrl(args.db)
const notices = Number(args.notices)
const rate = Number(args.rate)
const events = Number(args.events)
const duration = Number(args.duration)

stopAfter('bench:whatsapp', 10)

const prepared = performance.now()
const whatsapp = await startWhatsAppShop({
  databaseUrl,
  customers: Array.from({ length: notices }, (_, index) => ({
    phone: customerPhone(index),
    name: `Customer ${index}`,
    locale: index % 2 ? 'hi' : 'en',
    optIn: true,
    journeys: ['confirmed'],
  })),
  messagesPerSecond: rate,
})
try {
  const { shop, simulator } = whatsapp
  console.log(
    `shop on ${shop.kind}: ${notices} notices queued in ${((performance.now() - prepared) / 1000).toFixed(0)} s; Meta takes ${rate} a second`,
  )
  // Every status recorded for the second part, none posted during the first.
  simulator.script('*', { outcome: 'delivered-read', delivery: 'drop' })
  const startedAt = Date.now()
  await whatsapp.start()
  const started = performance.now()
  while (simulator.messages.length < notices && performance.now() - started < 5 * 60_000) {
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const times = simulator.messages.map((message) => message.acceptedAt.getTime()).sort((a, b) => a - b)
  const spanSeconds = (times.at(-1)! - times[0]!) / 1000
  const drainRate = (times.length - 1) / spanSeconds
  const refused = simulator.requests.filter((request) => request.errorCode !== undefined).length
  console.log(
    `drain: ${times.length} of ${notices} accepted at ${drainRate.toFixed(1)} a second (${spanSeconds.toFixed(1)} s, the first ${((times[0]! - startedAt) / 1000).toFixed(1)} s after the server was started); ${refused} refused`,
  )

  await simulator.idle()
  // The orders' e-mails and the shop's own SMS are still going out: the webhook is measured after them.
  const outboxAfter = shop.env.DATABASE_URL
    ? await secondsUntilNoneLeft(
        shop.env.DATABASE_URL,
        "select count(*)::int as n from outbox_jobs where status in ('pending', 'running') and run_after <= now()",
      )
    : null
  if (outboxAfter !== null) console.log(`the outbox's other jobs done ${outboxAfter.toFixed(1)} s later`)
  const bodies = simulator.webhooks.map((hook) => hook.body)
  let sent = 0
  const loop = monitorEventLoopDelay({ resolution: 2 })
  loop.enable()
  const result = await evenlyPaced(`${shop.url}${WHATSAPP_WEBHOOK_PATH}`, {
    rate: events,
    seconds: duration,
    headers: (body) => ({
      'content-type': 'application/json',
      'x-hub-signature-256': `sha256=${createHmac('sha256', whatsapp.appSecret).update(body).digest('hex')}`,
    }),
    body: () => bodies[sent++ % bodies.length]!,
  })
  loop.disable()
  console.log(
    `bench's own event loop delay: p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms, max ${(loop.max / 1e6).toFixed(0)} ms`,
  )
  const stormEnded = performance.now()
  const appliedAfter = shop.env.DATABASE_URL
    ? await secondsUntilNoneLeft(shop.env.DATABASE_URL, unappliedEvents('whatsapp_events'), stormEnded)
    : null
  const repeats = Math.max(0, sent - bodies.length)
  console.log(
    `webhook: ${result.perSecond} statuses/s (${Math.min(sent, bodies.length)} new, ${repeats} repeated), p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, max ${result.maxMs} ms, ${result.non2xx} not 200, ${result.errors} errors; ${appliedAfter === null ? 'applied (embedded database: not read while the server runs)' : `every status applied ${appliedAfter.toFixed(1)} s after the last came`}`,
  )
  const figures = {
    database: shop.kind,
    drain: {
      notices,
      accepted: times.length,
      configuredPerSecond: rate,
      perSecond: Number(drainRate.toFixed(1)),
      seconds: Number(spanSeconds.toFixed(1)),
      refused,
    },
    webhook: {
      rate: events,
      seconds: duration,
      statusesPerSecond: result.perSecond,
      newStatuses: Math.min(sent, bodies.length),
      repeated: repeats,
      p50Ms: result.p50Ms,
      p99Ms: result.p99Ms,
      maxMs: result.maxMs,
      non2xx: result.non2xx,
      errors: result.errors,
      appliedSecondsAfterLast: appliedAfter === null ? null : Number(appliedAfter.toFixed(1)),
    },
  }
  mkdirSync('bench-results', { recursive: true })
  writeFileSync(`bench-results/whatsapp-${shop.kind}.json`, `${JSON.stringify(figures, null, 2)}\n`)
} finally {
  await whatsapp.dispose()
}
