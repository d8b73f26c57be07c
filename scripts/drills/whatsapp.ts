// `npm run drill -- whatsapp`: 300 customers' orders were placed and taken through the desk while the
// server was down, so 1,000 WhatsApp notices wait in the outbox when it starts (30 more customers did
// not opt in: theirs go by SMS). Meta (the simulator) keeps to the number's throughput
// (80 a second) and the pair rate (one message to a number in 6 s), and ends each customer's messages
// their own way: delivered then read, read without delivered, read then a late delivered, delivered
// only, sent only, undeliverable (then the SMS goes instead), or no status at all; the status
// webhooks come twice, at once, in batches, and forged ones among them. Then a third of the webhooks
// come again, shuffled and at once. Afterwards: each notice reached Meta exactly once, in its
// customer's order and language, within the throughput and the pair rate; no WhatsApp went to a
// number without an opt-in, and SMS only where due; every notice ends as its last status says (never
// lowered) and the owner's desk shows it so; every webhook stored once and applied.
import { randomInt } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { PAIR_WINDOW_MS } from '../../app/whatsapp/sender.server.ts'
import type { SimDelivery, SimOutcome } from '../../server/whatsapp-simulator.ts'
import { type Drill, invariant } from './drill.ts'
import { inParallel, shuffle } from './lib/concurrency.ts'
import { rows } from './lib/invariants.ts'
import type { Shopper } from './lib/shopper.ts'
import {
  customerPhone,
  JOURNEY_TEMPLATES,
  type OrderJourney,
  startWhatsAppShop,
  type WhatsAppCustomer,
} from './lib/whatsapp-shop.ts'

/** How a customer's messages end on Meta's side, how their webhooks come, and the status the shop must end at. */
const ENDINGS: readonly { outcome: SimOutcome; delivery: SimDelivery; status: string }[] = [
  { outcome: 'delivered-read', delivery: 'normal', status: 'read' },
  { outcome: 'read-only', delivery: 'twice', status: 'read' },
  { outcome: 'read-then-delivered', delivery: 'concurrent', status: 'read' },
  { outcome: 'delivered', delivery: 'batch', status: 'delivered' },
  { outcome: 'sent', delivery: 'twice', status: 'sent' },
  // Meta accepts, then reports the number has no WhatsApp: the SMS it replaced goes instead.
  { outcome: 'undeliverable', delivery: 'normal', status: 'fallback' },
  { outcome: 'silent', delivery: 'normal', status: 'accepted' },
]
/** Every sixth customer ordered twice: one delivered, one cancelled. */
const TWICE_EVERY = 6
/**
 * How long the desk may take to show every notice's end: once sending starts (the pair rate alone
 * spaces a customer's six notices over 30 s), and again after the storm of replays (the statuses are
 * already there: only a replay applied wrongly changes anything). Short enough that a notice stuck
 * short of its end fails an invariant that names it, inside the integration test's time.
 */
const SENDING_DEADLINE_MS = 120_000
const STORM_DEADLINE_MS = 20_000

interface MessageRow {
  id: string
  order_id: string
  to_phone: string
  template: string
  locale: string
  status: string
  wamid: string | null
  error_code: number | null
  error_title: string | null
}

export const drill: Drill = {
  about:
    '1,000 WhatsApp notices to 300 customers sent at once within the throughput and the pair rate, with duplicate, concurrent, reordered and forged status webhooks',
  async run({ scale, databaseUrl, log }) {
    const count = Math.max(30, Math.round(300 * scale))
    // A reduced drill keeps the throughput in play: its rate shrinks with its notices.
    const perSecond = Math.max(5, Math.round(80 * scale))
    // 300 who ticked the box (every sixth orders twice: one delivered, one cancelled) and 30 who did not.
    const customers: WhatsAppCustomer[] = Array.from({ length: count + Math.round(count / 10) }, (_, index) => ({
      phone: customerPhone(index),
      name: index % 2 ? `ग्राहक ${index}` : `Customer ${index}`,
      locale: index % 2 ? 'hi' : 'en',
      optIn: index < count,
      journeys: (index % TWICE_EVERY === 0 ? ['delivered', 'cancelled'] : ['delivered']) as OrderJourney[],
    }))
    const endingOf = new Map(customers.map((customer, index) => [customer.phone, ENDINGS[index % ENDINGS.length]!]))
    const prepared = performance.now()
    const whatsapp = await startWhatsAppShop({
      databaseUrl,
      customers,
      messagesPerSecond: perSecond,
      simulator: { pairRateWindowMs: PAIR_WINDOW_MS, webhookDelayMs: 20, statusGapMs: 50 },
    })
    const { shop, simulator, owner, ordersOf } = whatsapp
    try {
      const optedIn = customers.filter((customer) => customer.optIn)
      const expected = new Map(
        optedIn.map((customer) => [customer.phone, customer.journeys.flatMap((journey) => JOURNEY_TEMPLATES[journey])]),
      )
      const notices = [...expected.values()].reduce((sum, templates) => sum + templates.length, 0)
      log(
        `shop on ${shop.kind} at ${shop.url}: ${notices} WhatsApp notices queued for ${optedIn.length} of ${count} customers in ${((performance.now() - prepared) / 1000).toFixed(1)} s; ${perSecond} messages a second`,
      )
      for (const customer of optedIn) {
        const { outcome, delivery } = endingOf.get(customer.phone)!
        simulator.script(digits(customer.phone), { outcome, delivery })
      }

      const began = performance.now()
      await whatsapp.start()
      const settled = await waitForEndings(owner, optedIn, ordersOf, endingOf, SENDING_DEADLINE_MS)
      await simulator.idle()
      const accepted = simulator.messages.length
      log(
        `${accepted} messages accepted in ${((performance.now() - began) / 1000).toFixed(1)} s; every notice at its end: ${settled}`,
      )

      // The storm: a third of the status webhooks again, shuffled and at once, and forged "read"s
      // for the messages that never got further than sent.
      const statusHooks = simulator.webhooks
        .map((hook, index) => ({ hook, index }))
        .filter(({ hook }) => hook.kind !== 'inbound' && hook.signature === 'right')
      const replays = statusHooks.filter(() => randomInt(3) === 0)
      shuffle(replays)
      const forgedFor = simulator.messages.filter((message) => message.outcome === 'sent').slice(0, 20)
      const answers = await Promise.all([
        inParallel(replays, 16, ({ index }) => simulator.replayWebhook(index, { concurrent: randomInt(2) === 0 })),
        inParallel(forgedFor, 4, (message) =>
          simulator.sendStatus({ wamid: message.wamid, status: 'read', delivery: 'bad-signature' }),
        ),
      ])
      const replayRefused = answers[0].flat().filter((status) => status !== 200).length
      const forgedTaken = answers[1].flat().filter((status) => status !== 401).length
      log(`${replays.length} webhooks replayed, ${forgedFor.length} forged`)
      // The last replays are stored by now; give the event worker its moment to apply them.
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      const unchanged = await waitForEndings(owner, optedIn, ordersOf, endingOf, STORM_DEADLINE_MS)
      await shop.stop()
      const said = serverWarnings(shop.output())

      const database = await shop.open()
      try {
        const { db } = database
        const messages = await rows<MessageRow>(
          db,
          sql`select id, order_id, to_phone, template, locale, status, wamid, error_code, error_title from whatsapp_messages
              where audience = 'customer' order by created_at, id`,
        )
        const acceptedFor = new Map<string, string[]>()
        for (const message of simulator.messages) {
          const id = message.callbackData?.replace(/^msg:/, '') ?? ''
          acceptedFor.set(id, [...(acceptedFor.get(id) ?? []), message.wamid])
        }
        const notOnce = messages.filter(
          (row) => acceptedFor.get(row.id)?.length !== 1 || acceptedFor.get(row.id)![0] !== row.wamid,
        )
        const unknown = simulator.messages.filter(
          (message) => !messages.some((row) => `msg:${row.id}` === message.callbackData),
        )
        const wrongTemplates = [...expected].filter(
          ([phone, templates]) =>
            simulator
              .accepted({ to: digits(phone) })
              .map((message) => message.template)
              .join(',') !== templates.join(','),
        )
        const localeOf = new Map(customers.map((customer) => [digits(customer.phone), customer.locale]))
        const wrongLanguage = simulator.messages.filter((message) => message.language !== localeOf.get(message.to))
        const notOptedIn = customers.filter((customer) => !customer.optIn)
        const toNotOptedIn = notOptedIn.filter(
          (customer) =>
            simulator.accepted({ to: digits(customer.phone) }).length > 0 ||
            messages.some((row) => row.to_phone === customer.phone),
        )
        const texts = await rows<{ to: string; n: number }>(
          db,
          sql`select payload->>'to' as "to", count(*)::int as n from outbox_jobs
              where kind = 'sms' and status = 'done' group by payload->>'to'`,
        )
        const textsTo = new Map(texts.map((text) => [text.to, text.n]))
        // Those who did not opt in, and those whose number has no WhatsApp: an SMS for each notice.
        const bySms = customers.filter(
          (customer) => !customer.optIn || endingOf.get(customer.phone)!.status === 'fallback',
        )
        const smsMissing = bySms.filter(
          (customer) =>
            (textsTo.get(customer.phone) ?? 0) !==
            customer.journeys.reduce((sum, journey) => sum + JOURNEY_TEMPLATES[journey].length, 0),
        )
        const smsToOthers = customers.filter((customer) => !bySms.includes(customer) && textsTo.has(customer.phone))
        const throughputRefused = simulator.requests.filter((request) => request.errorCode === 130429).length
        const pairRefused = simulator.requests.filter((request) => request.errorCode === 131056).length
        const busiest = busiestSecond(simulator.messages.map((message) => message.acceptedAt.getTime()))
        const tooClose = [...expected.keys()].filter((phone) => {
          const times = simulator.accepted({ to: digits(phone) }).map((message) => message.acceptedAt.getTime())
          return times.some((time, index) => index > 0 && time - times[index - 1]! < PAIR_WINDOW_MS)
        })
        const wrongEnds = messages.filter((row) => {
          const ending = endingOf.get(row.to_phone)!
          return row.status !== ending.status || (ending.status === 'fallback') !== (row.error_code === 131026)
        })
        const events = await rows<{ stored: number; unapplied: number }>(
          db,
          sql`select count(*)::int as stored, count(*) filter (where processed_at is null)::int as unapplied
              from whatsapp_events`,
        )
        const distinctHooks = new Set(
          simulator.webhooks
            .filter((hook) => hook.signature === 'right' && hook.kind !== 'replay')
            .flatMap((hook) => statusKeys(hook.body)),
        )
        const firstAnswers = simulator.webhooks.filter(
          (hook) => hook.signature === 'right' && hook.status !== null && hook.status !== 200,
        ).length
        return [
          invariant(
            'each notice reached Meta exactly once, and the shop kept its wamid',
            notOnce.length === 0 && unknown.length === 0 && messages.length === notices,
            `${messages.length} notices for ${notices} expected, ${simulator.messages.length} accepted, ${notOnce.length} not once, ${unknown.length} unknown to the shop`,
          ),
          invariant(
            "each customer's notices in the order of their orders' news, in their language",
            wrongTemplates.length === 0 && wrongLanguage.length === 0,
            wrongTemplates.length
              ? `${wrongTemplates.length} customers, e.g. ${simulator
                  .accepted({ to: digits(wrongTemplates[0]![0]) })
                  .map((message) => message.template)
                  .join(',')}`
              : `${expected.size} customers, ${wrongLanguage.length} in the wrong language`,
          ),
          // A request that reaches Meta later than the shop can know (its answer slow) may land in the
          // next second's count: Meta refuses it and the shop sends it again. Rare, never a burst.
          invariant(
            "within the number's throughput and the pair rate: refused for neither but a late arrival or two",
            throughputRefused <= Math.max(2, Math.ceil(notices / 100)) &&
              pairRefused === 0 &&
              busiest <= perSecond &&
              tooClose.length === 0,
            `${throughputRefused} refused for throughput, ${pairRefused} for the pair rate, at most ${busiest} accepted in a second (of ${perSecond}), ${tooClose.length} customers sent two within ${PAIR_WINDOW_MS / 1000} s`,
          ),
          invariant(
            'no opt-in, no WhatsApp; an SMS instead for those and for a number without WhatsApp, and for no one else',
            toNotOptedIn.length === 0 && smsMissing.length === 0 && smsToOthers.length === 0,
            `${notOptedIn.length} not opted in, ${toNotOptedIn.length} sent WhatsApp; ${bySms.length} by SMS, ${smsMissing.length} missing one; ${smsToOthers.length} others sent an SMS`,
          ),
          invariant(
            'every notice ends as its last status says, never lowered, and the desk shows it so',
            wrongEnds.length === 0 && settled && unchanged,
            `${
              wrongEnds.length
                ? `${wrongEnds.length} not at their end, e.g. ${wrongEnds
                    .slice(0, 3)
                    .map(
                      (row) =>
                        `${row.template} ${row.status}${row.error_title ? ` (${row.error_title})` : ''}, expected ${endingOf.get(row.to_phone)!.status}`,
                    )
                    .join('; ')}`
                : `${ENDINGS.map((ending) => `${ending.outcome} → ${ending.status}`).join(', ')}${settled ? '' : `; the desk did not show every end within ${SENDING_DEADLINE_MS / 1000} s`}${unchanged ? '' : `; nor again within ${STORM_DEADLINE_MS / 1000} s of the storm`}`
              // What the server warned of says why, where a log's tail is all there is of a run.
            }${wrongEnds.length || !settled || !unchanged ? `; the server said: ${said || 'no warning'}` : ''}`,
          ),
          invariant(
            'every signed webhook answered 200 and each status stored once and applied; forged ones refused',
            firstAnswers === 0 &&
              replayRefused === 0 &&
              forgedTaken === 0 &&
              events[0]!.stored === distinctHooks.size &&
              events[0]!.unapplied === 0,
            `${firstAnswers + replayRefused} not 200, ${forgedTaken} forged not 401, ${events[0]!.stored} stored for ${distinctHooks.size} distinct statuses, ${events[0]!.unapplied} unapplied`,
          ),
        ]
      } finally {
        await database.close()
      }
    } finally {
      await whatsapp.dispose()
    }
  },
}

const digits = (phone: string) => phone.replace('+', '')

/** A webhook's statuses as the shop deduplicates them: wamid and status. */
function statusKeys(body: string): string[] {
  const parsed = JSON.parse(body) as {
    entry: { changes: { value: { statuses?: { id: string; status: string }[] } }[] }[]
  }
  return parsed.entry.flatMap((entry) =>
    entry.changes.flatMap((change) => (change.value.statuses ?? []).map((status) => `${status.id}:${status.status}`)),
  )
}

/** The server's warnings and errors (its JSON log lines), each kind once with its count: "3 × message (code 130429)". */
function serverWarnings(output: string): string {
  const counts = new Map<string, number>()
  for (const line of output.split('\n')) {
    let entry: { level?: number; msg?: string; code?: number; err?: { message?: string } }
    try {
      entry = JSON.parse(line)
    } catch {
      continue
    }
    if ((entry.level ?? 0) < 40) continue
    const said = `${entry.msg}${entry.code ? ` (code ${entry.code})` : ''}${entry.err?.message ? `: ${entry.err.message}` : ''}`
    counts.set(said, (counts.get(said) ?? 0) + 1)
  }
  return [...counts].map(([said, count]) => `${count} × ${said}`).join('; ')
}

/** The most times within any one second. */
function busiestSecond(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b)
  let most = 0
  let first = 0
  for (let last = 0; last < sorted.length; last++) {
    while (sorted[last]! - sorted[first]! >= 1000) first++
    most = Math.max(most, last - first + 1)
  }
  return most
}

/**
 * Polls the owner's desk until every notice of every opted-in customer's orders shows the status its
 * ending says (at most `withinMs`); whether they all do.
 */
async function waitForEndings(
  owner: Shopper,
  customers: readonly WhatsAppCustomer[],
  ordersOf: Map<string, string[]>,
  endingOf: Map<string, { status: string }>,
  withinMs: number,
): Promise<boolean> {
  const deadline = Date.now() + withinMs
  let waiting = customers.flatMap((customer) =>
    ordersOf.get(customer.phone)!.map((orderId) => ({ orderId, status: endingOf.get(customer.phone)!.status })),
  )
  while (waiting.length > 0 && Date.now() < deadline) {
    const views = await inParallel(waiting, 8, async ({ orderId }) => {
      const answer = await owner.get(`/admin/orders/${orderId}`)
      return (JSON.parse(answer.text) as { whatsappNotices: { audience: string; status: string }[] }).whatsappNotices
    })
    waiting = waiting.filter(
      ({ status }, index) =>
        !views[index]!.every((notice) => notice.audience !== 'customer' || notice.status === status),
    )
    if (waiting.length > 0) await new Promise((resolve) => setTimeout(resolve, 500))
  }
  return waiting.length === 0
}
