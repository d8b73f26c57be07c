// Sending pushes: the admin's notification is stored, audited and handed to the outbox in one
// transaction (the admin's request returns at once); the outbox worker then pages through the
// subscriptions by keyset, outside any transaction, pushing with bounded concurrency and a few quick
// retries, deleting what push services call gone, and keeping counts and progress on the row.
import { and, asc, count, desc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import { type AuditActor, recordAudit } from '#app/platform/audit.server.ts'
import type { Config } from '#app/platform/config.server.ts'
import type { Db, Tx } from '#app/platform/db.server.ts'
import type { Logger } from '#app/platform/logger.server.ts'
import { enqueue, type OutboxJobRow, outboxJob, type PushJob } from '#app/platform/outbox.server.ts'
import type { PushOutcome, PushSender, PushTarget } from '#app/platform/push-sender.server.ts'
import { outboxJobs } from '#app/platform/schema.ts'
import { formatRupees } from '#app/shared/money.ts'
import {
  HISTORY_LIMIT,
  type NotificationForm,
  type NotificationHistoryRow,
  notificationPayload,
  PUSH_BADGE,
  PUSH_ICON,
  type PushPayload,
} from './push-notification.ts'
import { adminNotifications, pushSubscriptions } from './schema.ts'
import { vapidSubject } from './vapid.server.ts'

/** Tuning of a fan-out; tests and the benchmark shorten the waits. */
export interface FanoutOptions {
  /** Subscriptions read per page (one query each, no transaction held). */
  pageSize: number
  /** Pushes in flight at once. */
  concurrency: number
  /** Tries per subscription when the push service times out or answers 429/5xx. */
  attempts: number
  /** Wait before try n+1 (n from 1). */
  retryDelayMs: (attempt: number) => number
  /**
   * How long one job pages on before it hands the rest to a new job: well inside the outbox's lease,
   * so no other worker takes the job up while this one still sends.
   */
  sliceMs: number
}

export const DEFAULT_FANOUT: FanoutOptions = {
  pageSize: 500,
  concurrency: 64,
  attempts: 3,
  retryDelayMs: (attempt) => 1000 * 2 ** (attempt - 1),
  sliceMs: 60_000,
}

export interface PushServices {
  db: Db
  sender: PushSender
  config: Pick<Config, 'vapid'>
  logger: Logger
  fanout?: Partial<FanoutOptions>
}

/** Stores the admin's notification and enqueues its fan-out, with its audit record, in one transaction. */
export async function sendNotification(db: Db, admin: AuditActor, form: NotificationForm) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(adminNotifications)
      .values({
        title: form.title,
        message: form.message,
        imageUrl: form.imageUrl,
        targetUrl: form.targetUrl,
        sentBy: admin.id,
      })
      .returning()
    if (!row) throw new Error('the notification was not stored')
    await recordAudit(tx, admin, {
      action: 'push.send',
      entity: 'push',
      entityId: row.id,
      label: row.title,
      before: null,
      after: { title: row.title, message: row.message, imageUrl: row.imageUrl, targetUrl: row.targetUrl },
    })
    await enqueue(tx, 'push', { audience: 'subscribers', notificationId: row.id })
    return row
  })
}

/** The outbox job of a new-order alert for the owner's devices (see ownerAlertWrite). */
export function ownerOrderAlertJob(order: {
  id: string
  number: string
  totalAmount: number
  customerName: string
  packets: number
  method: string
}): OutboxJobRow {
  const payload: PushPayload = {
    title: `New order #${order.number}: ${formatRupees(order.totalAmount)}`,
    body: `${order.customerName}, ${order.packets} ${order.packets === 1 ? 'packet' : 'packets'} (${order.method}).`,
    // The orders desk reads an 8-character search as an order number: this opens that one order.
    url: `/admin?q=${order.number}`,
    icon: PUSH_ICON,
    badge: PUSH_BADGE,
    tag: `order-${order.number}`,
  }
  return outboxJob('push', { audience: 'owner', payload: { ...payload } })
}

/**
 * The insert of an owner alert's job that writes it only while the owner has an active device (no job
 * at all for a shop whose owner registered none), for the transaction that places the order to send
 * inside its one statement.
 */
export function ownerAlertWrite(job: OutboxJobRow): SQL {
  return sql`insert into ${outboxJobs} (${sql.identifier(outboxJobs.kind.name)}, ${sql.identifier(outboxJobs.payload.name)})
    select ${job.kind}::text, ${sql.param(job.payload, outboxJobs.payload)}::jsonb
    where exists (select 1 from ${pushSubscriptions}
                  where ${pushSubscriptions.isOwner} = true and ${pushSubscriptions.isActive} = true)`
}

/** The outbox's handler for 'push' jobs. */
export function createPushHandler(services: PushServices) {
  return (job: PushJob) =>
    job.audience === 'subscribers'
      ? fanOutNotification(services, job.notificationId)
      : alertOwner(services, job.payload)
}

type Result = 'delivered' | 'removed' | 'failed'

interface Row extends PushTarget {
  id: string
}

/** One subscription: tries again on timeouts and 429/5xx, never throws. */
async function pushOne(
  { sender, logger }: PushServices,
  options: FanoutOptions,
  subscription: Row,
  payload: string,
  subject: string,
  topic?: string,
): Promise<{ result: Result; outcome: PushOutcome }> {
  let outcome: PushOutcome = { kind: 'retry', reason: 'not tried' }
  for (let attempt = 1; attempt <= options.attempts; attempt++) {
    outcome = await sender.send(subscription, payload, { subject, topic })
    if (outcome.kind !== 'retry') break
    if (attempt < options.attempts) await new Promise((resolve) => setTimeout(resolve, options.retryDelayMs(attempt)))
  }
  if (outcome.kind === 'delivered') return { result: 'delivered', outcome }
  if (outcome.kind === 'gone') return { result: 'removed', outcome }
  logger.warn({ subscriptionId: subscription.id, outcome }, 'push not delivered')
  return { result: 'failed', outcome }
}

/** Runs `work` over `items` with at most `limit` at once, keeping the order of results. */
async function mapLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await work(items[index] as T)
    }
  })
  await Promise.all(runners)
  return results
}

const targetColumns = {
  id: pushSubscriptions.id,
  endpoint: pushSubscriptions.endpoint,
  p256dh: pushSubscriptions.p256dhKey,
  auth: pushSubscriptions.authKey,
}

async function removeGone(db: Tx, rows: Row[], results: { result: Result }[]) {
  const gone = rows.filter((_, index) => results[index]?.result === 'removed').map((row) => row.id)
  if (gone.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone))
}

/**
 * The admin's notification to every active subscription, resumable from the row's cursor. Each page
 * is recorded only if the cursor is still where this run found it: a second run of the same job (a
 * lease that ran out) stops at its first page instead of counting and sending everything again. After
 * `sliceMs` of pages the rest goes to a new job, so one job never outlasts its lease.
 */
async function fanOutNotification(services: PushServices, notificationId: string): Promise<void> {
  const { db, config } = services
  const options = { ...DEFAULT_FANOUT, ...services.fanout }
  const [notification] = await db.select().from(adminNotifications).where(eq(adminNotifications.id, notificationId))
  // Deleted, or finished by an earlier run of this job: nothing left to do.
  if (!notification || notification.completedAt) return
  const payload = JSON.stringify(notificationPayload(notification))
  const subject = await vapidSubject(db, config)
  const started = Date.now()
  let cursor = notification.cursor
  for (;;) {
    const page: Row[] = await db
      .select(targetColumns)
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.isActive, true), cursor ? gt(pushSubscriptions.id, cursor) : undefined))
      .orderBy(asc(pushSubscriptions.id))
      .limit(options.pageSize)
    if (page.length === 0) break
    const results = await mapLimited(page, options.concurrency, (row) =>
      pushOne(services, options, row, payload, subject),
    )
    const from = cursor
    const to = page[page.length - 1]!.id
    const tally = (result: Result) => results.filter((entry) => entry.result === result).length
    const recorded = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(adminNotifications)
        .set({
          sentCount: sql`${adminNotifications.sentCount} + ${page.length}`,
          deliveredCount: sql`${adminNotifications.deliveredCount} + ${tally('delivered')}`,
          failedCount: sql`${adminNotifications.failedCount} + ${tally('failed')}`,
          removedCount: sql`${adminNotifications.removedCount} + ${tally('removed')}`,
          cursor: to,
        })
        .where(
          and(
            eq(adminNotifications.id, notificationId),
            from ? eq(adminNotifications.cursor, from) : isNull(adminNotifications.cursor),
          ),
        )
        .returning({ id: adminNotifications.id })
      if (row) await removeGone(tx, page, results)
      return row !== undefined
    })
    if (!recorded) {
      services.logger.warn({ notificationId }, 'another run of this fan-out moved on; this one stops')
      return
    }
    cursor = to
    if (page.length < options.pageSize) break
    if (Date.now() - started >= options.sliceMs) {
      await enqueue(db, 'push', { audience: 'subscribers', notificationId })
      return
    }
  }
  await db
    .update(adminNotifications)
    .set({ completedAt: new Date() })
    .where(and(eq(adminNotifications.id, notificationId), isNull(adminNotifications.completedAt)))
}

/**
 * A new-order alert to each of the owner's devices. When a push service is down the job fails and the
 * outbox tries it again later; devices that already showed it replace it (same tag), not repeat it.
 */
async function alertOwner(services: PushServices, payload: Record<string, string>): Promise<void> {
  const { db, config } = services
  const options = { ...DEFAULT_FANOUT, ...services.fanout }
  const devices: Row[] = await db
    .select(targetColumns)
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.isOwner, true), eq(pushSubscriptions.isActive, true)))
  if (devices.length === 0) return
  const subject = await vapidSubject(db, config)
  const results = await mapLimited(devices, options.concurrency, (row) =>
    pushOne(services, options, row, JSON.stringify(payload), subject),
  )
  await removeGone(db, devices, results)
  const retryable = results.filter((entry) => entry.result === 'failed' && entry.outcome.kind === 'retry').length
  if (retryable > 0) throw new Error(`${retryable} of the owner's devices could not be reached; trying again later`)
}

/** The History list: the newest notifications with their counts. */
export async function listNotificationHistory(db: Tx): Promise<NotificationHistoryRow[]> {
  const rows = await db
    .select()
    .from(adminNotifications)
    .orderBy(desc(adminNotifications.createdAt), desc(adminNotifications.id))
    .limit(HISTORY_LIMIT)
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    message: row.message,
    imageUrl: row.imageUrl,
    targetUrl: row.targetUrl,
    sent: row.sentCount,
    delivered: row.deliveredCount,
    failed: row.failedCount,
    removed: row.removedCount,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  }))
}

/** How many devices would receive a notification now, and how many of them are the owner's. */
export async function countSubscribers(db: Tx): Promise<{ subscribers: number; ownerDevices: number }> {
  const [row] = await db
    .select({
      subscribers: count(),
      ownerDevices: sql<number>`count(*) filter (where ${pushSubscriptions.isOwner})`.mapWith(Number),
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.isActive, true))
  return { subscribers: row?.subscribers ?? 0, ownerDevices: row?.ownerDevices ?? 0 }
}

/** The endpoints of the owner's devices: the Push tab tells by them whether the device it runs on is one. */
export async function ownerEndpoints(db: Tx): Promise<string[]> {
  const rows = await db
    .select({ endpoint: pushSubscriptions.endpoint })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.isActive, true), eq(pushSubscriptions.isOwner, true)))
  return rows.map((row) => row.endpoint)
}
