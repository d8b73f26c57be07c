// The transactional outbox: operations enqueue jobs in the same transaction as the data they
// announce; a worker claims due jobs (FOR UPDATE SKIP LOCKED, so several instances share the work),
// runs them, retries with backoff and parks a job after its last try.
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
}

/**
 * A Web Push job: an admin's notification to every subscriber (read from its row, whose counts and
 * progress the job keeps), or a message for the owner's devices (the payload the device shows).
 */
export type PushJob =
  | { audience: 'subscribers'; notificationId: string }
  | { audience: 'owner'; payload: Record<string, string> }
export type OutboxKind = keyof OutboxPayloads

export type OutboxHandlers = { [K in OutboxKind]: (payload: OutboxPayloads[K]) => Promise<void> }

export const MAX_ATTEMPTS = 6
/** A claimed job whose worker died is claimed again after this lease. */
const LEASE_MS = 5 * 60_000

/**
 * Adds a job in the caller's transaction. A sensitive job (its payload carries a secret, such as a
 * delivery OTP) has its payload wiped as soon as it is done or parked: the secret is kept only until
 * it is sent.
 */
export async function enqueue<K extends OutboxKind>(
  tx: Tx,
  kind: K,
  payload: OutboxPayloads[K],
  { sensitive = false }: { sensitive?: boolean } = {},
): Promise<void> {
  await tx.insert(outboxJobs).values({ kind, payload, sensitive })
}

/** What a sensitive job's payload becomes once it no longer needs it. */
const WIPED = { wiped: true }

/** Backoff after a failed attempt: 30 s, 1, 2, 4, 8 minutes ... */
export function retryDelayMs(attempts: number): number {
  return 30_000 * 2 ** Math.max(0, attempts - 1)
}

/** Claims and runs the jobs that are due; returns how many ran. */
export async function runDueJobs(db: Db, handlers: OutboxHandlers, logger: Logger, batch = 10): Promise<number> {
  const now = new Date()
  const claimed = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: outboxJobs.id })
      .from(outboxJobs)
      // Due by the database's clock, which stamped run_after on insert (microseconds): a job enqueued
      // in the same millisecond as this claim is due, as it would not be by a JavaScript Date.
      .where(
        and(
          or(eq(outboxJobs.status, 'pending'), eq(outboxJobs.status, 'running')),
          lte(outboxJobs.runAfter, sql`now()`),
        ),
      )
      .orderBy(outboxJobs.id)
      .limit(batch)
      .for('update', { skipLocked: true })
    if (due.length === 0) return []
    return tx
      .update(outboxJobs)
      .set({
        status: 'running',
        attempts: sql`${outboxJobs.attempts} + 1`,
        runAfter: new Date(now.getTime() + LEASE_MS),
      })
      .where(
        inArray(
          outboxJobs.id,
          due.map((job) => job.id),
        ),
      )
      .returning()
  })

  for (const job of claimed) {
    try {
      const handler = handlers[job.kind as OutboxKind] as (payload: unknown) => Promise<void>
      if (!handler) throw new Error(`no handler for outbox jobs of kind ${job.kind}`)
      await handler(job.payload)
      await db
        .update(outboxJobs)
        .set({
          status: 'done',
          completedAt: new Date(),
          lastError: null,
          ...(job.sensitive ? { payload: WIPED } : {}),
        })
        .where(eq(outboxJobs.id, job.id))
    } catch (error) {
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
  return claimed.length
}

/** Polls for due jobs until stopped; stop() waits for the jobs in hand. */
export function startOutboxWorker(db: Db, handlers: OutboxHandlers, logger: Logger, intervalMs = 1000) {
  return startPoller(() => runDueJobs(db, handlers, logger), { intervalMs, logger, name: 'outbox worker' })
}
