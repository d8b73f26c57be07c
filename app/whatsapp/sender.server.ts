// The outbox's handler for 'whatsapp' jobs (reference/whatsapp.md, "Errors" and "Throughput"): one
// row of whatsapp_messages becomes one message at most, however often its job runs.
// - The row is marked 'sending' (attempts + 1) in a statement of its own before Meta is called (then
//   it waits for its turn of the throughput, a fraction of a second). A row found 'sending' with no
//   wamid is a send whose answer was lost (or a process stopped in that fraction): it is never sent again. Its status
//   webhook, which carries the row id ('msg:<id>' in biz_opaque_callback_data), gives its wamid if one
//   came; otherwise the row is failed ('answer lost'): one missed update rather than a duplicate.
// - Meta's 200 is "accepted", nothing more: the row is 'accepted' with its wamid, and the status
//   webhooks (app/whatsapp/whatsapp-events.server.ts) take it on to sent, delivered and read.
// - A refusal is handled by its action (graph-api.server.ts): passing ones (5xx, throughput, rate
//   limits, no answer before sending) put the row back to 'queued' and throw, so the outbox retries the
//   same row with its backoff (the first throughput refusal of a row waits a second instead, and every
//   send with it); the pair rate waits the pair window and tries once more; a bad token
//   alerts the owner (once), sends a customer's notice by SMS and keeps the owner's own alert for a new
//   token; the rest fail the row with Meta's code and reason and send the SMS it replaced (a
//   customer's notice has one). The last attempt fails the row rather than leave it queued for ever.
// - One sender per process keeps to the number's throughput (send-rate.ts) and to the pair rate: one
//   message to a number every `pairWindowMs` (Meta's is about 6 s), a number's messages in the order
//   they were queued. A wait longer than `holdMs` postpones the job (the outbox runs it again then,
//   not counting an attempt) instead of holding up the nine other jobs of its batch.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { adminNotificationsRealtime } from '#app/notifications/schema.ts'
import type { Db, Tx } from '#app/platform/db.server.ts'
import type { Logger } from '#app/platform/logger.server.ts'
import { enqueue, type OutboxJobInfo, OutboxPostpone, type WhatsAppJob } from '#app/platform/outbox.server.ts'
import { isWhatsAppSendError, type WhatsAppClient, type WhatsAppSendError } from './graph-api.server.ts'
import { failedNoticeAlert, failureReason } from './notice-view.ts'
import { whatsappEvents, whatsappMessages } from './schema.ts'
import { createSendRate, RATE_MARGIN_MS, type SendTurn } from './send-rate.ts'
import { isTemplateParamsError, TEMPLATE_NAMES, type TemplateName, templateMessage } from './templates.ts'

type MessageRow = typeof whatsappMessages.$inferSelect

/** Meta's pair rate: about one message to the same customer every 6 seconds. */
export const PAIR_WINDOW_MS = 6_000
/** Waits up to this long are made in the handler; a longer one postpones the job. */
export const HOLD_MS = 1_000
/** Meta's throughput refusal (130429), and how long every send waits after one. */
const THROUGHPUT_CODE = 130429
const THROUGHPUT_PAUSE_MS = 1_000

/** What the status webhooks carry on from: a row past these has gone (or failed) and is never sent. */
const UNSENT = new Set<MessageRow['status']>(['queued', 'sending'])

/** The owner's alert of a refused access token: one unread at a time. */
export const TOKEN_ALERT = 'whatsapp_token'
/** The owner's alert of a customer's notice that failed (the webhook's failures use the same type). */
export const FAILED_ALERT = 'whatsapp_failed'

export interface WhatsAppSenderOptions {
  db: Db
  /** Null without WhatsApp (WHATSAPP_PROVIDER=none): a notice queued before it was turned off fails and falls back. */
  client: WhatsAppClient | null
  /** The number's throughput, messages per second (config.whatsapp.messagesPerSecond). */
  messagesPerSecond: number
  logger: Logger
  /** One message to a number within this many ms at most. Default PAIR_WINDOW_MS. */
  pairWindowMs?: number
  /** The longest wait made inside the handler; a longer one postpones the job. Default HOLD_MS. */
  holdMs?: number
}

export interface WhatsAppSender {
  /** The outbox's handler for 'whatsapp' jobs. */
  handle(job: WhatsAppJob, info: OutboxJobInfo): Promise<void>
}

/** A failure as the row keeps it: Meta's code (null without one) and its reason in words. */
interface Failure {
  code: number | null
  title: string
}

/** One number's messages: the next free turn (reserved), when the last one reached Meta (as far as known), the last one in hand. */
interface Lane {
  nextAt: number
  lastSentAt: number
  started: Promise<void>
  inHand: number
}

/** A message's place in its number's order: when it may go (its job postponed to then), and its turn in line. */
interface Reservation {
  phone: string
  slot: number
  /** Claim order, across numbers: a number's messages go out in this order. */
  order: number
}

/** A place in the throughput's queue: its turn, and how its holder says it is ready for it. */
interface RatePlace {
  turn: Promise<SendTurn | null>
  ready: (go: boolean) => void
}

type Plan =
  | { kind: 'done' }
  | { kind: 'lost'; row: MessageRow }
  | { kind: 'fail'; row: MessageRow; failure: Failure }
  | { kind: 'postpone'; until: number }
  | {
      kind: 'send'
      row: MessageRow
      template: TemplateName
      slot: number
      order: number
      lane: Lane
      /** Resolves once the number's message placed before this one has started (or given up). */
      before: Promise<void>
      /** Tells the number's next message that this one has started (or given up). */
      started: () => void
      /** A place in the throughput's queue, taken when it was placed if it need not wait for its number. */
      place: RatePlace | null
    }

export function createWhatsAppSender(options: WhatsAppSenderOptions): WhatsAppSender {
  const { db, client, logger } = options
  // With the margin the number's throughput keeps too: a request a little late to Meta is still apart.
  const pairGapMs = (options.pairWindowMs ?? PAIR_WINDOW_MS) + RATE_MARGIN_MS
  const holdMs = options.holdMs ?? HOLD_MS
  const rate = createSendRate(options.messagesPerSecond)
  const lanes = new Map<string, Lane>()
  /** The places of messages whose jobs were postponed (to their slot, or to go again after a refusal), by row id. */
  const reserved = new Map<string, Reservation>()
  /** Rows refused once for the pair rate: a second refusal is retried with the outbox's backoff. */
  const pairRefused = new Set<string>()
  /** Rows refused once for the number's throughput (130429): likewise. */
  const throughputRefused = new Set<string>()
  /** Each handler takes its place in its number's lane after the one called before it has (claim order). */
  let placing: Promise<void> = Promise.resolve()
  let tokenAlerted = false
  /** Placements so far: the prune's count, and each new message's place in line (claim order). */
  let placed = 0

  async function plan(messageId: string): Promise<Plan> {
    const prior = placing
    let done!: () => void
    placing = new Promise((resolve) => {
      done = resolve
    })
    try {
      const [row] = await db.select().from(whatsappMessages).where(eq(whatsappMessages.id, messageId))
      await prior
      if (!row || row.wamid !== null || !UNSENT.has(row.status)) {
        reserved.delete(messageId)
        return { kind: 'done' }
      }
      if (row.status === 'sending') return { kind: 'lost', row }
      if (!client) return { kind: 'fail', row, failure: { code: null, title: 'WhatsApp is not configured' } }
      const template = TEMPLATE_NAMES.find((name) => name === row.template)
      if (!template) return { kind: 'fail', row, failure: { code: null, title: `No template ${row.template}` } }
      try {
        templateMessage(template, row.locale, row.params)
      } catch (error) {
        if (!isTemplateParamsError(error)) throw error
        return { kind: 'fail', row, failure: { code: null, title: error.message } }
      }
      return place(row, template)
    } finally {
      done()
    }
  }

  /** The row's turn in its number's lane (synchronous: handlers place themselves one after another). */
  function place(row: MessageRow, template: TemplateName): Plan {
    const now = Date.now()
    if (++placed % 256 === 0) prune(now)
    let lane = lanes.get(row.toPhone)
    if (!lane) {
      lane = { nextAt: 0, lastSentAt: Number.NEGATIVE_INFINITY, started: Promise.resolve(), inHand: 0 }
      lanes.set(row.toPhone, lane)
    }
    const reservation = reserved.get(row.id)
    // Its place in line: kept from when it was first placed.
    const order = reservation?.order ?? placed
    let slot = reservation?.slot
    if (slot === undefined) {
      slot = Math.max(now, lane.nextAt)
      lane.nextAt = slot + pairGapMs
    }
    if (slot - now > holdMs) {
      reserved.set(row.id, { phone: row.toPhone, slot, order })
      return { kind: 'postpone', until: slot }
    }
    reserved.delete(row.id)
    // A place in the throughput's queue now, in the order the jobs were claimed, when nothing is left
    // to wait for: a place waiting on the number's earlier message would hold up the queue it is in.
    const place = slot <= now && lane.inHand === 0 ? ratePlace() : null
    const before = lane.started
    let started!: () => void
    lane.started = new Promise((resolve) => {
      started = resolve
    })
    lane.inHand++
    return { kind: 'send', row, template, slot, order, lane, before, started, place }
  }

  function prune(now: number) {
    const waiting = new Set([...reserved.values()].map((place) => place.phone))
    for (const [phone, lane] of lanes) {
      const idle = lane.inHand === 0 && lane.nextAt <= now && lane.lastSentAt + pairGapMs <= now
      if (idle && !waiting.has(phone)) lanes.delete(phone)
    }
  }

  /**
   * Puts a message back in its number's line to go at `earliest` or later, ahead of the number's
   * messages claimed after it (each then a pair window after the one before), and returns its slot.
   */
  function reserve(row: MessageRow, order: number, earliest: number, lane: Lane): number {
    const slot = Math.max(earliest, lane.lastSentAt + pairGapMs)
    reserved.set(row.id, { phone: row.toPhone, slot, order })
    let previous = slot
    const later = [...reserved.values()]
      .filter((place) => place.phone === row.toPhone && place.order > order)
      .sort((a, b) => a.order - b.order)
    for (const place of later) {
      place.slot = Math.max(place.slot, previous + pairGapMs)
      previous = place.slot
    }
    lane.nextAt = Math.max(lane.nextAt, previous + pairGapMs)
    return slot
  }

  /** The slot of the latest message of the number claimed before `order` and still waiting to go again, if any. */
  function waitingAhead(phone: string, order: number): number | null {
    let latest: number | null = null
    for (const place of reserved.values()) {
      if (place.phone === phone && place.order < order) latest = Math.max(latest ?? place.slot, place.slot)
    }
    return latest
  }

  /** A place in the throughput's queue; its turn comes once the holder says it is ready (or gives it up). */
  function ratePlace(): RatePlace {
    let ready!: (go: boolean) => void
    const turn = rate.take(
      new Promise<boolean>((resolve) => {
        ready = resolve
      }),
    )
    return { turn, ready }
  }

  async function send(step: Extract<Plan, { kind: 'send' }>, info: OutboxJobInfo): Promise<void> {
    const { row, template, order, lane, started } = step
    let queued = step.place
    try {
      await sleep(step.slot - Date.now())
      // The number's message before this one has started.
      await step.before
      // One claimed before it was refused and waits to go again: this one goes after it.
      const ahead = waitingAhead(row.toPhone, order)
      // The number's last message reached Meta later than planned (it waited for its throughput
      // turn): the pair window is waited out before a turn is taken, so the turn is used at once.
      const due = Math.max(ahead === null ? 0 : ahead + pairGapMs, lane.lastSentAt + pairGapMs)
      if (due - Date.now() > holdMs) {
        const slot = reserve(row, order, due, lane)
        throw new OutboxPostpone(new Date(slot), "WhatsApp pair rate: after the number's message before it")
      }
      if (due > Date.now()) {
        queued?.ready(false)
        queued = null
        await sleep(due - Date.now())
      }
      queued ??= ratePlace()
      // Marked 'sending' before Meta is called, then sent at the number's throughput: the wait for the
      // turn comes after the database's, so the sends keep their spacing whatever the database does.
      const [claimed] = await db
        .update(whatsappMessages)
        .set({ status: 'sending', attempts: sql`${whatsappMessages.attempts} + 1`, updatedAt: new Date() })
        .where(
          and(eq(whatsappMessages.id, row.id), eq(whatsappMessages.status, 'queued'), isNull(whatsappMessages.wamid)),
        )
        .returning()
      queued.ready(claimed !== undefined)
      // Taken by another worker since it was read: that one sends it.
      if (!claimed) return
      const turn = await queued.turn
      lane.lastSentAt = Date.now()
      started()
      let sent: { wamid: string }
      try {
        sent = await client!.sendTemplate({
          to: claimed.toPhone,
          template,
          locale: claimed.locale,
          params: claimed.params,
          callbackData: `msg:${claimed.id}`,
        })
      } catch (error) {
        answered(turn, lane)
        await refused(claimed, order, error, info, lane)
        return
      }
      answered(turn, lane)
      tokenAlerted = false
      pairRefused.delete(claimed.id)
      throughputRefused.delete(claimed.id)
      // A status webhook may have been quicker (it adopts the wamid by the row id): never lowered here.
      await db
        .update(whatsappMessages)
        .set({
          wamid: sent.wamid,
          status: sql`case when ${whatsappMessages.status} in ('queued', 'sending') then 'accepted' else ${whatsappMessages.status} end`,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(whatsappMessages.id, claimed.id),
            sql`(${whatsappMessages.wamid} is null or ${whatsappMessages.wamid} = ${sent.wamid})`,
          ),
        )
    } finally {
      queued?.ready(false)
      started()
      lane.inHand--
    }
  }

  /**
   * The request has its answer: it reached Meta by now, which is when the number's throughput and the
   * customer's pair window count it from (when it left is too early for a request that waited for its
   * connection).
   */
  function answered(turn: SendTurn | null, lane: Lane) {
    turn?.answered()
    lane.lastSentAt = Math.max(lane.lastSentAt, Date.now())
  }

  /** A send that did not go through, by the action its error calls for. */
  async function refused(
    row: MessageRow,
    order: number,
    error: unknown,
    info: OutboxJobInfo,
    lane: Lane,
  ): Promise<void> {
    if (isTemplateParamsError(error)) return fail(row, { code: null, title: error.message })
    if (!isWhatsAppSendError(error) || error.lostAnswer) {
      // Meta may have the message: the row stays 'sending', and is never sent again.
      logger.warn({ err: error, message: row.id }, "a WhatsApp send's answer was lost: it is not sent again")
      if (info.lastAttempt) return settleLostAnswer(row)
      throw error
    }
    const failure = failureOf(error)
    logger.warn({ message: row.id, code: error.code, action: error.action }, 'WhatsApp refused a notice')
    switch (error.action) {
      case 'fallback':
      case 'permanent':
        return fail(row, failure)
      case 'pair-rate': {
        await requeue(row)
        if (!pairRefused.has(row.id)) {
          pairRefused.add(row.id)
          // Meta counts the number busy from now: this message goes first when the window is over.
          lane.lastSentAt = Math.max(lane.lastSentAt, Date.now())
          const slot = reserve(row, order, Date.now(), lane)
          throw new OutboxPostpone(new Date(slot), 'WhatsApp pair rate: sent again after the window')
        }
        pairRefused.delete(row.id)
        if (info.lastAttempt) return fail(row, failure)
        throw error
      }
      case 'token':
        await requeue(row)
        await alertToken()
        // A customer's notice does not wait for the owner: the SMS it replaced goes now.
        if (row.fallbackSms !== null || info.lastAttempt) return fail(row, failure)
        throw error
      case 'retry':
        await requeue(row)
        if (error.code === THROUGHPUT_CODE && !throughputRefused.has(row.id)) {
          // Meta's count is per second: every send waits a second, this one goes again after it.
          throughputRefused.add(row.id)
          rate.pause(THROUGHPUT_PAUSE_MS)
          // Ahead of the number's later messages, a pair window after this try (whether Meta counts a refused
          // message in it is not known).
          const slot = reserve(row, order, Date.now() + THROUGHPUT_PAUSE_MS, lane)
          throw new OutboxPostpone(new Date(slot), 'WhatsApp throughput: sent again after a pause')
        }
        throughputRefused.delete(row.id)
        if (info.lastAttempt) return fail(row, failure)
        throw error
    }
  }

  async function requeue(row: MessageRow) {
    await db
      .update(whatsappMessages)
      .set({ status: 'queued', updatedAt: new Date() })
      .where(
        and(eq(whatsappMessages.id, row.id), eq(whatsappMessages.status, 'sending'), isNull(whatsappMessages.wamid)),
      )
  }

  /**
   * A row left 'sending' without a wamid: its send's answer was lost (or the process stopped while it
   * was made). A status webhook naming the row gives its wamid; without one it is failed and falls back.
   */
  async function settleLostAnswer(row: MessageRow): Promise<void> {
    const [event] = await db
      .select({ wamid: sql<string | null>`${whatsappEvents.body}->>'wamid'` })
      .from(whatsappEvents)
      .where(
        and(
          eq(whatsappEvents.kind, 'status'),
          sql`${whatsappEvents.body}->>'callbackData' like 'msg:%'`,
          sql`${whatsappEvents.body}->>'callbackData' = ${`msg:${row.id}`}`,
        ),
      )
      .limit(1)
    if (event?.wamid) {
      await db
        .update(whatsappMessages)
        .set({
          wamid: event.wamid,
          status: sql`case when ${whatsappMessages.status} in ('queued', 'sending') then 'accepted' else ${whatsappMessages.status} end`,
          updatedAt: new Date(),
        })
        .where(and(eq(whatsappMessages.id, row.id), isNull(whatsappMessages.wamid)))
      logger.info(
        { message: row.id },
        'a WhatsApp notice whose answer was lost went out: its wamid is taken from its status',
      )
      return
    }
    await fail(row, { code: null, title: 'Answer lost: not sent again' })
  }

  /** The row failed for good: Meta's code and reason kept, the owner told (a customer's), its SMS sent instead. */
  async function fail(row: MessageRow, failure: Failure): Promise<void> {
    await db.transaction(async (tx) => {
      const [failed] = await tx
        .update(whatsappMessages)
        .set({ status: 'failed', errorCode: failure.code, errorTitle: failure.title, updatedAt: new Date() })
        .where(and(eq(whatsappMessages.id, row.id), inArray(whatsappMessages.status, ['queued', 'sending'])))
        .returning({ id: whatsappMessages.id })
      if (!failed) return
      const reason = failureReason({ errorCode: failure.code, errorTitle: failure.title }) ?? failure.title
      if (row.audience === 'customer') await alertFailedNotice(tx, row, reason)
      await fallbackToSms(tx, row.id, reason)
    })
    reserved.delete(row.id)
    pairRefused.delete(row.id)
    throughputRefused.delete(row.id)
  }

  /** The owner hears once that the access token is refused (not again while that alert is unread). */
  async function alertToken() {
    if (tokenAlerted) return
    tokenAlerted = true
    await db.transaction(async (tx) => {
      const [unread] = await tx
        .select({ id: adminNotificationsRealtime.id })
        .from(adminNotificationsRealtime)
        .where(and(eq(adminNotificationsRealtime.type, TOKEN_ALERT), eq(adminNotificationsRealtime.isRead, false)))
        .limit(1)
      if (unread) return
      await tx.insert(adminNotificationsRealtime).values({
        type: TOKEN_ALERT,
        orderId: null,
        message:
          'WhatsApp refused the access token (190): no WhatsApp notice goes out until WHATSAPP_ACCESS_TOKEN is replaced and the shop restarted. Customers’ notices go by SMS meanwhile; your own new-order alerts wait and are tried again.',
      })
    })
  }

  return {
    async handle(job, info) {
      const step = await plan(job.messageId)
      try {
        switch (step.kind) {
          case 'done':
            return
          case 'lost':
            return await settleLostAnswer(step.row)
          case 'fail':
            return await fail(step.row, step.failure)
          case 'postpone':
            throw new OutboxPostpone(new Date(step.until), 'WhatsApp pair rate: one message to a number at a time')
          case 'send':
            return await send(step, info)
        }
      } catch (error) {
        if (isPostpone(error) || !info.lastAttempt || step.kind !== 'send') throw error
        // The last attempt, failed for a reason of the shop's own (its database): the row is not left queued.
        await lastResort(step.row, error)
      }
    },
  }

  async function lastResort(row: MessageRow, error: unknown) {
    logger.error({ err: error, message: row.id }, 'a WhatsApp notice failed on its last attempt')
    const [current] = await db.select().from(whatsappMessages).where(eq(whatsappMessages.id, row.id))
    if (current?.status === 'sending' && current.wamid === null) return settleLostAnswer(current)
    if (current?.status === 'queued') {
      return fail(current, { code: null, title: error instanceof Error ? error.message : String(error) })
    }
  }
}

/** Meta's code and its reason in words: the error's title (Meta's message without its "(#code) "). */
function failureOf(error: WhatsAppSendError): Failure {
  const said = /\): (?:\(#\d+\) )?(.+)$/s.exec(error.message)?.[1]
  return { code: error.code, title: (error.code === null ? error.message : said) || error.details }
}

function isPostpone(error: unknown): boolean {
  return error instanceof Error && error.name === 'OutboxPostpone'
}

function sleep(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve()
}

/**
 * Tells the owner, on the desk, that a customer's WhatsApp notice failed, with the reason in words
 * (the sender's refusals and the status webhook's failures alike), in the caller's transaction.
 */
export async function alertFailedNotice(
  tx: Tx,
  row: Pick<MessageRow, 'template' | 'toPhone' | 'orderId'>,
  reason: string,
  now?: Date,
): Promise<void> {
  await tx.insert(adminNotificationsRealtime).values({
    type: FAILED_ALERT,
    orderId: row.orderId,
    message: failedNoticeAlert(row, reason),
    createdAt: now,
  })
}

/**
 * Sends a WhatsApp notice's SMS instead (the delivery OTP, a failed delivery attempt: the notices that
 * have one), in the caller's transaction: once at most, the row then 'fallback' if it had failed, and a
 * secret fallback text forgotten once queued. A notice without one is left as it is (its e-mail went).
 */
export async function fallbackToSms(tx: Tx, messageId: string, reason: string): Promise<void> {
  const [row] = await tx
    .select({
      toPhone: whatsappMessages.toPhone,
      fallbackSms: whatsappMessages.fallbackSms,
      fallbackQueuedAt: whatsappMessages.fallbackQueuedAt,
      sensitive: whatsappMessages.sensitive,
    })
    .from(whatsappMessages)
    .where(eq(whatsappMessages.id, messageId))
    .for('update')
  if (!row || row.fallbackSms === null || row.fallbackQueuedAt !== null) return
  const { sensitive } = row
  await enqueue(tx, 'sms', { to: row.toPhone, text: row.fallbackSms, sensitive }, { sensitive })
  await tx
    .update(whatsappMessages)
    .set({
      fallbackQueuedAt: new Date(),
      ...(sensitive ? { fallbackSms: null } : {}),
      status: sql`case when ${whatsappMessages.status} = 'failed' then 'fallback' else ${whatsappMessages.status} end`,
      errorTitle: sql`coalesce(${whatsappMessages.errorTitle}, ${reason})`,
      updatedAt: new Date(),
    })
    .where(eq(whatsappMessages.id, messageId))
}
