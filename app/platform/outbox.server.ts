// The transactional outbox: operations enqueue jobs in the same transaction as the data they
// announce; a worker claims due jobs (FOR UPDATE SKIP LOCKED, so several instances share the work),
// runs them, retries with backoff and parks a job after its last try. Delivery is at least once: a
// worker killed between sending and recording it sends again. Each job hands its handler a key of its
// own (the same on every attempt) so the receiving end can drop the repeat: the e-mail's Message-ID,
// the development mailbox's and SMS outbox's file name.
import { and, eq, inArray, lte, or, sql } from 'drizzle-orm'
import type { Db, Tx } from './db.server.ts'
import type { Logger } from './logger.server.ts'
import type { MailMessage } from './mailer.server.ts'
import { startPoller } from './poller.server.ts'
import { outboxJobs } from './schema.ts'
import type { SmsMessage } from './sms.server.ts'

/** Every kind of job and its payload. */
export interface OutboxPayloads {
  mail: MailMessage
  sms: SmsMessage
  push: PushJob
  whatsapp: WhatsAppJob
}

/** A WhatsApp notice: its row of whatsapp_messages holds the template, the parameters and how far it got. */
export interface WhatsAppJob {
  messageId: string
}

/**
 * A Web Push job: an admin's notification to every subscriber (read from its row, whose counts and
 * progress the job keeps), or a message for the owner's devices (the payload the device shows).
 */
export type PushJob =
  | { audience: 'subscribers'; notificationId: string }
  | { audience: 'owner'; payload: Record<string, string> }
export type OutboxKind = keyof OutboxPayloads

/** What a handler knows of its job besides the payload. */
export interface OutboxJobInfo {
  /** The same on every attempt of the job, and unique to it: a deduplication key for the receiver. */
  key: string
  /** This attempt's number, from 1. */
  attempt: number
  /** No attempt follows this one if it fails: the job is parked. */
  lastAttempt: boolean
}

/**
 * Thrown by a handler whose job must wait for a rate the receiver keeps (WhatsApp's one message per
 * customer every few seconds): the job runs again at `until`, and the attempt does not count.
 */
export class OutboxPostpone extends Error {
  override name = 'OutboxPostpone'
  readonly until: Date
  constructor(until: Date, reason: string) {
    super(reason)
    this.until = until
  }
}

function isPostpone(error: unknown): error is OutboxPostpone {
  return error instanceof Error && error.name === 'OutboxPostpone' && (error as OutboxPostpone).until instanceof Date
}

export type OutboxHandler<K extends OutboxKind> = (payload: OutboxPayloads[K], job: OutboxJobInfo) => Promise<void>

/**
 * A handler for each kind. WhatsApp's is optional: only a shop with WhatsApp queues its jobs (the
 * server always registers it, so one queued before WhatsApp was turned off still ends); a job of a
 * kind without a handler fails, and is parked after its last try.
 */
export type OutboxHandlers = { [K in Exclude<OutboxKind, 'whatsapp'>]: OutboxHandler<K> } & {
  whatsapp?: OutboxHandler<'whatsapp'>
}

export const MAX_ATTEMPTS = 6
/**
 * A claimed job whose worker died is claimed again after this lease. The worker renews the lease of
 * the jobs in its hands while they run (a long push fan-out keeps its own), so only a dead worker's
 * jobs wait for it, and not long after a restart.
 */
export const LEASE_MS = 30_000
const LEASE_RENEWAL_MS = 10_000
/** Jobs claimed at once. */
const BATCH = 10
/** Batches one tick runs at most while they come back full, so a stop waits for little. */
const DRAIN_BATCHES = 50
/** How long a finished job waits for others of its batch to be marked done with it. */
const DONE_GATHER_MS = 5

/**
 * A job's key: its creation time, then its id. Files named by it (the development mailbox and SMS
 * outbox) sort in the order they were written, among themselves and beside messages sent directly.
 */
export function outboxJobKey(job: { id: number; createdAt: Date }): string {
  return `${job.createdAt.getTime()}-outbox-${job.id}`
}

/** A job as it is stored, for a caller that writes several rows in one statement (placing an order). */
export type OutboxJobRow = typeof outboxJobs.$inferInsert

/**
 * A job's row. A sensitive job (its payload carries a secret, such as a delivery OTP) has its payload
 * wiped as soon as it is done or parked: the secret is kept only until it is sent.
 */
export function outboxJob<K extends OutboxKind>(
  kind: K,
  payload: OutboxPayloads[K],
  { sensitive = false }: { sensitive?: boolean } = {},
): OutboxJobRow {
  return { kind, payload, sensitive }
}

/** Adds a job in the caller's transaction (see outboxJob). */
export async function enqueue<K extends OutboxKind>(
  tx: Tx,
  kind: K,
  payload: OutboxPayloads[K],
  options: { sensitive?: boolean } = {},
): Promise<void> {
  await tx.insert(outboxJobs).values(outboxJob(kind, payload, options))
}

/** What a sensitive job's payload becomes once it no longer needs it. */
const WIPED = { wiped: true }

/** Backoff after a failed attempt: 30 s, 1, 2, 4, 8 minutes ... */
export function retryDelayMs(attempts: number): number {
  return 30_000 * 2 ** Math.max(0, attempts - 1)
}

/** Claims the jobs that are due (at most `batch`) and runs them side by side; returns how many ran. */
export async function runDueJobs(db: Db, handlers: OutboxHandlers, logger: Logger, batch = BATCH): Promise<number> {
  const now = new Date()
  // One statement: the due rows are locked as they are picked (another instance skips them) and leased.
  const due = db
    .select({ id: outboxJobs.id })
    .from(outboxJobs)
    // Due by the database's clock, which stamped run_after on insert (microseconds): a job enqueued
    // in the same millisecond as this claim is due, as it would not be by a JavaScript Date.
    .where(
      and(or(eq(outboxJobs.status, 'pending'), eq(outboxJobs.status, 'running')), lte(outboxJobs.runAfter, sql`now()`)),
    )
    .orderBy(outboxJobs.id)
    .limit(batch)
    .for('update', { skipLocked: true })
  const claimed = await db
    .update(outboxJobs)
    .set({
      status: 'running',
      attempts: sql`${outboxJobs.attempts} + 1`,
      runAfter: new Date(now.getTime() + LEASE_MS),
    })
    .where(inArray(outboxJobs.id, due))
    .returning()

  // Started in the order they were queued (an UPDATE's RETURNING has no order of its own): a receiver
  // that keeps one customer's messages in turn (WhatsApp's sender) sees them as they were written.
  claimed.sort((a, b) => a.id - b.id)
  const inHand = new Set(claimed.map((job) => job.id))
  const renewal = setInterval(() => {
    if (inHand.size === 0) return
    db.update(outboxJobs)
      .set({ runAfter: new Date(Date.now() + LEASE_MS) })
      .where(and(inArray(outboxJobs.id, [...inHand]), eq(outboxJobs.status, 'running')))
      .catch((error: unknown) => logger.warn({ err: error }, 'could not renew the lease of outbox jobs'))
  }, LEASE_RENEWAL_MS)
  const markDone = doneMarker(db)
  try {
    // A batch's jobs run side by side: each waits on a mail server, an SMS provider or push services.
    await Promise.all(
      claimed.map(async (job) => {
        await runJob(db, handlers, logger, job, markDone)
        inHand.delete(job.id)
      }),
    )
  } finally {
    clearInterval(renewal)
  }
  return claimed.length
}

/**
 * Marks a batch's finished jobs done: the jobs finishing within the same few milliseconds by one
 * statement (three notices of an order finish together), each caller answered once its row is written.
 * A sensitive job's payload is wiped as it is marked.
 */
function doneMarker(db: Db): (id: number) => Promise<void> {
  let next: { ids: number[]; written: Promise<void> } | null = null
  return (id) => {
    if (!next) {
      const ids: number[] = []
      const written = new Promise((resolve) => setTimeout(resolve, DONE_GATHER_MS)).then(async () => {
        next = null
        await db
          .update(outboxJobs)
          .set({
            status: 'done',
            completedAt: new Date(),
            lastError: null,
            payload: sql`case when ${outboxJobs.sensitive} then ${JSON.stringify(WIPED)}::jsonb else ${outboxJobs.payload} end`,
          })
          .where(inArray(outboxJobs.id, ids))
      })
      next = { ids, written }
    }
    next.ids.push(id)
    return next.written
  }
}

async function runJob(
  db: Db,
  handlers: OutboxHandlers,
  logger: Logger,
  job: typeof outboxJobs.$inferSelect,
  markDone: (id: number) => Promise<void>,
) {
  try {
    const handler = handlers[job.kind as OutboxKind] as (payload: unknown, info: OutboxJobInfo) => Promise<void>
    if (!handler) throw new Error(`no handler for outbox jobs of kind ${job.kind}`)
    await handler(job.payload, {
      key: outboxJobKey(job),
      attempt: job.attempts,
      lastAttempt: job.attempts >= MAX_ATTEMPTS,
    })
    await markDone(job.id)
  } catch (error) {
    if (isPostpone(error)) {
      await db
        .update(outboxJobs)
        .set({ status: 'pending', attempts: sql`${outboxJobs.attempts} - 1`, runAfter: error.until })
        .where(eq(outboxJobs.id, job.id))
      return
    }
    const parked = job.attempts >= MAX_ATTEMPTS
    logger.warn({ err: error, jobId: job.id, kind: job.kind, attempts: job.attempts, parked }, 'outbox job failed')
    await db
      .update(outboxJobs)
      .set({
        status: parked ? 'parked' : 'pending',
        lastError: error instanceof Error ? error.message : String(error),
        ...(parked && job.sensitive ? { payload: WIPED } : {}),
        runAfter: new Date(Date.now() + retryDelayMs(job.attempts)),
      })
      .where(eq(outboxJobs.id, job.id))
  }
}

/**
 * Runs due jobs batch after batch while batches come back full (a backlog, such as a busy hour's
 * order mail, goes out in one tick rather than ten jobs a second); returns how many ran.
 */
export async function drainDueJobs(db: Db, handlers: OutboxHandlers, logger: Logger): Promise<number> {
  let ran = 0
  for (let round = 0; round < DRAIN_BATCHES; round++) {
    const batch = await runDueJobs(db, handlers, logger, BATCH)
    ran += batch
    if (batch < BATCH) break
  }
  return ran
}

/**
 * Polls for due jobs until stopped; stop() waits for the jobs in hand. A tick that drained as many
 * batches as it may is followed by the next at once: a backlog (a thousand WhatsApp notices sent at
 * the number's rate) goes out without a pause every 500 jobs.
 */
export function startOutboxWorker(db: Db, handlers: OutboxHandlers, logger: Logger, intervalMs = 1000) {
  return startPoller(() => drainDueJobs(db, handlers, logger), {
    intervalMs,
    logger,
    name: 'outbox worker',
    again: (ran) => typeof ran === 'number' && ran >= BATCH * DRAIN_BATCHES,
  })
}
